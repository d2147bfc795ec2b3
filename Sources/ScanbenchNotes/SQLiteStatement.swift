import CSQLite

/// One prepared statement (`sqlite3_stmt*`), finalized when the object goes away.
///
/// Keeps its connection alive: a statement never outlives the `sqlite3*` it was prepared on.
final class SQLiteStatement {
  let handle: OpaquePointer
  let connection: SQLiteConnection
  let sql: String

  init(connection: SQLiteConnection, sql: String, persistent: Bool = false) throws {
    var statement: OpaquePointer?
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let code = sqlite3_prepare_v3(connection.handle, sql, -1, flags, &statement, nil)
    guard code == SQLITE_OK else {
      sqlite3_finalize(statement)
      throw connection.error(code: code, sql: sql)
    }
    guard let statement else {
      throw NoteDatabaseError(
        kind: .sqlite(code: .SQLITE_MISUSE), path: connection.path, message: "empty statement", sql: sql)
    }
    self.handle = statement
    self.connection = connection
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  // MARK: Binding (indexes are 1-based, as in SQLite)

  func bind(_ value: String?, at index: Int32) throws {
    guard var value else { return try bindNull(at: index) }
    let code = value.withUTF8 { bytes -> Int32 in
      // An empty buffer may have no address, and a NULL pointer would bind SQL NULL, not ''.
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, scanbench_sqlite_transient())
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), scanbench_sqlite_transient())
      }
    }
    try check(code)
  }

  func bind(_ value: Int64?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try check(sqlite3_bind_int64(handle, index, value))
  }

  func bind(_ value: Int?, at index: Int32) throws {
    try bind(value.map(Int64.init), at: index)
  }

  func bind(_ value: Double?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try check(sqlite3_bind_double(handle, index, value))
  }

  func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  func bind(_ value: SQLiteValue, at index: Int32) throws {
    switch value {
    case .null: try bindNull(at: index)
    case .integer(let integer): try bind(integer, at: index)
    case .real(let real): try bind(real, at: index)
    case .text(let text): try bind(text, at: index)
    }
  }

  /// Binds the parameter written `:name` in the SQL; a name the SQL does not have is an error.
  func bind(_ value: SQLiteValue, named name: String) throws {
    try bind(value, at: try index(of: name))
  }

  /// Binds a pointer that only functions registered here read back (`sqlite3_bind_pointer`, under
  /// `type`, a string that outlives the statement); NULL for `nil`. The memory must stay valid
  /// while the statement runs.
  func bind(pointer: UnsafeRawPointer?, type: UnsafePointer<CChar>, named name: String) throws {
    let index = try index(of: name)
    guard let pointer else { return try bindNull(at: index) }
    try check(sqlite3_bind_pointer(handle, index, UnsafeMutableRawPointer(mutating: pointer), type, nil))
  }

  private func index(of name: String) throws -> Int32 {
    let index = sqlite3_bind_parameter_index(handle, name)
    guard index > 0 else {
      throw NoteDatabaseError(
        kind: .sqlite(code: .SQLITE_RANGE), path: connection.path, message: "no parameter \(name)", sql: sql)
    }
    return index
  }

  // MARK: Running

  /// Advances to the next row: `true` if there is one, `false` when the statement is done.
  @discardableResult
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(code: code, sql: sql)
    }
  }

  /// Makes the statement ready to run again with new bindings.
  func reset() {
    // The result repeats the last step's error, which `step()` has already thrown.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: Columns (0-based)

  func isNull(at column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func int64(at column: Int32) -> Int64? {
    isNull(at: column) ? nil : sqlite3_column_int64(handle, column)
  }

  func int(at column: Int32) -> Int? {
    int64(at: column).map { Int($0) }
  }

  func double(at column: Int32) -> Double? {
    isNull(at: column) ? nil : sqlite3_column_double(handle, column)
  }

  func string(at column: Int32) -> String? {
    guard let text = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// The bytes of a BLOB (or text) column, valid only inside `body`.
  func withBytes<T>(at column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    let base = sqlite3_column_blob(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    return try body(UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count))
  }

  private func check(_ code: Int32) throws {
    try connection.check(code, sql: sql)
  }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}
