import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// Issue 13: every record says how it was made, and no wrong figure is reported as success.
final class TrustworthyNumbersTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// `count` lines of the project's English line corpus (with their ground truth) in a folder.
  func lines(_ count: Int, into name: String = "lines") throws -> URL {
    try Harness.englishLines(count, in: folder, name: name)
  }

  /// On Tesseract unless the test names an engine: these tests check its settings (`psm`, `dpi`,
  /// its parameters) by name; PPOCRCommandTests checks PP-OCR's.
  func run(_ arguments: [String]) throws -> CommandResult {
    try Harness.run(["run"] + (arguments.contains("--engine") ? [] : ["--engine", "tesseract"]) + arguments)
  }

  func summary(_ result: CommandResult) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
  }

  // MARK: Resume

  func testResumeRedoesWhatOtherSettingsMadeAndSkipsWhatTheSameMade() throws {
    let input = try lines(4)
    let store = folder.appendingPathComponent("s.jsonl").path
    let base = [input.path, "--level", "fast", "--out", store, "--json"]
    XCTAssertEqual(try run(base + ["--psm", "7"]).exitCode, 0)
    let steps: [(String, [String], Int)] = [
      ("the same settings", ["--psm", "7", "--resume"], 4),
      ("another page segmentation", ["--psm", "6", "--resume"], 0),
      ("boxes", ["--psm", "7", "--boxes", "--resume"], 0),
      ("another resolution", ["--psm", "7", "--dpi", "200", "--resume"], 0),
      ("a Tesseract parameter", ["--psm", "7", "--tesseract-set", "tessedit_do_invert=1", "--resume"], 0),
      ("another metric", ["--psm", "7", "--case-fold", "--resume"], 0),
      ("the same again", ["--psm", "7", "--case-fold", "--resume"], 4),
    ]
    for (what, arguments, skipped) in steps {
      let result = try run(base + arguments)
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      let summary = try summary(result)
      XCTAssertEqual(summary["skipped"] as? Int, skipped, "\(what): \(result.stdout)")
      XCTAssertEqual(summary["images"] as? Int, 4, "\(what): the whole run")
      XCTAssertEqual(summary["recorded"] as? Int, 4 - skipped, what)
    }
    // Records written by another scanbench version are made again.
    let text = try String(contentsOfFile: store, encoding: .utf8)
    try text.replacingOccurrences(of: #""version":"\#(try scanbenchVersion())""#, with: #""version":"0.0.1""#)
      .write(toFile: store, atomically: true, encoding: .utf8)
    let afterUpgrade = try summary(try run(base + ["--psm", "7", "--resume"]))
    XCTAssertEqual(afterUpgrade["skipped"] as? Int, 0, "results of scanbench 0.0.1 are redone")
  }

  /// The same bytes under two names are two images: a resumed run records the second one too.
  func testResumeTellsCopiesOfOneImageApart() throws {
    let input = try lines(1)
    let store = folder.appendingPathComponent("s.jsonl")
    let base = [input.path, "--level", "fast", "--psm", "7", "--out", store.path, "--json", "--resume"]
    XCTAssertEqual(try run(base).exitCode, 0)
    let image = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: input.path).first { !$0.hasSuffix(".txt") })
    try FileManager.default.copyItem(
      at: input.appendingPathComponent(image), to: input.appendingPathComponent("copy-" + image))
    let resumed = try summary(try run(base))
    XCTAssertEqual(resumed["skipped"] as? Int, 1)
    XCTAssertEqual(resumed["recorded"] as? Int, 1, "the copy is recognized")
    XCTAssertEqual(resumed["images"] as? Int, 2, "and the run has both")
    XCTAssertEqual(Set(try Harness.records(in: store).results.map(\.entry)), [image, "copy-" + image])
  }

  func testAccurateWithAndWithoutOrientationDetectionAreDifferentResults() throws {
    let input = try lines(2)
    let store = folder.appendingPathComponent("s.jsonl").path
    let base = [input.path, "--level", "accurate", "--psm", "7", "--out", store, "--json", "--resume"]
    XCTAssertEqual(try run(base).exitCode, 0)
    XCTAssertEqual(try summary(try run(base + ["--no-osd"]))["skipped"] as? Int, 0)
    XCTAssertEqual(try summary(try run(base + ["--no-osd"]))["skipped"] as? Int, 2)
  }

  func testMergeRefusesShardsMadeWithOtherSettings() throws {
    let input = try lines(6)
    let out = folder.appendingPathComponent("r.jsonl").path
    XCTAssertEqual(
      try run([input.path, "--level", "fast", "--psm", "7", "--shard", "0/2", "--out", out]).exitCode, 0)
    XCTAssertEqual(
      try run([input.path, "--level", "fast", "--psm", "6", "--shard", "1/2", "--out", out]).exitCode, 0)
    let shards = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".shard-")
    }
    let merged = try Harness.run(
      ["merge"] + shards.sorted().map { folder.appendingPathComponent($0).path }
        + ["--out", folder.appendingPathComponent("merged.jsonl").path])
    XCTAssertEqual(merged.exitCode, 2, merged.stderr)
    XCTAssertTrue(merged.stderr.contains("psm=7") && merged.stderr.contains("psm=6"), merged.stderr)
  }

  /// Killed (here: stopped by a byte limit) and resumed, a run is one run for the gate and the report.
  func testAResumedRunIsOneRunForBaselineCheckAndReport() throws {
    let input = try lines(6)
    let store = folder.appendingPathComponent("s.jsonl").path
    let base = [input.path, "--level", "fast", "--psm", "7", "--out", store, "--json"]
    let stopped = try run(base + ["--max-total-bytes", "60K", "--jobs", "1"])
    XCTAssertEqual(stopped.exitCode, 2, "stopped by the limit: \(stopped.stderr)")
    let first = try summary(stopped)
    let done = try XCTUnwrap(first["images"] as? Int)
    XCTAssertTrue((1..<6).contains(done), "part of the run: \(done)")
    let resumed = try summary(try run(base + ["--resume"]))
    XCTAssertEqual(resumed["images"] as? Int, 6, "the whole run")
    XCTAssertEqual(resumed["recorded"] as? Int, 6 - done, "what this part recognized")
    XCTAssertEqual(resumed["run"] as? String, first["run"] as? String, "the same logical run continues")
    let baseline = folder.appendingPathComponent("b.json").path
    let made = try Harness.run(["baseline", store, "--out", baseline])
    XCTAssertTrue(made.stdout.contains(": 6 images"), made.stdout)
    let check = try Harness.run(["check", store, "--baseline", baseline])
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("compared 6 images"), check.stdout)
  }

  // MARK: The gate

  func testScoringChangedOCROutputIsCheckedImageByImage() throws {
    let truth = folder.appendingPathComponent("gt")
    let good = folder.appendingPathComponent("ocr-good")
    let worse = folder.appendingPathComponent("ocr-worse")
    for url in [truth, good, worse] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    for index in 0..<30 {
      let text = "line \(index) of a text that is read well"
      try Data(text.utf8).write(to: truth.appendingPathComponent("\(index).gt.txt"))
      try Data(text.utf8).write(to: good.appendingPathComponent("\(index).txt"))
      let changed = index < 10 ? text.replacingOccurrences(of: "read well", with: "rad wel") : text
      try Data(changed.utf8).write(to: worse.appendingPathComponent("\(index).txt"))
    }
    let first = folder.appendingPathComponent("good.jsonl").path
    let second = folder.appendingPathComponent("worse.jsonl").path
    XCTAssertEqual(try Harness.run(["score", truth.path, good.path, "--out", first]).exitCode, 0)
    XCTAssertEqual(try Harness.run(["score", truth.path, worse.path, "--out", second]).exitCode, 0)
    let baseline = folder.appendingPathComponent("b.json").path
    XCTAssertEqual(try Harness.run(["baseline", first, "--out", baseline]).exitCode, 0)
    let check = try Harness.run(["check", second, "--baseline", baseline])
    XCTAssertEqual(check.exitCode, 1, check.stdout)
    XCTAssertTrue(check.stdout.contains("compared 30 images: 10 worse"), check.stdout)
    XCTAssertTrue(check.stdout.contains("0 missing from the run, 0 new in the run"), check.stdout)
  }

  func testImagesMissingFromTheRunFailTheCheckUnlessAllowed() throws {
    let input = try lines(6)
    let store = folder.appendingPathComponent("all.jsonl").path
    XCTAssertEqual(try run([input.path, "--level", "fast", "--psm", "7", "--out", store]).exitCode, 0)
    let baseline = folder.appendingPathComponent("b.json").path
    XCTAssertEqual(try Harness.run(["baseline", store, "--out", baseline]).exitCode, 0)
    for name in try FileManager.default.contentsOfDirectory(atPath: input.path)
    where (name.hasPrefix("eng-line-005") || name.hasPrefix("eng-line-006")) && !name.hasSuffix(".gt.txt") {
      try FileManager.default.removeItem(at: input.appendingPathComponent(name))
    }
    let partial = folder.appendingPathComponent("part.jsonl").path
    XCTAssertEqual(try run([input.path, "--level", "fast", "--psm", "7", "--out", partial]).exitCode, 0)
    let check = try Harness.run(["check", partial, "--baseline", baseline])
    XCTAssertEqual(check.exitCode, 1, check.stdout)
    XCTAssertTrue(check.stdout.contains("2 images of the baseline are missing from the run"), check.stdout)
    XCTAssertTrue(check.stdout.contains("eng-line-005.") && check.stdout.contains("eng-line-006."))
    let allowed = try Harness.run(["check", partial, "--baseline", baseline, "--allow-missing"])
    XCTAssertEqual(allowed.exitCode, 0, allowed.stdout)
    XCTAssertTrue(allowed.stdout.contains("missing from the run (in the baseline) (2)"), allowed.stdout)
  }

  func testTheCheckSaysHowTheRunWasMadeDifferently() throws {
    let input = try lines(3)
    let store = folder.appendingPathComponent("s.jsonl").path
    XCTAssertEqual(try run([input.path, "--level", "fast", "--psm", "7", "--out", store]).exitCode, 0)
    let baseline = folder.appendingPathComponent("b.json").path
    XCTAssertEqual(try Harness.run(["baseline", store, "--out", baseline]).exitCode, 0)
    let other = folder.appendingPathComponent("o.jsonl").path
    XCTAssertEqual(try run([input.path, "--level", "fast", "--psm", "13", "--out", other]).exitCode, 0)
    let markdown = folder.appendingPathComponent("c.md")
    let junit = folder.appendingPathComponent("c.xml")
    let check = try Harness.run([
      "check", other, "--baseline", baseline, "--markdown", markdown.path, "--junit", junit.path,
      "--max-cer-increase", "100%",
    ])
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("with psm 7 → 13"), check.stdout)
    XCTAssertTrue(try String(contentsOf: markdown, encoding: .utf8).contains("`psm 7 → 13`"))
    XCTAssertTrue(
      try String(contentsOf: junit, encoding: .utf8).contains(
        "<property name=\"differences\" value=\"psm 7 → 13\"/>"))

    let japanese = folder.appendingPathComponent("j.jsonl").path
    XCTAssertEqual(
      try run([input.path, "--level", "fast", "--psm", "7", "--lang", "jpn", "--out", japanese]).exitCode, 0)
    let mismatch = try Harness.run(["check", japanese, "--baseline", baseline])
    XCTAssertEqual(mismatch.exitCode, 2)
    XCTAssertTrue(mismatch.stderr.contains("the baseline is for language 'eng' but run"), mismatch.stderr)
  }

  // MARK: Provenance and refusals

  func testRecordsAndSummarySayHowTheyWereMade() throws {
    let input = try lines(2)
    let store = folder.appendingPathComponent("s.jsonl")
    let result = try run([input.path, "--level", "fast", "--psm", "7", "--out", store.path, "--json"])
    XCTAssertEqual(result.exitCode, 0)
    let (results, summaries) = try Harness.records(in: store)
    let version = try scanbenchVersion()
    XCTAssertEqual(results.count, 2)
    for record in results {
      XCTAssertEqual(record.schema, 2)
      XCTAssertEqual(record.scanbench?.version, version)
      XCTAssertFalse(record.scanbench?.commit.isEmpty ?? true)
      XCTAssertEqual(record.engine.name, "tesseract")
      XCTAssertEqual(record.engine.settings["psm"], "7")
      XCTAssertEqual(record.engine.models.count, 1, "eng.traineddata, by SHA-256")
      XCTAssertEqual(record.settings?["boxes"], "off")
      XCTAssertEqual(record.settings?["metric"], record.metric)
    }
    let summary = try XCTUnwrap(summaries.last)
    XCTAssertEqual(summary.command?.prefix(2), ["scanbench", "run"])
    XCTAssertEqual(summary.command?.last, "--json")
    XCTAssertGreaterThan(summary.host?.cores ?? 0, 0)
    XCTAssertEqual(
      Set(summary.libraries?.keys.map { $0 } ?? []).isSuperset(of: [
        "tesseract", "leptonica", "libarchive", "sqlite",
      ]), true)
  }

  func testAnInputWithNoImagesIsAnError() throws {
    let empty = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("only text".utf8).write(to: empty.appendingPathComponent("a.gt.txt"))
    let result = try run([empty.path, "--out", folder.appendingPathComponent("s.jsonl").path])
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("holds no image"), result.stderr)
    XCTAssertTrue(result.stderr.contains("1 ground-truth files were found"), result.stderr)
  }

  func testImagesWithoutGroundTruthAreCountedAndNamed() throws {
    let input = try lines(3)
    try FileManager.default.removeItem(at: input.appendingPathComponent("eng-line-002.gt.txt"))
    let store = folder.appendingPathComponent("s.jsonl").path
    let table = try run([input.path, "--level", "fast", "--psm", "7", "--out", store])
    XCTAssertTrue(table.stdout.contains("no ground truth     1 (names with --json"), table.stdout)
    let json = try summary(try run([input.path, "--level", "fast", "--psm", "7", "--out", store, "--json"]))
    XCTAssertEqual(json["without_ground_truth"] as? Int, 1)
    XCTAssertEqual(json["without_ground_truth_entries"] as? [String], ["eng-line-002.png"])
  }

  func scanbenchVersion() throws -> String {
    let words = try Harness.run(["--version"]).stdout.split(separator: " ")
    return String(try XCTUnwrap(words.dropFirst().first))
  }
}
