/// How a query is run, term by term (the planning half of search; the SQL is in
/// `NoteDatabase+Search.swift`, the snippets in `NoteDatabase+Snippets.swift`):
/// - three code points or more with a CJK character (and no line break): the trigram index
///   `note_cjk`;
/// - three code points or more with a letter or digit: the word index `note_words`, as a prefix
///   (and, if the term has other characters too, a LIKE condition, so `42.00` stays literal);
/// - anything else (no trigram, or no word in it): a LIKE condition on the text.
/// The query runs on the word index if it has word terms, else on the trigram index; the CJK terms
/// then filter the word matches (`rowid IN` the trigram matches). The filter's conditions
/// (source, run, language, codes, capture date) are added to whichever runs.
///
/// Parameters are named: `:match` (the MATCH expression), `:cjk` (the trigram filter), `:like1…`
/// (LIKE patterns) and the filter's own.
struct SearchPlan {
  var words: [String] = []
  var cjk: [String] = []
  /// Terms matched with LIKE (and marked by `mark` when nothing is indexed).
  var scanned: [String] = []
  /// LIKE conditions added to indexed word terms.
  var literal: [String] = []
  var filter: NoteFilter

  init(_ query: String, filter: NoteFilter = NoteFilter()) {
    self.filter = filter
    for term in SearchPlan.terms(query) {
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

  /// The terms of a query: words separated by spaces, or `"quoted phrases"`.
  static func terms(_ query: String) -> [String] {
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

  /// Whether the matches of the index must be joined with `note` to be filtered.
  var hasFilters: Bool { !filteringCJK.isEmpty || !likeTerms.isEmpty || !filter.isEmpty }

  /// What a text must satisfy besides the index's MATCH (for a scan: all of it), on `note`.
  func conditions(rowid: String) -> [String] {
    var conditions = likeTerms.indices.map { "note.text LIKE :like\($0 + 1) ESCAPE '\\'" }
    if !filteringCJK.isEmpty {
      conditions.insert("\(rowid) IN (SELECT rowid FROM note_cjk WHERE note_cjk MATCH :cjk)", at: 0)
    }
    return conditions + filter.conditions
  }

  /// `conditions` for a scan of `note` (no index).
  var scanConditions: String {
    let all = conditions(rowid: "note.id")
    return all.isEmpty ? "1" : all.joined(separator: " AND ")
  }

  /// ` AND …` after an index's MATCH.
  func filterConditions(rowid: String) -> String {
    conditions(rowid: rowid).map { " AND " + $0 }.joined()
  }

  /// Each term a quoted FTS5 string: no operators, any character taken literally.
  static func quoted(_ term: String) -> String {
    "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The MATCH expression for the primary index: for words a prefix query ("shop" finds
  /// "shopping", as the trigram index did).
  var match: String {
    !words.isEmpty
      ? words.map { SearchPlan.quoted($0) + "*" }.joined(separator: " AND ")
      : cjk.map(SearchPlan.quoted).joined(separator: " AND ")
  }

  /// Every term the snippet marks when the index gives no highlight.
  var marked: [String] { cjk + scanned }

  /// Binds the plan's parameters; `match` instead of the plan's own MATCH expression when the
  /// query is ranked (`NoteDatabase+Ranking.swift`).
  func bind(to statement: SQLiteStatement, match: String? = nil) throws {
    if primaryIndex != nil { try statement.bind(.text(match ?? self.match), named: ":match") }
    if !filteringCJK.isEmpty {
      try statement.bind(.text(cjk.map(SearchPlan.quoted).joined(separator: " AND ")), named: ":cjk")
    }
    for (offset, term) in likeTerms.enumerated() {
      try statement.bind(.text("%" + SearchPlan.escapeLike(term) + "%"), named: ":like\(offset + 1)")
    }
    try filter.bind(to: statement)
  }

  static func escapeLike(_ term: String) -> String {
    var escaped = ""
    for character in term {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
