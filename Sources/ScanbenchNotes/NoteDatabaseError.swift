/// Everything that can go wrong with the note database, with what failed and where.
///
/// Printed like GRDB's errors: `notes.sqlite: SQLite error 19: UNIQUE constraint failed: … - while
/// executing \`INSERT …\``. The library throws; the command line decides what to print.
public struct NoteDatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// SQLite returned an error code (extended result code, e.g. 2067 for a UNIQUE violation).
    case sqlite(code: Int32)
    /// The file exists but is not an SQLite database. It was not modified.
    case notSQLite
    /// The file is an SQLite database that scanbench did not create. It was not modified.
    case notScanbench
    /// The database was written by a newer scanbench. It was not modified.
    case newerSchema(found: Int, supported: Int)
    /// The folder for a new database could not be created.
    case cannotCreateFolder
    /// A line of the store could not be imported and the import is strict.
    case invalidStoreLine(line: Int)
  }

  public var kind: Kind
  /// The database file (or, for `invalidStoreLine`, the store file).
  public var path: String
  public var message: String
  /// The statement that failed, if any.
  public var sql: String?

  public init(kind: Kind, path: String, message: String, sql: String? = nil) {
    self.kind = kind
    self.path = path
    self.message = message
    self.sql = sql
  }

  /// The SQLite result code, if SQLite reported the error.
  public var sqliteCode: Int32? {
    if case .sqlite(let code) = kind { return code }
    return nil
  }

  public var description: String {
    switch kind {
    case .sqlite(let code):
      var text = "\(path): SQLite error \(code): \(message)"
      if let sql { text += " - while executing `\(sql)`" }
      return text
    case .invalidStoreLine(let line):
      return "\(path):\(line): \(message)"
    case .notSQLite, .notScanbench, .newerSchema, .cannotCreateFolder:
      return "\(path): \(message)"
    }
  }
}
