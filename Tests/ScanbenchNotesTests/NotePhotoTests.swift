import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// Schema 6: a photo is one note, each recognition of it a reading; the list and the search show
  /// a photo once; the best reading by its rule; the photo queries through their indexes.
  @Suite struct NotePhotoTests {
    /// Two runs (accurate and fast) over the same three photos: six readings, three photos.
    static func twoProfiles() throws -> (TemporaryFolder, NoteDatabase) {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      var records: [ResultRecord] = []
      for (index, name) in ["receipt-a", "receipt-b", "receipt-c"].enumerated() {
        records.append(
          Fixture.record(
            name, text: "SYARIKAT \(name) total", time: "2024-05-01T10:00:0\(index)Z", run: "run-accurate"))
        records.append(
          Fixture.record(
            name, text: "SYARIKAT \(name) t0tal quickly", time: "2024-05-01T11:00:0\(index)Z",
            run: "run-fast", profile: "fast"))
      }
      try NoteImporter(database: database).importRecords(records)
      return (folder, database)
    }

    @Test func twoProfilesOfTheSamePhotosAreOnePhotoEach() throws {
      let (folder, database) = try Self.twoProfiles()
      _ = folder
      #expect(try database.count() == 6)
      let listed = try database.list(NoteListQuery(limit: nil))
      #expect(listed.count == 3)
      #expect(Set(listed.map(\.entry)).count == 3)
      #expect(listed.allSatisfy { $0.profile == "accurate" }, "the accurate reading is shown")
      #expect(try database.photoCount(limit: 100) == 3)

      // A word both readings have: each photo once, counted once.
      let both = try database.searchResult("syarikat", options: SearchOptions(limit: 10))
      #expect(both.hits.count == 3)
      #expect(both.total == 3 && !both.totalIsLowerBound)
      #expect(Set(both.hits.map(\.entry)).count == 3)
      // A word only the fast readings have: found through them, each photo once.
      let fast = try database.searchResult("quick", options: SearchOptions(limit: 10))
      #expect(fast.hits.count == 3)
      #expect(fast.hits.allSatisfy { $0.profile == "fast" })
      #expect(fast.total == 3)
      // A short term (a scan of the texts): once each too.
      #expect(try database.search("t0", options: SearchOptions(limit: 10)).count == 3)

      // One import: every photo has the same import time, the grid's key; its pages visit each once,
      // newest id first, both ways.
      var visited: [Int64] = []
      var cursor: NoteCursor?
      repeat {
        let page = try database.page(NoteListQuery(limit: 1, order: .taken, after: cursor))
        visited += page.notes.map(\.id)
        cursor = page.next
      } while cursor != nil && visited.count < 10
      #expect(visited == listed.map(\.id) && visited == visited.sorted(by: >))
      let last = try database.page(
        NoteListQuery(
          limit: 1, order: .taken,
          after: NoteCursor(
            key: .taken(try #require(listed.last?.takenAt)), id: try #require(listed.last?.id) + 1)))
      #expect(last.notes.map(\.id) == [try #require(listed.last?.id)])
      let newer = try #require(last.previous)
      #expect(
        try database.page(NoteListQuery(limit: 5, order: .taken, before: newer)).notes.map(\.id)
          == Array(visited.dropLast()))

      // The note shows both readings, the best first, and the other reading's page is the photo too.
      let note = try #require(try database.note(id: listed[0].id))
      let readings = try #require(note.readings)
      #expect(readings.map(\.profile) == ["accurate", "fast"])
      #expect(readings.map(\.isBest) == [true, false])
      #expect(note.isBest == true)
      let other = try #require(try database.note(id: readings[1].id))
      #expect(other.readings?.map(\.id) == readings.map(\.id))
      #expect(other.isBest == false)
    }

    @Test func theBestReadingIsTheLowestCERThenAccurateThenTheLatest() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      // Unscored: accurate wins over a later fast reading.
      var fast = Fixture.record("p", text: "fast text", time: "2024-05-02T10:00:00Z", profile: "fast")
      let accurate = Fixture.record("p", text: "accurate text", time: "2024-05-01T10:00:00Z")
      try NoteImporter(database: database).importRecords([fast, accurate])
      #expect(try database.list().map(\.firstLine) == ["accurate text"])
      // Scored: the lowest CER wins, whatever the profile.
      fast.time = "2024-05-03T10:00:00Z"
      fast.gtChars = 9
      fast.edits = 0
      fast.cer = 0
      fast.metric = "cer/nfc/grapheme"
      try NoteImporter(database: database).importRecords([fast])
      #expect(try database.list().map(\.firstLine) == ["fast text"])
      // The best reading deleted: the photo shows its other one.
      let shown = try #require(try database.list().first)
      #expect(try database.delete(id: shown.id))
      #expect(try database.list().map(\.firstLine) == ["accurate text"])
      #expect(try database.count() == 1)
    }

    @Test func theGridGoesByMonthTakenWithPagesBothWays() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      var records: [ResultRecord] = []
      for index in 0..<9 {
        var record = Fixture.record("photo-\(index)", text: "photo \(index)")
        record.capturedAt = String(format: "2019-%02d-10T12:00:00", 1 + index)
        records.append(record)
      }
      records.append(Fixture.record("scan", text: "a scan without a date"))
      try NoteImporter(database: database).importRecords(records)
      let months = try database.takenMonths()
      #expect(months.count == 10)
      #expect(Array(months.suffix(9)) == (1...9).reversed().map { String(format: "2019-%02d", $0) })
      #expect(months[0] > "2019-09", "the scan, by its import date")

      // Pages of 4 newest first, then back: the same notes.
      let first = try database.page(NoteListQuery(limit: 4, order: .taken))
      #expect(first.previous == nil)
      let second = try database.page(NoteListQuery(limit: 4, order: .taken, after: first.next))
      #expect(second.notes.map(\.firstLine) == ["photo 5", "photo 4", "photo 3", "photo 2"])
      let previous = try #require(second.previous)
      let back = try database.page(NoteListQuery(limit: 4, order: .taken, before: previous))
      #expect(back.notes == first.notes)
      #expect(back.previous == nil || back.notes.count == 4)

      // A jump to a month: the photos taken in it and before.
      guard let month = NoteCursor("t2019-05~0") else {
        Issue.record("a month's cursor was not read")
        return
      }
      let jump = try database.page(NoteListQuery(limit: 3, order: .taken, after: month))
      #expect(jump.notes.map(\.firstLine) == ["photo 3", "photo 2", "photo 1"])
      #expect(jump.previous != nil)

      // The range of days taken, both ends included.
      let range = try #require(TakenRange(first: "2019-03-10", last: "2019-05-10"))
      let inRange = try database.list(
        NoteListQuery(limit: nil, filter: NoteFilter(taken: range), order: .taken))
      #expect(inRange.map(\.firstLine) == ["photo 4", "photo 3", "photo 2"])
      #expect(try database.photoCount(NoteFilter(taken: range), limit: 100) == 3)
      #expect(TakenRange(first: "2019-05-10", last: "2019-03-10") == nil)
      #expect(TakenRange(first: "2019-02-29", last: nil) == nil)
      #expect(TakenRange.nextDay(after: "2020-02-29") == "2020-03-01")
      #expect(TakenRange.nextDay(after: "2019-12-31") == "2020-01-01")
    }

    /// The grid's queries at a glance: each goes through its index, no scan of the notes, no sort.
    @Test func thePhotoQueriesAreIndexed() throws {
      let (folder, database) = try Self.twoProfiles()
      _ = folder
      func plan(_ sql: String) throws -> String {
        let statement = try database.connection.prepare("EXPLAIN QUERY PLAN " + sql)
        var details: [String] = []
        while try statement.step() { details.append(statement.string(at: 3) ?? "") }
        return details.joined(separator: "; ")
      }
      let list = try plan(
        """
        SELECT id FROM note WHERE note.best = 1 AND (note.taken_at, note.id) < ('2030', 0)
        ORDER BY note.taken_at DESC, note.id DESC LIMIT 60
        """)
      #expect(list.contains("note_photo_taken") && !list.contains("TEMP B-TREE"), "\(list)")
      let bySource = try plan(
        """
        SELECT id FROM note WHERE note.best = 1 AND note.source = 'x'
        ORDER BY note.taken_at DESC, note.id DESC LIMIT 60
        """)
      #expect(bySource.contains("note_photo_source") && !bySource.contains("TEMP B-TREE"), "\(bySource)")
      // Past a cursor: a seek on the key and the id, not a walk over the notes that share the key.
      let past = try plan(
        NoteDatabase.pastCursor(
          "note.id", conditions: ["note.best = 1"], key: .takenAt, older: true, limit: "60"
        )
        .replacingOccurrences(of: ":after_key", with: "'2030'").replacingOccurrences(
          of: ":after_id", with: "5"))
      #expect(past.contains("taken_at=? AND rowid<?") && past.contains("taken_at<?"), "\(past)")
      let months = try plan("SELECT max(taken_at) FROM note WHERE best = 1 AND taken_at < '2020'")
      #expect(months.contains("note_photo_taken"), "\(months)")
      let readings = try plan("SELECT id FROM note WHERE sha256 = 'x' AND ifnull(page, -1) = -1")
      #expect(readings.contains("note_key"), "\(readings)")
      let others = try plan("SELECT EXISTS (SELECT 1 FROM note WHERE best IS NULL)")
      #expect(others.contains("note_other_readings"), "\(others)")
      let count = try plan("SELECT count(*) FROM (SELECT 1 FROM note WHERE note.best = 1 LIMIT 10001)")
      #expect(count.contains("note_photo"), "\(count)")
    }
  }

  /// A database made by the scanbench of 4c7cf8f (schema 5: a note per image, page, profile and
  /// language) migrates in place: every reading kept, each photo once.
  @Suite struct NoteMigrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures")

    @Test func everyReadingOfADatabaseOf4c7cf8fSurvives() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      try FileManager.default.copyItem(
        atPath: Self.fixtures.appendingPathComponent("notes-4c7cf8f.sqlite").path, toPath: path)
      // What the old binary wrote, read before the migration.
      let before: [[String]]
      do {
        let old = try SQLiteConnection(path: path)
        #expect(try old.integer("PRAGMA user_version") == 5)
        before = try Self.readings(old)
      }
      #expect(before.count == 8)

      let database = try NoteDatabase(path: path)
      #expect(try database.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      let after = try Self.readings(database.connection)
      #expect(after == before, "every reading, its text, provenance, boxes and codes, unchanged")
      // Every reading of the store is one.
      let store = try String(
        contentsOf: Self.fixtures.appendingPathComponent("store-4c7cf8f.jsonl"), encoding: .utf8)
      var expected: Set<String> = []
      for line in store.split(separator: "\n") {
        let record = try JSONDecoder().decode(ResultRecord.self, from: Data(line.utf8))
        guard record.error == nil else { continue }
        expected.insert(
          "\(record.sha256) \(record.page ?? -1) \(record.profile) \(record.run) \(record.text ?? "")")
      }
      let keys = try database.connection.prepare(
        "SELECT sha256, ifnull(page, -1), profile, run, text FROM note")
      var found: Set<String> = []
      while try keys.step() {
        found.insert((0..<5).map { keys.string(at: Int32($0)) ?? "" }.joined(separator: " "))
      }
      #expect(found == expected)

      // Four photos, each once, each with its two readings; the scored fast one shown for its photo.
      let listed = try database.list(NoteListQuery(limit: nil))
      #expect(listed.count == 4)
      for summary in listed {
        let note = try #require(try database.note(id: summary.id))
        #expect(note.readings?.count == 2)
        #expect(note.readings?.first?.isBest == true)
      }
      let scored = try #require(listed.first { $0.entry == "images/receipt-2.jpg" })
      #expect(scored.profile == "fast")
      #expect(try database.searchResult("SYARIKAT").total == 2)
      try database.checkFullTextIndex()
      // The photo with its capture date is in July 2019 in the grid.
      #expect(try database.takenMonths().last == "2019-07")
    }

    /// Every column of every reading the old schema had, in id order.
    static func readings(_ connection: SQLiteConnection) throws -> [[String]] {
      let columns = [
        "id", "sha256", "ifnull(page, -1)", "profile", "run", "text", "lang", "recognized_at", "imported_at",
        "source", "entry", "confidence", "chars", "gt_chars", "edits", "cer", "metric", "engine_id",
        "cjk_text",
        "layout", "barcodes", "code_text", "captured_at", "width", "height", "orientation",
      ]
      let statement = try connection.prepare(
        "SELECT \(columns.map { "quote(\($0))" }.joined(separator: ", ")) FROM note ORDER BY id")
      var rows: [[String]] = []
      while try statement.step() {
        rows.append(columns.indices.map { statement.string(at: Int32($0)) ?? "" })
      }
      return rows
    }
  }
}
