/// How an indexed query is ranked: bm25 within the rank window, as FTS5's `rank` would give it,
/// but without the work FTS5 repeats on every query (`FTS5Ranking`):
/// - a word term `shop` stands for `"shop"*`; FTS5 answers a prefix by merging the whole posting
///   list of every indexed word that begins so before it returns the first match (a common word's
///   hundreds of thousands of entries), unless the index keeps that prefix's own list (schema 7:
///   prefixes of three and four characters). Here a prefix of plain letters and digits becomes
///   those words, `("shop" OR "shopping")`, which FTS5 reads from their newest entries and only as
///   far as the window: the same notes, in the same order;
/// - each term's document count, which bm25 finds by reading every match of the term, is counted
///   once and kept in `SearchStatistics` until the index changes;
/// - a server keeps every note's size in tokens, which bm25 looks up for each row it ranks.
extension NoteDatabase {
  /// One term of the ranked MATCH expression: its text, and how many of the expression's phrases
  /// it is (the words of a prefix, or one).
  struct RankedTerm {
    var match: String
    var phrases: Int
  }

  /// A prefix standing for more indexed words than this stays a prefix (`"tre"*`): read from the
  /// prefix indexes at three and four characters, merged by FTS5 beyond.
  static let maximumPrefixWords = 64

  /// The prefix lengths the word index keeps lists for (schema 7's `prefix = '3 4'`): such a prefix
  /// is one posting list, cheaper to read and rank than the words it begins merged.
  static let indexedPrefixLengths: Set<Int> = [3, 4]

  /// The terms of `plan` on `index`, or `nil` when one of them matches nothing (a prefix no indexed
  /// word begins with).
  func rankedTerms(_ plan: SearchPlan, index: String, version: String) throws -> [RankedTerm]? {
    guard index == "note_words" else {
      return plan.cjk.map { RankedTerm(match: SearchPlan.quoted($0), phrases: 1) }
    }
    var terms: [RankedTerm] = []
    for word in plan.words {
      // unicode61 makes a term of ASCII letters and digits one token, the term in lower case.
      guard word.utf8.allSatisfy(NoteDatabase.isASCIIAlphanumeric) else {
        terms.append(RankedTerm(match: SearchPlan.quoted(word) + "*", phrases: 1))
        continue
      }
      let prefix = word.lowercased()
      let words = try indexedWords(beginning: prefix, version: version)
      if words.isEmpty { return nil }
      if words.count > NoteDatabase.maximumPrefixWords
        || (words.count > 1 && NoteDatabase.indexedPrefixLengths.contains(prefix.utf8.count))
      {
        terms.append(RankedTerm(match: SearchPlan.quoted(prefix) + "*", phrases: 1))
      } else {
        terms.append(
          RankedTerm(
            match: "(" + words.map(SearchPlan.quoted).joined(separator: " OR ") + ")", phrases: words.count))
      }
    }
    return terms
  }

  private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// The words of the word index that begin with `prefix` (ASCII), up to one more than
  /// `maximumPrefixWords`: one seek of the index's vocabulary each.
  private func indexedWords(beginning prefix: String, version: String) throws -> [String] {
    if let known = statistics.words(prefix, version: version) { return known }
    try connection.execute(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.note_words_terms USING fts5vocab(main, note_words, instance)")
    // The first word at or after `from` and before `end`, the prefix with its last character the
    // next one (the words are ASCII here, compared as bytes).
    let next = try connection.prepare(
      "SELECT term FROM temp.note_words_terms WHERE term >= :from AND term < :end LIMIT 1")
    var end = Array(prefix.utf8)
    end[end.count - 1] += 1
    var words: [String] = []
    var from = prefix
    while words.count <= NoteDatabase.maximumPrefixWords {
      try next.bind(.text(from), named: ":from")
      try next.bind(.text(String(decoding: end, as: UTF8.self)), named: ":end")
      guard try next.step(), let word = next.string(at: 0) else { break }
      words.append(word)
      // No indexed word has U+0001 (a control character is no token's): the next one after it.
      from = word + "\u{1}"
      next.reset()
    }
    statistics.store(words: words, for: prefix, version: version)
    return words
  }

  /// How many rows of `index` match `term` alone: bm25's document frequency.
  func documentCount(_ term: RankedTerm, index: String, version: String) throws -> Int64 {
    let key = index + " " + term.match
    if let known = statistics.documents(key, version: version) { return known }
    let count = try connection.prepare("SELECT count(*) FROM \(index) WHERE \(index) MATCH :term")
    try count.bind(.text(term.match), named: ":term")
    let documents = try count.step() ? count.int64(at: 0) ?? 0 : 0
    statistics.store(documents: documents, for: key, version: version)
    return documents
  }

  /// The notes' sizes in `index` at `version`, when `statistics` keeps them: read by the first
  /// search that needs them (the searches beside it look each row up meanwhile).
  func documentSizes(index: String, version: String) throws -> DocumentSizes? {
    guard statistics.keepsDocumentSizes else { return nil }
    if let kept = statistics.documentSizes(index, version: version) { return kept }
    guard statistics.claimDocumentSizes(index, version: version) else { return nil }
    do {
      let sizes = try DocumentSizes.load(index: index, connection: connection)
      statistics.store(sizes: sizes, for: index, version: version)
      return sizes
    } catch {
      statistics.abandonDocumentSizes(index, version: version)
      throw error
    }
  }

  /// The state of both full-text indexes: FTS5's structure record (which every write changes)
  /// and its totals, as one text.
  func fullTextIndexVersion() throws -> String {
    try connection.text(
      """
      SELECT ifnull((SELECT hex(block) FROM note_words_data WHERE id = 10), '') || '/'
        || ifnull((SELECT hex(block) FROM note_words_data WHERE id = 1), '') || '/'
        || ifnull((SELECT hex(block) FROM note_cjk_data WHERE id = 10), '') || '/'
        || ifnull((SELECT hex(block) FROM note_cjk_data WHERE id = 1), '')
      """) ?? ""
  }
}
