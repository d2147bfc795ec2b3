import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// The smaller parts of the formats work, end to end: inputs recorded as absolute paths (and older
/// stores, which hold them as given, still resumed and reported), the entry's name in `notes list`,
/// hOCR naming the run's language.
final class FormatsCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testInputsAreRecordedAbsoluteAndOlderRelativeStoresStillResumeAndReport() throws {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted().prefix(3)
    for name in names {
      for file in [name, String(name.dropLast(4)) + ".gt.txt"] {
        try FileManager.default.copyItem(
          at: corpus.appendingPathComponent(file), to: input.appendingPathComponent(file))
      }
    }
    let store = folder.appendingPathComponent("results.jsonl")
    let arguments = ["run", "in", "--level", "fast", "--psm", "7", "--out", store.path]
    let first = try Harness.run(arguments, in: folder)
    XCTAssertEqual(first.exitCode, 0, first.stderr)
    let records = try Harness.records(in: store).results
    XCTAssertEqual(
      Set(records.map(\.source)), [input.standardizedFileURL.path], "given as `in`, recorded absolute")

    // A store from before: the same lines with the input as it was given, relative.
    let text = try String(contentsOf: store, encoding: .utf8)
    let old = text.replacingOccurrences(of: "\"\(input.standardizedFileURL.path)\"", with: "\"in\"")
    XCTAssertNotEqual(old, text)
    try Data(old.utf8).write(to: store)
    let resumed = try Harness.run(arguments + ["--resume", "--json"], in: folder)
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 3, "nothing redone")
    XCTAssertEqual(summaries.last?.skipped, 3)
    XCTAssertEqual(summaries.last?.run, records.first?.run, "the same run continued")

    // A report made from another folder finds the relative input beside the store.
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let report = try Harness.run(
      ["report", store.path, "--html", folder.appendingPathComponent("r.html").path], in: elsewhere)
    XCTAssertEqual(report.exitCode, 0, report.stderr)
    XCTAssertTrue(report.stdout.contains("ground truth re-read for 3"), report.stdout)
  }

  func testNotesListShowsTheEntrysNameAndHOCRTheRunsLanguage() throws {
    let store = folder.appendingPathComponent("one.jsonl")
    var record = ResultRecord.fixture(
      "receipts/領収書.png", run: "r1", time: "2026-12-01T00:00:00.000Z", source: "/data/scans.zip",
      sha256: String(repeating: "ab", count: 32), profile: "fast", lang: "jpn",
      engine: EngineIdentity(name: "ppocr", version: "PP-OCRv6"))
    record.text = "合計 1,200円"
    record.chars = 9
    record.width = 100
    record.height = 20
    try StoreWriter.line(for: record).write(to: store)
    let database = folder.appendingPathComponent("notes.sqlite")
    XCTAssertEqual(try Harness.run(["import", store.path, "--db", database.path]).exitCode, 0)
    let list = try Harness.run(["notes", "list", "--db", database.path])
    XCTAssertEqual(list.exitCode, 0, list.stderr)
    let lines = list.stdout.split(separator: "\n")
    XCTAssertTrue(lines.first?.contains("NAME") ?? false, list.stdout)
    XCTAssertTrue(lines.last?.contains("receipts/領収書.png") ?? false, list.stdout)
    XCTAssertTrue(lines.last?.contains("/data/scans.zip") ?? false, list.stdout)

    let out = folder.appendingPathComponent("hocr")
    XCTAssertEqual(
      try Harness.run(["export", store.path, "--format", "hocr", "--out", out.path]).exitCode, 0)
    let hocr = try String(contentsOf: out.appendingPathComponent("receipts/領収書.hocr"), encoding: .utf8)
    XCTAssertTrue(hocr.contains("xml:lang=\"ja\" lang=\"ja\""), hocr)
    let page = folder.appendingPathComponent("page")
    XCTAssertEqual(
      try Harness.run(["export", store.path, "--format", "page", "--out", page.path]).exitCode, 0)
    let xml = try String(contentsOf: page.appendingPathComponent("receipts/領収書.page.xml"), encoding: .utf8)
    XCTAssertTrue(xml.contains("primaryLanguage=\"Japanese\""), xml)
    XCTAssertTrue(xml.contains("<Unicode>合計 1,200円</Unicode>"), xml)
  }
}
