import Foundation
import ScanbenchStore
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchServer

/// The grid's count: exact up to `NotesServer.countLimit`, "1,000+" beyond it, and right at once
/// after another import into the database being served.
@Suite struct NotesServerCountTests {
  static func records(_ range: Range<Int>, source: String = "in.tar") -> [ResultRecord] {
    range.map { ResultRecord.fixture("p\($0).png", source: source, text: "photo \($0)") }
  }

  /// The count line of a page: its `data-total` and its text.
  static func count(_ page: String) -> String? {
    guard let start = page.range(of: "<p class=\"count\" id=\"count\" "),
      let end = page.range(of: "</p>", range: start.upperBound..<page.endIndex)
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test func theCountIsExactToTheCapAndSaysSoBeyondItAndFollowsAnImport() throws {
    let folder = try TestKit.temporaryFolder("scanbench-count")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("notes.sqlite").path
    let writer = try NoteDatabase(path: path)
    let limit = NotesServer.countLimit
    try NoteImporter(database: writer).importRecords(Self.records(0..<limit))
    try writer.checkpoint()
    let server = try NotesServer(
      NotesServer.Options(
        database: path, port: 0, limits: HTTPLimits(threads: 2), cache: folder.appendingPathComponent("cache")
      ))
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    defer { client.close() }

    #expect(Self.count(try client.get("/").text) == "data-total=\"1000\">1,000 photos")
    var list = try #require(
      try JSONSerialization.jsonObject(with: try client.get("/api/notes").body) as? [String: Any])
    #expect(list["total"] as? Int == 1000 && list["total_is_lower_bound"] as? Bool == false)
    #expect(
      Self.count(try client.get("/?source=in.tar").text) == "data-total=\"1000\">1,000 photos")

    // One more photo, imported while the server runs: the next page says so at once.
    try NoteImporter(database: writer).importRecords(Self.records(limit..<(limit + 1), source: "more.tar"))
    #expect(Self.count(try client.get("/").text) == "data-total=\"1000\">1,000+ photos")
    list = try #require(
      try JSONSerialization.jsonObject(with: try client.get("/api/notes").body) as? [String: Any])
    #expect(list["total"] as? Int == 1000 && list["total_is_lower_bound"] as? Bool == true)
    // A filter under the cap is still exact; the new source is offered by the filter at once.
    #expect(Self.count(try client.get("/?source=more.tar").text) == "data-total=\"1\">1 photo")
    let page = try client.get("/").text
    #expect(page.contains("<option value=\"more.tar\">more.tar</option>"))

    // Deleting it brings the count back under the cap.
    #expect(try writer.delete(id: try #require(writer.list().first?.id)))
    #expect(Self.count(try client.get("/").text) == "data-total=\"1000\">1,000 photos")
  }

  @Test func countsAreGroupedAsEnUSWritesThem() {
    #expect(
      [0, 7, 999, 1000, 12_345, 1_000_000, -4200].map(NotesServer.grouped)
        == ["0", "7", "999", "1,000", "12,345", "1,000,000", "-4,200"])
  }
}
