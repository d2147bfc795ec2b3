import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchArchive
@testable import ScanbenchGate
@testable import ScanbenchNotes
@testable import ScanbenchRecognition
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// `run --boxes --barcodes`, then `overlay` and `report --overlays`, as a user runs them.
final class OverlayCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Three pages of the project's English corpus and a QR code, in a folder.
  func makeInput() throws -> URL {
    let input = folder.appendingPathComponent("input")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let corpus = Harness.packageRoot.appendingPathComponent("Corpora/eng-pages.tar.gz")
    try TestKit.shell(
      "tar -xzf '\(corpus.path)' -C '\(input.path)' eng-page-02-letter.png eng-page-02-letter.gt.txt "
        + "eng-page-05-shelf.png eng-page-05-shelf.gt.txt")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") else {
      throw XCTSkip("needs Debian's qrencode (make setup installs it)")
    }
    try TestKit.shell("qrencode -s 8 -o '\(input.path)/ticket.png' 'TICKET 2026-11-30 seat 14C'")
    return input
  }

  func testBoxesAndBarcodesAreRecordedAndDrawn() throws {
    let input = try makeInput()
    let store = folder.appendingPathComponent("results.jsonl")
    let run = try Harness.run(
      ["run", input.path, "--level", "fast", "--boxes", "--barcodes", "--out", store.path])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let (results, _) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 3)
    let ticket = try XCTUnwrap(results.first { $0.entry == "ticket.png" })
    XCTAssertEqual(ticket.barcodes?.map(\.data), ["TICKET 2026-11-30 seat 14C"])
    XCTAssertEqual(ticket.barcodes?.first?.symbology, "QR-Code")
    XCTAssertNotNil(ticket.ms.barcodes)
    for record in results where record.entry != "ticket.png" {
      let words = try XCTUnwrap(record.words, record.entry)
      let lines = try XCTUnwrap(record.lines, record.entry)
      XCTAssertGreaterThan(words.count, 50, record.entry)
      XCTAssertEqual(record.barcodes, [], "\(record.entry) has no codes")
      let (width, height) = (try XCTUnwrap(record.width), try XCTUnwrap(record.height))
      XCTAssertTrue(words.allSatisfy { $0.isInside(width: width, height: height) })
      // The words, in order, are the recognized text's words.
      XCTAssertEqual(
        words.map(\.text).joined(separator: " "),
        (record.text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "), record.entry)
      XCTAssertEqual(lines.map(\.text).joined(separator: " "), words.map(\.text).joined(separator: " "))
    }

    // Into the note database: the payload is searchable, the note shows its code and boxes.
    let database = folder.appendingPathComponent("notes.sqlite")
    XCTAssertEqual(try Harness.run(["import", store.path, "--db", database.path]).exitCode, 0)
    let search = try Harness.run(["notes", "search", "seat 14C", "--db", database.path])
    XCTAssertEqual(search.exitCode, 0, search.stderr)
    XCTAssertTrue(search.stdout.contains("ticket.png"), search.stdout)
    let listed = try Harness.run(["notes", "list", "--db", database.path, "--json"])
    let notes = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], listed.stdout)
    let ticketID = try XCTUnwrap(notes.first { $0["entry"] as? String == "ticket.png" }?["id"] as? Int)
    let shown = try Harness.run(["notes", "show", "\(ticketID)", "--db", database.path])
    XCTAssertTrue(shown.stdout.contains("QR-Code at"), shown.stdout)
    XCTAssertTrue(shown.stdout.contains("TICKET 2026-11-30 seat 14C"), shown.stdout)

    let overlays = folder.appendingPathComponent("overlays")
    let all = try Harness.run(["overlay", store.path, "--out", overlays.path])
    XCTAssertEqual(all.exitCode, 0, all.stderr)
    XCTAssertTrue(all.stdout.contains("wrote 3 overlays"), all.stdout)
    let names = try FileManager.default.contentsOfDirectory(atPath: overlays.path).sorted()
    XCTAssertEqual(
      names, ["eng-page-02-letter.overlay.png", "eng-page-05-shelf.overlay.png", "ticket.overlay.png"])
    let one = folder.appendingPathComponent("letter.png")
    let single = try Harness.run(
      ["overlay", store.path, "--entry", "eng-page-02-letter.png", "--out", one.path])
    XCTAssertEqual(single.exitCode, 0, single.stderr)
    let decoded = try ImageDecoder.decodePages(try Data(contentsOf: one), maxPixels: 100_000_000)
    XCTAssertEqual(decoded.first?.width, results.first { $0.entry == "eng-page-02-letter.png" }?.width)

    let page = folder.appendingPathComponent("report.html")
    let report = try Harness.run(["report", store.path, "--html", page.path, "--overlays", overlays.path])
    XCTAssertEqual(report.exitCode, 0, report.stderr)
    let html = try String(contentsOf: page, encoding: .utf8)
    XCTAssertTrue(
      html.contains("href=\"overlays/eng-page-02-letter.overlay.png\""), "links relative to the page")
  }

  func testOverlayWithoutBoxesSaysWhichFlagIsMissing() throws {
    let input = try makeInput()
    let store = folder.appendingPathComponent("plain.jsonl")
    XCTAssertEqual(try Harness.run(["run", input.path, "--level", "fast", "--out", store.path]).exitCode, 0)
    let result = try Harness.run(["overlay", store.path, "--out", folder.appendingPathComponent("o").path])
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("--boxes"), result.stderr)
    let many = try Harness.run(["overlay", store.path, "--out", folder.appendingPathComponent("x.png").path])
    XCTAssertEqual(many.exitCode, 2)
  }

  func testAnImageThatChangedSinceTheRunIsNotDrawnOver() throws {
    let input = try makeInput()
    let store = folder.appendingPathComponent("results.jsonl")
    XCTAssertEqual(
      try Harness.run(["run", input.path, "--level", "fast", "--boxes", "--out", store.path]).exitCode, 0)
    try TestKit.shell("qrencode -s 8 -o '\(input.path)/ticket.png' 'another payload'")
    let result = try Harness.run(["overlay", store.path, "--out", folder.appendingPathComponent("o").path])
    XCTAssertEqual(result.exitCode, 1, "two overlays written, one refused")
    XCTAssertTrue(result.stderr.contains("ticket.png: the image changed since the run"), result.stderr)
  }
}
