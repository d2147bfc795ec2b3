import Foundation

/// Full-text search: the word index (`note_words`, every note) for word terms, the trigram index
/// (`note_cjk`, notes with CJK characters only) for Japanese and Chinese terms of three characters
/// or more, both ranked by bm25; a scan of the notes for shorter terms (a two-character Japanese
/// word has no trigram).
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
  ///
  /// Word terms match words of the note that start with them (`shop` finds "shopping"), ranked by
  /// bm25; terms with CJK characters match as substrings; terms shorter than three characters (and
  /// terms without a letter or digit) are a scan of the text, newest first when nothing else ranks.
  ///
  /// Notes with a QR code or barcode whose payload contains the whole query come first, newest
  /// first, their snippet showing the payload.
  public func search(_ query: String, options: SearchOptions = SearchOptions()) throws -> [NoteSearchHit] {
    let plan = SearchPlan(query)
    guard !plan.isEmpty, options.limit > 0 else { return [] }
    let codeHits = try codeSearch(query, options: options)
    guard codeHits.count < options.limit else { return codeHits }
    let found = Set(codeHits.map(\.id))
    return codeHits
      + (try textSearch(plan, options: options)).filter { !found.contains($0.id) }
      .prefix(options.limit - codeHits.count)
  }

  /// Notes whose code payloads (`note.code_text`) contain `query`, ASCII case-insensitively: a
  /// scan of the notes that have codes only (the partial index `note_with_codes`).
  private func codeSearch(_ query: String, options: SearchOptions) throws -> [NoteSearchHit] {
    let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return [] }
    let statement = try connection.prepare(
      """
      SELECT note.id, note.recognized_at, note.chars, note.source, note.entry, note.code_text
      FROM note INDEXED BY note_with_codes
      WHERE note.code_text IS NOT NULL AND note.code_text LIKE ?1 ESCAPE '\\'
      ORDER BY note.recognized_unix DESC, note.id DESC LIMIT ?2
      """)
    try statement.bind("%" + NoteDatabase.escapeLike(needle) + "%", at: 1)
    try statement.bind(Int64(options.limit), at: 2)
    var hits: [NoteSearchHit] = []
    while try statement.step() {
      let payloads = (statement.string(at: 5) ?? "").split(separator: "\n").map(String.init)
      let matching =
        payloads.first { $0.range(of: needle, options: .caseInsensitive) != nil } ?? payloads.first ?? ""
      let marked = NoteDatabase.mark([needle], in: matching)
      hits.append(
        NoteSearchHit(
          id: statement.int64(at: 0) ?? 0, recognizedAt: statement.string(at: 1) ?? "",
          chars: statement.int(at: 2) ?? 0, source: statement.string(at: 3) ?? "",
          entry: statement.string(at: 4) ?? "",
          snippet: "code: "
            + NoteDatabase.snippet(marked, context: options.context, highlight: options.highlight),
          score: nil))
    }
    return hits
  }

  /// Notes whose text matches `plan`, best first.
  private func textSearch(_ plan: SearchPlan, options: SearchOptions) throws -> [NoteSearchHit] {
    if let index = plan.primaryIndex { return try rankedSearch(plan, index: index, options: options) }
    let statement = try connection.prepare(
      """
      SELECT note.id, note.recognized_at, note.chars, note.source, note.entry, note.text, NULL
      FROM note WHERE \(plan.scanConditions)
      ORDER BY note.recognized_unix DESC, note.id DESC LIMIT ?2
      """)
    try plan.bind(to: statement)
    try statement.bind(Int64(options.limit), at: 2)

    var hits: [NoteSearchHit] = []
    while try statement.step() {
      let text = statement.string(at: 5) ?? ""
      let rank = statement.double(at: 6)
      let marked = NoteDatabase.mark(plan.scanned, in: text)
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

  /// How many matches are ranked at most: a query matching more notes (a common word) ranks the
  /// `rankWindow` most recently imported of them (highest ids). bm25 costs ~1.5 µs a match, and
  /// SQLite 3.40's FTS5 computes it for every match even under `ORDER BY rank LIMIT n` (it gets no
  /// LIMIT from the planner): "and" in 1M notes would be a second.
  static let rankWindow = 5_000

  /// A query through an index: the ids of the best matches within the rank window first (no
  /// highlight(), no join unless other terms filter the matches), then those notes, then their
  /// highlights. Word matches are marked by FTS5's highlight(); the trigram index holds
  /// only a note's CJK lines, so its matches are marked in the whole text, as a scan's are.
  private func rankedSearch(
    _ plan: SearchPlan, index: String, options: SearchOptions
  ) throws -> [NoteSearchHit] {
    let matches =
      plan.hasFilters
      ? """
      SELECT \(index).rowid AS id, \(index).rank AS rank FROM \(index) JOIN note ON note.id = \(index).rowid
      WHERE \(index) MATCH ?1\(plan.filterConditions(rowid: "\(index).rowid"))
      """
      : "SELECT rowid AS id, rank FROM \(index) WHERE \(index) MATCH ?1"
    let top = try connection.prepare(
      """
      SELECT id, rank FROM (\(matches) ORDER BY id DESC LIMIT \(NoteDatabase.rankWindow))
      ORDER BY rank, id DESC LIMIT ?2
      """)
    try plan.bind(to: top)
    try top.bind(Int64(options.limit), at: 2)
    var ranked: [(id: Int64, rank: Double?)] = []
    while try top.step() { ranked.append((top.int64(at: 0) ?? 0, top.double(at: 1))) }
    guard !ranked.isEmpty else { return [] }
    let ids = "[" + ranked.map { String($0.id) }.joined(separator: ",") + "]"

    // highlight() needs an FTS5 cursor on the query. Not the index's: a prefix query makes FTS5
    // merge the doclists of every word with that prefix first (half the time of a common word at
    // 1M notes). A temporary index of the hits' texts alone, with the same tokenizer, marks the
    // same words.
    var highlighted: [Int64: String] = [:]
    if index == "note_words" {
      try connection.execute(
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS temp.note_highlight USING fts5(
          text, tokenize = 'unicode61 remove_diacritics 2'
        );
        DELETE FROM temp.note_highlight;
        """)
      defer { try? connection.execute("DELETE FROM temp.note_highlight") }
      let fill = try connection.prepare(
        """
        INSERT INTO temp.note_highlight (rowid, text)
        SELECT id, text FROM note WHERE id IN (SELECT value FROM json_each(?1))
        """)
      try fill.bind(ids, at: 1)
      try fill.step()
      let marks = try connection.prepare(
        """
        SELECT rowid, highlight(note_highlight, 0, char(57344), char(57345)) FROM temp.note_highlight
        WHERE note_highlight MATCH ?1
        """)
      try marks.bind(plan.match, at: 1)
      while try marks.step() { highlighted[marks.int64(at: 0) ?? 0] = marks.string(at: 1) }
    }

    let notes = try connection.prepare(
      """
      SELECT id, recognized_at, chars, source, entry, text FROM note
      WHERE id IN (SELECT value FROM json_each(?1))
      """)
    try notes.bind(ids, at: 1)
    var hits: [Int64: NoteSearchHit] = [:]
    let rankOf = Dictionary(ranked.map { ($0.id, $0.rank) }, uniquingKeysWith: { first, _ in first })
    while try notes.step() {
      let id = notes.int64(at: 0) ?? 0
      let marked =
        highlighted[id] ?? NoteDatabase.mark(plan.cjk + plan.scanned, in: notes.string(at: 5) ?? "")
      hits[id] = NoteSearchHit(
        id: id, recognizedAt: notes.string(at: 1) ?? "", chars: notes.int(at: 2) ?? 0,
        source: notes.string(at: 3) ?? "", entry: notes.string(at: 4) ?? "",
        snippet: NoteDatabase.snippet(marked, context: options.context, highlight: options.highlight),
        score: rankOf[id].flatMap { $0.map { -$0 } })
    }
    return ranked.compactMap { hits[$0.id] }
  }

  /// How many notes `search` would find without a limit (a count over every match: not for the
  /// interactive path on large databases).
  public func searchCount(_ query: String) throws -> Int {
    let plan = SearchPlan(query)
    guard !plan.isEmpty else { return 0 }
    let statement: SQLiteStatement
    if let index = plan.primaryIndex {
      statement = try connection.prepare(
        plan.hasFilters
          ? """
          SELECT count(*) FROM \(index) JOIN note ON note.id = \(index).rowid
          WHERE \(index) MATCH ?1\(plan.filterConditions(rowid: "\(index).rowid"))
          """
          : "SELECT count(*) FROM \(index) WHERE \(index) MATCH ?1")
    } else {
      statement = try connection.prepare("SELECT count(*) FROM note WHERE \(plan.scanConditions)")
    }
    try plan.bind(to: statement)
    guard try statement.step() else { return 0 }
    return statement.int(at: 0) ?? 0
  }

  /// How a query is run, term by term:
  /// - three code points or more with a CJK character (and no line break): the trigram index
  ///   `note_cjk`;
  /// - three code points or more with a letter or digit: the word index `note_words`, as a prefix
  ///   (and, if the term has other characters too, a LIKE condition, so `42.00` stays literal);
  /// - anything else (no trigram, or no word in it): a LIKE condition on the text.
  /// The query runs on the word index if it has word terms, else on the trigram index; the CJK
  /// terms then filter the word matches (`rowid IN` the trigram matches).
  struct SearchPlan {
    var words: [String] = []
    var cjk: [String] = []
    /// Terms matched with LIKE (and marked by `mark` when nothing is indexed).
    var scanned: [String] = []
    /// LIKE conditions added to indexed word terms.
    var literal: [String] = []

    init(_ query: String) {
      for term in NoteDatabase.searchTerms(query) {
        let scalars = term.unicodeScalars
        if scalars.count < 3 || scalars.contains("\n") {
          // No trigram; or a line break, which the CJK lines in the trigram index may not have.
          scanned.append(term)
        } else if NoteDatabase.containsCJK(term) {
          cjk.append(term)
        } else if scalars.contains(where: SearchPlan.isWordCharacter) {
          words.append(term)
          if !scalars.allSatisfy(SearchPlan.isWordCharacter) { literal.append(term) }
        } else {
          scanned.append(term)
        }
      }
    }

    /// Characters `unicode61` keeps in tokens (letters, digits, marks).
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
        return true
      default:
        return false
      }
    }

    var isEmpty: Bool { words.isEmpty && cjk.isEmpty && scanned.isEmpty }

    /// The FTS5 table the query runs on, if any.
    var primaryIndex: String? { !words.isEmpty ? "note_words" : !cjk.isEmpty ? "note_cjk" : nil }

    /// CJK terms when the query runs on the word index.
    private var filteringCJK: [String] { words.isEmpty ? [] : cjk }

    private var likeTerms: [String] { scanned + literal }

    var hasFilters: Bool { !filteringCJK.isEmpty || !likeTerms.isEmpty }

    /// `?1` is the MATCH expression, `?2` the limit, `?3` the trigram filter, `?4…` LIKE patterns.
    private var likeConditions: [String] {
      likeTerms.indices.map { "note.text LIKE ?\($0 + 4) ESCAPE '\\'" }
    }
    var scanConditions: String { likeConditions.joined(separator: " AND ") }

    func filterConditions(rowid: String) -> String {
      var conditions = likeConditions
      if !filteringCJK.isEmpty {
        conditions.insert("\(rowid) IN (SELECT rowid FROM note_cjk WHERE note_cjk MATCH ?3)", at: 0)
      }
      return conditions.map { " AND " + $0 }.joined()
    }

    /// Each term a quoted FTS5 string: no operators, any character taken literally.
    private static func quoted(_ term: String) -> String {
      "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The MATCH expression for the primary index: for words a prefix query ("shop" finds
    /// "shopping", as the trigram index did).
    var match: String {
      !words.isEmpty
        ? words.map { SearchPlan.quoted($0) + "*" }.joined(separator: " AND ")
        : cjk.map(SearchPlan.quoted).joined(separator: " AND ")
    }

    func bind(to statement: SQLiteStatement) throws {
      if primaryIndex != nil { try statement.bind(match, at: 1) }
      if !filteringCJK.isEmpty {
        try statement.bind(cjk.map(SearchPlan.quoted).joined(separator: " AND "), at: 3)
      }
      for (offset, term) in likeTerms.enumerated() {
        try statement.bind("%" + NoteDatabase.escapeLike(term) + "%", at: Int32(offset + 4))
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
