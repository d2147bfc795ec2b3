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

/// `scanbench run` end to end: the built binary on real archives, checked through its store.
final class RunCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Copies the first `count` line images of uw3-lines (with their ground truth) into a folder.
  func uw3Sample(_ count: Int) throws -> URL {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".png") }.sorted().prefix(count)
    let sample = folder.appendingPathComponent("sample")
    try FileManager.default.createDirectory(at: sample, withIntermediateDirectories: true)
    for name in names {
      let stem = String(name.dropLast(4))
      for file in [name, stem + ".gt.txt"] {
        try FileManager.default.copyItem(
          at: corpus.appendingPathComponent(file), to: sample.appendingPathComponent(file))
      }
    }
    return sample
  }

  func runLines(_ input: URL, store: URL, extra: [String] = []) throws -> CommandResult {
    try Harness.run(
      ["run", input.path, "--level", "fast", "--psm", "7", "--dpi", "300", "--out", store.path] + extra)
  }

  func testEveryArchiveFormatGivesTheSameResults() throws {
    let sample = try uw3Sample(6)
    let formats: [(String, String)] = [
      ("tar", "bsdtar -cf"), ("tar.gz", "bsdtar -czf"), ("tar.bz2", "bsdtar -cjf"),
      ("tar.xz", "bsdtar -cJf"), ("tar.zst", "bsdtar --zstd -cf"), ("zip", "bsdtar --format zip -cf"),
      ("7z", "bsdtar --format 7zip -cf"),
    ]
    var texts: [String: [String: String]] = [:]
    for (ext, command) in formats {
      let archive = folder.appendingPathComponent("sample.\(ext)")
      try TestKit.shell("\(command) '\(archive.path)' -C '\(sample.path)' .")
      let store = folder.appendingPathComponent("\(ext).jsonl")
      let result = try runLines(archive, store: store)
      XCTAssertEqual(result.exitCode, 0, "\(ext): \(result.stderr)")
      let (results, summaries) = try Harness.records(in: store)
      XCTAssertEqual(results.count, 6, ext)
      XCTAssertEqual(summaries.count, 1, ext)
      XCTAssertTrue(results.allSatisfy { $0.cer != nil && $0.text?.isEmpty == false }, ext)
      texts[ext] = Dictionary(uniqueKeysWithValues: results.map { ($0.entry, $0.text ?? "") })
    }
    let folderStore = folder.appendingPathComponent("folder.jsonl")
    XCTAssertEqual(try runLines(sample, store: folderStore).exitCode, 0)
    let folderTexts = try Harness.records(in: folderStore).results.map { ($0.entry, $0.text ?? "") }
    for (ext, byEntry) in texts {
      XCTAssertEqual(byEntry, Dictionary(uniqueKeysWithValues: folderTexts), "\(ext) differs from the folder")
    }
  }

  func testPairingDoesNotDependOnEntryOrder() throws {
    let sample = try uw3Sample(3)
    let names = try FileManager.default.contentsOfDirectory(atPath: sample.path)
    let images = names.filter { $0.hasSuffix(".png") }.sorted()
    let truths = names.filter { $0.hasSuffix(".gt.txt") }.sorted()
    var stores: [[String: Int?]] = []
    for order in [images + truths, truths + images, zip(images, truths).flatMap { [$1, $0] }] {
      let archive = folder.appendingPathComponent("order-\(stores.count).tar")
      try TestKit.shell(
        "bsdtar -cf '\(archive.path)' \(order.map { "'\($0)'" }.joined(separator: " "))", in: sample)
      let store = folder.appendingPathComponent("order-\(stores.count).jsonl")
      XCTAssertEqual(try runLines(archive, store: store).exitCode, 0)
      let results = try Harness.records(in: store).results
      XCTAssertEqual(results.count, 3)
      stores.append(Dictionary(uniqueKeysWithValues: results.map { ($0.entry, $0.edits) }))
    }
    XCTAssertTrue(stores[0].values.allSatisfy { $0 != nil }, "every image was scored")
    XCTAssertEqual(stores[0], stores[1])
    XCTAssertEqual(stores[0], stores[2])
  }

  func testImageWithoutGroundTruthIsRecognizedAndNotScored() throws {
    let sample = try uw3Sample(2)
    let truth = try FileManager.default.contentsOfDirectory(atPath: sample.path).filter {
      $0.hasSuffix(".gt.txt")
    }
    .sorted()[0]
    try FileManager.default.removeItem(at: sample.appendingPathComponent(truth))
    let store = folder.appendingPathComponent("store.jsonl")
    XCTAssertEqual(try runLines(sample, store: store).exitCode, 0)
    let results = try Harness.records(in: store).results.sorted { $0.entry < $1.entry }
    XCTAssertEqual(results.count, 2)
    XCTAssertNil(results[0].cer)
    XCTAssertNil(results[0].gtChars)
    XCTAssertFalse(results[0].text?.isEmpty ?? true, "recognized even without ground truth")
    XCTAssertNotNil(results[1].cer)
  }

  func testImportToPutsTheResultsInTheNoteDatabase() throws {
    let sample = try uw3Sample(3)
    let database = folder.appendingPathComponent("notes.sqlite")
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try runLines(sample, store: store, extra: ["--import-to", database.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("3 imported"), result.stdout)
    let list = try Harness.run(["notes", "list", "--db", database.path, "--json"])
    let notes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])
    XCTAssertEqual(notes.count, 3)
  }

  func testCorruptImageIsARecordedFailureAndTheRunContinues() throws {
    let sample = try uw3Sample(3)
    let image = try FileManager.default.contentsOfDirectory(atPath: sample.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted()[1]
    let url = sample.appendingPathComponent(image)
    let bytes = try Data(contentsOf: url)
    try bytes.prefix(bytes.count / 3).write(to: url)  // a truncated PNG
    try Data("not an image at all".utf8).write(to: sample.appendingPathComponent("notes.jpg"))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try runLines(sample, store: store)
    XCTAssertEqual(result.exitCode, 1, "some images failed")
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 4)
    let failed = results.filter { !$0.succeeded }
    XCTAssertEqual(Set(failed.map(\.entry)), [image, "notes.jpg"])
    XCTAssertTrue(failed.allSatisfy { $0.text == nil && $0.error?.message.isEmpty == false })
    XCTAssertEqual(summaries.first?.failed, 2)
    XCTAssertEqual(summaries.first?.succeeded, 2)
    XCTAssertTrue(result.stderr.contains(image), "the failure is named on stderr")
  }

  func testTruncatedArchiveExitsTwoAndKeepsEarlierRecords() throws {
    // Large enough that the cut falls well after libarchive's first read-ahead block.
    let sample = try uw3Sample(60)
    for (ext, command) in [("tar.gz", "bsdtar -czf"), ("tar", "bsdtar -cf")] {
      let archive = folder.appendingPathComponent("sample.\(ext)")
      try TestKit.shell("\(command) '\(archive.path)' -C '\(sample.path)' .")
      let bytes = try Data(contentsOf: archive)
      try bytes.prefix(bytes.count * 6 / 10).write(to: archive)
      let store = folder.appendingPathComponent("store-\(ext).jsonl")
      let result = try runLines(archive, store: store)
      XCTAssertEqual(result.exitCode, 2, "\(ext): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("truncated") && result.stderr.contains("after"), result.stderr)
      let (results, summaries) = try Harness.records(in: store)  // every line parses
      XCTAssertGreaterThan(results.count, 10, "\(ext): entries before the damage were processed")
      XCTAssertLessThan(results.count, 60, ext)
      XCTAssertEqual(summaries.count, 1, ext)
    }
  }

  func testMultiPageTIFFGivesOneRecordPerPageScoredByPageGroundTruth() throws {
    let pages = try Harness.requireSharedCorpus("tesseract-pages")
    let tiffs = folder.appendingPathComponent("tiffs")
    try FileManager.default.createDirectory(at: tiffs, withIntermediateDirectories: true)
    try TestKit.shell(
      "tiffcp '\(pages.appendingPathComponent("phototest.tif").path)' "
        + "'\(pages.appendingPathComponent("eurotext.tif").path)' '\(tiffs.appendingPathComponent("two.tif").path)'"
    )
    try FileManager.default.copyItem(
      at: pages.appendingPathComponent("eurotext.gt.txt"),
      to: tiffs.appendingPathComponent("two.page-2.gt.txt"))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try Harness.run(["run", tiffs.path, "--level", "fast", "--out", store.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let results = try Harness.records(in: store).results.sorted { ($0.page ?? 0) < ($1.page ?? 0) }
    XCTAssertEqual(results.map(\.page), [1, 2])
    XCTAssertTrue(results[0].text?.contains("quick brown dog") ?? false, results[0].text ?? "")
    XCTAssertNil(results[0].cer, "page 1 has no ground truth of its own")
    XCTAssertLessThan(results[1].cer ?? 1, 0.1, "page 2 is scored against NAME.page-2.gt.txt")
    XCTAssertEqual(Set(results.map(\.sha256)).count, 1)
  }

  func testUsageErrorsExit64WithHelpfulMessages() throws {
    let typo = try Harness.run(["run", "x.tar", "--levl", "fast"])
    XCTAssertEqual(typo.exitCode, 64)
    XCTAssertTrue(typo.stderr.contains("Did you mean '--level'?"), typo.stderr)
    XCTAssertTrue(typo.stderr.contains("See 'scanbench run --help'."))
    let badLevel = try Harness.run(["run", "x.tar", "--level", "best"])
    XCTAssertEqual(badLevel.exitCode, 64)
    XCTAssertTrue(badLevel.stderr.contains("values: accurate, fast"), badLevel.stderr)
    let missing = try Harness.run([
      "run", folder.appendingPathComponent("nope.tar.gz").path, "--level", "fast",
    ])
    XCTAssertEqual(missing.exitCode, 2)
    XCTAssertTrue(missing.stderr.contains("nope.tar.gz: no such file"), missing.stderr)
    let help = try Harness.run(["help", "run"])
    XCTAssertEqual(help.exitCode, 0)
    XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW:") && help.stdout.contains("--level <level>"))
  }

  func testNotAnArchiveExitsTwo() throws {
    let bogus = folder.appendingPathComponent("bogus.tar.gz")
    try Data(repeating: 0x42, count: 4096).write(to: bogus)
    let result = try runLines(bogus, store: folder.appendingPathComponent("s.jsonl"))
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("bogus.tar.gz"), result.stderr)
  }
}

/// Real scans and the project's own corpora.
final class CorpusRunTests: XCTestCase {
  /// Every fifth line of uw3-lines, as a tar.gz: each scored as a textbook Levenshtein counts. (The
  /// accuracy gate reads all 500 at the same settings, each against its baseline: `make accuracy`.)
  func testUW3LinesAreScoredAndAgreeWithAnIndependentLevenshtein() throws {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stems = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".png") }.sorted().enumerated().filter { $0.offset % 5 == 0 }
      .map { String($0.element.dropLast(".png".count)) }
    XCTAssertEqual(stems.count, 100)
    let list = folder.appendingPathComponent("files.txt")
    try stems.flatMap { [$0 + ".png", $0 + ".gt.txt"] }.joined(separator: "\n").write(
      to: list, atomically: true, encoding: .utf8)
    let archive = folder.appendingPathComponent("uw3-lines.tar.gz")
    try TestKit.shell("tar czf '\(archive.path)' -C '\(corpus.path)' -T '\(list.path)'")
    let store = folder.appendingPathComponent("uw3.jsonl")
    let result = try Harness.run(
      ["run", archive.path, "--level", "fast", "--psm", "7", "--dpi", "300", "--out", store.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.map(\.entry).sorted(), stems.map { $0 + ".png" })
    var edits = 0
    var length = 0
    for record in results {
      let stem = String(record.entry.dropLast(".png".count))
      let truth = try String(contentsOf: corpus.appendingPathComponent(stem + ".gt.txt"), encoding: .utf8)
      let expected = IndependentLevenshtein.distance(
        IndependentLevenshtein.normalize(truth), IndependentLevenshtein.normalize(record.text ?? ""))
      XCTAssertEqual(record.edits, expected, record.entry)
      XCTAssertEqual(record.gtChars, IndependentLevenshtein.normalize(truth).count, record.entry)
      edits += expected
      length += IndependentLevenshtein.normalize(truth).count
    }
    let summary = try XCTUnwrap(summaries.first)
    XCTAssertEqual(summary.cerMicro ?? -1, Double(edits) / Double(length), accuracy: 1e-12)
    XCTAssertLessThan(summary.cerMicro ?? 1, 0.03, "uw3-lines is clean print: CER well under 3%")
  }

  func testVerticalJapaneseIsUnreadableToTheHorizontalModel() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("vertical-as-horizontal.jsonl")
    let archive = Harness.packageRoot.appendingPathComponent("Corpora/jpn-vertical.tar.gz")
    let result = try Harness.run(
      [
        "run", archive.path, "--engine", "tesseract", "--level", "fast", "--lang", "jpn", "--psm", "5",
        "--out", store.path,
      ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let cer = try XCTUnwrap(Harness.records(in: store).summaries.first?.cerMicro)
    XCTAssertGreaterThan(
      cer, 0.5,
      "so jpn_vert's reading of these pages (PPOCRCommandTests.testTheLevelsChooseTheirEngineAndModels) "
        + "measures the vertical model, not luck")
  }
}

/// A textbook Levenshtein over grapheme clusters, written apart from the scoring engine.
enum IndependentLevenshtein {
  /// NFC, whitespace runs collapsed to one space, ends trimmed: the default metric's normalization.
  static func normalize(_ text: String) -> [Character] {
    let words = text.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace)
    return Array(words.joined(separator: " "))
  }

  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var diagonal = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let above = row[j]
        row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
        diagonal = above
      }
    }
    return row[b.count]
  }
}
