import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  @Suite struct NoteSearchTests {
    let folder: TemporaryFolder
    let database: NoteDatabase

    init() throws {
      folder = try TemporaryFolder()
      database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords([
        Fixture.record(
          "harbor",
          text: "The fisherman repairs his nets at the harbor while gulls circle the old lighthouse.",
          time: "2024-01-01T00:00:00Z"),
        Fixture.record(
          "harbors", text: "Harbor fees: harbor dues, harbor master, HARBOR lights.",
          time: "2024-01-02T00:00:00Z"),
        Fixture.record(
          "receipt", text: "Total 42.00 EUR\nThank you for shopping", time: "2024-01-03T00:00:00Z"),
        Fixture.record(
          "tokyo", text: "東京都の天気予報によると、明日は雨が降るでしょう。傘を持って行ってください。",
          time: "2024-01-04T00:00:00Z", lang: "jpn"),
        Fixture.record("kyoto", text: "京都の天気は晴れ。", time: "2024-01-05T00:00:00Z", lang: "jpn"),
        Fixture.record("ramen", text: "本日のおすすめ：味噌ラーメン", time: "2024-01-06T00:00:00Z", lang: "jpn"),
      ])
    }

    func entries(_ query: String) throws -> [String] {
      try database.search(query).map { $0.entry.replacingOccurrences(of: "images/", with: "") }
    }

    @Test func englishWordsRankedWithTheMatchHighlighted() throws {
      let hits = try database.search("harbor")
      #expect(hits.map(\.entry) == ["images/harbors.png", "images/harbor.png"])
      #expect(hits.allSatisfy { ($0.score ?? 0) > 0 })
      #expect(hits[0].score ?? 0 > hits[1].score ?? 0)
      #expect(hits[1].snippet.contains("at the [harbor] while"))
      // Case-insensitive, every occurrence marked.
      #expect(hits[0].snippet.hasPrefix("[Harbor] fees: [harbor] dues"))
      let wide = try database.search("harbor", options: SearchOptions(context: 80))
      #expect(wide[0].snippet.hasSuffix("[HARBOR] lights."))
    }

    @Test func severalTermsMustAllMatchAndPhrasesAreQuoted() throws {
      #expect(try entries("harbor lighthouse") == ["harbor.png"])
      #expect(try entries("\"harbor while\"") == ["harbor.png"])
      #expect(try entries("\"while harbor\"").isEmpty)
      #expect(try entries("thank total") == ["receipt.png"])
      // Substrings of three characters or more match, as the trigram index allows.
      #expect(try entries("shop") == ["receipt.png"])
      // Characters that mean something to FTS5 are searched for literally.
      #expect(try entries("42.00") == ["receipt.png"])
      #expect(try entries("AND OR NOT").isEmpty)
      #expect(try entries("\"\"").isEmpty)
    }

    @Test func japaneseThreeCharactersOrMoreUseTheIndex() throws {
      let hits = try database.search("天気予報")
      #expect(hits.map(\.entry) == ["images/tokyo.png"])
      #expect(hits[0].snippet.hasPrefix("東京都の[天気予報]によると"))
      #expect(hits[0].score != nil)
      #expect(
        try entries("京都の") == ["kyoto.png", "tokyo.png"] || entries("京都の") == ["tokyo.png", "kyoto.png"])
      #expect(try entries("ラーメン") == ["ramen.png"])
    }

    @Test func twoCharacterJapaneseFallsBackToAScan() throws {
      let hits = try database.search("天気")
      // No rank for a scan: newest first.
      #expect(hits.map(\.entry) == ["images/kyoto.png", "images/tokyo.png"])
      #expect(hits.allSatisfy { $0.score == nil })
      #expect(hits[0].snippet == "京都の[天気]は晴れ。")
      #expect(try entries("味噌") == ["ramen.png"])
      #expect(try entries("雨") == ["tokyo.png"])
      // A short term beside a long one filters the indexed matches.
      #expect(try entries("天気 予報") == ["tokyo.png"])
      #expect(try entries("東京 晴れ").isEmpty)
      #expect(try entries("京都 晴れ") == ["kyoto.png"])
      // LIKE's wildcards are literal.
      #expect(try entries("%").isEmpty)
      #expect(try entries("_").isEmpty)
      // ASCII is case-insensitive in the scan too.
      #expect(try entries("eu") == ["receipt.png"])
    }

    @Test func limitAndEmptyQueries() throws {
      #expect(try database.search("harbor", options: SearchOptions(limit: 1)).count == 1)
      #expect(try database.search("   ").isEmpty)
      #expect(try database.search("zzz").isEmpty)
    }

    @Test func snippetsCutLongTextsAroundTheFirstMatch() {
      let long =
        String(repeating: "lorem ipsum dolor sit amet ", count: 20) + "\u{E000}needle\u{E001}"
        + String(repeating: " consectetur adipiscing elit", count: 20)
      let snippet = NoteDatabase.snippet(long, context: 30, highlight: ("<b>", "</b>"))
      #expect(snippet.hasPrefix("…"))
      #expect(snippet.hasSuffix("…"))
      #expect(snippet.contains("<b>needle</b>"))
      #expect(snippet.count < 90)
      #expect(
        NoteDatabase.snippet("a\n\n b \u{E000}c\u{E001}", context: 10, highlight: ("[", "]")) == "a b [c]")
      #expect(NoteDatabase.mark(["ab"], in: "xABxab") == "x\u{E000}AB\u{E001}x\u{E000}ab\u{E001}")
      #expect(NoteDatabase.searchTerms(" one \"two three\"  four ") == ["one", "two three", "four"])
    }
  }
}
