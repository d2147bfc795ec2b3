import CSQLite
import Foundation

/// Full-text search, the SQL half: the word index (`note_words`, every note) for word terms, the
/// trigram index (`note_cjk`, notes with CJK characters only) for Japanese and Chinese terms of
/// three characters or more, both ranked by bm25; a scan of the notes for shorter terms (a
/// two-character Japanese word has no trigram). `SearchPlan` decides which; the snippets are made in
/// `NoteDatabase+Snippets.swift`.
extension NoteDatabase {
  /// The terms of a query: words separated by spaces, or `"quoted phrases"`.
  public static func searchTerms(_ query: String) -> [String] { SearchPlan.terms(query) }

  /// Notes containing every term of `query` (case-insensitively for ASCII letters), best first.
  ///
  /// Word terms match words of the note that start with them (`shop` finds "shopping"), ranked by
  /// bm25; terms with CJK characters match as substrings; terms shorter than three characters (and
  /// terms without a letter or digit) are a scan of the text, newest first when nothing else ranks.
  ///
  /// Notes with a QR code or barcode whose payload contains the whole query come first, newest
  /// first, their snippet showing the payload.
  ///
  /// A photo is found once, through the first of its readings that matches (each reading is a row
  /// of `note`, and any of them may match): the hit is that reading.
  public func search(_ query: String, options: SearchOptions = SearchOptions()) throws -> [NoteSearchHit] {
    try searchResult(query, options: options).hits
  }

  /// `search`, and how many photos match in all.
  public func searchResult(_ query: String, options: SearchOptions = SearchOptions()) throws
    -> NoteSearchResult
  {
    let plan = SearchPlan(query, filter: options.filter)
    let wanted = options.offset + options.limit
    guard !plan.isEmpty, options.limit > 0, options.offset >= 0 else {
      return NoteSearchResult(hits: [], total: 0, totalIsLowerBound: false)
    }
    // One read transaction: every statement of the search (and what it keeps in `statistics`)
    // sees the same state of the database, even while an import commits.
    let marked = try reading { () -> NoteSearchResult in
      // The memo is checked in the transaction, so a kept result is of the state it reads.
      try refreshMemo()
      let key = NoteDatabaseMemo.SearchKey(
        query: query, filter: options.filter, offset: options.offset, limit: options.limit)
      if let kept = memo.searches[key] { return kept }
      let result = try markedSearchResult(plan, query: query, wanted: wanted, options: options)
      // The search wrote only its temporary highlight table (`wordHighlights`), which
      // `sqlite3_total_changes64` counts: not a change of the notes, so what is kept stays.
      memo.acknowledgeOwnChanges(sqlite3_total_changes64(connection.handle))
      memo.keep(result, for: key)
      return result
    }
    // The snippets are cut last, for this caller's highlight, escaping and context.
    var result = marked
    for index in result.hits.indices {
      let hit = result.hits[index]
      let snippet = NoteDatabase.snippet(
        hit.snippet, context: options.context, highlight: options.highlight, escape: options.escape)
      result.hits[index].snippet = hit.inCode == true ? "code: " + snippet : snippet
    }
    return result
  }

  /// `searchResult` with each hit's whole text marked (`mark`, highlight()) in place of its
  /// snippet: what a connection keeps for the same query until the database changes.
  private func markedSearchResult(_ plan: SearchPlan, query: String, wanted: Int, options: SearchOptions)
    throws -> NoteSearchResult
  {
    var photos = PhotoSet(oneReadingEach: try !hasOtherReadings())
    let code = try codeSearch(
      query, filter: options.filter, limit: wanted, options: options, photos: &photos)
    var hits = code.hits
    var lowerBound = code.stoppedEarly
    var found = Set(code.hits.map(\.id))
    let text = try textSearch(plan, limit: wanted, options: options, photos: &photos)
    lowerBound = lowerBound || text.stoppedEarly
    if hits.count < wanted {
      for hit in text.hits where !found.contains(hit.id) && hits.count < wanted {
        hits.append(hit)
        found.insert(hit.id)
      }
    }
    var total = photos.count
    if photos.unkeyed > 0, !code.hits.isEmpty {
      // Text matches not read may be photos the codes found too: no more than a lower bound.
      total = max(photos.count - photos.unkeyed, photos.textMatches)
      lowerBound = true
    }
    return NoteSearchResult(
      hits: Array(hits.dropFirst(options.offset).prefix(options.limit)), total: total,
      totalIsLowerBound: lowerBound)
  }

  /// Whether some photo has a reading it does not show (one seek in `note_other_readings`).
  func hasOtherReadings() throws -> Bool {
    try connection.integer("SELECT EXISTS (SELECT 1 FROM note WHERE best IS NULL)") == 1
  }

