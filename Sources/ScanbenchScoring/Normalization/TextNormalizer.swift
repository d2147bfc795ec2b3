import Foundation

/// Brings a text to the form in which it is compared, as `ScoringOptions` describe.
///
/// The steps, in order: a leading byte order mark is removed and CRLF becomes LF (always); the text is
/// brought to NFC or NFKC; case is folded (optional); punctuation is removed (optional); spaces between
/// two CJK characters are dropped (optional; in `keep` mode a run holding a line break stays, being
/// layout); whitespace is collapsed, removed or kept. Whitespace means a grapheme cluster made only of
/// White_Space scalars, so a space carrying a lone combining mark is content, not space.
public enum TextNormalizer {
  public static func normalize(_ text: String, _ options: ScoringOptions) -> String {
    var text = removingBOMAndCarriageReturns(text)
    text = applyingForm(options.form, to: text)
    if options.whitespace == .lines { text = trimmingLines(text) }
    if options.caseFold {
      // Folding can leave decomposed sequences behind (e.g. "ǰ"), so the form is applied again.
      text = applyingForm(options.form, to: text.folding(options: [.caseInsensitive], locale: nil))
    }
    let (filtered, removedSomething) = filteringCharacters(of: text, options)
    // Removing a character can put two scalars next to each other that compose (Hangul jamo, for one).
    if removedSomething && !isASCII(filtered) {
      return applyingForm(options.form, to: filtered)
    }
    return filtered
  }

  /// Removes a leading byte order mark and turns CRLF into LF. A run of CRs before an LF (CR CR LF, left by
  /// converting line ends twice) is one line break too, so that no CRLF is left behind; a CR before
  /// anything else stays (it is whitespace).
  static func removingBOMAndCarriageReturns(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let startsWithBOM = scalars.first == "\u{FEFF}"
    guard startsWithBOM || text.utf8.contains(UInt8(ascii: "\r")) else { return text }
    var result = String.UnicodeScalarView()
    var pendingCarriageReturns = 0
    for scalar in startsWithBOM ? scalars.dropFirst() : scalars[...] {
      if scalar == "\r" {
        pendingCarriageReturns += 1
        continue
      }
      if scalar != "\n" {
        result.append(contentsOf: repeatElement("\r", count: pendingCarriageReturns))
      }
      pendingCarriageReturns = 0
      result.append(scalar)
    }
    result.append(contentsOf: repeatElement("\r", count: pendingCarriageReturns))
    return String(result)
  }

