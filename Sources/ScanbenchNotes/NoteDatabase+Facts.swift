import CSQLite

/// What the grid shows beside its photos (the filters' values, the scrubber's months, the capped
/// photo counts), kept by each connection until the database changes: a grid page asks for them
/// on every request, and they change only when something is imported or deleted. Search results
/// are kept the same way (`searchResult`): a search is asked again when it is bookmarked, reloaded
/// or gone back to, and ranking its window costs far more than reading a kept one.
///
/// A change is seen through `PRAGMA data_version` (which moves when another connection commits)
/// and `sqlite3_total_changes64` (which moves when this one writes), read before every use: a
/// page never shows facts of an older state than the one its own query read.
extension NoteDatabase {
  /// The values the list's filters offer and the months of the scrubber (`ListFacts`), as of now.
  public func listFacts() throws -> ListFacts {
    try refreshMemo()
    if let facts = memo.facts { return facts }
    let facts = ListFacts(
      sources: try distinctValues(of: .source),
      runs: try distinctValues(of: .run).map { try runDescription($0) ?? RunDescription(unknown: $0) },
      languages: try distinctValues(of: .lang), years: try captureYears(), months: try takenMonths())
    memo.facts = facts
    return facts
  }

  /// `photoCount(_:order:limit:)`, counted once for each state of the database.
  public func cachedPhotoCount(_ filter: NoteFilter = NoteFilter(), order: NoteOrder = .taken, limit: Int)
    throws -> Int
  {
    try refreshMemo()
    let key = NoteDatabaseMemo.CountKey(filter: filter, order: order, limit: limit)
    if let count = memo.counts[key] { return count }
    let count = try photoCount(filter, order: order, limit: limit)
    // Bounded: a server is asked for any number of filters.
    if memo.counts.count >= NoteDatabaseMemo.maximumCounts { memo.counts.removeAll() }
    memo.counts[key] = count
    return count
  }

  /// Forgets the facts, counts and search results this connection keeps, as a change of the
  /// database would (what `SearchStatistics` keeps stays): the next request computes them again.
  public func forgetKeptResults() {
    memo.version = nil
    memo.facts = nil
    memo.counts.removeAll()
    memo.forgetSearches()
  }

  /// Runs `body` with the statement of `sql`, prepared once by this connection and kept for the
  /// next request (a grid page's statements cost more to prepare than to run). It is reset and its
  /// bindings cleared when `body` returns, so it holds no read transaction open; a use of the same
  /// SQL inside `body` prepares another.
  func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
    let statement = try memo.statements.removeValue(forKey: sql) ?? connection.prepare(sql, persistent: true)
    defer {
      statement.reset()
      if memo.statements.count >= NoteDatabaseMemo.maximumStatements { memo.statements.removeAll() }
      memo.statements[sql] = statement
    }
    return try body(statement)
  }

  /// Forgets what the memo holds if the database changed since it was filled.
  func refreshMemo() throws {
    let version = NoteDatabaseMemo.Version(
      dataVersion: try memo.dataVersion(connection),
      ownChanges: sqlite3_total_changes64(connection.handle))
    if memo.version != version {
      memo.version = version
      memo.facts = nil
      memo.counts.removeAll()
      memo.forgetSearches()
    }
  }
}

/// What the list's filters offer, and the scrubber.
public struct ListFacts: Sendable, Equatable {
  /// The sources, runs (described) and languages of the notes, sorted, and the years photos were
  /// captured in, newest first.
  public var sources: [String]
  public var runs: [RunDescription]
  public var languages: [String]
  public var years: [Int]
  /// The months photos were taken (or imported) in, newest first.
  public var months: [String]

  public init(sources: [String], runs: [RunDescription], languages: [String], years: [Int], months: [String])
  {
    self.sources = sources
    self.runs = runs
    self.languages = languages
    self.years = years
    self.months = months
  }
}

extension RunDescription {
  /// A run the database no longer describes (its notes deleted since the run list was read).
  public init(unknown run: String) { self.init(run: run, profile: "", engine: nil, startedAt: "") }
}

/// A connection's memo of `NoteDatabase+Facts.swift` and of the searches it ran, and the state of
/// the database it is of.
struct NoteDatabaseMemo {
  struct Version: Equatable {
    var dataVersion: Int64
    var ownChanges: Int64
  }

  struct CountKey: Hashable {
    var filter: NoteFilter
    var order: NoteOrder
    var limit: Int
  }

  /// A search as `searchResult` is asked it; its highlight, escaping and context only cut the
  /// snippets from what is kept.
  struct SearchKey: Hashable {
    var query: String
    var filter: NoteFilter
    var offset: Int
    var limit: Int
  }

  static let maximumCounts = 256
  /// Searches kept, and the bytes of their marked texts at most (a hit keeps its note's whole
  /// text): past either, all are forgotten.
  static let maximumSearches = 256
  static let maximumSearchBytes = 8 << 20
  /// Statements kept (the list's SQL differs with each combination of filters).
  static let maximumStatements = 64

  var version: Version?
  var facts: ListFacts?
  var counts: [CountKey: Int] = [:]
  /// Results of `searchResult`, each hit's snippet its whole marked text (uncut).
  private(set) var searches: [SearchKey: NoteSearchResult] = [:]
  private var searchBytes = 0
  /// Prepared statements by their SQL (`withStatement`); they do not depend on the version.
  var statements: [String: SQLiteStatement] = [:]
  private var dataVersionStatement: SQLiteStatement?
  /// Whether search's temporary highlight index is made (`wordHighlights`).
  var hasHighlightIndex = false

  /// Takes `ownChanges` as this connection's changes of the state the memo is of: changes that
  /// were not to the notes (a temporary table's).
  mutating func acknowledgeOwnChanges(_ ownChanges: Int64) {
    version?.ownChanges = ownChanges
  }

  mutating func keep(_ result: NoteSearchResult, for key: SearchKey) {
    let bytes = result.hits.reduce(key.query.utf8.count) { $0 + $1.snippet.utf8.count + $1.entry.utf8.count }
    if searches.count >= NoteDatabaseMemo.maximumSearches
      || searchBytes + bytes > NoteDatabaseMemo.maximumSearchBytes
    {
      forgetSearches()
    }
    guard bytes <= NoteDatabaseMemo.maximumSearchBytes else { return }
    searches[key] = result
    searchBytes += bytes
  }

  mutating func forgetSearches() {
    searches.removeAll()
    searchBytes = 0
  }

  /// `PRAGMA data_version` (prepared once, reset after its row is read).
  mutating func dataVersion(_ connection: SQLiteConnection) throws -> Int64 {
    let statement = try dataVersionStatement ?? connection.prepare("PRAGMA data_version", persistent: true)
    dataVersionStatement = statement
    defer { statement.reset() }
    guard try statement.step(), let version = statement.int64(at: 0) else {
      throw NoteDatabaseError(
        kind: .sqlite(code: .SQLITE_ERROR), path: connection.path, message: "PRAGMA data_version gave no row",
        sql: statement.sql)
    }
    return version
  }
}
