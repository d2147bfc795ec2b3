/// Snippet markup, the third part of search: matches marked in a note's text, then one line of
/// context around the first, with the marks replaced by the caller's highlight.
extension NoteDatabase {
  /// Characters that mark matches in the text while the snippet is cut (private use, never in OCR
  /// output), replaced by `SearchOptions.highlight` afterwards.
  static let openMark: Character = "\u{E000}"
  static let closeMark: Character = "\u{E001}"

  /// `character == mark`, without a comparison of strings (a Character's `==` is canonical
  /// equivalence, slow against a character outside ASCII): a mark is one scalar that no other
  /// sequence is equivalent to.
  static func isMark(_ character: Character, _ mark: Character) -> Bool {
    var scalars = character.unicodeScalars.makeIterator()
    return scalars.next() == mark.unicodeScalars.first && scalars.next() == nil
  }

  static func isOpenMark(_ character: Character) -> Bool { isMark(character, openMark) }

  /// `character.isWhitespace`, answered without Unicode's tables for ASCII (White_Space there is
  /// U+0009…U+000D and U+0020; CR LF is one character, whose `asciiValue` is LF's).
  static func isWhitespace(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
    return character.isWhitespace
  }
  static func isCloseMark(_ character: Character) -> Bool { isMark(character, closeMark) }