  /// Python's `[line.strip() for line in open(path).readlines()]` joined by LF, as dinglehopper reads
  /// a text file: lines end at LF or a lone CR (CRLF is LF already), a final line break ends the
  /// last line rather than starting an empty one.
  static func trimmingLines(_ text: String) -> String {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "\n" || character == "\r" {
        lines.append(text[start..<index])
        start = next
      }
      index = next
    }
    if start < text.endIndex { lines.append(text[start...]) }
    return lines.map { line in
      guard let first = line.firstIndex(where: { !$0.isWhitespace }),
        let last = line.lastIndex(where: { !$0.isWhitespace })
      else { return "" }
      return String(line[first...last])
    }.joined(separator: "\n")
  }

  static func applyingForm(_ form: ScoringOptions.UnicodeForm, to text: String) -> String {
    if form == .sbb { return substitutingSBB(applyingForm(.nfc, to: text)) }
    // Pure ASCII is already in every normalization form; this skips Foundation for most Latin text.
    if isASCII(text) { return text }
    switch form {
    case .nfc, .sbb: return text.precomposedStringWithCanonicalMapping
    case .nfkc:
      // swift-corelibs-foundation leaves some compatibility decompositions uncomposed ("ｶﾞ" gives
      // カ + U+3099, not ガ); canonical composition afterwards yields the true NFKC.
      return text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
    }
  }

  /// dinglehopper's `unjoin_ligatures`, then its `substitute_equivalences`, each table in its order
  /// (`extracted_text.py` of 0.11.0), replaced scalar by scalar, left to right, as Python's
  /// `str.replace` does.
  static let sbbSubstitutions: [(String, String)] = [
    ("\u{EBA6}", "ſſ"), ("\u{EBA7}", "ſſi"), ("\u{F502}", "ch"), ("\u{EEC4}", "ck"), ("\u{F4F9}", "ll"),
    ("\u{EBA2}", "ſi"), ("\u{EADA}", "ſt"), ("ﬁ", "fi"), ("ﬀ", "ff"), ("ﬂ", "fl"), ("ﬃ", "ffi"),
    ("\u{EEC5}", "ct"), ("\u{EEDC}", "tz"), ("\u{F532}", "as"), ("\u{F533}", "is"), ("\u{F534}", "us"),
    ("\u{F535}", "Qu"), ("ĳ", "ij"), ("\u{E8BF}", "q&"), ("\u{EBA5}", "ſp"), ("ﬆ", "st"),
    ("\u{E72B}", "ü"), ("\u{E42C}", "ä"), ("==", "–"), ("—", "–"), ("\u{E644}", "ö"), ("’", "'"),
    ("⸗", "-"), ("a\u{364}", "ä"), ("o\u{364}", "ö"), ("u\u{364}", "ü"), ("\u{F50E}", "q\u{301}"),
  ]

  static func substitutingSBB(_ text: String) -> String {
    // Most text holds none of them: `==` is the only ASCII one.
    if isASCII(text) && !text.contains("==") { return text }
    var scalars = Array(text.unicodeScalars)
    for (from, to) in sbbSubstitutions {
      let pattern = Array(from.unicodeScalars)
      guard let first = pattern.first, scalars.contains(first) else { continue }
      var result: [Unicode.Scalar] = []
      result.reserveCapacity(scalars.count)
      var index = 0
      while index < scalars.count {
        if scalars[index] == first, scalars[index...].starts(with: pattern) {
          result += to.unicodeScalars
          index += pattern.count
        } else {
          result.append(scalars[index])
          index += 1
        }
      }
      scalars = result
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  static func isASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// One pass over the grapheme clusters for punctuation, CJK spaces and whitespace.
  private static func filteringCharacters(of text: String, _ options: ScoringOptions) -> (String, Bool) {
    // `lines` trimmed each line first (`trimmingLines`) and keeps the rest as `keep` does.
    let keeps = options.whitespace == .keep || options.whitespace == .lines
    let needsPass = !keeps || options.dropCJKSpaces || options.ignorePunctuation
    guard needsPass else { return (text, false) }

    var result = ""
    result.reserveCapacity(text.utf8.count)
    var removedSomething = false
    var pendingWhitespace = ""
    var pendingHasLineBreak = false
    var previousIsSpaceless = false

    func flushWhitespace(beforeSpaceless nextIsSpaceless: Bool) {
      guard !pendingWhitespace.isEmpty else { return }
      defer {
        pendingWhitespace = ""
        pendingHasLineBreak = false
      }
      // In `keep` mode a line break between CJK lines is layout, not one of Tesseract's extra spaces.
      let isCJKGap =
        options.dropCJKSpaces && previousIsSpaceless && nextIsSpaceless && (!keeps || !pendingHasLineBreak)
      if isCJKGap {
        removedSomething = true
        return
      }
      switch options.whitespace {
      case .collapse:
        if result.isEmpty {
          removedSomething = true
        } else {
          result.append(" ")
        }
      case .ignore:
        removedSomething = true
      case .keep, .lines:
        result.append(pendingWhitespace)
      }
    }

    for character in text {
      let traits = CharacterTraits(character)
      if traits.contains(.whitespace) {
        pendingWhitespace.append(character)
        if traits.contains(.lineBreak) { pendingHasLineBreak = true }
        continue
      }
      if options.ignorePunctuation && traits.contains(.punctuation) {
        // Skipped without ending a whitespace run, so "a , b" becomes "a b", not "a  b".
        removedSomething = true
        continue
      }
      let isSpaceless = traits.contains(.spaceless)
      flushWhitespace(beforeSpaceless: isSpaceless)
      result.append(character)
      previousIsSpaceless = isSpaceless
    }
    if !pendingWhitespace.isEmpty {
      if keeps {
        result.append(pendingWhitespace)
      } else {
        removedSomething = true
      }
    }
    // Unchanged, the input is returned so that a long text is not held twice.
    return (result.utf8.elementsEqual(text.utf8) ? text : result, removedSomething)
  }

}

/// What the normalizer needs to know about one grapheme cluster; ASCII answers come from a table, since
/// Unicode property look-ups dominate the time spent on Latin text otherwise.
struct CharacterTraits: OptionSet {
  let rawValue: UInt8

  /// Only whitespace: a space followed by a lone combining mark is one grapheme that is not, so it is
  /// kept as content and the mark is not silently lost.
  static let whitespace = CharacterTraits(rawValue: 1)
  static let lineBreak = CharacterTraits(rawValue: 2)
  static let punctuation = CharacterTraits(rawValue: 4)
  /// CJK: spaces between two such characters are dropped.
  static let spaceless = CharacterTraits(rawValue: 8)

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  init(_ character: Character) {
    if let ascii = character.asciiValue {
      self = Self.asciiTraits[Int(ascii)]
    } else {
      self = Self.computed(character)
    }
  }

  private static let asciiTraits: [CharacterTraits] = (0..<128).map { value in
    computed(Character(Unicode.Scalar(UInt8(value))))
  }

  private static func computed(_ character: Character) -> CharacterTraits {
    var traits: CharacterTraits = []
    if character.unicodeScalars.allSatisfy(\.properties.isWhitespace) { traits.insert(.whitespace) }
    if character.isNewline { traits.insert(.lineBreak) }
    if character.isPunctuation { traits.insert(.punctuation) }
    if let first = character.unicodeScalars.first, CJKCharacter.isSpaceless(first) {
      traits.insert(.spaceless)
    }
    return traits
  }
}