  /// Runs `body` in a read transaction (or in the one already open).
  private func reading<T>(_ body: () throws -> T) throws -> T {
    connection.isInTransaction ? try body() : try connection.transaction(immediate: false, body)
  }

  /// How many notes `search` would find without a limit (a count over every match: not for the
  /// interactive path on large databases).
  public func searchCount(_ query: String, filter: NoteFilter = NoteFilter()) throws -> Int {
    let plan = SearchPlan(query, filter: filter)
    guard !plan.isEmpty else { return 0 }
    let statement: SQLiteStatement
    if let index = plan.primaryIndex {
      statement = try connection.prepare(
        plan.hasFilters
          ? """
          SELECT count(*) FROM \(index) JOIN note ON note.id = \(index).rowid
          WHERE \(index) MATCH :match\(plan.filterConditions(rowid: "\(index).rowid"))
          """
          : "SELECT count(*) FROM \(index) WHERE \(index) MATCH :match")
    } else {
      statement = try connection.prepare("SELECT count(*) FROM note WHERE \(plan.scanConditions)")
    }
    try plan.bind(to: statement)
    guard try statement.step() else { return 0 }
    return statement.int(at: 0) ?? 0
  }

  /// How many matches are ranked at most: a query matching more notes (a common word) ranks the
  /// `rankWindow` most recently imported of them (highest ids). bm25 costs ~1.5 µs a match, and
  /// SQLite 3.40's FTS5 computes it for every match even under `ORDER BY rank LIMIT n` (it gets no
  /// LIMIT from the planner): "and" in 1M notes would be a second.
  public static let rankWindow = 5_000

  /// A hit from a row of `NoteSelection.summary`: the one place a hit is made. Its snippet is the
  /// marked text, which `searchResult` cuts.
  private func hit(
    _ row: NoteRowReader, marked: String, score: Double?, inCode: Bool, options: SearchOptions
  ) -> NoteSearchHit {
    var hit = NoteSearchHit(
      id: row.int64(.id) ?? 0, recognizedAt: row.string(.recognizedAt) ?? "", chars: row.int(.chars) ?? 0,
      source: row.string(.source) ?? "", entry: row.string(.entry) ?? "", snippet: marked, score: score)
    hit.page = row.int(.page)
    hit.lang = row.string(.lang)
    hit.capturedAt = row.string(.capturedAt)
    hit.takenAt = row.string(.takenAt)
    hit.profile = row.string(.profile)
    hit.inCode = inCode ? true : nil
    return hit
  }

