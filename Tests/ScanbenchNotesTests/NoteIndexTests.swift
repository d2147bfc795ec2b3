import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// The two full-text indexes of schema 2: words of every note, trigrams of the CJK notes only.
  @Suite struct NoteIndexTests {
    @Test func theTrigramIndexHoldsTheLinesWithCJKCharacters() {
      #expect(NoteDatabase.containsCJK("東京"))
      #expect(NoteDatabase.containsCJK("ｶﾀｶﾅ"))
      #expect(NoteDatabase.containsCJK("ひらがな"))
      #expect(!NoteDatabase.containsCJK("café ¥1,280 — ok"))
      #expect(!NoteDatabase.containsCJK("한국어"))
      #expect(
        NoteDatabase.cjkLines("Invoice\n領収書 合計 ¥1,280\r\nthanks\n\nお問い合わせ") == "領収書 合計 ¥1,280\r\nお問い合わせ")
      #expect(NoteDatabase.cjkLines("plain\ntext") == nil)
    }

    /// `cjkLines` works on UTF-8 bytes; it must keep exactly the lines this scalar-by-scalar
    /// reference keeps.
    @Test func theCJKLinesAreThoseOfAScanByScalar() {
      func reference(_ text: String) -> String? {
        guard NoteDatabase.containsCJK(text) else { return nil }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true)
          .filter { $0.contains(where: NoteDatabase.isCJK) }
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
      }
      let pieces = [
        "a", " ", "\n", "\n\n", "\r\n", "é", "東京", "ラーメン", "ｶﾀｶﾅ", "한국어", "ㇰ", "\u{3040}", "\u{303F}",
        "\u{30FF}", "\u{3100}", "\u{FF9F}", "\u{FFA0}", "\u{F900}", "\u{FB00}", "👩‍👩‍👧", "¥1,280", "\u{0}",
      ]
      var random = SeededGenerator(seed: 99)
      for _ in 0..<5_000 {
        let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in
          pieces.randomElement(using: &random) ?? ""
        }.joined()
        #expect(NoteDatabase.cjkLines(text) == reference(text), "\(text.debugDescription)")
      }
    }

    @Test func onlyNotesWithCJKCharactersAreInTheTrigramIndex() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let importer = try NoteImporter(database: database)
      try importer.importRecords([
        Fixture.record("en", text: "Harbor master report", time: "2024-01-01T00:00:00Z"),
        Fixture.record("ja", text: "東京都の天気予報 harbor", time: "2024-01-02T00:00:00Z", lang: "jpn"),
        Fixture.record("mixed", text: "Invoice 領収書 total", time: "2024-01-03T00:00:00Z"),
        Fixture.record("lines", text: "Receipt\n味噌ラーメン ¥980\nThank you", time: "2024-01-04T00:00:00Z"),
      ])
      #expect(try database.connection.integer("SELECT count(*) FROM note_cjk_content") == 3)
      #expect(
        try database.connection.text("SELECT group_concat(text, '|') FROM note_cjk_content WHERE id >= 3")
          == "Invoice 領収書 total|味噌ラーメン ¥980")
      try database.checkFullTextIndex()

      func entries(_ query: String) throws -> Set<String> {
        Set(try database.search(query).map { $0.entry.replacingOccurrences(of: "images/", with: "") })
      }
      #expect(try entries("harbor") == ["en.png", "ja.png"])
      #expect(try entries("天気予報") == ["ja.png"])
      // Mixed queries: every term in its own index, both must match.
      #expect(try entries("harbor 天気予報") == ["ja.png"])
      #expect(try entries("harbor 領収書").isEmpty)
      #expect(try entries("total 領収書") == ["mixed.png"])
      #expect(try entries("invoice 領収") == ["mixed.png"])
      // A CJK term with Latin characters, within a line; the snippet from the whole text.
      #expect(try entries("ラーメン ¥98") == ["lines.png"])
      #expect(try database.search("ラーメン").first?.snippet == "Receipt 味噌[ラーメン] ¥980 Thank you")
      #expect(try entries("\"ラーメン ¥980\"") == ["lines.png"])
      #expect(try entries("\"¥980\nThank\"") == ["lines.png"])
      // Diacritics are folded for words.
      #expect(try entries("hárbor") == ["en.png", "ja.png"])
      // Words are prefixes, not any substring.
      #expect(try entries("arbor").isEmpty)

      // Replacing a CJK note with Latin text, and the other way round, and deleting, keep both
      // indexes exact.
      try importer.importRecords([
        Fixture.record("ja", text: "now plain text", time: "2024-02-01T00:00:00Z", lang: "jpn"),
        Fixture.record("en", text: "ラーメン harbor", time: "2024-02-01T00:00:00Z"),
      ])
      try database.checkFullTextIndex()
      #expect(try entries("天気予報").isEmpty)
      #expect(try entries("ラーメン") == ["en.png", "lines.png"])
      let mixed = try #require(try database.search("total").first)
      #expect(try database.delete(id: mixed.id))
      try database.checkFullTextIndex()
      #expect(try entries("領収書").isEmpty)
      #expect(try database.connection.integer("SELECT count(*) FROM note_cjk_content") == 2)
    }

    @Test func aVersion1DatabaseIsMigratedAndItsIndexesRebuilt() throws {
      let folder = try TemporaryFolder()
      let path = folder.path("notes.sqlite")
      do {
        // A schema 1 file as the previous scanbench wrote it: notes and the trigram index.
        let raw = try SQLiteConnection(path: path)
        try raw.execute("PRAGMA journal_mode = WAL")
        try raw.execute("PRAGMA application_id = \(NoteDatabase.applicationID)")
        try raw.execute(NoteDatabase.migrations[0])
        try raw.execute("PRAGMA user_version = 1")
        for (id, text) in [(1, "The harbor at dawn"), (2, "東京都の天気予報によると"), (3, "parcel delivery")] {
          try raw.execute(
            """
            INSERT INTO note (id, text, recognized_at, recognized_unix, imported_at, run, source, entry,
              sha256, profile, lang, chars)
            VALUES (\(id), '\(text)', '2024-05-01T10:00:0\(id)Z', \(1_714_557_600 + id), '', 'r', 's.zip',
              'images/\(id).png', 'sha\(id)', 'accurate', 'eng', \(text.count));
            INSERT INTO note_fts (rowid, text) VALUES (\(id), '\(text)');
            """)
        }
      }
      let database = try NoteDatabase(path: path)
      #expect(try database.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      #expect(
        try database.connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'note_fts'") == 0)
      try database.checkFullTextIndex()
      #expect(try database.search("harbor").map(\.entry) == ["images/1.png"])
      #expect(try database.search("天気予報").map(\.entry) == ["images/2.png"])
      #expect(try database.search("天気").map(\.entry) == ["images/2.png"])
      #expect(try database.delete(id: 3))
      try database.checkFullTextIndex()
      #expect(try database.search("parcel").isEmpty)
    }

    @Test func rankingIsBm25WithinTheNewestMatchesOfACommonWord() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      let notes = NoteDatabase.rankWindow + 100
      try NoteImporter(database: database).importRecords(
        (0..<notes).map { index in
          // The oldest notes say "common" most often: the best bm25 scores, outside the window.
          let text =
            index < 100
            ? "common common common rare\(index % 7)"
            : "common note number \(index) rare\(index % 7) filler words"
          return Fixture.record(
            "n\(index)", text: text, time: Timestamp.format(1_700_000_000 + Double(index)))
        })
      let window = try database.search("common", options: SearchOptions(limit: 10))
      #expect(window.count == 10)
      #expect(window.allSatisfy { $0.id > 100 && $0.score != nil })
      #expect(zip(window, window.dropFirst()).allSatisfy { ($0.score ?? 0) >= ($1.score ?? 0) })
      // Fewer matches than the window: exactly FTS5's own bm25 order.
      let hits = try database.search("rare3", options: SearchOptions(limit: 30))
      let statement = try database.connection.prepare(
        "SELECT rowid FROM note_words WHERE note_words MATCH '\"rare3\"*' ORDER BY rank, rowid DESC LIMIT 30")
      var expected: [Int64] = []
      while try statement.step() { expected.append(statement.int64(at: 0) ?? 0) }
      #expect(hits.map(\.id) == expected)
      #expect(hits.first.map { $0.id <= 100 } == true)
    }

    @Test func searchCountAgreesWithTheSearch() throws {
      let folder = try TemporaryFolder()
      let database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords(
        (0..<30).map { index in
          Fixture.record(
            "n\(index)", text: index % 3 == 0 ? "天気予報 receipt \(index)" : "receipt number \(index)",
            time: "2024-01-01T00:00:\(10 + index)Z")
        })
      for query in ["receipt", "天気予報", "receipt 天気予報", "number 1", "天気", "rece"] {
        let all = try database.search(query, options: SearchOptions(limit: 1000)).count
        #expect(try database.searchCount(query) == all, "\(query)")
      }
      #expect(try database.search("receipt", options: SearchOptions(limit: 5)).count == 5)
    }
  }
}
