/// Cuts a normalized text into words for the word error rate.
///
/// A simplified form of Unicode's word boundaries (UAX #29), written here because Foundation's
/// `.byWords` enumeration is unavailable on Linux: a word is a run of letters, marks, digits and
/// connector punctuation (`_`); an apostrophe, period, colon or middle dot between two letters, and a
/// period, comma or apostrophe between two digits, stay inside it ("it's", "U.S", "3.14", "1,000").
/// Every Han, Hiragana or Katakana character is a word of its own, since those scripts do not mark word
/// boundaries. Whitespace, other punctuation and symbols separate words and are not words.
enum WordSegmenter {
  static func words(in text: String) -> [Substring] {
    var words: [Substring] = []
    forEachWord(in: text) { words.append($0) }
    return words
  }

  /// The words one by one, in order, for callers that need not keep them all (a long text's words as
  /// substrings take several times the text).
  static func forEachWord(in text: String, _ body: (Substring) -> Void) {
    var wordStart: String.Index?
    var index = text.startIndex
    var previousClass = CharacterClass.separator

    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      var currentClass = CharacterClass(character)
      if currentClass == .separator, wordStart != nil, next < text.endIndex,
        isJoiner(character, between: previousClass, and: CharacterClass(text[next]))
      {
        currentClass = previousClass
      }
      switch currentClass {
      case .ideograph:
        if let start = wordStart { body(text[start..<index]) }
        wordStart = nil
        body(text[index..<next])
      case .letter, .digit, .other:
        if wordStart == nil { wordStart = index }
      case .separator:
        if let start = wordStart { body(text[start..<index]) }
        wordStart = nil
      }
      previousClass = currentClass
      index = next
    }
    if let start = wordStart { body(text[start...]) }
  }

  private enum CharacterClass {
    case letter, digit, other, ideograph, separator

    init(_ character: Character) {
      if let ascii = character.asciiValue {
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
        case UInt8(ascii: "_"): self = .other
        default: self = .separator
        }
        return
      }
      guard let scalar = character.unicodeScalars.first else {
        self = .separator
        return
      }
      if CJKCharacter.isIdeographOrKana(scalar) {
        self = .ideograph
      } else if character.isLetter {
        self = .letter
      } else if character.isNumber {
        self = .digit
      } else {
        switch scalar.properties.generalCategory {
        // A lone combining mark (codepoint-level damage) still belongs to the word it sits in.
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
          self = .other
        default:
          self = .separator
        }
      }
    }
  }

  private static func isJoiner(
    _ character: Character, between before: CharacterClass, and after: CharacterClass
  ) -> Bool {
    switch (before, after) {
    case (.letter, .letter): ["'", "\u{2019}", ".", ":", "\u{00B7}"].contains(character)
    case (.digit, .digit): ["'", "\u{2019}", ".", ",", ";"].contains(character)
    default: false
    }
  }
}
