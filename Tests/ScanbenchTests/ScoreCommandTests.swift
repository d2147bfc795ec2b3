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

/// `scanbench score` on existing OCR output, and `import`/`notes` on a store, through the binary.
final class ScoreCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func write(_ text: String, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func testScoresPairsListsMissingCounterpartsAndNamesTheMetric() throws {
    try write("the modern world\n", "gt/a.gt.txt")
    try write("the modem world\n", "ocr/a.txt")
    try write("日本語の文章です", "gt/sub/b.gt.txt")
    try write("日 本 語 の 文 章 で す", "ocr/sub/b.txt")  // Tesseract's spaces between CJK characters
    try write("only ground truth", "gt/c.gt.txt")
    try write("only ocr", "ocr/d.txt")
    let store = folder.appendingPathComponent("score.jsonl")
    let result = try Harness.run([
      "score", folder.appendingPathComponent("gt").path, folder.appendingPathComponent("ocr").path, "--out",
      store.path,
      "--json",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("missing OCR output for c"), result.stderr)
    XCTAssertTrue(result.stderr.contains("missing ground truth for d"), result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let summary = try XCTUnwrap(report["summary"] as? [String: Any])
    XCTAssertEqual(summary["scored"] as? Int, 2)
    XCTAssertEqual(summary["metric"] as? String, "cer/grapheme/nfc/ws-collapse/cjk-nospace/v1")
    let results = try Harness.records(in: store).results.sorted { $0.entry < $1.entry }
    XCTAssertEqual(results.map(\.entry), ["a.gt.txt", "sub/b.gt.txt"], "keyed by the ground truth")
    XCTAssertEqual(
      results[0].sha256, SHA256.hex(try Data(contentsOf: folder.appendingPathComponent("gt/a.gt.txt"))),
      "and by its bytes")
    XCTAssertEqual(results[0].edits, 2, "rn → m")
    XCTAssertEqual(results[0].gtChars, 16)
    XCTAssertEqual(results[1].edits, 0, "spaces between Japanese characters are not errors")
    let confusions = try XCTUnwrap(report["confusions"] as? [[String: Any]])
    XCTAssertEqual(confusions.first?["groundTruth"] as? String, "rn")
    XCTAssertEqual(confusions.first?["recognized"] as? String, "m")
  }

  func testNormalizationFlagsChangeTheMetric() throws {
    try write("Hello, World", "gt/a.gt.txt")
    try write("hello world", "ocr/a.txt")
    let gt = folder.appendingPathComponent("gt").path
    let ocr = folder.appendingPathComponent("ocr").path
    let plain = try Harness.run(["score", gt, ocr, "--out", folder.appendingPathComponent("1.jsonl").path])
    XCTAssertTrue(plain.stdout.contains("edits           3 "), plain.stdout)
    let folded = try Harness.run([
      "score", gt, ocr, "--case-fold", "--ignore-punctuation", "--out",
      folder.appendingPathComponent("2.jsonl").path,
    ])
    XCTAssertTrue(folded.stdout.contains("edits           0 "), folded.stdout)
    XCTAssertTrue(folded.stdout.contains("/casefold"), folded.stdout)
  }

  func testImportTwiceKeepsTheSameNotesAndSearchFindsThem() throws {
    try write("the quick brown fox\n", "gt/a.gt.txt")
    try write("the quick brown fox\n", "ocr/a.txt")
    try write("東京都の天気予報", "gt/b.gt.txt")
    try write("東京都の天気予報", "ocr/b.txt")
    let store = folder.appendingPathComponent("s.jsonl")
    XCTAssertEqual(
      try Harness.run([
        "score", folder.appendingPathComponent("gt").path, folder.appendingPathComponent("ocr").path, "--out",
        store.path,
      ]).exitCode, 0)
    let db = folder.appendingPathComponent("notes.sqlite").path
    for _ in 0..<2 {
      let imported = try Harness.run(["import", store.path, "--db", db, "--json"])
      XCTAssertEqual(imported.exitCode, 0, imported.stderr)
    }
    let list = try Harness.run(["notes", "list", "--db", db, "--json"])
    let notes = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any], list.stdout)
    XCTAssertEqual(notes.count, 2)
    let english = try Harness.run(["notes", "search", "brown", "--db", db])
    XCTAssertTrue(english.stdout.contains("brown"), english.stdout)
    let japanese = try Harness.run(["notes", "search", "天気", "--db", db])
    XCTAssertTrue(japanese.stdout.contains("天気"), japanese.stdout)
  }
}
