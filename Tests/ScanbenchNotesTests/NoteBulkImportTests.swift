import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// An import into an empty database builds the indexes on `note` once, at its end; the
  /// guarantees of an ordinary import hold all the same.
  @Suite struct NoteBulkImportTests {
    func indexNames(_ database: NoteDatabase) throws -> Set<String> {
      let statement = try database.connection.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'note' AND sql IS NOT NULL")
      var names: Set<String> = []
      while try statement.step() { names.insert(statement.string(at: 0) ?? "") }
      return names
    }

    @Test func aBulkLoadCountsRepeatedKeysAsAnOrdinaryImportDoes() throws {
      let folder = try TemporaryFolder()
      // The same images several times in one store (a resumed run, a merge): later ones replace,
      // older or equal ones are unchanged, across batches and within one.
      var records: [ResultRecord] = []
      for index in 0..<40 {
        records.append(Fixture.record("n\(index)", text: "note \(index) first", time: "2024-05-01T10:00:00Z"))
      }
      records.append(Fixture.record("n3", text: "note 3 second", time: "2024-05-02T10:00:00Z"))
      records.append(Fixture.record("n39", text: "note 39 second", time: "2024-05-02T10:00:00Z"))
      records.append(Fixture.record("n5", text: "older", time: "2024-04-01T10:00:00Z"))
      records.append(Fixture.record("n7", text: "note 7 first", time: "2024-05-01T10:00:00Z"))
      records.append(Fixture.record("n7", text: "page two", page: 2))
      records.append(Fixture.record("n40", text: "new then replaced", time: "2024-05-01T10:00:00Z"))
      records.append(Fixture.record("n40", text: "replaced in its batch", time: "2024-05-03T10:00:00Z"))

      let bulkFolder = try TemporaryFolder()
      let bulk = try NoteDatabase(path: bulkFolder.path("notes.sqlite"))
      let bulkCounts = try NoteImporter(database: bulk, options: ImportOptions(batchSize: 7))
        .importRecords(records)

      // The reference: the same records into a database that is not empty (no bulk load).
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords([Fixture.record("zz", text: "placeholder")])
      let counts = try NoteImporter(database: database, options: ImportOptions(batchSize: 7))
        .importRecords(records)
      #expect(try database.delete(id: 1))

      #expect(bulkCounts == ImportCounts(imported: 42, replaced: 3, unchanged: 2))
      #expect(bulkCounts == counts)
      #expect(try Fixture.comparable(bulk) == Fixture.comparable(database))
      #expect(try indexNames(bulk) == Set(NoteDatabase.noteIndexNames))
      try bulk.checkFullTextIndex()
      #expect(try bulk.search("replaced").map(\.entry) == ["images/n40.png"])
      #expect(try bulk.search("second").count == 2)
      #expect(try bulk.connection.text("PRAGMA integrity_check") == "ok")
    }

    @Test func aBulkLoadKilledBetweenBatchesGetsItsIndexesBack() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      let importer = try NoteImporter(
        database: try NoteDatabase(path: path), options: ImportOptions(batchSize: 4))
      var written = 0
      importer.afterRecordHook = { _ in
        written += 1
        if written == 10 { throw InjectedFailure() }
      }
      let records = (0..<12).map { Fixture.record("n\($0)", text: "note \($0)") }
      #expect(throws: InjectedFailure.self) { try importer.importRecords(records) }
      let database = try NoteDatabase(path: path)
      #expect(try database.count() == 8)
      #expect(try indexNames(database) == Set(NoteDatabase.noteIndexNames))
      try database.checkFullTextIndex()

      // As a kill would leave it: the notes of the committed batches, no indexes on `note`.
      try database.connection.execute(
        NoteDatabase.noteIndexNames.map { "DROP INDEX \($0);" }.joined())
      let reopened = try NoteDatabase(path: path)
      #expect(try indexNames(reopened) == Set(NoteDatabase.noteIndexNames))
      let counts = try NoteImporter(database: reopened).importRecords(records)
      #expect(counts == ImportCounts(imported: 4, unchanged: 8))
      #expect(try reopened.connection.text("PRAGMA integrity_check") == "ok")
    }

    @Test func anotherWriterBetweenBatchesEndsTheBulkLoad() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      let lines =
        try (0..<6).map { try Fixture.line(Fixture.record("n\($0)", text: "note \($0)")) }
        + [try Fixture.line(Fixture.record("other", text: "newest", time: "2030-01-01T00:00:00Z"))]
      let store = try Fixture.writeStore(lines, to: folder.path("results.jsonl"))
      let importer = try NoteImporter(
        database: try NoteDatabase(path: path), options: ImportOptions(batchSize: 2, progressInterval: 2))
      var interleaved = false
      let counts = try importer.importStore(
        at: store,
        progress: { lines in
          // Between the first two batches (progress comes after the batch's commit).
          guard lines == 2, !interleaved else { return }
          interleaved = true
          do {
            let other = try NoteImporter(database: try NoteDatabase(path: path))
            #expect(try other.importRecords([Fixture.record("other", text: "theirs")]).imported == 1)
          } catch {
            Issue.record(error)
          }
        })
      #expect(interleaved)
      #expect(counts == ImportCounts(imported: 6, replaced: 1))
      let database = try NoteDatabase(path: path)
      #expect(try database.count() == 7)
      #expect(try database.search("newest").count == 1)
      #expect(try database.search("theirs").isEmpty)
      #expect(try indexNames(database) == Set(NoteDatabase.noteIndexNames))
      try database.checkFullTextIndex()
    }

    @Test func aVersion2DatabaseIsMigratedForward() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        let raw = try SQLiteConnection(path: path)
        try raw.execute("PRAGMA journal_mode = WAL")
        try raw.execute("PRAGMA application_id = \(NoteDatabase.applicationID)")
        try raw.execute(NoteDatabase.migrations[0])
        try raw.execute(NoteDatabase.migrations[1])
        try raw.execute("PRAGMA user_version = 2")
        // Notes as the schema 2 importer wrote them.
        for (id, text, cjk) in [(1, "The harbor at dawn", "NULL"), (2, "東京都の天気予報", "'東京都の天気予報'")] {
          try raw.execute(
            """
            INSERT INTO note (id, text, recognized_at, recognized_unix, imported_at, run, source, entry,
              sha256, profile, lang, chars, cjk_text)
            VALUES (\(id), '\(text)', '2024-05-01T10:00:0\(id)Z', \(1_714_557_600 + id), '', 'r', 's.zip',
              'images/\(id).png', 'sha\(id)', 'accurate', 'eng', \(text.count), \(cjk));
            INSERT INTO note_words (rowid, text) VALUES (\(id), '\(text)');
            """)
        }
        try raw.execute("INSERT INTO note_cjk (rowid, text) VALUES (2, '東京都の天気予報')")
      }
      let database = try NoteDatabase(path: path)
      #expect(try database.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      for table in ["note_words", "note_cjk"] {
        #expect(
          try database.connection.integer("SELECT v FROM \(table)_config WHERE k = 'hashsize'") == 67_108_864)
      }
      try NoteImporter(database: database).importRecords([
        Fixture.record("a", text: "harbor 東京都の天気"), Fixture.record("b", text: "parcel"),
      ])
      try database.checkFullTextIndex()
      #expect(try database.search("harbor").count == 2)
      #expect(try database.search("東京都").count == 2)
      #expect(try database.search("天気予報").map(\.entry) == ["images/2.png"])
    }
  }
}
