import Foundation
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension Notes {
  /// The ranked search (`NoteDatabase+Ranking.swift`: prefixes as their words, document counts and
  /// the notes' sizes kept, `scanbench_bm25`) against the plain query it replaces: FTS5's own `rank`
  /// over the plan's MATCH expression and FTS5's highlight() on the index. The same notes, in the
  /// same order, with the same scores to the bit and the same snippets; cold, with the statistics
  /// kept, and after an import changed the indexes.
  @Suite struct NoteSearchRankingTests {
    let folder: TemporaryFolder
    let database: NoteDatabase

    /// Words sharing prefixes (`sho…`), a prefix of more words than are expanded (`qaz…`), words
    /// that occur in many notes and in few, texts of different lengths (bm25 weighs by size), and
    /// Japanese lines for the trigram index.
    static let vocabulary: [String] = {
      var words = ["shop", "shops", "shopping", "shore", "short", "harbor", "harbour", "lighthouse", "total"]
      words += (0..<(NoteDatabase.maximumPrefixWords + 6)).map { "qaz" + String($0, radix: 36) + "x" }
      words += ["rare", "receipt", "café", "naïve", "42.00", "東京都の天気予報", "ラーメン屋", "領収書です"]
      return words
    }()

    static func records(count: Int, seed: UInt64, firstTime: Double) -> [ResultRecord] {
      var state = seed
      func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
      }
      return (0..<count).map { index in
        let length = 1 + next(40)
        // Skewed: the first words of the vocabulary are common, the last rare.
        let words = (0..<length).map { _ in vocabulary[next(1 + next(vocabulary.count))] }
        return Fixture.record(
          "n\(seed)-\(index)", text: words.joined(separator: index % 3 == 0 ? "\n" : " "),
          time: Timestamp.format(firstTime + Double(index)), source: index % 2 == 0 ? "even.zip" : "odd.zip",
          lang: index % 4 == 0 ? "jpn" : "eng")
      }
    }

    static let queries = [
      "shop", "sho", "shopping", "SHORE", "harb", "harbor lighthouse", "qaz", "qaz1", "qaz1x", "total sho",
      "rare",
      "caf", "café", "naïve", "42.00", "東京都", "天気予報", "ラーメン", "領収書", "東京都 shop", "nothing", "zzz",
      "shop 天気",
    ]

    init() throws {
      folder = try TemporaryFolder()
      database = try NoteDatabase(path: folder.path("notes.sqlite"))
      try NoteImporter(database: database).importRecords(
        NoteSearchRankingTests.records(count: 600, seed: 1, firstTime: 1_700_000_000))
    }

    /// The search as it was before ranking was taken over: the best matches by FTS5's `rank`
    /// within the rank window, their snippets from highlight() on the index itself.
    func plainSearch(_ query: String, on database: NoteDatabase, options: SearchOptions) throws
      -> [NoteSearchHit]
    {
      let plan = SearchPlan(query, filter: options.filter)
      guard let index = plan.primaryIndex else { return [] }
      let matches =
        plan.hasFilters
        ? """
        SELECT \(index).rowid AS id, \(index).rank AS rank FROM \(index) JOIN note ON note.id = \(index).rowid
        WHERE \(index) MATCH :match\(plan.filterConditions(rowid: "\(index).rowid"))
        """
        : "SELECT rowid AS id, rank FROM \(index) WHERE \(index) MATCH :match"
      let top = try database.connection.prepare(
        """
        SELECT id, rank FROM (\(matches) ORDER BY id DESC LIMIT \(NoteDatabase.rankWindow))
        ORDER BY rank, id DESC LIMIT :limit
        """)
      try plan.bind(to: top)
      try top.bind(.integer(Int64(options.offset + options.limit)), named: ":limit")
      var ranked: [(id: Int64, rank: Double)] = []
      while try top.step() { ranked.append((top.int64(at: 0) ?? 0, top.double(at: 1) ?? .nan)) }
      return try ranked.dropFirst(options.offset).map { id, rank in
        let marked: String
        if index == "note_words" {
          let highlight = try database.connection.prepare(
            """
            SELECT highlight(note_words, 0, char(57344), char(57345)) FROM note_words
            WHERE note_words MATCH :match AND rowid = :id
            """)
          try highlight.bind(.text(plan.match), named: ":match")
          try highlight.bind(.integer(id), named: ":id")
          #expect(try highlight.step())
          marked = highlight.string(at: 0) ?? ""
        } else {
          let text = try database.connection.prepare("SELECT text FROM note WHERE id = :id")
          try text.bind(.integer(id), named: ":id")
          #expect(try text.step())
          marked = NoteDatabase.mark(plan.marked, in: text.string(at: 0) ?? "")
        }
        let snippet = NoteDatabase.snippet(
          marked, context: options.context, highlight: options.highlight, escape: options.escape)
        return NoteSearchHit(
          id: id, recognizedAt: "", chars: 0, source: "", entry: "", snippet: snippet, score: -rank)
      }
    }

    /// `search`'s ids, scores and snippets against the plain query's, for every query; how many
    /// queries found something.
    @discardableResult
    func expectSameAsPlain(_ searching: NoteDatabase, reference: NoteDatabase, options: SearchOptions) throws
      -> Int
    {
      var ranked = 0
      for query in NoteSearchRankingTests.queries {
        let hits = try searching.search(query, options: options)
        let plain = try plainSearch(query, on: reference, options: options)
        #expect(hits.map(\.id) == plain.map(\.id), "\(query)")
        #expect(hits.map(\.score) == plain.map(\.score), "\(query)")
        #expect(hits.map(\.snippet) == plain.map(\.snippet), "\(query)")
        ranked += hits.isEmpty ? 0 : 1
      }
      return ranked
    }

    @Test func aNewConnectionRanksAsThePlainQuery() throws {
      // All but "nothing" and "zzz" find notes, and the filter leaves some.
      let all = try expectSameAsPlain(database, reference: database, options: SearchOptions(limit: 30))
      #expect(all == NoteSearchRankingTests.queries.count - 2)
      let filtered = try expectSameAsPlain(
        database, reference: database,
        options: SearchOptions(limit: 7, offset: 5, filter: NoteFilter(source: "odd.zip")))
      #expect(filtered > 5)
    }

    /// Schema 7 made the word index again with prefix indexes of three and four characters: a
    /// database of schema 6 gets them in place, with every note still indexed and the same hits,
    /// scores and snippets as the index made with them from the start.
    @Test func aDatabaseOfSchema6GetsThePrefixIndexesAndRanksTheSame() throws {
      let options = SearchOptions(limit: 30)
      let withPrefixes = try NoteSearchRankingTests.queries.map { try database.search($0, options: options) }
      func definition(_ connection: SQLiteConnection) throws -> String {
        try connection.text("SELECT sql FROM sqlite_schema WHERE name = 'note_words'") ?? ""
      }
      #expect(try definition(database.connection).contains("prefix = '3 4'"))
      // The word index as schema 6 had it (migrations 2 and 3).
      try database.connection.execute(
        """
        DROP TABLE note_words;
        CREATE VIRTUAL TABLE note_words USING fts5(
          text, content = 'note', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO note_words (note_words, rank) VALUES ('hashsize', 67108864);
        INSERT INTO note_words (note_words) VALUES ('rebuild');
        PRAGMA user_version = 6;
        """)
      #expect(try !definition(database.connection).contains("prefix"))

      let migrated = try NoteDatabase(path: folder.path("notes.sqlite"))
      #expect(try migrated.schemaVersionOnDisk() == NoteDatabase.schemaVersion)
      #expect(try definition(migrated.connection).contains("prefix = '3 4'"))
      try migrated.checkFullTextIndex()
      #expect(
        try migrated.connection.integer("SELECT count(*) FROM note_words WHERE note_words MATCH 'qaz*'")
          == migrated.connection.integer("SELECT count(*) FROM note WHERE text LIKE '%qaz%'"))
      for (query, hits) in zip(NoteSearchRankingTests.queries, withPrefixes) {
        let again = try migrated.search(query, options: options)
        #expect(again.map(\.id) == hits.map(\.id), "\(query)")
        #expect(again.map(\.score) == hits.map(\.score), "\(query)")
        #expect(again.map(\.snippet) == hits.map(\.snippet), "\(query)")
      }
    }

    @Test func keptStatisticsAndSizesRankAsThePlainQueryUntilAnImportChangesThem() throws {
      let path = folder.path("notes.sqlite")
      try database.checkpoint()
      let statistics = SearchStatistics(keepsDocumentSizes: true)
      let server = try NoteDatabase(readOnlyPath: path, statistics: statistics)
      let html = SearchOptions(limit: 30, highlight: ("<mark>", "</mark>"), escape: { "(" + $0 + ")" })
      // Twice: the first round fills the statistics and reads the sizes, the second uses them.
      try expectSameAsPlain(server, reference: database, options: html)
      try expectSameAsPlain(server, reference: database, options: html)
      #expect(try server.documentSizes(index: "note_words", version: server.fullTextIndexVersion()) != nil)

      // New notes, new counts: what was kept is forgotten, on this connection and another sharing it.
      try NoteImporter(database: database).importRecords(
        NoteSearchRankingTests.records(count: 150, seed: 2, firstTime: 1_800_000_000))
      try database.checkpoint()
      let other = try NoteDatabase(readOnlyPath: path, statistics: statistics)
      try expectSameAsPlain(server, reference: database, options: html)
      try expectSameAsPlain(other, reference: database, options: html)
      #expect(try server.search("shop", options: html).contains { $0.id > 600 })
    }
  }
}

extension Notes {
  /// The snippet's shortcuts for the marks and for white space, against Character's own tests.
  @Suite struct SnippetCharacterTests {
    static let characters: [Character] = {
      var characters = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }
      characters += ["\r\n", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "é", "e\u{301}", "東", "👍🏽"]
      characters += [NoteDatabase.openMark, NoteDatabase.closeMark, "\u{E000}\u{301}", "\u{E001}\u{301}"]
      return characters
    }()

    @Test func marksAndWhiteSpaceAreWhatCharacterSays() {
      for character in SnippetCharacterTests.characters {
        #expect(NoteDatabase.isOpenMark(character) == (character == NoteDatabase.openMark), "\(character)")
        #expect(NoteDatabase.isCloseMark(character) == (character == NoteDatabase.closeMark), "\(character)")
        #expect(NoteDatabase.isWhitespace(character) == character.isWhitespace, "\(character)")
      }
    }
  }
}
