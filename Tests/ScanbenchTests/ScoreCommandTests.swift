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
    XCTAssertEqual(confusions.first?["ground_truth"] as? String, "rn")
    XCTAssertEqual(confusions.first?["recognized"] as? String, "m")
  }

  /// Issue 32: `score GT OCR` created ./Reports/score-results.jsonl unasked.
  func testScoreWritesNothingWithoutOut() throws {
    try write("the modern world\n", "gt/a.gt.txt")
    try write("the modem world\n", "ocr/a.txt")
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let result = try Harness.run(["score", "gt", "ocr"], in: folder)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("CER (micro)     12.50%"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("store           none (--out FILE keeps the results)"), result.stdout)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), before)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports").path))
  }

  /// Every pair with its name (the page, not the ground-truth file), CER, WER, edits and lengths;
  /// the keys spelled as the store spells them.
  func testScoreJSONListsEachPair() throws {
    try write("the modern world\n", "gt/a.gt.txt")
    try write("the modem world\n", "ocr/a.txt")
    try write("Hello there", "gt/sub/110.gt.txt")
    try write("Hello there", "ocr/sub/110.txt")
    try write("only ground truth", "gt/c.gt.txt")
    let result = try Harness.run(["score", "gt", "ocr", "--json"], in: folder)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    let pairs = try XCTUnwrap(report["pairs"] as? [[String: Any]], result.stdout)
    XCTAssertEqual(pairs.compactMap { $0["name"] as? String }, ["a", "sub/110"])
    XCTAssertEqual(pairs[0]["ground_truth"] as? String, "a.gt.txt")
    XCTAssertEqual(pairs[0]["ocr"] as? String, "a.txt")
    XCTAssertEqual(pairs[0]["edits"] as? Int, 2)
    XCTAssertEqual(pairs[0]["gt_chars"] as? Int, 16)
    XCTAssertEqual(pairs[0]["ocr_chars"] as? Int, 15)
    XCTAssertEqual(pairs[0]["substitutions"] as? Int, 1)
    XCTAssertEqual(pairs[0]["deletions"] as? Int, 1)
    XCTAssertEqual(try XCTUnwrap(pairs[0]["cer"] as? Double), 2.0 / 16, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(pairs[0]["wer"] as? Double), 1.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(pairs[1]["edits"] as? Int, 0)
    XCTAssertEqual(report["missing_ocr"] as? [String], ["c"])
    XCTAssertNotNil(report["wer_micro"], "snake_case like the store")
    XCTAssertNil(report["werMicro"])
    XCTAssertTrue(report["store"] == nil || report["store"] is NSNull)
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
    let spaceless = try Harness.run([
      "score", gt, ocr, "--ignore-whitespace", "--case-fold", "--ignore-punctuation",
    ])
    XCTAssertTrue(spaceless.stdout.contains("cer/grapheme/nfc/ws-ignore/"), spaceless.stdout)
    XCTAssertTrue(spaceless.stdout.contains("edits           0 "), spaceless.stdout)
    let contradiction = try Harness.run(["score", gt, ocr, "--ignore-whitespace", "--whitespace", "keep"])
    XCTAssertEqual(contradiction.exitCode, 64, contradiction.stderr)
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
