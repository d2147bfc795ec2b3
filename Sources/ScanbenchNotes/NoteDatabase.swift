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

  /// Opens the database at `path`, creating it (and its folder) on first use.
  ///
  /// - Parameter busyTimeout: how long (seconds) to wait for another process's write lock.
  public init(path: String, busyTimeout: Double = 10) throws {
    self.path = path
    try NoteDatabase.createFolder(for: path)
    let sqlitePath = NoteDatabase.sqlitePath(path)
    let hadWAL = FileManager.default.fileExists(atPath: sqlitePath + "-wal")
    connection = try SQLiteConnection(path: sqlitePath)
    sqlite3_busy_timeout(connection.handle, Int32(max(0, min(busyTimeout * 1000, Double(Int32.max)))))
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
  private func inspect() throws -> State {
    // The first read of the header is where SQLite notices a file that is not a database.
    let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id") ?? 0)
    let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
    let objects = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
    if applicationID == NoteDatabase.applicationID {
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

  /// Notes newest first (by the time they were recognized).
  public func list(_ query: NoteListQuery = NoteListQuery()) throws -> [NoteSummary] {
    var conditions: [String] = []
    if query.since != nil { conditions.append("recognized_unix >= ?1") }
    if query.source != nil { conditions.append("source = ?2") }
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    let statement = try connection.prepare(
      """
      SELECT id, recognized_at, chars, text, source, entry FROM note \(filter)
      ORDER BY recognized_unix DESC, id DESC LIMIT ?3
      """)
    if let since = query.since { try statement.bind(since, at: 1) }
    if let source = query.source { try statement.bind(source, at: 2) }
    try statement.bind(Int64(query.limit.map { max(0, $0) } ?? -1), at: 3)
    var notes: [NoteSummary] = []
    while try statement.step() {
      notes.append(
        NoteSummary(
          id: statement.int64(at: 0) ?? 0, recognizedAt: statement.string(at: 1) ?? "",
          chars: statement.int(at: 2) ?? 0, firstLine: Note.firstLine(of: statement.string(at: 3) ?? ""),
          source: statement.string(at: 4) ?? "", entry: statement.string(at: 5) ?? ""))
    }
    return notes
  }

  static let noteColumns = """
    note.id, note.text, note.recognized_at, note.imported_at, note.run, note.source, note.entry,
    note.sha256, note.page, note.profile, note.lang, note.confidence, note.chars, note.gt_chars,
    note.edits, note.cer, note.metric, engine.identity, note.layout, note.barcodes
    """

  private var engineDecoder: JSONDecoder { JSONDecoder() }

  private func note(from statement: SQLiteStatement, decoder: JSONDecoder) -> Note {
    let engine = statement.string(at: 17).flatMap {
      try? decoder.decode(EngineIdentity.self, from: Data($0.utf8))
    }
    var note = Note(
      id: statement.int64(at: 0) ?? 0, text: statement.string(at: 1) ?? "",
      recognizedAt: statement.string(at: 2) ?? "", importedAt: statement.string(at: 3) ?? "",
      run: statement.string(at: 4) ?? "", source: statement.string(at: 5) ?? "",
      entry: statement.string(at: 6) ?? "", sha256: statement.string(at: 7) ?? "",
      page: statement.int(at: 8), profile: statement.string(at: 9) ?? "",
      lang: statement.string(at: 10) ?? "", confidence: statement.double(at: 11),
      chars: statement.int(at: 12) ?? 0, gtChars: statement.int(at: 13), edits: statement.int(at: 14),
      cer: statement.double(at: 15), metric: statement.string(at: 16), engine: engine)
    if let layout = statement.string(at: 18).flatMap({
      try? decoder.decode(TextLayout.self, from: Data($0.utf8))
    }) {
      note.words = layout.words
      note.lines = layout.lines
    }
    note.barcodes = statement.string(at: 19).flatMap {
      try? decoder.decode([Barcode].self, from: Data($0.utf8))
    }
    return note
  }

  /// One note with everything about it, or `nil` if there is no note with that id.
  public func note(id: Int64) throws -> Note? {
    let statement = try connection.prepare(
      "SELECT \(NoteDatabase.noteColumns) FROM note LEFT JOIN engine ON engine.id = note.engine_id WHERE note.id = ?1"
    )
    try statement.bind(id, at: 1)
    guard try statement.step() else { return nil }
    return note(from: statement, decoder: engineDecoder)
  }

  /// Every note in id order (for export), streamed.
  public func forEachNote(_ body: (Note) throws -> Void) throws {
    let statement = try connection.prepare(
      "SELECT \(NoteDatabase.noteColumns) FROM note LEFT JOIN engine ON engine.id = note.engine_id ORDER BY note.id"
    )
    let decoder = engineDecoder
    while try statement.step() {
      try body(note(from: statement, decoder: decoder))
    }
  }

  // MARK: Writing

  /// Deletes one note (and its full-text entry). Returns `false` if there was no such note.
  @discardableResult
  public func delete(id: Int64) throws -> Bool {
    try connection.transaction {
      let statement = try connection.prepare("DELETE FROM note WHERE id = ?1")
      try statement.bind(id, at: 1)
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
