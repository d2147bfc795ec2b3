import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// A search asked again on the same connection is answered from the result it kept, until the
  /// database changes: the same hits as a search afresh, with the second asker's highlight,
  /// escaping and context, and after an import by another connection (or the connection's own)
  /// the new state at once.
  @Suite struct NoteSearchMemoTests {
    static func records(_ range: Range<Int>, word: String = "harbor", source: String = "in.zip")
      -> [ResultRecord]
    {
      range.map { index in
        Fixture.record(
          "photo-\(index)", text: "a \(word) at dusk, photo \(index)\nthe <old> pier",
          time: Timestamp.format(1_700_000_000 + Double(index)), source: source)
      }
    }

    /// `search`'s result on a connection that has kept nothing.
    static func afresh(_ query: String, path: String, options: SearchOptions) throws -> NoteSearchResult {
      try NoteDatabase(readOnlyPath: path).searchResult(query, options: options)
    }

    @Test func aSearchAskedAgainIsTheKeptResultUntilTheDatabaseChanges() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      let writer = try NoteDatabase(path: path)
      try NoteImporter(database: writer).importRecords(Self.records(0..<12))
      try writer.checkpoint()
      let reader = try NoteDatabase(readOnlyPath: path)
      let plain = SearchOptions(limit: 5, offset: 2)
      let html = SearchOptions(
        limit: 5, offset: 2, highlight: ("<mark>", "</mark>"), escape: { Markup.escape($0) }, context: 8)

      let first = try reader.searchResult("harb", options: plain)
      #expect(first.hits.count == 5 && first.total == 12)
      #expect(first == (try Self.afresh("harb", path: path, options: plain)))
      #expect(reader.memo.searches.count == 1, "kept")
      // Asked again, by a page: the kept hits, their snippets cut for the page.
      let page = try reader.searchResult("harb", options: html)
      #expect(reader.memo.searches.count == 1, "answered from what was kept")
      #expect(page == (try Self.afresh("harb", path: path, options: html)))
      #expect(page.hits.map(\.snippet) != first.hits.map(\.snippet))
      #expect(page.hits.allSatisfy { $0.snippet.contains("<mark>harbor</mark>") })
      // A search keeps the grid's facts too (its highlight table is no change of the notes).
      _ = try reader.listFacts()
      _ = try reader.searchResult("pier", options: plain)
      try reader.refreshMemo()
      #expect(reader.memo.facts != nil && reader.memo.searches.count == 2)

      // Another connection imports: the reader's next search is of the new state.
      try NoteImporter(database: writer).importRecords(Self.records(12..<20, source: "more.zip"))
      let after = try reader.searchResult("harb", options: plain)
      #expect(after.total == 20)
      #expect(after == (try Self.afresh("harb", path: path, options: plain)))
      #expect(after.hits.contains { $0.source == "more.zip" })
      #expect(reader.memo.searches.count == 1, "what was kept of the old state is forgotten")

      // The writer's own import and delete, which move no data_version of its own.
      #expect(try writer.searchResult("harb", options: plain).total == 20)
      try NoteImporter(database: writer).importRecords(Self.records(20..<21, word: "harbour"))
      #expect(try writer.searchResult("harb", options: plain).total == 21)
      let newest = try #require(try writer.search("harbour").first?.id)
      #expect(try writer.delete(id: newest))
      #expect(try writer.searchResult("harb", options: plain).total == 20)
      #expect(try writer.search("harbour").isEmpty)
    }

    @Test func whatIsKeptIsBounded() throws {
      var memo = NoteDatabaseMemo()
      let hit = NoteSearchHit(
        id: 1, recognizedAt: "", chars: 0, source: "", entry: "",
        snippet: String(repeating: "x", count: 1 << 20),
        score: nil)
      let result = NoteSearchResult(hits: [hit], total: 1, totalIsLowerBound: false)
      for index in 0..<(NoteDatabaseMemo.maximumSearchBytes >> 20) + 3 {
        memo.keep(
          result,
          for: NoteDatabaseMemo.SearchKey(query: "q\(index)", filter: NoteFilter(), offset: 0, limit: 1))
        #expect(memo.searches.count * (1 << 20) <= NoteDatabaseMemo.maximumSearchBytes)
      }
      let huge = NoteSearchResult(
        hits: Array(repeating: hit, count: (NoteDatabaseMemo.maximumSearchBytes >> 20) + 1), total: 1,
        totalIsLowerBound: false)
      memo.keep(
        huge, for: NoteDatabaseMemo.SearchKey(query: "huge", filter: NoteFilter(), offset: 0, limit: 1))
      #expect(memo.searches.isEmpty, "a result larger than the bound is not kept")
      for index in 0..<NoteDatabaseMemo.maximumSearches + 1 {
        memo.keep(
          NoteSearchResult(hits: [], total: 0, totalIsLowerBound: false),
          for: NoteDatabaseMemo.SearchKey(query: "n\(index)", filter: NoteFilter(), offset: 0, limit: 1))
      }
      #expect(memo.searches.count <= NoteDatabaseMemo.maximumSearches)
    }
  }
}
