import CSQLite
import Foundation
import ScanbenchSeam
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// What guards the note database's own code: typed result codes, the columns declared once, a
  /// schema version no scanbench writes, the read-only open, and capture dates from a store.
  @Suite struct NoteSchemaGuardTests {
    @Test func aNegativeSchemaVersionIsAClearErrorNotATrapAndLeavesNoWALFiles() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        let database = try NoteDatabase(path: path)
        try NoteImporter(database: database).importRecords([Fixture.record("a", text: "kept")])
        try database.connection.execute("PRAGMA user_version = -3")
      }
      let before = try folder.snapshot()
      #expect(before.keys.sorted() == ["notes.sqlite"], "a WAL-mode file, its WAL checkpointed away")
      for open in [{ _ = try NoteDatabase(path: path) }, { _ = try NoteDatabase(readOnlyPath: path) }] {
        let error = try #require(throws: NoteDatabaseError.self) { try open() }
        #expect(error.kind == .unknownSchema(found: -3))
        #expect(error.isUnusableDatabase)
        #expect(error.description.contains("schema version -3, which no scanbench writes"))
        #expect(try folder.snapshot() == before, "no -wal or -shm, the file unchanged")
      }
    }

    @Test func anAbsurdSchemaVersionIsAClearErrorTooAndANewerOneStaysNewer() throws {
      let folder = try TemporaryFolder()
      for (version, kind) in [
        (Int(Int32.max), NoteDatabaseError.Kind.unknownSchema(found: Int(Int32.max))),
        (Int(Int32.min), .unknownSchema(found: Int(Int32.min))),
        (
          NoteDatabase.schemaVersion + 1,
          .newerSchema(found: NoteDatabase.schemaVersion + 1, supported: NoteDatabase.schemaVersion)
        ),
      ] {
        let path = folder.path("v\(version).sqlite")
        do {
          let database = try NoteDatabase(path: path)
          try database.connection.execute("PRAGMA user_version = \(version)")
        }
        let error = try #require(throws: NoteDatabaseError.self) { try NoteDatabase(path: path) }
        #expect(error.kind == kind)
      }
    }

    @Test func resultCodesMatchTheirFamilyAsGRDBsDo() throws {
      #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE.primaryResultCode == .SQLITE_CONSTRAINT)
      #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue == 2067)
      #expect(ResultCode.SQLITE_BUSY_SNAPSHOT.rawValue == 517)
      switch ResultCode.SQLITE_BUSY_SNAPSHOT {
      case .SQLITE_BUSY: break
      default: Issue.record("a primary code matches its extended codes")
      }
      #expect(
        !(ResultCode.SQLITE_CONSTRAINT_UNIQUE ~= .SQLITE_CONSTRAINT), "an extended code matches only itself")
      #expect(ResultCode.SQLITE_BUSY.explanation == "database is locked")
      // A real constraint violation reports its extended code.
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try database.connection.execute("INSERT INTO engine (identity) VALUES ('x')")
      let error = try #require(throws: NoteDatabaseError.self) {
        try database.connection.execute("INSERT INTO engine (identity) VALUES ('x')")
      }
      #expect(error.sqliteCode == .SQLITE_CONSTRAINT_UNIQUE)
      #expect(error.description.contains("SQLite error 2067"))
      #expect(!error.isUnusableDatabase)
    }

    @Test func theNoteRowsColumnsAreDeclaredOnceAndMatchTheTable() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let statement = try database.connection.prepare(
        "SELECT name FROM pragma_table_xinfo('note') ORDER BY cid")
      var table: [String] = []
      while try statement.step() { table.append(statement.string(at: 0) ?? "") }
      #expect(table == NoteColumn.allCases.map(\.rawValue), "NoteColumn lists the table's columns in order")
      #expect(NoteRow.insertSQL.contains("?\(NoteColumn.written.count))"))
      #expect(NoteRow.updateSQL.hasSuffix("WHERE id = ?\(NoteColumn.written.count + 1)"))
      // Every written column survives a round trip through the importer and `note(id:)`.
      var record = Fixture.record("gt-photo", text: "a photo's text")
      record.capturedAt = "2019-07-14T12:34:56+09:00"
      record.orientation = .init(exif: 6, applied: "rotate 90° clockwise (EXIF 6)")
      record.words = [TextBox(text: "a", confidence: 90, x: 1, y: 2, width: 3, height: 4)]
      record.lines = record.words
      try NoteImporter(database: database).importRecords([record])
      let note = try #require(try database.note(id: 1))
      #expect(note.resultRecord.capturedAt == record.capturedAt)
      #expect(note.orientation == record.orientation)
      #expect(note.width == 800 && note.height == 600)
      #expect(note.words == record.words)
    }

    @Test func aCaptureDateFromAStoreIsRangeCheckedOnImport() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let dates = [
        "2019-07-14T12:34:56", "2019-02-30T00:00:00", "0000-00-00T00:00:00", "2019-07-14T12:34:56+15:00",
        "9999-01-01T00:00:00", "2020-02-29T23:59:60Z", "2019-07-14 12:34:56",
      ]
      let records = dates.enumerated().map { index, date in
        var record = Fixture.record("photo\(index)", text: "photo \(index)")
        record.capturedAt = date
        return record
      }
      try NoteImporter(database: database).importRecords(records)
      let kept = try (1...Int64(dates.count)).map { try database.note(id: $0)?.capturedAt }
      #expect(kept == ["2019-07-14T12:34:56", nil, nil, nil, nil, "2020-02-29T23:59:60Z", nil])
    }

    @Test func theListFiltersAndPagesByKeyset() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      var records: [ResultRecord] = []
      for index in 0..<25 {
        var record = Fixture.record(
          "n\(index)", text: "note \(index)", time: Timestamp.format(1_700_000_000 + Double(index % 10)),
          run: index % 2 == 0 ? "even" : "odd", lang: index % 5 == 0 ? "jpn" : "eng")
        if index % 3 == 0 {
          record.capturedAt = String(format: "20%02d-%02d-01T00:00:00", 10 + index % 4, 1 + index % 12)
        }
        records.append(record)
      }
      try NoteImporter(database: database).importRecords(records)
      // Many notes share a time: the id orders them, and paging neither skips nor repeats one.
      for order in NoteOrder.allCases {
        let whole = try database.list(NoteListQuery(limit: nil, order: order)).map(\.id)
        var paged: [Int64] = []
        var after: NoteCursor?
        repeat {
          let page = try database.page(NoteListQuery(limit: 4, order: order, after: after))
          paged += page.notes.map(\.id)
          after = page.next
        } while after != nil
        #expect(paged == whole, "\(order)")
        #expect(
          try database.list(NoteListQuery(limit: 4, order: order, offset: 4)).map(\.id) == Array(whole[4..<8])
        )
      }
      #expect(try database.list(NoteListQuery(limit: nil, order: .captured)).count == 9)
      #expect(try database.list(NoteListQuery(limit: nil, filter: NoteFilter(run: "even"))).count == 13)
      #expect(try database.list(NoteListQuery(limit: nil, filter: NoteFilter(lang: "jpn"))).count == 5)
      let period = try #require(CapturePeriod("2012"))
      #expect(try database.list(NoteListQuery(limit: nil, filter: NoteFilter(captured: period))).count == 2)
      #expect(try database.distinctValues(of: .run) == ["even", "odd"])
      #expect(try database.captureYears() == [2013, 2012, 2011, 2010])
      // Search takes the same filter.
      #expect(
        try database.search("note", options: SearchOptions(limit: 50, filter: NoteFilter(lang: "jpn"))).count
          == 5)
      #expect(NoteCursor("r1700000000.0~3")?.description == "r1700000000.0~3")
      #expect(NoteCursor("c2019-07-14T12:34:56~3") != nil)
      #expect(NoteCursor("cnot-a-date~3") == nil)
      #expect(CapturePeriod("2019-13") == nil)
      #expect(CapturePeriod("1492") == nil)
    }

    @Test func theReadOnlyOpenNeverWritesAndRefusesWhatItCannotServe() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        let database = try NoteDatabase(path: path)
        try NoteImporter(database: database).importRecords([Fixture.record("a", text: "hello there")])
      }
      let before = try folder.snapshot()
      do {
        let database = try NoteDatabase(readOnlyPath: path)
        #expect(try database.search("hello").count == 1, "search (its temporary highlight table) works")
        let error = try #require(throws: NoteDatabaseError.self) { try database.delete(id: 1) }
        #expect(error.sqliteCode?.primaryResultCode == .SQLITE_READONLY)
      }
      #expect(try folder.snapshot()["notes.sqlite"] == before["notes.sqlite"])
      let missing = try #require(throws: NoteDatabaseError.self) {
        try NoteDatabase(readOnlyPath: folder.path("no.sqlite"))
      }
      #expect(missing.kind == .missing)
      #expect(!FileManager.default.fileExists(atPath: folder.path("no.sqlite")))
    }

    @Test func snippetWindowGivesTheSameSnippet() {
      var generator = SeededGenerator(seed: 99)
      let pieces = [
        "harbor", " ", "  ", "\n", "会議", "é", "e\u{301}", "👍🏽", "word", ".", "\u{E000}", "\u{E001}", "x",
      ]
      var compared = 0
      for _ in 0..<400 {
        var text = ""
        for _ in 0..<Int.random(in: 200...1500, using: &generator) {
          text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        // Marks as `mark` makes them: an open, then a close.
        let marked = NoteDatabase.mark(
          ["harbor", "会議"],
          in: text.replacingOccurrences(of: "\u{E000}", with: "")
            .replacingOccurrences(of: "\u{E001}", with: ""))
        for context in [10, 40] {
          let fast = NoteDatabase.snippet(marked, context: context, highlight: ("[", "]"), escape: nil)
          let whole = NoteDatabase.snippet(
            ofWhole: marked, context: context, highlight: ("[", "]"), escape: nil)
          #expect(fast == whole)
          compared += 1
        }
      }
      #expect(compared == 800)
    }
  }
}
