import Foundation
import ScanbenchSeam
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// What `--boxes` and `--barcodes` add to a record, in the note database: kept, shown, exported,
  /// and code payloads found by search.
  @Suite struct NoteBoxesAndCodesTests {
    let folder: TemporaryFolder
    let database: NoteDatabase

    static func ticket(payload: String, time: String = "2024-03-01T09:00:00Z") -> ResultRecord {
      var record = Fixture.record("ticket", text: "Harbour ferry\nSingle journey", time: time)
      record.words = [
        TextBox(text: "Harbour", confidence: 95.1, x: 12, y: 20, width: 140, height: 30),
        TextBox(text: "ferry", confidence: 93.8, x: 160, y: 22, width: 90, height: 28),
      ]
      record.lines = [TextBox(text: "Harbour ferry", confidence: 94.4, x: 12, y: 20, width: 238, height: 32)]
      record.barcodes = [
        Barcode(symbology: "QR-Code", payload: Array(payload.utf8), x: 500, y: 40, width: 200, height: 200)
      ]
      return record
    }

    init() throws {
      folder = try TemporaryFolder()
      database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords([
        Self.ticket(payload: "https://ferries.example/t/8841-KQ"),
        Fixture.record("plain", text: "A note about the ferry timetable", time: "2024-03-02T09:00:00Z"),
      ])
    }

    func note(_ name: String) throws -> Note {
      let id = try #require(try database.list().first { $0.entry == "images/\(name).png" }?.id)
      return try #require(try database.note(id: id))
    }

    @Test func boxesAndCodesAreKeptWithTheNote() throws {
      let ticket = try note("ticket")
      #expect(ticket.words == Self.ticket(payload: "").words)
      #expect(ticket.lines?.map(\.text) == ["Harbour ferry"])
      #expect(ticket.barcodes?.map(\.data) == ["https://ferries.example/t/8841-KQ"])
      let plain = try note("plain")
      #expect(plain.words == nil && plain.lines == nil && plain.barcodes == nil)
    }

    @Test func aPayloadIsFoundBySearchBeforeTextMatches() throws {
      let byCode = try database.search("8841-kq")
      #expect(byCode.map(\.entry) == ["images/ticket.png"])
      #expect(byCode.first?.snippet == "code: https://ferries.example/t/[8841-KQ]")
      // A word in both a payload and texts: the code's note first, then the text matches, once each.
      let both = try database.search("ferr")
      #expect(both.map(\.entry) == ["images/ticket.png", "images/plain.png"])
      #expect(try database.search("nothing-like-this").isEmpty)
    }

    @Test func aLaterResultReplacesTheCodes() throws {
      let counts = try NoteImporter(database: database).importRecords([
        Self.ticket(payload: "https://ferries.example/t/9902-ZZ", time: "2024-03-05T09:00:00Z")
      ])
      #expect(counts.replaced == 1)
      #expect(try database.search("8841").isEmpty, "the old payload is gone")
      #expect(try database.search("9902-ZZ").map(\.entry) == ["images/ticket.png"])
    }

    @Test func exportAndImportKeepBoxesAndCodes() throws {
      let other = try NoteDatabase(path: folder.path("copy.sqlite"))
      var records: [ResultRecord] = []
      try database.forEachNote { records.append($0.resultRecord) }
      // Through the store's own encoding and decoding, as `notes export` and `import` do.
      let lines = try records.map { try StoreWriter.line(for: $0) }
      let decoded = lines.compactMap { line -> ResultRecord? in
        guard case .result(let record) = StoreReader.decodeLineFast(line.dropLast()) else { return nil }
        return record
      }
      #expect(decoded.count == 2)
      try NoteImporter(database: other).importRecords(decoded)
      let copy = try #require(
        try other.list().first { $0.entry == "images/ticket.png" }.flatMap { try other.note(id: $0.id) })
      let original = try note("ticket")
      #expect(copy.words == original.words)
      #expect(copy.lines == original.lines)
      #expect(copy.barcodes == original.barcodes)
      #expect(try other.search("8841-KQ").count == 1)
    }
  }
}
