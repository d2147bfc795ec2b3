import Foundation
import ScanbenchTestSupport
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchServer
@testable import ScanbenchSupport

/// `notes serve` through real HTTP on loopback (an ephemeral port), as a browser or a script meets
/// it: the list, the search, a note's page, the images, the JSON.
@Suite struct NotesServerTests {
  let served: ServedNotes
  var folder: URL { served.folder }
  var fixture: NotesFixture { served.fixture }
  var server: NotesServer { served.server }
  var client: LoopbackClient { served.client }

  init() throws {
    served = try ServedNotes()
  }

  func stop() { served.stop() }

  func json(_ target: String) throws -> [String: Any] {
    let response = try client.get(target)
    #expect(response.status == 200, "\(target): \(response.text)")
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  /// The entries in the order a page lists them.
  static func listed(_ page: String) -> [String] {
    NotesFixture.entries.compactMap { entry in
      page.range(of: "class=\"name\">\(entry)<").map { ($0.lowerBound, entry) }
    }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Newest taken first: the photo of July 2019 after the images without a capture date, which
  /// are in the month they were imported.
  static var takenOrder: [String] {
    NotesFixture.entries.reversed().filter { $0 != "photos/IMG_0042.jpg" } + ["photos/IMG_0042.jpg"]
  }

  @Test func theListShowsEveryNoteNewestFirstWithItsThumbnail() throws {
    defer { stop() }
    let page = try client.get("/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
    #expect(Self.listed(page.text) == Self.takenOrder, "every photo, newest taken first")
    #expect(page.text.contains("<time datetime=\"2019-07-14T12:34:56+09:00\""))
    let recognized = try client.get("/?order=recognized")
    #expect(Self.listed(recognized.text) == NotesFixture.entries.reversed(), "newest recognized first")
    let id = fixture.id(of: "photos/IMG_0042.jpg")
    let thumbnail = try client.get("/notes/\(id)/thumbnail")
    #expect(thumbnail.status == 200)
    #expect(thumbnail.headers["content-type"] == "image/jpeg")
    #expect(thumbnail.body.starts(with: [0xFF, 0xD8, 0xFF]))
    // Made once with leptonica, then served from the cache; a browser that has it gets a 304.
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("cache/thumbnail").path)
    #expect(cached.count == 1)
    #expect(try client.get("/notes/\(id)/thumbnail").body == thumbnail.body)
    let tag = try #require(thumbnail.headers["etag"])
    #expect(try client.get("/notes/\(id)/thumbnail", headers: ["If-None-Match": tag]).status == 304)
  }

  @Test func searchHighlightsJapaneseAndEnglishAsNotesSearchDoes() throws {
    defer { stop() }
    let japanese = try client.get("/?q=" + ListParameters.encode("会議"))
    #expect(japanese.status == 200)
    #expect(japanese.text.contains("<mark>会議</mark>"))
    #expect(japanese.text.contains(">lines/jpn-line-002.jpg<"))
    #expect(!japanese.text.contains(">lines/eng-line-001.png<"))
    let english = try client.get("/?q=harbor")
    #expect(english.text.contains("<mark>Harbor</mark> master"))
    // The API runs the same search: the same hits, marked as `notes search --json` marks them.
    let hits = try #require(
      try json("/api/notes?q=" + ListParameters.encode("会議"))["hits"] as? [[String: Any]])
    #expect(hits.map { $0["entry"] as? String } == ["lines/jpn-line-002.jpg"])
    #expect((hits.first?["snippet"] as? String)?.contains("[会議]") == true)
    // A two-character term, a scan; a QR payload, the codes first.
    let code = try #require(try json("/api/notes?q=tickets%2F4711")["hits"] as? [[String: Any]])
    #expect(code.first?["entry"] as? String == "codes/ticket.png")
    #expect(code.first?["in_code"] as? Bool == true)
  }

  @Test func keysetPagingVisitsEveryNoteOnceAndOffsetAgrees() throws {
    defer { stop() }
    var seen: [Int] = []
    var target: String? = "/api/notes?limit=2"
    while let next = target, seen.count < 100 {
      let page = try json(next)
      seen += (page["notes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
      target = page["next"] as? String
    }
    #expect(seen.map { NotesFixture.entries[$0 - 1] } == Self.takenOrder)
    let offset = try json("/api/notes?limit=3&offset=2")["notes"] as? [[String: Any]]
    #expect(offset?.compactMap { $0["id"] as? Int } == Array(seen[2..<5]))
    // Newer: the page before the second is the first.
    let second = try json(try #require(try json("/api/notes?limit=2")["next"] as? String))
    let newer = try #require(second["previous"] as? String)
    #expect(
      (try json(newer)["notes"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == Array(seen[0..<2]))
    #expect(try json("/api/notes")["total"] as? Int == NotesFixture.entries.count)
    // The HTML pages follow the same cursor.
    func link(_ page: String, _ rel: String) throws -> String {
      let start = try #require(
        page.range(of: "rel=\"\(rel)\" id=\"\(rel == "next" ? "older" : "newer")\" href=\""))
      return String(page[start.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(
        of: "&amp;", with: "&")
    }
    let first = try client.get("/?limit=2")
    let page2 = try client.get(try link(first.text, "next")).text
    #expect(Self.listed(page2) == Array(Self.takenOrder[2...]), "the links keep the grid's own page size")
    #expect(Self.listed(try client.get(try link(page2, "prev")).text) == Array(Self.takenOrder[0..<2]))
  }

  /// The grid: sections by the month taken, the scrubber's years and months, a count, the range of
  /// days; the same photos in the JSON.
  @Test func theGridGoesByMonthWithAScrubberACountAndARange() throws {
    defer { stop() }
    let page = try client.get("/").text
    let months = page.components(separatedBy: "<section class=\"month\" data-month=\"").dropFirst().map {
      String($0.prefix(7))
    }
    #expect(months.count == 2 && months.last == "2019-07" && months[0] > "2019-07", "\(months)")
    #expect(page.contains("id=\"count\" data-total=\"\(NotesFixture.entries.count)\""))
    #expect(page.contains("<a class=\"year\" data-year=\"2019\" href=\"/?after=t2020~0\">2019</a>"))
    #expect(page.contains("data-month=\"2019-07\" href=\"/?after=t2019-08~0\""))
    let jump = try client.get("/?after=t2020~0").text
    #expect(Self.listed(jump) == ["photos/IMG_0042.jpg"])
    #expect(jump.contains("id=\"newer\""), "back up from the jump")
    let range = try client.get("/?from=2019-07-01&to=2019-07-31").text
    #expect(Self.listed(range) == ["photos/IMG_0042.jpg"])
    #expect(range.contains(">1 photo</p>"))
    #expect(Self.listed(try client.get("/?from=2019-07-15").text) == Array(Self.takenOrder.dropLast()))
    #expect(try client.get("/?from=2019-07-31&to=2019-07-01").status == 400)
    #expect(try client.get("/?to=2019-02-30").status == 400)
    #expect(try client.get("/api/notes?before=bogus").status == 400)
    // Runs by their profile, engine and date, not their id.
    #expect(
      page.contains(
        "<option value=\"run-1\" data-started=\"2024-05-01T00:00:00Z\">accurate · tesseract 5.3.0"))
  }

  /// Two profiles over the same photos: each photo once in the grid, the search and the count; its
  /// page lists both readings, and the other reading's page is the same photo.
  @Test func twoProfilesListEachPhotoOnceAndItsPageShowsBoth() throws {
    let served = try ServedNotes(fastReadings: true)
    defer { served.stop() }
    let page = try served.client.get("/").text
    #expect(Self.listed(page) == Self.takenOrder)
    #expect(page.contains("data-total=\"\(NotesFixture.entries.count)\""))
    let hits = try served.client.get("/?q=" + NotesFixture.fastWord).text
    #expect(Self.listed(hits).count == NotesFixture.entries.count)
    #expect(hits.contains(">\(NotesFixture.entries.count) photos</p>"))
    let harbor = try served.client.get("/?q=harbor").text
    #expect(Self.listed(harbor) == ["photos/IMG_0042.jpg"], "both readings match, the photo once")
    let id = served.fixture.id(of: "photos/IMG_0042.jpg")
    let note = try served.client.get("/notes/\(id)").text
    #expect(note.contains("id=\"readings\""))
    #expect(note.components(separatedBy: "<tr data-id=").count - 1 == 2)
    #expect(note.contains("<td>accurate</td>") && note.contains(">fast</a></td>"))
    #expect(note.contains("<td>best, shown here</td>"))
    let other = Int(id) + NotesFixture.entries.count
    let otherPage = try served.client.get("/notes/\(other)").text
    #expect(otherPage.contains(NotesFixture.fastWord) && otherPage.contains(">accurate</a></td>"))
  }

  @Test func filtersByLanguageCodesSourceAndCaptureDate() throws {
    defer { stop() }
    func entries(_ query: String) throws -> [String] {
      (try json("/api/notes?" + query)["notes"] as? [[String: Any]] ?? []).compactMap {
        $0["entry"] as? String
      }
    }
    #expect(Set(try entries("lang=jpn")) == ["lines/jpn-line-001.png", "lines/jpn-line-002.jpg"])
    #expect(try entries("codes=1") == ["codes/ticket.png"])
    #expect(try entries("order=captured") == ["photos/IMG_0042.jpg"])
    #expect(try entries("year=2019&month=7") == ["photos/IMG_0042.jpg"])
    #expect(try entries("year=2019&month=8").isEmpty)
    #expect(
      try entries("source=" + ListParameters.encode(fixture.images.path)).count == NotesFixture.entries.count)
    #expect(try entries("source=elsewhere").isEmpty)
    #expect(try entries("since=2024-05-01T00:05:00Z") == ["lines/script.png", "codes/ticket.png"])
    #expect(try client.get("/api/notes?since=yesterday").status == 400)
    #expect(try client.get("/api/notes?year=1492").status == 400)
    #expect(try client.get("/api/notes?limit=100000").status == 400)
    #expect(try client.get("/api/notes?after=bogus").status == 400)
  }

  @Test func aNotesPageShowsItsBoxesCodesTextAndTheDifference() throws {
    defer { stop() }
    let scored = try client.get("/notes/\(fixture.id(of: "lines/eng-line-001.png"))")
    #expect(scored.status == 200)
    #expect(scored.text.contains("<rect class=\"line\""))
    #expect(scored.text.contains("<rect class=\"word\""))
    #expect(scored.text.contains("id=\"show-words\""))
    #expect(scored.text.contains("<pre class=\"diff\" id=\"diff\"><del>"), "the misread first character")
    #expect(scored.text.contains("<ins>X</ins>"))
    let ticket = try client.get("/notes/\(fixture.id(of: "codes/ticket.png"))")
    #expect(ticket.text.contains("<rect class=\"code\""))
    #expect(ticket.text.contains(">\(fixture.qrPayload)</a>"))
    let note = try json("/api/notes/\(fixture.id(of: "codes/ticket.png"))")
    #expect((note["barcodes"] as? [[String: Any]])?.first?["data"] as? String == fixture.qrPayload)
    #expect(note["image_url"] as? String == "/notes/\(fixture.id(of: "codes/ticket.png"))/image")
    #expect(try client.get("/notes/999").status == 404)
    #expect(try client.get("/api/notes/999").status == 404)
  }

  @Test func theOriginalIsTheRecognizedBytesAndAChangedOneIsRefused() throws {
    defer { stop() }
    let entry = "lines/eng-line-002.png"
    let file = fixture.images.appendingPathComponent(entry)
    let original = try client.get("/notes/\(fixture.id(of: entry))/image")
    #expect(original.status == 200)
    #expect(original.body == (try Data(contentsOf: file)))
    #expect(original.headers["content-type"] == "image/png")
    #expect(
      original.headers["content-disposition"]?.hasPrefix("attachment; filename=\"eng-line-002.png\"") == true)
    // Changed since the import: its bytes are not the note's image any more.
    var changed = try Data(contentsOf: file)
    changed[changed.count - 1] ^= 0xFF
    try changed.write(to: file)
    let refused = try client.get("/notes/\(fixture.id(of: entry))/image")
    #expect(refused.status == 409)
    #expect(refused.text.contains("changed since it was recognized"))
    #expect(try client.get("/notes/\(fixture.id(of: entry))/preview").status == 409)
    try FileManager.default.removeItem(at: file)
    #expect(try client.get("/notes/\(fixture.id(of: entry))/image").status == 410)
  }

  @Test func theDatabaseIsNeverWritten() throws {
    defer { stop() }
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    for target in [
      "/", "/?q=harbor", "/notes/1", "/api/notes", "/api/notes/2",
      "/?q=会議".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/",
    ] {
      _ = try client.get(target)
    }
    server.stop()
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
  }

  /// The style sheet, script and icon are files (`Sources/ScanbenchServer/Assets/`), embedded at
  /// build time: what is served is what the files hold, under a URL that changes with them.
  @Test func theAssetsServedAreTheirFiles() throws {
    defer { stop() }
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/ScanbenchServer/Assets")
    let page = try client.get("/")
    for asset in Asset.allCases {
      let file = try String(contentsOf: folder.appendingPathComponent(asset.rawValue), encoding: .utf8)
      let response = try client.get(asset.url)
      #expect(response.status == 200, "\(asset.url)")
      #expect(response.headers["content-type"] == asset.mediaType)
      // The plugin's string literal ends before the file's last line break.
      #expect(response.text == (file.hasSuffix("\n") ? String(file.dropLast()) : file), "\(asset.rawValue)")
      #expect(response.body.count > 100, "\(asset.rawValue) has content")
      #expect(page.text.contains(asset.url), "the page links \(asset.url)")
    }
  }
}
