import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// The grid's facts and capped counts, kept by a connection until the database changes.
  @Suite struct NoteListFactsTests {
    static func photos(_ range: Range<Int>, source: String = "receipts.zip", lang: String = "eng")
      -> [ResultRecord]
    {
      range.map { Fixture.record("photo-\($0)", text: "photo \($0)", source: source, lang: lang) }
    }

    /// A database of `records` in `folder`, its writer and a read-only connection to it.
    static func writerAndReader(of records: [ResultRecord], in folder: TemporaryFolder) throws
      -> (writer: NoteDatabase, reader: NoteDatabase)
    {
      let path = folder.path("notes.sqlite")
      let writer = try NoteDatabase(path: path)
      try NoteImporter(database: writer).importRecords(records)
      // The read-only open looks at the main file first.
      try writer.checkpoint()
      return (writer, try NoteDatabase(readOnlyPath: path))
    }

    @Test func aReaderSeesASecondImportAtOnceInItsCountsAndFacts() throws {
      let folder = try TemporaryFolder()
      let (writer, reader) = try Self.writerAndReader(of: Self.photos(0..<3), in: folder)
      #expect(try reader.cachedPhotoCount(limit: 10) == 3)
      let before = try reader.listFacts()
      #expect(before.sources == ["receipts.zip"] && before.languages == ["eng"])
      #expect(before.months.count == 1)
      // Asked again with nothing changed: the same answers.
      #expect(try reader.cachedPhotoCount(limit: 10) == 3)
      #expect(try reader.listFacts() == before)

      // A second import, by another connection, of other sources, languages and more photos.
      try NoteImporter(database: writer).importRecords(
        Self.photos(3..<5, source: "letters.tar", lang: "jpn"))
      #expect(try reader.cachedPhotoCount(limit: 10) == 5)
      #expect(try reader.cachedPhotoCount(NoteFilter(lang: "jpn"), limit: 10) == 2)
      let after = try reader.listFacts()
      #expect(after.sources == ["letters.tar", "receipts.zip"])
      #expect(after.languages == ["eng", "jpn"])
      #expect(try reader.cachedPhotoCount(limit: 4) == 4, "the cap is part of what is kept")

      // The writer's own changes, which move no data_version of its own, are seen too.
      #expect(try writer.cachedPhotoCount(limit: 10) == 5)
      try NoteImporter(database: writer).importRecords(Self.photos(5..<6))
      #expect(try writer.cachedPhotoCount(limit: 10) == 6)
      #expect(try writer.delete(id: try #require(writer.list().first?.id)))
      #expect(try writer.cachedPhotoCount(limit: 10) == 5)
      #expect(try reader.cachedPhotoCount(limit: 10) == 5)
      // The same as counting afresh, every way.
      for filter in [NoteFilter(), NoteFilter(lang: "jpn"), NoteFilter(source: "receipts.zip")] {
        #expect(try reader.cachedPhotoCount(filter, limit: 10) == reader.photoCount(filter, limit: 10))
      }
    }

    @Test func aKeptStatementHoldsNoReadTransactionOpen() throws {
      let folder = try TemporaryFolder()
      let (writer, reader) = try Self.writerAndReader(of: Self.photos(0..<3), in: folder)
      _ = try reader.page(NoteListQuery(limit: 2))
      _ = try reader.cachedPhotoCount(limit: 10)
      #expect(!reader.connection.isInTransaction)
      // A checkpoint can move every frame of the WAL: no reader holds an old snapshot.
      try NoteImporter(database: writer).importRecords(Self.photos(3..<4))
      let checkpoint = try writer.connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
      #expect(try checkpoint.step())
      #expect(checkpoint.int(at: 0) == 0, "the checkpoint was not blocked")
      #expect(try reader.page(NoteListQuery(limit: 10)).notes.count == 4)
    }
  }
}