  /// Notes whose code payloads (`note.code_text`) contain `query`, ASCII case-insensitively: a
  /// scan of the notes that have codes only (the partial index `note_with_codes`), up to `limit`
  /// photos.
  private func codeSearch(
    _ query: String, filter: NoteFilter, limit: Int, options: SearchOptions, photos: inout PhotoSet
  ) throws -> (hits: [NoteSearchHit], stoppedEarly: Bool) {
    let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return ([], false) }
    let selection = NoteSelection.summary
    let statement = try connection.prepare(
      """
      SELECT \(selection.sql) FROM note INDEXED BY note_with_codes
      WHERE note.code_text IS NOT NULL AND note.code_text LIKE :needle ESCAPE '\\'
      \(filter.conditions.map { " AND " + $0 }.joined())
      ORDER BY note.recognized_unix DESC, note.id DESC
      """)
    try statement.bind(.text("%" + SearchPlan.escapeLike(needle) + "%"), named: ":needle")
    try filter.bind(to: statement)
    var hits: [NoteSearchHit] = []
    let row = NoteRowReader(statement: statement, selection: selection)
    while try statement.step() {
      guard photos.insert(row) else { continue }
      if hits.count == limit { return (hits, true) }
      let payloads = (row.string(.codeText) ?? "").split(separator: "\n").map(String.init)
      let matching =
        payloads.first { $0.range(of: needle, options: .caseInsensitive) != nil } ?? payloads.first ?? ""
      hits.append(
        hit(
          row, marked: NoteDatabase.mark([needle], in: matching), score: nil, inCode: true, options: options))
    }
    return (hits, false)
  }

  /// Notes whose text matches `plan`, best first, up to `limit` photos (each once); every matching
  /// photo read is put in `photos`.
  private func textSearch(
    _ plan: SearchPlan, limit: Int, options: SearchOptions, photos: inout PhotoSet
  ) throws -> (hits: [NoteSearchHit], stoppedEarly: Bool) {
    if let index = plan.primaryIndex {
      return try rankedSearch(plan, index: index, limit: limit, options: options, photos: &photos)
    }
    let selection = NoteSelection.summary
    let statement = try connection.prepare(
      """
      SELECT \(selection.sql) FROM note WHERE \(plan.scanConditions)
      ORDER BY note.recognized_unix DESC, note.id DESC
      """)
    try plan.bind(to: statement)
    var hits: [NoteSearchHit] = []
    var seen = PhotoSet(oneReadingEach: photos.oneReadingEach)
    let row = NoteRowReader(statement: statement, selection: selection)
    while try statement.step() {
      guard seen.insert(row) else { continue }
      if hits.count == limit { return (hits, true) }
      photos.insert(row)
      let marked = NoteDatabase.mark(plan.scanned, in: row.string(.text) ?? "")
      hits.append(hit(row, marked: marked, score: nil, inCode: false, options: options))
    }
    return (hits, false)
  }

  /// A query through an index: the ids of the best matches within the rank window first (no
  /// highlight(), no join unless other terms or the filter select among the matches), ranked by
  /// bm25 as FTS5's `rank` would (`NoteDatabase+Ranking.swift`), then those notes, then their
  /// highlights. Word matches are marked by FTS5's highlight(); the trigram index holds only a
  /// note's CJK lines, so its matches are marked in the whole text, as a scan's are.
  ///
  /// Every match of the window is read (the window is sorted whole anyway) to count the photos;
  /// where some photo has several readings, each match's photo is looked up (`note_key`), and a
  /// photo is ranked by its best-ranked reading.
  private func rankedSearch(
    _ plan: SearchPlan, index: String, limit: Int, options: SearchOptions, photos: inout PhotoSet
  ) throws -> (hits: [NoteSearchHit], stoppedEarly: Bool) {
    let version = try fullTextIndexVersion()
    guard let terms = try rankedTerms(plan, index: index, version: version) else { return ([], false) }
    let documents = try terms.map { try documentCount($0, index: index, version: version) }
    let sizes = try documentSizes(index: index, version: version)
    let arguments = terms.indices.map { ":documents\($0 + 1), \(terms[$0].phrases)" }.joined(separator: ", ")
    let rank = "\(FTS5Ranking.functionName)(\(index), :sizes, :size_count, \(arguments))"
    let matches =
      plan.hasFilters
      ? """
      SELECT \(index).rowid AS id, \(rank) AS rank FROM \(index) JOIN note ON note.id = \(index).rowid
      WHERE \(index) MATCH :match\(plan.filterConditions(rowid: "\(index).rowid"))
      """
      : "SELECT rowid AS id, \(rank) AS rank FROM \(index) WHERE \(index) MATCH :match"
    // How many matches the window holds: a query of one term and no filter matches the notes its
    // document count counted (kept by `statistics`); any other is counted as the window is read
    // (`count(*) OVER ()` buffers every row of the window in a table of its own).
    let knownMatches = terms.count == 1 && !plan.hasFilters ? documents.first : nil
    let topSQL = """
      SELECT id, rank\(knownMatches == nil ? ", count(*) OVER ()" : "") FROM (\(matches) ORDER BY id DESC
        LIMIT \(NoteDatabase.rankWindow))
      ORDER BY rank, id DESC\(photos.oneReadingEach ? " LIMIT \(limit)" : "")
      """
    var matchCount = knownMatches.map { Int(min($0, Int64(NoteDatabase.rankWindow))) } ?? 0
    let ranked = try withStatement(topSQL) { top -> [(id: Int64, rank: Double?)] in
      try plan.bind(to: top, match: terms.map(\.match).joined(separator: " AND "))
      for (offset, count) in documents.enumerated() {
        try top.bind(.integer(count), named: ":documents\(offset + 1)")
      }
      let photoOf =
        photos.oneReadingEach
        ? nil : try connection.prepare("SELECT sha256, ifnull(page, -1) FROM note WHERE id = :id")
      var seen = PhotoSet(oneReadingEach: photos.oneReadingEach)
      // The sizes are read through their address while the statement runs, and only then.
      return try (sizes?.sizes ?? []).withUnsafeBufferPointer { sizes in
        try top.bind(
          pointer: sizes.isEmpty ? nil : sizes.baseAddress, type: scanbench_document_sizes_type(),
          named: ":sizes")
        try top.bind(.integer(Int64(sizes.count)), named: ":size_count")
        defer { top.reset() }
        var ranked: [(id: Int64, rank: Double?)] = []
        while try top.step() {
          if knownMatches == nil { matchCount = max(matchCount, top.int(at: 2) ?? 0) }
          let id = top.int64(at: 0) ?? 0
          var key = PhotoSet.Key.reading(id)
          if let photoOf {
            try photoOf.bind(.integer(id), named: ":id")
            defer { photoOf.reset() }
            if try photoOf.step() { key = .photo(photoOf.string(at: 0) ?? "", photoOf.int(at: 1) ?? -1) }
          }
          guard seen.insert(key) else { continue }
          photos.insert(key)
          if ranked.count < limit { ranked.append((id, top.double(at: 1))) }
        }
        return ranked
      }
    }
    // Where every photo has one reading, only the hits were read: the other matches are as many
    // photos again.
    if photos.oneReadingEach {
      photos.unkeyed += max(0, matchCount - ranked.count)
      photos.textMatches = matchCount
    }
    let stoppedEarly = matchCount >= NoteDatabase.rankWindow
    guard !ranked.isEmpty else { return ([], stoppedEarly) }
    let ids = "[" + ranked.map { String($0.id) }.joined(separator: ",") + "]"
    let highlighted = index == "note_words" ? try wordHighlights(ids: ids, match: plan.match) : [:]

    let selection = NoteSelection.summary
    var hits: [Int64: NoteSearchHit] = [:]
    let rankOf = Dictionary(ranked.map { ($0.id, $0.rank) }, uniquingKeysWith: { first, _ in first })
    try withStatement(
      "SELECT \(selection.sql) FROM note WHERE note.id IN (SELECT value FROM json_each(:ids))"
    ) {
      notes in
      try notes.bind(.text(ids), named: ":ids")
      let row = NoteRowReader(statement: notes, selection: selection)
      while try notes.step() {
        let id = row.int64(.id) ?? 0
        let marked = highlighted[id] ?? NoteDatabase.mark(plan.marked, in: row.string(.text) ?? "")
        hits[id] = hit(
          row, marked: marked, score: rankOf[id].flatMap { $0.map { -$0 } }, inCode: false, options: options)
      }
    }
    return (ranked.compactMap { hits[$0.id] }, stoppedEarly)
  }

  /// The texts of the notes `ids` (a JSON array) with the words `match` finds between the marks.
  ///
  /// highlight() needs an FTS5 cursor on the query. Not the index's: a prefix query makes FTS5
  /// merge the doclists of every word with that prefix first (half the time of a common word at
  /// 1M notes). A temporary index of the hits' texts alone, with the same tokenizer, marks the
  /// same words. Its texts are in a table of their own (external content), so that it is emptied
  /// with FTS5's `delete-all`, without tokenizing each text again to take it out.
  private func wordHighlights(ids: String, match: String) throws -> [Int64: String] {
    if !memo.hasHighlightIndex {
      try connection.execute(
        """
        CREATE TEMP TABLE IF NOT EXISTS note_highlight_text (id INTEGER PRIMARY KEY, text TEXT);
        CREATE VIRTUAL TABLE IF NOT EXISTS temp.note_highlight USING fts5(
          text, content = 'note_highlight_text', content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2'
        );
        """)
      memo.hasHighlightIndex = true
    }
    try emptyHighlightIndex()
    defer { try? emptyHighlightIndex() }
    try withStatement(
      """
      INSERT INTO temp.note_highlight_text (id, text)
      SELECT id, text FROM note WHERE id IN (SELECT value FROM json_each(:ids))
      """
    ) { fill in
      try fill.bind(.text(ids), named: ":ids")
      try fill.step()
    }
    try withStatement(
      "INSERT INTO temp.note_highlight (rowid, text) SELECT id, text FROM temp.note_highlight_text"
    ) { index in _ = try index.step() }
    return try withStatement(
      """
      SELECT rowid, highlight(note_highlight, 0, char(57344), char(57345)) FROM temp.note_highlight
      WHERE note_highlight MATCH :match
      """
    ) { marks in
      try marks.bind(.text(match), named: ":match")
      var highlighted: [Int64: String] = [:]
      while try marks.step() { highlighted[marks.int64(at: 0) ?? 0] = marks.string(at: 1) }
      return highlighted
    }
  }

  private func emptyHighlightIndex() throws {
    try withStatement("INSERT INTO temp.note_highlight (note_highlight) VALUES ('delete-all')") {
      _ = try $0.step()
    }
    try withStatement("DELETE FROM temp.note_highlight_text") { _ = try $0.step() }
  }
}

/// The photos a search has found, each once: by their reading's id where every photo has one
/// reading, else by image and page.
struct PhotoSet {
  enum Key: Hashable {
    case reading(Int64)
    case photo(String, Int)
  }

  let oneReadingEach: Bool
  private var keys: Set<Key> = []
  /// Photos known to match whose keys were not read, and the text's matches (one reading each).
  var unkeyed = 0
  var textMatches = 0

  init(oneReadingEach: Bool) { self.oneReadingEach = oneReadingEach }

  var count: Int { keys.count + unkeyed }

  /// Adds the photo of a row of `NoteSelection.summary`; `false` if it was there already.
  @discardableResult
  mutating func insert(_ row: NoteRowReader) -> Bool {
    insert(
      oneReadingEach
        ? .reading(row.int64(.id) ?? 0) : .photo(row.string(.sha256) ?? "", row.int(.page) ?? -1))
  }

  @discardableResult
  mutating func insert(_ key: Key) -> Bool { keys.insert(key).inserted }
}
