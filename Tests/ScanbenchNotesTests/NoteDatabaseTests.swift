import CSQLite
import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  @Suite struct NoteDatabaseTests {
    @Test func aNewDatabaseIsCreatedWithItsFolderMarkedAndInWALMode() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("deep/er/notes.sqlite")
      let database = try NoteDatabase(path: path)
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(try database.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      #expect(try database.connection.integer("PRAGMA application_id") == Int64(NoteDatabase.applicationID))
      #expect(try database.connection.text("PRAGMA journal_mode") == "wal")
      #expect(try database.count() == 0)
      // Opening again is not a migration.
      #expect(try NoteDatabase(path: path).count() == 0)
    }

    @Test func theDefaultPathFollowsXDG() {
      #expect(
        NoteDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
          == "/data/scanbench/notes.sqlite")
      #expect(
        NoteDatabase.defaultPath(environment: ["HOME": "/home/u"])
          == "/home/u/.local/share/scanbench/notes.sqlite")
      // A relative XDG_DATA_HOME is invalid and ignored, as the spec says.
      #expect(
        NoteDatabase.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"])
          == "/home/u/.local/share/scanbench/notes.sqlite")
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      try Data("these are my notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
      let before = try folder.snapshot()
      let error = try #require(throws: NoteDatabaseError.self) { try NoteDatabase(path: path) }
      #expect(error.kind == .notSQLite)
      #expect(error.description.hasPrefix(path + ": not an SQLite database"))
      #expect(try folder.snapshot() == before)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("other.sqlite")
      do {
        let other = try SQLiteConnection(path: path)
        try other.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
      }
      let before = try folder.snapshot()
      let error = try #require(throws: NoteDatabaseError.self) { try NoteDatabase(path: path) }
      #expect(error.kind == .notScanbench)
      #expect(error.description.contains(path))
      #expect(error.description.contains("no scanbench marker"))
      #expect(try folder.snapshot() == before)

      do {
        let marked = try SQLiteConnection(path: folder.path("marked.sqlite"))
        try marked.execute("PRAGMA application_id = 42")
      }
      let markedError = try #require(throws: NoteDatabaseError.self) {
        try NoteDatabase(path: folder.path("marked.sqlite"))
      }
      #expect(markedError.kind == .notScanbench)
      #expect(markedError.message.contains("0x0000002A"))
    }

    @Test func aNewerSchemaIsRefusedAndLeftUnchanged() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        let database = try NoteDatabase(path: path)
        try NoteImporter(database: database).importRecords([Fixture.record("a", text: "from the future")])
        try database.connection.execute("PRAGMA user_version = 99")
      }
      let before = try folder.snapshot()
      #expect(before.keys.sorted() == ["notes.sqlite"])
      let error = try #require(throws: NoteDatabaseError.self) { try NoteDatabase(path: path) }
      #expect(error.kind == .newerSchema(found: 99, supported: NoteDatabase.schemaVersion))
      #expect(error.description.hasPrefix(path + ": the note database has schema version 99"))
      #expect(try folder.snapshot() == before)
    }

    @Test func aNewerSchemaWithChangesStillInItsWALIsNotCheckpointed() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        let database = try NoteDatabase(path: path)
        try database.connection.execute("PRAGMA user_version = 99")
        // The newer scanbench was killed: its last transaction is only in the WAL.
        _ = scanbench_sqlite_no_checkpoint_on_close(database.connection.handle, 1)
      }
      let before = try folder.snapshot()
      #expect(before["notes.sqlite-wal"]?.isEmpty == false)
      let error = try #require(throws: NoteDatabaseError.self) { try NoteDatabase(path: path) }
      #expect(error.kind == .newerSchema(found: 99, supported: NoteDatabase.schemaVersion))
      let after = try folder.snapshot()
      #expect(after["notes.sqlite"] == before["notes.sqlite"])
      #expect(after["notes.sqlite-wal"] == before["notes.sqlite-wal"])
    }

    @Test func anOlderSchemaIsMigratedForward() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        // A file marked as ours at version 0 (as an interrupted first open would leave it).
        let raw = try SQLiteConnection(path: path)
        try raw.execute("PRAGMA application_id = \(NoteDatabase.applicationID)")
      }
      let database = try NoteDatabase(path: path)
      #expect(try database.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      try NoteImporter(database: database).importRecords([Fixture.record("a", text: "works")])
      #expect(try database.count() == 1)
    }

    @Test func aSecondWriterWaitsForTheFirst() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      try NoteImporter(database: try NoteDatabase(path: path)).importRecords([
        Fixture.record("a", text: "one")
      ])
      let locked = DispatchSemaphore(value: 0)
      let holder = Thread {
        do {
          let first = try SQLiteConnection(path: path)
          try first.execute("BEGIN IMMEDIATE; DELETE FROM note;")
          locked.signal()
          Thread.sleep(forTimeInterval: 0.3)
          try first.execute("ROLLBACK")
        } catch {
          locked.signal()
        }
      }
      holder.start()
      locked.wait()
      let started = Date()
      let second = try NoteDatabase(path: path, busyTimeout: 5)
      try NoteImporter(database: second).importRecords([Fixture.record("b", text: "two")])
      #expect(Date().timeIntervalSince(started) >= 0.2)
      #expect(try second.count() == 2)

      // With no patience, the same situation is an error that says what was busy.
      let impatient = try NoteDatabase(path: path, busyTimeout: 0)
      let relocked = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread {
        do {
          let first = try SQLiteConnection(path: path)
          try first.execute("BEGIN IMMEDIATE")
          relocked.signal()
          done.wait()
          try first.execute("ROLLBACK")
        } catch {
          relocked.signal()
        }
      }.start()
      relocked.wait()
      let error = try #require(throws: NoteDatabaseError.self) { try impatient.delete(id: 1) }
      done.signal()
      #expect(error.sqliteCode?.primaryResultCode == .SQLITE_BUSY)
      #expect(error.description.contains("database is locked"))
    }

    @Test func listShowsNewestFirstAndFilters() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords([
        Fixture.record("a", text: "\n  first line of a  \nsecond", time: "2024-01-01T00:00:00Z"),
        Fixture.record("b", text: "bee", time: "2024-03-01T00:00:00Z", source: "other.zip"),
        Fixture.record("c", text: "sea", time: "2024-02-01T08:00:00+09:00"),
      ])
      let all = try database.list(NoteListQuery(limit: nil))
      #expect(all.map(\.entry) == ["images/b.png", "images/c.png", "images/a.png"])
      #expect(all.last?.firstLine == "first line of a")
      #expect(all.last?.chars == "\n  first line of a  \nsecond".count)
      #expect(try database.list(NoteListQuery(limit: 1)).map(\.entry) == ["images/b.png"])
      let since = try #require(Timestamp.parse("2024-02-01"))
      #expect(
        try database.list(NoteListQuery(limit: nil, filter: NoteFilter(since: since))).map(\.entry) == [
          "images/b.png"
        ])
      #expect(
        try database.list(NoteListQuery(limit: nil, filter: NoteFilter(source: "receipts.zip"))).map(\.entry)
          == ["images/c.png", "images/a.png"])
    }

    @Test func showGivesEverythingAndDeleteRemovesTheNoteAndItsIndexEntry() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let record = Fixture.record("gt-letter", text: "Dear customer,\nyour parcel is on its way.", page: 2)
      try NoteImporter(database: database).importRecords([record])
      let id = try #require(try database.list().first?.id)
      let note = try #require(try database.note(id: id))
      #expect(note.text == record.text)
      #expect(note.recognizedAt == record.time)
      #expect(Timestamp.parse(note.importedAt) != nil)
      #expect(note.sha256 == record.sha256)
      #expect(note.page == 2)
      #expect(note.profile == "accurate")
      #expect(note.lang == "eng")
      #expect(note.confidence == 91.5)
      #expect(note.chars == record.text?.count)
      #expect(note.cer == record.cer)
      #expect(note.metric == "cer/nfc/grapheme")
      #expect(note.engine == Fixture.engine)
      #expect(note.resultRecord.engine == Fixture.engine)

      #expect(try database.note(id: id + 100) == nil)
      #expect(try database.delete(id: id))
      #expect(try database.delete(id: id) == false)
      #expect(try database.note(id: id) == nil)
      #expect(try database.search("parcel").isEmpty)
      try database.checkFullTextIndex()
      #expect(
        try database.connection.integer("SELECT count(*) FROM note_words WHERE note_words MATCH 'parcel'")
          == 0)
    }

    @Test func noteEncodesWithTheStoresFieldNames() throws {
      let note = Note(
        id: 7, text: "hi", recognizedAt: "2024-05-01T10:00:00Z", importedAt: "2024-05-02T00:00:00Z",
        run: "r", source: "s.zip", entry: "e.png", sha256: "ab", page: nil, profile: "fast", lang: "eng",
        confidence: 90, chars: 2, gtChars: 2, edits: 0, cer: 0, metric: "m", engine: nil)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let json = String(decoding: try encoder.encode(note), as: UTF8.self)
      #expect(json.contains("\"recognized_at\":\"2024-05-01T10:00:00Z\""))
      #expect(json.contains("\"gt_chars\":2"))
      #expect(try JSONDecoder().decode(Note.self, from: Data(json.utf8)) == note)
    }
  }
}
