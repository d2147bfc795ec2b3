import Foundation

/// Full-text search: the trigram FTS5 index for terms of three characters or more (any language,
/// any substring, ranked by bm25), a scan of the notes for shorter queries (a two-character
/// Japanese word has no trigram).
extension NoteDatabase {
  /// Characters that mark matches in the text while the snippet is cut (private use, never in OCR
  /// output), replaced by `SearchOptions.highlight` afterwards.
  static let openMark: Character = "\u{E000}"
  static let closeMark: Character = "\u{E001}"

  /// The terms of a query: words separated by spaces, or `"quoted phrases"`.
  public static func searchTerms(_ query: String) -> [String] {
    var terms: [String] = []
    var current = ""
    var quoted = false
    for character in query {
      if character == "\"" {
        if !current.isEmpty { terms.append(current) }
        current = ""
        quoted.toggle()
      } else if character.isWhitespace && !quoted {
        if !current.isEmpty { terms.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { terms.append(current) }
    return terms
  }

  /// Notes containing every term of `query` (case-insensitively for ASCII letters), best first.
  public func search(_ query: String, options: SearchOptions = SearchOptions()) throws -> [NoteSearchHit] {
    let plan = SearchPlan(query)
    guard !plan.isEmpty, options.limit > 0 else { return [] }
    let statement: SQLiteStatement
    if plan.indexed.isEmpty {
      statement = try connection.prepare(
        """
        SELECT note.id, note.recognized_at, note.chars, note.source, note.entry, note.text, NULL
        FROM note WHERE \(plan.scanConditions)
        ORDER BY note.recognized_unix DESC, note.id DESC LIMIT ?2
        """)
    } else {
      // ORDER BY rank lets FTS5 sort (rowid, rank) itself, so highlight() runs for the rows
      // returned only, not for every match.
      statement = try connection.prepare(
        """
        SELECT note.id, note.recognized_at, note.chars, note.source, note.entry,
          highlight(note_fts, 0, char(57344), char(57345)), note_fts.rank
        FROM note_fts JOIN note ON note.id = note_fts.rowid
        WHERE note_fts MATCH ?1\(plan.extraConditions)
        ORDER BY note_fts.rank LIMIT ?2
        """)
    }
    try plan.bind(to: statement)
    try statement.bind(Int64(options.limit), at: 2)

    var hits: [NoteSearchHit] = []
    while try statement.step() {
      let text = statement.string(at: 5) ?? ""
      let rank = statement.double(at: 6)
      let marked = plan.indexed.isEmpty ? NoteDatabase.mark(plan.scanned, in: text) : text
      hits.append(
        NoteSearchHit(
          id: statement.int64(at: 0) ?? 0, recognizedAt: statement.string(at: 1) ?? "",
          chars: statement.int(at: 2) ?? 0, source: statement.string(at: 3) ?? "",
          entry: statement.string(at: 4) ?? "",
          snippet: NoteDatabase.snippet(marked, context: options.context, highlight: options.highlight),
          score: rank.map { -$0 }))
    }
    return hits
  }

  /// How many notes `search` would find without a limit.
  public func searchCount(_ query: String) throws -> Int {
    let plan = SearchPlan(query)
    guard !plan.isEmpty else { return 0 }
    let statement =
      plan.indexed.isEmpty
      ? try connection.prepare("SELECT count(*) FROM note WHERE \(plan.scanConditions)")
      : try connection.prepare(
        """
        SELECT count(*) FROM note_fts JOIN note ON note.id = note_fts.rowid
        WHERE note_fts MATCH ?1\(plan.extraConditions)
        """)
    try plan.bind(to: statement)
    guard try statement.step() else { return 0 }
    return statement.int(at: 0) ?? 0
  }

  /// How a query is run: terms of three code points or more through the index (the trigram
  /// tokenizer has nothing for shorter ones), shorter terms as LIKE conditions on the text.
  private struct SearchPlan {
    var indexed: [String]
    var scanned: [String]

    init(_ query: String) {
      let terms = NoteDatabase.searchTerms(query)
      indexed = terms.filter { $0.unicodeScalars.count >= 3 }
      scanned = terms.filter { $0.unicodeScalars.count < 3 }
    }

    var isEmpty: Bool { indexed.isEmpty && scanned.isEmpty }

    /// `?1` is the MATCH expression, `?2` the limit, `?3…` the LIKE patterns.
    private var likeConditions: [String] {
      scanned.indices.map { "note.text LIKE ?\($0 + 3) ESCAPE '\\'" }
    }
    var scanConditions: String { likeConditions.joined(separator: " AND ") }
    var extraConditions: String { likeConditions.map { " AND " + $0 }.joined() }

    func bind(to statement: SQLiteStatement) throws {
      if !indexed.isEmpty {
        // Each term a quoted FTS5 string: no operators, any character taken literally.
        let match = indexed.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        try statement.bind(match.joined(separator: " AND "), at: 1)
      }
      for (offset, term) in scanned.enumerated() {
        try statement.bind("%" + NoteDatabase.escapeLike(term) + "%", at: Int32(offset + 3))
      }
    }
  }

  static func escapeLike(_ term: String) -> String {
    var escaped = ""
    for character in term {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

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

  /// One line of context around the first marked match, with the marks replaced by `highlight`.
  static func snippet(
    _ marked: String, context: Int, highlight: (open: String, close: String)
  ) -> String {
    // One line: runs of whitespace (newlines included) become one space.
    var characters: [Character] = []
    for character in marked {
      if character.isWhitespace {
        if characters.last != " " { characters.append(" ") }
      } else {
        characters.append(character)
      }
    }
    guard let first = characters.firstIndex(of: openMark) else {
      let head = characters.prefix(2 * context)
      return String(head).trimmed + (characters.count > head.count ? "…" : "")
    }
    let firstClose = characters[first...].firstIndex(of: closeMark) ?? characters.count
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
    var result = start > 0 ? "…" : ""
    var inside =
      characters[..<start].lastIndex(of: openMark).map { open in
        (characters[open..<start].lastIndex(of: closeMark) == nil)
      } ?? false
    if inside { result += highlight.open }
    for character in characters[start..<end] {
      if character == openMark {
        result += highlight.open
        inside = true
      } else if character == closeMark {
        result += highlight.close
        inside = false
      } else {
        result.append(character)
      }
    }
    if inside { result += highlight.close }
    if end < characters.count { result += "…" }
    return result.trimmed
  }
}

extension String {
  fileprivate var trimmed: String {
    var characters = Substring(self)
    while characters.first == " " { characters.removeFirst() }
    while characters.last == " " { characters.removeLast() }
    return String(characters)
  }
}
