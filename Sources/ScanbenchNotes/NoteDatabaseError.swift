/// Everything that can go wrong with the note database, with what failed and where.
///
/// Printed like GRDB's errors: `notes.sqlite: SQLite error 19: UNIQUE constraint failed: … - while
/// executing \`INSERT …\``. The library throws; the command line decides what to print.
public struct NoteDatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// SQLite returned an error code: the extended one (`SQLITE_CONSTRAINT_UNIQUE`), which
    /// `switch code { case .SQLITE_CONSTRAINT: … }` matches by its family.
    case sqlite(code: ResultCode)
    /// The file exists but is not an SQLite database. It was not modified.
    case notSQLite
    /// The file is an SQLite database that scanbench did not create. It was not modified.
    case notScanbench
    /// The database was written by a newer scanbench. It was not modified.
    case newerSchema(found: Int, supported: Int)
    /// The database is scanbench's, but its schema version is one no scanbench writes (negative, or
    /// absurdly large). It was not modified.
    case unknownSchema(found: Int)
    /// The database is of an older schema, and was opened read-only (so not migrated).
    case olderSchema(found: Int, supported: Int)
    /// There is no database file (for an open that never creates one).
    case missing
    /// The folder for a new database could not be created.
    case cannotCreateFolder
    /// A line of the store could not be imported and the import is strict.
    case invalidStoreLine(line: Int)
    /// The database did not hold what scanbench had just written or read in it (a bug, or a file
    /// changed under it): not an SQLite error.
    case inconsistent
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
  public var sqliteCode: ResultCode? {
    if case .sqlite(let code) = kind { return code }
    return nil
  }

  /// Whether the file cannot be used as a note database at all (not SQLite, not scanbench's, a
  /// schema this binary cannot use, missing, or nowhere to create it): the command line's exit 2,
  /// like any unusable input. Nothing was created or changed.
  public var isUnusableDatabase: Bool {
    switch kind {
    case .notSQLite, .notScanbench, .newerSchema, .unknownSchema, .olderSchema, .missing, .cannotCreateFolder:
      true
    case .sqlite, .invalidStoreLine, .inconsistent:
      false
    }
  }

  public var description: String {
    switch kind {
    case .sqlite(let code):
      var text = "\(path): SQLite error \(code.rawValue): \(message)"
      if let sql { text += " - while executing `\(sql)`" }
      return text
    case .invalidStoreLine(let line):
      return "\(path):\(line): \(message)"
    case .notSQLite, .notScanbench, .newerSchema, .unknownSchema, .olderSchema, .missing, .cannotCreateFolder,
      .inconsistent:
      return "\(path): \(message)"
    }
  }
}
