import CSQLite
import Foundation
import ScanbenchSeam
import ScanbenchStore

/// The local note database: one SQLite file of recognized texts, browsed and searched.
///
/// Opening checks the file before writing anything: a file that is not SQLite, an SQLite database
/// that scanbench did not create (no `application_id` marker), or one from a newer scanbench is
/// refused and left byte-for-byte unchanged. A new or older scanbench database is created or
/// migrated forward in one transaction. The file is in WAL mode (readers never wait for the
/// importer) with a busy timeout, so a second writer waits instead of failing.
///
/// One connection; not thread-safe.
public final class NoteDatabase {
  /// The database file.
  public let path: String
  let connection: SQLiteConnection
  /// What ranking keeps between searches (`SearchStatistics`).
  let statistics: SearchStatistics

  /// Opens the database at `path`, creating it (and its folder) on first use.
  ///
  /// - Parameter busyTimeout: how long (seconds) to wait for another process's write lock.
  public init(path: String, busyTimeout: Double = 10) throws {
    self.path = path
    statistics = SearchStatistics()
    try NoteDatabase.createFolder(for: path)
    let sqlitePath = NoteDatabase.sqlitePath(path)
    let hadWAL = FileManager.default.fileExists(atPath: sqlitePath + "-wal")
    connection = try SQLiteConnection(path: sqlitePath)
    sqlite3_busy_timeout(
      connection.handle, Int32(saturating: max(0, min(busyTimeout * 1000, Double(Int32.max)))))
    // Until the file is known to be ours, closing must not checkpoint someone else's WAL into it.
    try connection.check(scanbench_sqlite_no_checkpoint_on_close(connection.handle, 1))
    do {
      try openOrMigrate()
    } catch {
      // A WAL that only our reading created is empty: let the close remove it (and its -shm).
      if !hadWAL { _ = scanbench_sqlite_no_checkpoint_on_close(connection.handle, 0) }
      throw error
    }
    try connection.check(scanbench_sqlite_no_checkpoint_on_close(connection.handle, 0))
    // A bulk import killed before its end leaves its notes without these indexes.
    try restoreNoteIndexes()
    try connection.execute(
      """
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
      PRAGMA temp_store = MEMORY;
      PRAGMA journal_size_limit = 67108864;
      """)
    try FTS5Ranking.register(on: connection)
  }

