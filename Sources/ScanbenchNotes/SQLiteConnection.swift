import CSQLite

/// One `sqlite3*` connection, closed when the object goes away.
///
/// Not thread-safe (opened with `SQLITE_OPEN_NOMUTEX`): use it from one task or thread at a time.
final class SQLiteConnection {
  let handle: OpaquePointer
  /// The file, as given (for error messages).
  let path: String

  /// Opens (and by default creates) the database file. A failed open is still closed.
  ///
  /// - Parameter displayPath: the file as errors name it, when `path` is a URI (`file:…?immutable=1`)
  ///   that the user never wrote.
  init(
    path openPath: String,
    flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
    displayPath: String? = nil
  ) throws {
    let path = displayPath ?? openPath
    SQLiteConnection.configureLibrary
    var db: OpaquePointer?
    let code = sqlite3_open_v2(openPath, &db, flags, nil)
    guard let db else {
      throw NoteDatabaseError(
        kind: .sqlite(code: ResultCode(rawValue: code)), path: path, message: "cannot allocate a connection")
    }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(db))
      let extended = sqlite3_extended_errcode(db)
      sqlite3_close_v2(db)
      throw NoteDatabaseError(
        kind: .sqlite(code: ResultCode(rawValue: extended)), path: path, message: message)
    }
    self.handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Process-wide settings, which SQLite takes only before its first use (later it refuses them
  /// with SQLITE_MISUSE, harmlessly: another part of the process initialized it first).
  private static let configureLibrary: Void = {
    _ = scanbench_sqlite_disable_memory_statistics()
  }()

  /// Turns an SQLite result code into a throw (`SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE` pass).
  func check(_ code: Int32, sql: String? = nil) throws {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
    default: throw error(code: code, sql: sql)
    }
  }

  /// The error for `code`, with SQLite's message for the last failure on this connection.
  func error(code: Int32, sql: String?) -> NoteDatabaseError {
    let message = String(cString: sqlite3_errmsg(handle))
    // The extended code carries more detail when it belongs to the same failure.
    let extended = sqlite3_extended_errcode(handle)
    let reported = ResultCode(rawValue: (extended & 0xff) == (code & 0xff) ? extended : code)
    if case .SQLITE_NOTADB = reported {
      return NoteDatabaseError(
        kind: .notSQLite, path: path, message: "not an SQLite database (\(message)); it was left unchanged",
        sql: sql)
    }
    return NoteDatabaseError(kind: .sqlite(code: reported), path: path, message: message, sql: sql)
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
  }

  func prepare(_ sql: String, persistent: Bool = false) throws -> SQLiteStatement {
    try SQLiteStatement(connection: self, sql: sql, persistent: persistent)
  }

  /// The first column of the first row, as an integer (`nil` if there is no row or it is NULL).
  func integer(_ sql: String) throws -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.int64(at: 0)
  }

  /// The first column of the first row, as text (`nil` if there is no row or it is NULL).
  func text(_ sql: String) throws -> String? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.string(at: 0)
  }

  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
  ///
  /// `IMMEDIATE` takes the write lock up front, so a second writer waits (busy timeout) at `BEGIN`
  /// rather than failing halfway.
  func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
    let result: T
    do {
      result = try body()
    } catch {
      rollback()
      throw error
    }
    do {
      try execute("COMMIT")
    } catch {
      rollback()
      throw error
    }
    return result
  }

  /// Rolls back the open transaction, if SQLite has not already done so after an error.
  func rollback() {
    guard isInTransaction else { return }
    // A failed ROLLBACK leaves nothing better to do: SQLite rolls back when the connection closes.
    _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
