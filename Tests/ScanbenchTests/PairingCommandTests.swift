import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// Which ground truth scores which image, end to end: pairing is by input and entry path, never by
/// name alone; image files given one by one (a shell glob) pair with the ground truth beside them;
/// `NAME.GT.TXT` pairs whatever its case.
final class PairingCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Line image `index` of uw3-lines (sorted by name) and its ground truth.
  func uw3Line(_ index: Int) throws -> (image: Data, text: String) {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted()
    let stem = String(names[index].dropLast(".png".count))
    return (
      try Data(contentsOf: corpus.appendingPathComponent(names[index])),
      try String(contentsOf: corpus.appendingPathComponent(stem + ".gt.txt"), encoding: .utf8)
    )
  }

  /// Writes `files` (name → bytes) into a new folder `name` of the test's folder.
  @discardableResult
  func makeFolder(_ name: String, _ files: [String: Data]) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (file, data) in files { try data.write(to: url.appendingPathComponent(file)) }
    return url
  }

  func run(_ inputs: [String], store: URL, extra: [String] = []) throws -> CommandResult {
    try Harness.run(
      ["run"] + inputs + [
        "--level", "fast", "--psm", "7", "--dpi", "300", "--jobs", "2", "--out", store.path,
      ]
        + extra)
  }

  /// Each record by input file name and entry.
  func recordsByInput(_ store: URL) throws -> [String: ResultRecord] {
    let results = try Harness.records(in: store).results
    return Dictionary(
      results.map { (URL(fileURLWithPath: $0.source).lastPathComponent + ":" + $0.entry, $0) },
      uniquingKeysWith: { first, _ in first })
  }

  func assertScored(
    _ record: ResultRecord?, against text: String, _ what: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(
      record?.gtChars, IndependentLevenshtein.normalize(text).count, "\(what): its own ground truth",
      file: file, line: line)
    XCTAssertLessThan(record?.cer ?? 1, 0.2, "\(what): scored against its own text", file: file, line: line)
  }

  // MARK: - By input, never by name alone

  func testTheSameNameInTwoFoldersIsScoredAgainstItsOwnFolder() throws {
    let (imageA, textA) = try uw3Line(0)
    let (imageB, textB) = try uw3Line(1)
    XCTAssertNotEqual(
      IndependentLevenshtein.normalize(textA).count, IndependentLevenshtein.normalize(textB).count,
      "the two texts must be told apart by length")
    let dA = try makeFolder("dA", ["page.png": imageA, "page.gt.txt": Data(textA.utf8)])
    let dB = try makeFolder("dB", ["page.png": imageB, "page.gt.txt": Data(textB.utf8)])
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([dA.path, dB.path], store: store)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try recordsByInput(store)
    XCTAssertEqual(records.count, 2, result.stderr)
    assertScored(records["dA:page.png"], against: textA, "dA/page.png")
    assertScored(records["dB:page.png"], against: textB, "dB/page.png")
  }

  func testTheSameNameInTwoZipsIsScoredAgainstItsOwnZip() throws {
    let (imageA, textA) = try uw3Line(2)
    let (imageB, textB) = try uw3Line(3)
    var zips: [String] = []
    for (name, image, text) in [("A", imageA, textA), ("B", imageB, textB)] {
      // The text first in one zip, last in the other: pairing does not depend on the order either.
      let source = try makeFolder("src" + name, ["page.png": image, "page.gt.txt": Data(text.utf8)])
      let order = name == "A" ? "page.gt.txt page.png" : "page.png page.gt.txt"
      let zip = folder.appendingPathComponent("\(name).zip").path
      try TestKit.shell("bsdtar --format zip -cf '\(zip)' -C '\(source.path)' \(order)")
      zips.append(zip)
    }
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run(zips, store: store)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try recordsByInput(store)
    XCTAssertEqual(records.count, 2, result.stderr)
    assertScored(records["A.zip:page.png"], against: textA, "A.zip:page.png")
    assertScored(records["B.zip:page.png"], against: textB, "B.zip:page.png")
  }

  /// `NAME.GT.TXT` and `NAME.TXT` (a case-insensitive file system, an old camera) pair as well.
  func testUpperCaseGroundTruthSuffixesArePaired() throws {
    let (imageA, textA) = try uw3Line(4)
    let (imageB, textB) = try uw3Line(5)
    let input = try makeFolder(
      "upper",
      [
        "LINE-A.PNG": imageA, "LINE-A.GT.TXT": Data(textA.utf8), "line-b.png": imageB,
        "line-b.TXT": Data(textB.utf8),
      ])
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([input.path], store: store, extra: ["--json"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try recordsByInput(store)
    assertScored(records["upper:LINE-A.PNG"], against: textA, "LINE-A.PNG")
    assertScored(records["upper:line-b.png"], against: textB, "line-b.png")
    let summary = try XCTUnwrap(try Harness.records(in: store).summaries.first)
    XCTAssertEqual(summary.withoutGroundTruth ?? 0, 0)
  }

  // MARK: - Image files as arguments

  /// `scanbench run lines/*.png`: each image pairs with NAME.gt.txt (or NAME.txt) beside it on disk.
  func testImageFilesGivenOneByOnePairWithTheGroundTruthBesideThem() throws {
    let (imageA, textA) = try uw3Line(6)
    let (imageB, textB) = try uw3Line(7)
    let (imageC, _) = try uw3Line(8)
    let lines = try makeFolder(
      "lines",
      [
        "a.png": imageA, "a.gt.txt": Data(textA.utf8), "b.png": imageB, "b.txt": Data(textB.utf8),
        "c.png": imageC,
      ])
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run(
      ["a.png", "b.png", "c.png"].map { lines.appendingPathComponent($0).path }, store: store)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try recordsByInput(store)
    XCTAssertEqual(records.count, 3, result.stderr)
    assertScored(records["a.png:a.png"], against: textA, "a.png beside a.gt.txt")
    assertScored(records["b.png:b.png"], against: textB, "b.png beside b.txt")
    XCTAssertNil(records["c.png:c.png"]?.cer, "c.png has no ground truth")
    XCTAssertNotNil(records["c.png:c.png"]?.text)
  }

  /// `scanbench run lines/*`: the ground-truth files among the arguments are ground truth, not inputs.
  func testGroundTruthFilesAmongTheArgumentsAreNotInputs() throws {
    let (imageA, textA) = try uw3Line(9)
    let (imageB, textB) = try uw3Line(10)
    let lines = try makeFolder(
      "lines",
      [
        "a.png": imageA, "a.gt.txt": Data(textA.utf8), "b.png": imageB, "b.txt": Data(textB.utf8),
        "orphan.gt.txt": Data("no image of its own".utf8),
      ])
    let store = folder.appendingPathComponent("store.jsonl")
    let arguments = try FileManager.default.contentsOfDirectory(atPath: lines.path).sorted()
      .map { lines.appendingPathComponent($0).path }
    XCTAssertEqual(arguments.count, 5)
    let result = try run(arguments, store: store, extra: ["--json"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("Error"), result.stderr)
    XCTAssertTrue(
      result.stderr.contains("orphan.gt.txt: ground truth without its image"),
      "the orphan is named: \(result.stderr)")
    let records = try recordsByInput(store)
    XCTAssertEqual(records.count, 2, "one record per image, none for the texts: \(records.keys.sorted())")
    assertScored(records["a.png:a.png"], against: textA, "a.png")
    assertScored(records["b.png:b.png"], against: textB, "b.png")
    let summary = try XCTUnwrap(Harness.records(in: store).summaries.first)
    XCTAssertEqual(summary.sources.map { URL(fileURLWithPath: $0).lastPathComponent }, ["a.png", "b.png"])

    let onlyText = try run([lines.appendingPathComponent("orphan.gt.txt").path], store: store)
    XCTAssertEqual(onlyText.exitCode, 2, onlyText.stderr)
    XCTAssertTrue(onlyText.stderr.contains("orphan.gt.txt"), onlyText.stderr)
    XCTAssertTrue(onlyText.stderr.contains("no image"), onlyText.stderr)
  }
}