  /// Opens an existing database for reading only (`notes serve`): it is never created, migrated or
  /// written, and is refused as `init(path:)` refuses it, and also when it is of an older schema
  /// (which only a writing open migrates) or lacks the indexes an interrupted import left to build.
  ///
  /// - Parameter statistics: kept between searches; connections to the same file may share one.
  public init(
    readOnlyPath path: String, busyTimeout: Double = 10, statistics: SearchStatistics = SearchStatistics()
  ) throws {
    self.path = path
    self.statistics = statistics
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw NoteDatabaseError(kind: .missing, path: path, message: "no such note database")
    }
    // First a look at the file alone (`immutable`: no lock, no -wal or -shm made beside it), so that
    // a file that is refused leaves nothing behind; then the real read-only connection, which
    // looks again (another process may have changed it in its WAL meanwhile).
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))
    let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    try NoteDatabase.inspectReadOnly(
      SQLiteConnection(path: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX),
      path: path)
    connection = try SQLiteConnection(
      path: NoteDatabase.sqlitePath(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
    sqlite3_busy_timeout(
      connection.handle, Int32(saturating: max(0, min(busyTimeout * 1000, Double(Int32.max)))))
    try NoteDatabase.inspectReadOnly(connection, path: path)
    try connection.execute("PRAGMA temp_store = MEMORY")
    try FTS5Ranking.register(on: connection)
  }

  /// The checks of a read-only open on `connection`.
  private static func inspectReadOnly(_ connection: SQLiteConnection, path: String) throws {
    switch try inspect(connection, path: path) {
    case .empty:
      throw NoteDatabaseError(
        kind: .notScanbench, path: path, message: "an empty database, not a scanbench note database yet")
    case .scanbench(let version) where version < NoteDatabase.schemaVersion:
      throw NoteDatabaseError(
        kind: .olderSchema(found: version, supported: NoteDatabase.schemaVersion), path: path,
        message:
          "the note database has schema version \(version), older than this scanbench's "
          + "\(NoteDatabase.schemaVersion), and is opened read-only here: 'scanbench notes list --db "
          + "\(path)' migrates it first")
    case .scanbench:
      guard try hasNoteIndexes(connection) else {
        throw NoteDatabaseError(
          kind: .olderSchema(found: NoteDatabase.schemaVersion, supported: NoteDatabase.schemaVersion),
          path: path,
          message:
            "an import into this database was interrupted before it built its indexes, and it is opened "
            + "read-only here: 'scanbench notes list --db \(path)' builds them first")
      }
    }
  }

  /// Where the database lives unless `--db` says otherwise: `$XDG_DATA_HOME/scanbench/notes.sqlite`,
  /// else `~/.local/share/scanbench/notes.sqlite`.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    // The XDG spec says to ignore a relative XDG_DATA_HOME.
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome).appendingPathComponent("scanbench/notes.sqlite").path
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/scanbench/notes.sqlite").path
  }

  /// The SQLite library in use, e.g. `3.40.1`.
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  // MARK: Opening

  /// SQLite would read `file:…` as a URI and `:memory:` as no file at all; we always mean a file.
  static func sqlitePath(_ path: String) -> String {
    if path.hasPrefix("file:") || path.hasPrefix(":") { return "./" + path }
    return path
  }

  private static func createFolder(for path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw NoteDatabaseError(
          kind: .cannotCreateFolder, path: path, message: "\(folder.path) is not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw NoteDatabaseError(
        kind: .cannotCreateFolder, path: path,
        message: "cannot create the folder \(folder.path): \(error.localizedDescription)")
    }
  }

  private enum State {
    case empty
    case scanbench(version: Int)
  }

  /// Reads the header and the schema (never writes) and says what this file is, or throws.
  private func inspect() throws -> State { try NoteDatabase.inspect(connection, path: path) }

  private static func inspect(_ connection: SQLiteConnection, path: String) throws -> State {
    // The first read of the header is where SQLite notices a file that is not a database.
    let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id") ?? 0)
    let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
    let objects = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
    if applicationID == NoteDatabase.applicationID {
      // user_version is any 32-bit integer: one that no scanbench writes is not a schema to migrate
      // from (a migration table indexed by it) nor a newer scanbench's.
      guard NoteDatabase.plausibleSchemaVersions.contains(version) else {
        throw NoteDatabaseError(
          kind: .unknownSchema(found: version), path: path,
          message:
            "the note database has schema version \(version), which no scanbench writes (the file was "
            + "damaged or changed by another program); it was left unchanged")
      }
      guard version <= NoteDatabase.schemaVersion else {
        throw NoteDatabaseError(
          kind: .newerSchema(found: version, supported: NoteDatabase.schemaVersion), path: path,
          message:
            "the note database has schema version \(version), but this scanbench knows versions up to "
            + "\(NoteDatabase.schemaVersion); use a newer scanbench (the file was left unchanged)")
      }
      return .scanbench(version: version)
    }
    if applicationID == 0, version == 0, objects == 0 { return .empty }
    let marker =
      applicationID == 0
      ? "it has \(objects) schema objects and no scanbench marker"
      : String(
        format: "its application_id is 0x%08X, not scanbench's 0x%08X", applicationID,
        NoteDatabase.applicationID)
    throw NoteDatabaseError(
      kind: .notScanbench, path: path,
      message: "not a scanbench note database (\(marker)); it was left unchanged")
  }

  private func openOrMigrate() throws {
    if case .scanbench(let version) = try inspect(), version == NoteDatabase.schemaVersion {
      try setWAL()
      return
    }
    // New or older: WAL first (it cannot change inside a transaction), then look again under the
    // write lock, since another process may have created or migrated the file meanwhile.
    try setWAL()
    try connection.transaction {
      let from: Int
      switch try inspect() {
      case .empty:
        try connection.execute("PRAGMA application_id = \(NoteDatabase.applicationID)")
        from = 0
      case .scanbench(let version):
        from = version
      }
      for version in from..<NoteDatabase.schemaVersion {
        try connection.execute(NoteDatabase.migrations[version])
        try NoteDatabase.afterMigration(to: version + 1, connection: connection)
        try connection.execute("PRAGMA user_version = \(version + 1)")
      }
    }
  }

  private func setWAL() throws {
    _ = try connection.text("PRAGMA journal_mode = WAL")
  }

  // MARK: Reading

  /// How many notes there are.
  public func count() throws -> Int {
    Int(try connection.integer("SELECT count(*) FROM note") ?? 0)
  }

  /// The schema version of the open file (`PRAGMA user_version`).
  public func schemaVersionOnDisk() throws -> Int {
    Int(try connection.integer("PRAGMA user_version") ?? 0)
  }

  /// Notes newest first (by when they were recognized, or when the photos were taken).
  public func list(_ query: NoteListQuery = NoteListQuery()) throws -> [NoteSummary] {
    try page(query).notes
  }

  /// A page of `list`, and the cursor of the next one. With `after`, the page starts past that
  /// note through the order's index (keyset paging), so the thousandth page costs what the first
  /// does.
  public func page(_ query: NoteListQuery) throws -> NoteListPage {
    let selection = NoteSelection.summary
    let key = query.order.column
    var conditions = query.filter.conditions
    if query.order == .captured { conditions.append("note.captured_at IS NOT NULL") }
    let after = query.after.flatMap { $0.fits(query.order) ? $0 : nil }
    if after != nil { conditions.append("(\(key.qualified), note.id) < (:after_key, :after_id)") }
    let statement = try connection.prepare(
      """
      SELECT \(selection.sql) FROM note \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
      ORDER BY \(key.qualified) DESC, note.id DESC LIMIT :limit OFFSET :offset
      """)
    try query.filter.bind(to: statement)
    if let after {
      try statement.bind(after.value, named: ":after_key")
      try statement.bind(.integer(after.id), named: ":after_id")
    }
    try statement.bind(.integer(Int64(query.limit.map { max(0, $0) } ?? -1)), named: ":limit")
    try statement.bind(.integer(Int64(max(0, query.offset))), named: ":offset")
    var page = NoteListPage()
    var last: NoteCursor?
    let row = NoteRowReader(statement: statement, selection: selection)
    while try statement.step() {
      let note = NoteSummary(row)
      page.notes.append(note)
      switch query.order {
      case .recognized:
        last = row.double(.recognizedUnix).map { NoteCursor(key: .recognized($0), id: note.id) }
      case .captured: last = note.capturedAt.map { NoteCursor(key: .captured($0), id: note.id) }
      }
    }
    if let limit = query.limit, limit > 0, page.notes.count == limit { page.next = last }
    return page
  }

  /// The distinct values of a column the list filters on (`source`, `run`, `lang`), sorted, at most
  /// `limit` (an empty value is not listed): each found by one seek in the column's index, not a
  /// scan of the notes.
  public func distinctValues(of facet: NoteFacet, limit: Int = 200) throws -> [String] {
    let column = facet.column.rawValue
    let statement = try connection.prepare(
      "SELECT min(\(column)) FROM note WHERE \(column) > :after")
    var values: [String] = []
    var after = ""
    while values.count < limit {
      try statement.bind(.text(after), named: ":after")
      defer { statement.reset() }
      guard try statement.step(), let value = statement.string(at: 0) else { break }
      values.append(value)
      after = value
    }
    return values
  }

  /// The years in which the photos of the database were taken, newest first: one seek each in the
  /// capture date's index.
  public func captureYears(limit: Int = 300) throws -> [Int] {
    let statement = try connection.prepare(
      "SELECT max(captured_at) FROM note WHERE captured_at IS NOT NULL AND captured_at < :below")
    var years: [Int] = []
    var below = "9999"
    while years.count < limit {
      try statement.bind(.text(below), named: ":below")
      defer { statement.reset() }
      guard try statement.step(), let date = statement.string(at: 0), let year = Int(date.prefix(4)) else {
        break
      }
      years.append(year)
      below = String(format: "%04d", year)
    }
    return years
  }

  /// One note with everything about it, or `nil` if there is no note with that id.
  public func note(id: Int64) throws -> Note? {
    let selection = NoteSelection.note
    let statement = try connection.prepare(
      "SELECT \(selection.sql) \(selection.from) WHERE note.id = :id")
    try statement.bind(.integer(id), named: ":id")
    guard try statement.step() else { return nil }
    return Note(NoteRowReader(statement: statement, selection: selection), decoder: JSONDecoder())
  }

  /// Every note in id order (for export), streamed.
  public func forEachNote(_ body: (Note) throws -> Void) throws {
    let selection = NoteSelection.note
    let statement = try connection.prepare("SELECT \(selection.sql) \(selection.from) ORDER BY note.id")
    let decoder = JSONDecoder()
    let row = NoteRowReader(statement: statement, selection: selection)
    while try statement.step() {
      try body(Note(row, decoder: decoder))
    }
  }

  // MARK: Writing

  /// Deletes one note (and its full-text entry). Returns `false` if there was no such note.
  @discardableResult
  public func delete(id: Int64) throws -> Bool {
    try connection.transaction {
      let statement = try connection.prepare("DELETE FROM note WHERE id = :id")
      try statement.bind(.integer(id), named: ":id")
      try statement.step()
      return connection.changes > 0
    }
  }

  // MARK: Size

  /// Bytes used by the main file's pages (not counting the WAL), and by the full-text index.
  public func sizes() throws -> (total: Int64, fullTextIndex: Int64?) {
    let pages = try connection.integer("PRAGMA page_count") ?? 0
    let pageSize = try connection.integer("PRAGMA page_size") ?? 0
    // dbstat is optional in SQLite builds; without it the index size is unknown.
    let index = try? connection.integer(
      "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'note_words%' OR name LIKE 'note_cjk%'")
    return (pages * pageSize, index)
  }

  /// Moves the WAL into the main file (after a large import).
  public func checkpoint() throws {
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}

@available(*, unavailable)
extension NoteDatabase: Sendable {}
