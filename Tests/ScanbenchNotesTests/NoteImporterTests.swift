import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  @Suite struct NoteImporterTests {
    @Test func importingTheSameStoreTwiceGivesTheSameNotes() throws {
      let folder = try TemporaryFolder()
      let store = try Fixture.writeStore(try Fixture.basicStore(), to: folder.path("results.jsonl"))
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let importer = try NoteImporter(database: database)

      let first = try importer.importStore(at: store)
      #expect(first == ImportCounts(imported: 3, replaced: 0, unchanged: 0, skipped: 0, failedRecords: 1))
      let notes = try Fixture.comparable(database)

      let second = try importer.importStore(at: store)
      #expect(second == ImportCounts(imported: 0, replaced: 0, unchanged: 3, skipped: 0, failedRecords: 1))
      #expect(try database.count() == 3)
      #expect(try Fixture.comparable(database) == notes)

      // And from a second connection, as a second `scanbench import` would.
      let again = try NoteImporter(database: try NoteDatabase(path: folder.path("notes.sqlite")))
      #expect(try again.importStore(at: store).unchanged == 3)
      #expect(try database.count() == 3)
    }

    @Test func aLaterRunReplacesTheNoteAndAnOlderOneDoesNot() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let importer = try NoteImporter(database: database)
      try importer.importRecords([
        Fixture.record("invoice", text: "Invoice 2O24", time: "2024-05-01T10:00:00Z")
      ])
      let id = try #require(try database.list().first?.id)

      let newer = Fixture.record(
        "invoice", text: "Invoice 2024", time: "2024-06-01T09:00:00+02:00", run: "run-2")
      let older = Fixture.record("invoice", text: "lnvoice", time: "2024-04-01T00:00:00Z", run: "run-0")
      let counts = try importer.importRecords([newer, older])
      #expect(counts == ImportCounts(imported: 0, replaced: 1, unchanged: 1))

      let note = try #require(try database.note(id: id))
      #expect(note.text == "Invoice 2024")
      #expect(note.run == "run-2")
      #expect(note.recognizedAt == "2024-06-01T09:00:00+02:00")
      #expect(try database.count() == 1)
      // The full-text index follows the replacement.
      #expect(try database.search("2024").map(\.id) == [id])
      #expect(try database.search("2O24").isEmpty)

      // The same key on another page, profile or language is another note.
      let others = [
        Fixture.record("invoice", text: "page two", page: 2),
        Fixture.record("invoice", text: "fast", profile: "fast"),
        Fixture.record("invoice", text: "deu", lang: "deu"),
      ]
      #expect(try importer.importRecords(others).imported == 3)
      // Replacing with the same text leaves the index alone; all of it still matches the notes.
      let sameText = Fixture.record("invoice", text: "Invoice 2024", time: "2024-07-01T00:00:00Z")
      #expect(try importer.importRecords([sameText]).replaced == 1)
      try database.checkFullTextIndex()
    }

    @Test func aTornLastLineIsSkippedWithItsLineNumber() throws {
      let folder = try TemporaryFolder()
      var lines = try Fixture.basicStore()
      lines.insert("{not json", at: 1)
      let torn = String(try Fixture.line(Fixture.record("late", text: "cut off")).prefix(40))
      let store = try Fixture.writeStore(lines, to: folder.path("results.jsonl"), tornTail: torn)
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))

      var diagnostics: [ImportDiagnostic] = []
      var progress: [Int] = []
      let counts = try NoteImporter(database: database).importStore(
        at: store, progress: { progress.append($0) }, diagnostic: { diagnostics.append($0) })
      #expect(counts == ImportCounts(imported: 3, replaced: 0, unchanged: 0, skipped: 2, failedRecords: 1))
      #expect(diagnostics.map(\.line) == [2, 7])
      #expect(diagnostics[0].reason == "not a JSON object")
      #expect(diagnostics[1].reason.contains("torn last line"))
      #expect(progress.last == 7)
    }

    @Test func theImporterJudgesEachLineAsStoreReaderDoes() throws {
      let folder = try TemporaryFolder()
      var lines = try Fixture.basicStore()
      lines += ["{not json", "[]", #"{"schema":9,"kind":"result"}"#, #"{"schema":1,"kind":"result"}"#, ""]
      let store = try Fixture.writeStore(lines, to: folder.path("results.jsonl"), tornTail: "{\"kind\":")
      func describe(_ line: StoreLine) -> String {
        switch line {
        case .result(let record): return "result \(record.entry)"
        case .summary(let summary): return "summary \(summary.run)"
        case .invalid(let reason): return "invalid \(reason)"
        }
      }
      var expected: [String] = []
      try StoreReader.read(store) { number, line in expected.append("\(number) \(describe(line))") }
      var actual: [String] = []
      try StoreReader.readLines(store) { number, bytes, end in
        actual.append("\(number) \(describe(StoreReader.fastLine(bytes, end: end)))")
      }
      #expect(actual == expected)
      #expect(expected.count == 10)
    }

    @Test func strictMakesAnInvalidLineFatalAndImportsNothing() throws {
      let folder = try TemporaryFolder()
      let store = try Fixture.writeStore(
        try Fixture.basicStore(), to: folder.path("results.jsonl"), tornTail: "{\"kind\":\"res")
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let importer = try NoteImporter(database: database, options: ImportOptions(batchSize: 1, strict: true))
      let error = try #require(throws: NoteDatabaseError.self) { try importer.importStore(at: store) }
      #expect(error.kind == .invalidStoreLine(line: 6))
      #expect(error.description.hasPrefix(folder.path("results.jsonl") + ":6: torn last line"))
      #expect(try database.count() == 0)
    }

    @Test func failedRecordsAndSummariesAreNotNotes() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let store = try Fixture.writeStore(try Fixture.basicStore(), to: folder.path("results.jsonl"))
      try NoteImporter(database: database).importStore(at: store)
      let entries = try database.list(NoteListQuery(limit: nil)).map(\.entry)
      #expect(Set(entries) == ["images/invoice.png", "images/gt-letter.png", "images/menu.png"])
    }

    @Test func aRecordWithAnUnreadableTimeIsSkipped() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      var diagnostics: [ImportDiagnostic] = []
      let counts = try NoteImporter(database: database).importRecords(
        [Fixture.record("a", text: "fine"), Fixture.record("b", text: "when?", time: "yesterday")],
        diagnostic: { diagnostics.append($0) })
      #expect(counts == ImportCounts(imported: 1, skipped: 1))
      #expect(
        diagnostics == [
          ImportDiagnostic(line: 2, reason: "field 'time' is not an ISO 8601 date: 'yesterday'")
        ])
    }

    @Test func anImportKilledHalfwayLeavesTheDatabaseAsItWas() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords([Fixture.record("old", text: "already here")])
      let before = try Fixture.comparable(database)

      let records =
        (0..<10).map { Fixture.record("new-\($0)", text: "new note \($0)") }
        + [Fixture.record("old", text: "replacement", time: "2030-01-01T00:00:00Z")]
      let importer = try NoteImporter(database: database)
      importer.afterRecordHook = { written in
        if written == 11 { throw InjectedFailure() }
      }
      #expect(throws: InjectedFailure.self) { try importer.importRecords(records) }
      #expect(try Fixture.comparable(database) == before)
      #expect(try database.search("new note").isEmpty)
      #expect(try database.search("replacement").isEmpty)
      #expect(try database.search("already").count == 1)

      // Reopened from the file, as after a kill.
      #expect(try Fixture.comparable(try NoteDatabase(path: folder.path("notes.sqlite"))) == before)

      // The importer is usable afterwards, and the engine it had cached before is written again.
      importer.afterRecordHook = nil
      #expect(try importer.importRecords(records) == ImportCounts(imported: 10, replaced: 1))
      try database.checkFullTextIndex()
      #expect(try database.note(id: try #require(database.list().first?.id))?.engine == Fixture.engine)
    }

    @Test func anInterruptedImportKeepsTheBatchesCommittedBeforeIt() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let importer = try NoteImporter(database: database, options: ImportOptions(batchSize: 4))
      var total = 0
      importer.afterRecordHook = { _ in
        total += 1
        if total == 10 { throw InjectedFailure() }
      }
      let records = (0..<12).map { Fixture.record("n\($0)", text: "note \($0)") }
      #expect(throws: InjectedFailure.self) { try importer.importRecords(records) }
      #expect(try database.count() == 8)
    }

    @Test func exportThenImportIntoANewDatabaseGivesTheSameNotes() throws {
      let folder = try TemporaryFolder()
      let store = try Fixture.writeStore(try Fixture.basicStore(), to: folder.path("results.jsonl"))
      let original = try NoteDatabase(path: folder.path("a.sqlite"))
      try NoteImporter(database: original).importStore(at: store)
      try NoteImporter(database: original).importRecords([
        Fixture.record("scan", text: "page 3", page: 3),
        Fixture.record("gt-scan", text: "", time: "2024-05-02T00:00:00.250Z"),
      ])

      // As `notes export --jsonl` writes it: one store line per note, by the store's own encoder.
      var exportedLines = Data()
      try original.forEachNote { exportedLines.append(try StoreWriter.line(for: $0.resultRecord)) }
      let exported = URL(fileURLWithPath: folder.path("export.jsonl"))
      try exportedLines.write(to: exported)

      let copy = try NoteDatabase(path: folder.path("b.sqlite"))
      let counts = try NoteImporter(database: copy).importStore(at: exported)
      #expect(counts == ImportCounts(imported: 5))
      #expect(try Fixture.comparable(copy) == Fixture.comparable(original))
      #expect(try copy.note(id: 5)?.text == "")
    }
  }
}
