import CSQLite

/// What the grid shows beside its photos (the filters' values, the scrubber's months, the capped
/// photo counts), kept by each connection until the database changes: a grid page asks for them
/// on every request, and they change only when something is imported or deleted.
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
  private func refreshMemo() throws {
    let version = NoteDatabaseMemo.Version(
      dataVersion: try memo.dataVersion(connection),
      ownChanges: sqlite3_total_changes64(connection.handle))
    if memo.version != version {
      memo.version = version
      memo.facts = nil
      memo.counts.removeAll()
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

/// A connection's memo of `NoteDatabase+Facts.swift`, and the state of the database it is of.
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

  static let maximumCounts = 256
  /// Statements kept (the list's SQL differs with each combination of filters).
  static let maximumStatements = 64

  var version: Version?
  var facts: ListFacts?
  var counts: [CountKey: Int] = [:]
  /// Prepared statements by their SQL (`withStatement`); they do not depend on the version.
  var statements: [String: SQLiteStatement] = [:]
  private var dataVersionStatement: SQLiteStatement?

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
