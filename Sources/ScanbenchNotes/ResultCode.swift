import CSQLite

/// An SQLite result code, as GRDB has it: the extended code SQLite reported (`SQLITE_CONSTRAINT_UNIQUE`,
/// 2067) and its primary code (`SQLITE_CONSTRAINT`, 19) in its low byte.
///
/// A primary code matches every extended code of its family in a `switch`:
/// `case .SQLITE_BUSY:` is true for `SQLITE_BUSY_SNAPSHOT` too; an extended code matches only itself.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The primary code (the low byte of an extended code).
  public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// Whether this is a primary code (not one of the extended codes).
  public var isPrimary: Bool { self == primaryResultCode }

  /// SQLite's own English for the code: `database is locked`.
  public var explanation: String { String(cString: sqlite3_errstr(rawValue)) }

  public var description: String { "\(rawValue) (\(explanation))" }

  /// A primary code matches its extended codes; an extended code matches only itself.
  public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
    pattern.isPrimary ? pattern == code.primaryResultCode : pattern == code
  }

  // The primary codes scanbench meets or tells apart (sqlite3.h).
  public static let SQLITE_OK = ResultCode(rawValue: CSQLite.SQLITE_OK)
  public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
  public static let SQLITE_INTERNAL = ResultCode(rawValue: CSQLite.SQLITE_INTERNAL)
  public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
  public static let SQLITE_ABORT = ResultCode(rawValue: CSQLite.SQLITE_ABORT)
  public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
  public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
  public static let SQLITE_NOMEM = ResultCode(rawValue: CSQLite.SQLITE_NOMEM)
  public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
  public static let SQLITE_INTERRUPT = ResultCode(rawValue: CSQLite.SQLITE_INTERRUPT)
  public static let SQLITE_IOERR = ResultCode(rawValue: CSQLite.SQLITE_IOERR)
  public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
  public static let SQLITE_NOTFOUND = ResultCode(rawValue: CSQLite.SQLITE_NOTFOUND)
  public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
  public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
  public static let SQLITE_PROTOCOL = ResultCode(rawValue: CSQLite.SQLITE_PROTOCOL)
  public static let SQLITE_SCHEMA = ResultCode(rawValue: CSQLite.SQLITE_SCHEMA)
  public static let SQLITE_TOOBIG = ResultCode(rawValue: CSQLite.SQLITE_TOOBIG)
  public static let SQLITE_CONSTRAINT = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT)
  public static let SQLITE_MISMATCH = ResultCode(rawValue: CSQLite.SQLITE_MISMATCH)
  public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
  public static let SQLITE_RANGE = ResultCode(rawValue: CSQLite.SQLITE_RANGE)
  public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
  public static let SQLITE_ROW = ResultCode(rawValue: CSQLite.SQLITE_ROW)
  public static let SQLITE_DONE = ResultCode(rawValue: CSQLite.SQLITE_DONE)

  // Extended codes scanbench names (sqlite3.h defines them as macro expressions, which Swift does
  // not import: the primary code in the low byte, the detail above it).
  public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: CSQLite.SQLITE_BUSY | 2 << 8)
  public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 8 << 8)
  public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: CSQLite.SQLITE_READONLY | 4 << 8)
}
