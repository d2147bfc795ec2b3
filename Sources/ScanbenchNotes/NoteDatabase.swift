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
  /// The grid's facts and counts as of the last change (`NoteDatabase+Facts.swift`).
  var memo = NoteDatabaseMemo()

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
      SQLiteConnection(
        path: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, displayPath: path),
      path: path)
    connection = try SQLiteConnection(
      path: NoteDatabase.sqlitePath(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
      displayPath: path)
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

  /// A page of `list`, and the cursors of the next and previous ones. With `after`, the page starts
  /// past that note through the order's index (keyset paging), so the thousandth page costs what the
  /// first does; with `before`, it is the page that ends just before that note (the newer one).
  ///
  /// A photo is listed once: the list is of the readings each photo shows (`best`), and its filters
  /// and orders are those readings'.
  public func page(_ query: NoteListQuery) throws -> NoteListPage {
    let selection = NoteSelection.summary
    let key = query.order.column
    var conditions = ["note.best = 1"] + query.filter.conditions
    if query.order == .captured { conditions.append("note.captured_at IS NOT NULL") }
    let before = query.before.flatMap { $0.fits(query.order) ? $0 : nil }
    let after = before == nil ? query.after.flatMap { $0.fits(query.order) ? $0 : nil } : nil
    let direction = before == nil ? "DESC" : "ASC"
    let sql =
      after != nil || before != nil
      ? NoteDatabase.pastCursor(
        selection.sql, conditions: conditions, key: key, older: before == nil, limit: ":inner_limit")
        + " LIMIT :limit OFFSET :offset"
      : """
      SELECT \(selection.sql) FROM note WHERE \(conditions.joined(separator: " AND "))
      ORDER BY \(key.qualified) \(direction), note.id \(direction) LIMIT :limit OFFSET :offset
      """
    var page = NoteListPage()
    var cursors: [NoteCursor] = []
    try withStatement(sql) { statement in
      try query.filter.bind(to: statement)
      if let cursor = after ?? before {
        try statement.bind(cursor.value, named: ":after_key")
        try statement.bind(.integer(cursor.id), named: ":after_id")
        let inner = query.limit.map { max(0, $0) + max(0, query.offset) } ?? -1
        try statement.bind(.integer(Int64(inner)), named: ":inner_limit")
      }
      try statement.bind(.integer(Int64(query.limit.map { max(0, $0) } ?? -1)), named: ":limit")
      try statement.bind(.integer(Int64(max(0, query.offset))), named: ":offset")
      let row = NoteRowReader(statement: statement, selection: selection)
      while try statement.step() {
        let note = NoteSummary(row)
        page.notes.append(note)
        if let cursor = NoteDatabase.cursor(row, order: query.order, id: note.id) { cursors.append(cursor) }
      }
    }
    let full = query.limit.map { $0 > 0 && page.notes.count == $0 } ?? false
    if before != nil {
      page.notes.reverse()
      cursors.reverse()
      page.next = cursors.last
      if full { page.previous = cursors.first }
    } else {
      if full { page.next = cursors.last }
      if after != nil || query.offset > 0, let first = cursors.first,
        try hasNewer(than: first, filter: query.filter, order: query.order)
      {
        page.previous = first
      }
    }
    return page
  }

  /// The notes past a cursor (`:after_key`, `:after_id`) in an order by `key`, then id, older
  /// (descending) or newer, at most `limit` of each part: those with the cursor's key and an id
  /// past its, then those with a key past its. Two seeks in the order's index; a row-value
  /// comparison `(key, id) < (…)` would seek on the key alone and walk every note that shares it
  /// (a million notes imported at once share their import time).
  static func pastCursor(
    _ columns: String, conditions: [String], key: NoteColumn, older: Bool, limit: String
  ) -> String {
    let comparison = older ? "<" : ">"
    let direction = older ? "DESC" : "ASC"
    let filter = conditions.map { $0 + " AND " }.joined()
    // The sort key and id follow the columns asked for (whose positions stay as they are).
    let selected = columns + ", \(key.qualified) AS sort_key, note.id AS sort_id"
    return """
      SELECT * FROM (SELECT \(selected) FROM note WHERE \(filter)\(key.qualified) = :after_key
        AND note.id \(comparison) :after_id ORDER BY note.id \(direction) LIMIT \(limit))
      UNION ALL SELECT * FROM (SELECT \(selected) FROM note WHERE \(filter)\(key.qualified) \(comparison) :after_key
        ORDER BY \(key.qualified) \(direction), note.id \(direction) LIMIT \(limit))
      ORDER BY sort_key \(direction), sort_id \(direction)
      """
  }

  /// The cursor of the row just read in `order`.
  private static func cursor(_ row: NoteRowReader, order: NoteOrder, id: Int64) -> NoteCursor? {
    switch order {
    case .recognized: row.double(.recognizedUnix).map { NoteCursor(key: .recognized($0), id: id) }
    case .captured: row.string(.capturedAt).map { NoteCursor(key: .captured($0), id: id) }
    case .taken: row.string(.takenAt).map { NoteCursor(key: .taken($0), id: id) }
    }
  }

  /// Whether a listed note comes before `cursor` in `order` (one seek in the order's index).
  private func hasNewer(than cursor: NoteCursor, filter: NoteFilter, order: NoteOrder) throws -> Bool {
    let key = order.column
    var conditions = ["note.best = 1"] + filter.conditions
    if order == .captured { conditions.append("note.captured_at IS NOT NULL") }
    let sql =
      "SELECT EXISTS (\(NoteDatabase.pastCursor("note.id", conditions: conditions, key: key, older: false, limit: "1")))"
    return try withStatement(sql) { statement in
      try filter.bind(to: statement)
      try statement.bind(cursor.value, named: ":after_key")
      try statement.bind(.integer(cursor.id), named: ":after_id")
      return try statement.step() && statement.int(at: 0) == 1
    }
  }

  /// How many photos the list would show with `filter`, counting at most `limit` (a count is a walk
  /// over the index: `limit` bounds what a page pays for it).
  public func photoCount(_ filter: NoteFilter = NoteFilter(), order: NoteOrder = .taken, limit: Int) throws
    -> Int
  {
    var conditions = ["note.best = 1"] + filter.conditions
    // The order by capture date lists only the photos that have one.
    if order == .captured { conditions.append("note.captured_at IS NOT NULL") }
    let sql =
      "SELECT count(*) FROM (SELECT 1 FROM note WHERE \(conditions.joined(separator: " AND ")) LIMIT :limit)"
    return try withStatement(sql) { statement in
      try filter.bind(to: statement)
      try statement.bind(.integer(Int64(max(0, limit))), named: ":limit")
      guard try statement.step() else { return 0 }
      return statement.int(at: 0) ?? 0
    }
  }

  /// The months (`2019-07`) in which the listed photos were taken (or imported, without a capture
  /// date), newest first, at most `limit`: one seek each in the index of `taken_at`.
  public func takenMonths(limit: Int = 600) throws -> [String] {
    let statement = try connection.prepare(
      "SELECT max(taken_at) FROM note WHERE best = 1 AND taken_at < :below")
    var months: [String] = []
    var below = "9999"
    while months.count < limit {
      try statement.bind(.text(below), named: ":below")
      defer { statement.reset() }
      guard try statement.step(), let date = statement.string(at: 0), date.utf8.count >= 7 else { break }
      let month = String(date.prefix(7))
      months.append(month)
      below = month
    }
    return months
  }

  /// The photos before and after a note's in the grid's order (taken, newest first): its newer and
  /// older neighbours' ids, each the reading the photo shows.
  public func neighbours(of note: Note) throws -> (newer: Int64?, older: Int64?) {
    let shown = try readings(sha256: note.sha256, page: note.page).first { $0.isBest }
    let id = shown?.id ?? note.id
    let lookup = try connection.prepare("SELECT taken_at FROM note WHERE id = :id")
    try lookup.bind(.integer(id), named: ":id")
    guard try lookup.step(), let takenAt = lookup.string(at: 0) else { return (nil, nil) }
    lookup.reset()
    func neighbour(older: Bool) throws -> Int64? {
      let statement = try connection.prepare(
        NoteDatabase.pastCursor(
          "note.id, note.taken_at", conditions: ["note.best = 1"], key: .takenAt, older: older, limit: "1")
          + " LIMIT 1")
      try statement.bind(.text(takenAt), named: ":after_key")
      try statement.bind(.integer(id), named: ":after_id")
      return try statement.step() ? statement.int64(at: 0) : nil
    }
    return (try neighbour(older: false), try neighbour(older: true))
  }

  /// Every reading of the photo (`sha256`, `page`), the one it shows first, then the rest by
  /// `bestReadingOrder`.
  public func readings(sha256: String, page: Int?) throws -> [NoteReading] {
    let statement = try connection.prepare(
      """
      SELECT note.id, profile, lang, run, recognized_at, engine.identity, chars, cer, best
      FROM note LEFT JOIN engine ON engine.id = note.engine_id
      WHERE sha256 = :sha256 AND ifnull(page, -1) = :page
      ORDER BY best IS NULL, \(NoteDatabase.bestReadingOrder.replacingOccurrences(of: "id DESC", with: "note.id DESC"))
      """)
    try statement.bind(.text(sha256), named: ":sha256")
    try statement.bind(.integer(Int64(page ?? -1)), named: ":page")
    let decoder = JSONDecoder()
    var readings: [NoteReading] = []
    while try statement.step() {
      let engine = statement.string(at: 5).flatMap {
        try? decoder.decode(EngineIdentity.self, from: Data($0.utf8))
      }
      readings.append(
        NoteReading(
          id: statement.int64(at: 0) ?? 0, profile: statement.string(at: 1) ?? "",
          lang: statement.string(at: 2) ?? "", run: statement.string(at: 3) ?? "",
          recognizedAt: statement.string(at: 4) ?? "", engine: engine?.label,
          chars: statement.int(at: 6) ?? 0,
          cer: statement.double(at: 7), isBest: statement.int(at: 8) == 1))
    }
    return readings
  }

  /// What a run is to a reader: the profile, engine and time of its first reading (one seek in the
  /// run's index), or `nil` for a run with no notes.
  public func runDescription(_ run: String) throws -> RunDescription? {
    let statement = try connection.prepare(
      """
      SELECT profile, engine.identity, recognized_at FROM note LEFT JOIN engine ON engine.id = note.engine_id
      WHERE run = :run ORDER BY recognized_unix LIMIT 1
      """)
    try statement.bind(.text(run), named: ":run")
    guard try statement.step() else { return nil }
    let engine = statement.string(at: 1).flatMap {
      try? JSONDecoder().decode(EngineIdentity.self, from: Data($0.utf8))
    }
    return RunDescription(
      run: run, profile: statement.string(at: 0) ?? "", engine: engine?.label,
      startedAt: statement.string(at: 2) ?? "")
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
    var note = Note(NoteRowReader(statement: statement, selection: selection), decoder: JSONDecoder())
    statement.reset()
    note.readings = try readings(sha256: note.sha256, page: note.page)
    return note
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

  /// Deletes one reading (and its full-text entry); its photo then shows its best other reading,
  /// if it has one. Returns `false` if there was no such reading.
  @discardableResult
  public func delete(id: Int64) throws -> Bool {
    try connection.transaction {
      let key = try connection.prepare("SELECT sha256, ifnull(page, -1) FROM note WHERE id = :id")
      try key.bind(.integer(id), named: ":id")
      guard try key.step(), let sha256 = key.string(at: 0), let page = key.int64(at: 1) else { return false }
      key.reset()
      let statement = try connection.prepare("DELETE FROM note WHERE id = :id")
      try statement.bind(.integer(id), named: ":id")
      try statement.step()
      let deleted = connection.changes > 0
      let choose = try connection.prepare(NoteDatabase.chooseBestReading)
      try choose.bind(sha256, at: 1)
      try choose.bind(page, at: 2)
      try choose.step()
      return deleted
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