  /// `text` with every occurrence of each term between the marks, matching as LIKE does (ASCII
  /// letters case-insensitively, everything else exactly).
  static func mark(_ terms: [String], in text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var marked = [Bool](repeating: false, count: scalars.count)
    func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
    }
    for term in terms {
      let needle = term.unicodeScalars.map(folded)
      guard !needle.isEmpty, needle.count <= scalars.count else { continue }
      for start in 0...(scalars.count - needle.count)
      where needle.indices.allSatisfy({ folded(scalars[start + $0]) == needle[$0] }) {
        for offset in needle.indices { marked[start + offset] = true }
      }
    }
    var result = String.UnicodeScalarView()
    var inside = false
    for (index, scalar) in scalars.enumerated() {
      if marked[index] != inside {
        result.append(inside ? closeMark.unicodeScalars.first ?? " " : openMark.unicodeScalars.first ?? " ")
        inside.toggle()
      }
      result.append(scalar)
    }
    if inside { result.append(closeMark.unicodeScalars.first ?? " ") }
    return String(result)
  }

  /// One line of context around the first marked match, with the marks replaced by `highlight`
  /// and the text between them passed through `escape` (HTML escaping for a page).
  ///
  /// A long text is first cut to a window around its first match, so that a page of OCR costs what
  /// a line does (the work is per character, graphemes and whitespace): the window is used only
  /// when it holds more than the snippet needs on each side, which gives the very snippet of the
  /// whole text (`snippetWindowGivesTheSameSnippet` holds it to that).
  static func snippet(
    _ marked: String, context: Int, highlight: (open: String, close: String),
    escape: ((String) -> String)? = nil
  ) -> String {
    let scalars = marked.unicodeScalars
    let slack = 4 * context + 64
    guard scalars.count > 3 * slack else {
      return snippet(ofWhole: marked, context: context, highlight: highlight, escape: escape)
    }
    let open = openMark.unicodeScalars.first ?? " "
    let close = closeMark.unicodeScalars.first ?? " "
    var lower = scalars.startIndex
    var upper = scalars.endIndex
    if let first = scalars.firstIndex(of: open) {
      let firstClose = scalars[first...].firstIndex(of: close) ?? first
      lower = scalars.index(first, offsetBy: -slack, limitedBy: scalars.startIndex) ?? scalars.startIndex
      upper = scalars.index(firstClose, offsetBy: slack, limitedBy: scalars.endIndex) ?? scalars.endIndex
    } else {
      upper =
        scalars.index(scalars.startIndex, offsetBy: slack, limitedBy: scalars.endIndex) ?? scalars.endIndex
    }
    let window = String(scalars[lower..<upper])
    let characters = NoteDatabase.collapsed(window)
    // Enough on each side: the cut and its search for a space stay inside the window, clear of its
    // edges (where a grapheme may have been split); else the whole text.
    let enough: Bool
    if let first = characters.firstIndex(where: isOpenMark) {
      let firstClose = characters[first...].firstIndex(where: isCloseMark) ?? characters.count
      enough =
        (lower == scalars.startIndex || first - context > 14)
        && (upper == scalars.endIndex || characters.count - (firstClose + 1 + context) > 14)
    } else {
      enough = upper == scalars.endIndex || characters.count > 2 * context + 14
    }
    guard enough else {
      return snippet(ofWhole: marked, context: context, highlight: highlight, escape: escape)
    }
    return snippet(
      of: characters, context: context, highlight: highlight, escape: escape,
      moreAfter: upper != scalars.endIndex)
  }

  /// `marked` as one line: runs of whitespace (newlines included) one space.
  static func collapsed(_ marked: String) -> [Character] {
    var characters: [Character] = []
    for character in marked {
      if isWhitespace(character) {
        if characters.last != " " { characters.append(" ") }
      } else {
        characters.append(character)
      }
    }
    return characters
  }

  static func snippet(
    ofWhole marked: String, context: Int, highlight: (open: String, close: String),
    escape: ((String) -> String)?
  ) -> String {
    snippet(of: collapsed(marked), context: context, highlight: highlight, escape: escape, moreAfter: false)
  }

  /// The snippet of collapsed characters; `moreAfter` when the text goes on past them.
  private static func snippet(
    of characters: [Character], context: Int, highlight: (open: String, close: String),
    escape: ((String) -> String)?, moreAfter: Bool
  ) -> String {
    let escape = escape ?? { $0 }
    guard let first = characters.firstIndex(where: isOpenMark) else {
      let head = characters.prefix(2 * context)
      return escape(String(head).trimmed + (characters.count > head.count || moreAfter ? "…" : ""))
    }
    let firstClose = characters[first...].firstIndex(where: isCloseMark) ?? characters.count
    var start = max(0, first - context)
    var end = min(characters.count, firstClose + 1 + context)
    // Prefer to cut at a space when there is one nearby (not in scripts without spaces).
    if start > 0, let space = characters[start..<first].firstIndex(of: " "), space - start < 12 {
      start = space + 1
    }
    if end < characters.count, let space = characters[(firstClose + 1)..<end].lastIndex(of: " "),
      end - space < 12
    {
      end = space
    }
    // Pieces of text and marks, trimmed as one line, then escaped piece by piece.
    var pieces: [(text: String, isMark: Bool)] = []
    func add(_ text: String, isMark: Bool = false) {
      if !isMark, let last = pieces.last, !last.isMark {
        pieces[pieces.count - 1].text += text
      } else {
        pieces.append((text, isMark))
      }
    }
    if start > 0 { add("…") }
    var inside =
      characters[..<start].lastIndex(where: isOpenMark).map { open in
        (characters[open..<start].lastIndex(where: isCloseMark) == nil)
      } ?? false
    if inside { add(highlight.open, isMark: true) }
    var run = start  // the characters from `run` on are text not yet added
    for index in start..<end where isOpenMark(characters[index]) || isCloseMark(characters[index]) {
      if run < index { add(String(characters[run..<index])) }
      run = index + 1
      inside = isOpenMark(characters[index])
      add(inside ? highlight.open : highlight.close, isMark: true)
    }
    if run < end { add(String(characters[run..<end])) }
    if inside { add(highlight.close, isMark: true) }
    if end < characters.count || moreAfter { add("…") }
    if let first = pieces.first, !first.isMark { pieces[0].text = first.text.trimmedStart }
    if let last = pieces.last, !last.isMark { pieces[pieces.count - 1].text = last.text.trimmedEnd }
    return pieces.map { $0.isMark ? $0.text : escape($0.text) }.joined()
  }
}

extension String {
  fileprivate var trimmed: String { trimmedStart.trimmedEnd }

  fileprivate var trimmedStart: String {
    var characters = Substring(self)
    while characters.first == " " { characters.removeFirst() }
    return String(characters)
  }

  fileprivate var trimmedEnd: String {
    var characters = Substring(self)
    while characters.last == " " { characters.removeLast() }
    return String(characters)
  }
}
