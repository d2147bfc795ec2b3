import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore
@testable import ScanbenchSupport

/// Issue 21: faults found by trying to break scanbench — wrong figures with exit 0, crashes,
/// orphans, inconsistent exit codes — each reproduced on the built binary and guarded here.
final class FaultTests: XCTestCase {
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

  /// The fast level, one line an image, one worker: the quickest run there is.
  func run(_ inputs: [String], store: String, _ extra: [String] = []) throws -> CommandResult {
    try Harness.run(
      ["run"] + inputs + ["--level", "fast", "--psm", "7", "--out", store]
        + (extra.contains("--jobs") ? [] : ["--jobs", "1"]) + extra)
  }

  func summary(_ result: CommandResult) throws -> RunSummaryRecord {
    let line = try XCTUnwrap(
      result.stdout.split(separator: "\n").last { $0.hasPrefix("{") }, result.stdout + result.stderr)
    return try JSONDecoder().decode(RunSummaryRecord.self, from: Data(line.utf8))
  }

  // MARK: 1. A resumed run after an earlier one in the same store

  /// The store already holds a finished run made the same way (the normal case for the default
  /// `Reports/results.jsonl`); a second run is stopped part-way and resumed. The resumed run redoes
  /// what *its* run lacks — not what the earlier run holds — and its summary, the baseline, the check
  /// and the report all describe the whole run, each image once.
  func testResumeAfterAnEarlierFinishedRunFinishesItsOwnRunAndReportsAllOfIt() throws {
    let input = try lines(8).path
    let store = folder.appendingPathComponent("s.jsonl").path
    let earlier = try run([input], store: store, ["--json"])
    XCTAssertEqual(earlier.exitCode, 0, earlier.stderr)
    let stopped = try run([input], store: store, ["--json", "--max-total-bytes", "40K"])
    XCTAssertEqual(stopped.exitCode, 2, "stopped by the limit: \(stopped.stderr)")
    let part = try summary(stopped)
    XCTAssertTrue((1..<8).contains(part.images), "a part of the run: \(part.images)")
    XCTAssertNotEqual(part.run, try summary(earlier).run)

    let resumed = try run([input], store: store, ["--json", "--resume"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let whole = try summary(resumed)
    XCTAssertEqual(whole.run, part.run, "the stopped run is the one continued")
    XCTAssertEqual(whole.images, 8, "the summary counts the whole run")
    XCTAssertEqual(whole.scored, 8)
    XCTAssertEqual(whole.skipped, part.images, "only what the continued run holds is skipped")
    XCTAssertEqual(whole.recorded, 8 - part.images)

    let (results, _) = try Harness.records(in: URL(fileURLWithPath: store))
    let ofTheRun = results.filter { $0.run == part.run }
    XCTAssertEqual(ofTheRun.count, 8)
    XCTAssertEqual(Set(ofTheRun.map(\.entry)).count, 8, "each image once in the run")

    let baseline = folder.appendingPathComponent("b.json").path
    let made = try Harness.run(["baseline", store, "--out", baseline])
    XCTAssertTrue(made.stdout.contains(": 8 images"), made.stdout + made.stderr)
    let check = try Harness.run(["check", store, "--baseline", baseline])
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("compared 8 images"), check.stdout)
    let report = try Harness.run(["report", store, "--html", folder.appendingPathComponent("r.html").path])
    XCTAssertTrue(report.stdout.contains(", 8 images"), report.stdout + report.stderr)
  }

  /// Failures recorded before the resume are failures of the run: the resumed invocation's table
  /// counts them and it exits 1, as the run would have without the interruption.
  func testAResumedRunCountsTheFailuresRecordedBeforeItAndExits1() throws {
    let input = try lines(4)
    for index in 1...2 {
      try Data("not an image \(index)".utf8).write(to: input.appendingPathComponent("0-broken-\(index).png"))
    }
    let store = folder.appendingPathComponent("s.jsonl").path
    // The two broken files come first (a folder is read in sorted order); the limit stops the run
    // at the first real line.
    let stopped = try run([input.path], store: store, ["--json", "--max-total-bytes", "1K"])
    XCTAssertEqual(stopped.exitCode, 2, stopped.stderr)
    XCTAssertEqual(try summary(stopped).failed, 2)
    XCTAssertEqual(try summary(stopped).images, 2)

    let resumed = try run([input.path], store: store, ["--resume"])
    XCTAssertEqual(resumed.exitCode, 1, "the run has failures: \(resumed.stdout)\(resumed.stderr)")
    XCTAssertTrue(resumed.stdout.contains("images              6\n"), resumed.stdout)
    XCTAssertTrue(resumed.stdout.contains("failed              2\n"), resumed.stdout)
    XCTAssertTrue(resumed.stdout.contains("scored              4\n"), resumed.stdout)
  }

  /// The randomized kill-and-resume: a store that already holds a finished run of the corpus, then a
  /// second run killed with SIGKILL at random moments several times (during start-up, while it works,
  /// between writes) and resumed each time, until one part finishes. Afterwards `baseline`, `check`
  /// and `report` describe the whole resumed run, each image exactly once. The seed is printed with
  /// every failure; `SCANBENCH_KILL_SEED=N` replays one.
  func testKilledAtRandomMomentsAndResumedARunIsWholeWithEachImageOnce() throws {
    let seed =
      ProcessInfo.processInfo.environment["SCANBENCH_KILL_SEED"].flatMap(UInt64.init)
      ?? UInt64(Date().timeIntervalSince1970 * 1000)
    var random = SeededGenerator(seed: seed)
    let context = "seed \(seed) (SCANBENCH_KILL_SEED=\(seed) replays it)"
    let count = 30
    let input = try lines(count).path
    let store = folder.appendingPathComponent("s.jsonl")
    let arguments = ["run", input, "--level", "fast", "--psm", "7", "--jobs", "2", "--out", store.path]
    let earlier = try Harness.run(arguments)
    XCTAssertEqual(earlier.exitCode, 0, earlier.stderr)
    let baseline = folder.appendingPathComponent("baseline.json").path
    XCTAssertEqual(try Harness.run(["baseline", store.path, "--out", baseline]).exitCode, 0)
    let earlierLines = try lineCount(store)

    var kills = 0
    var finished: CommandResult?
    for part in 0..<12 where finished == nil {
      let process = Process()
      process.executableURL = Harness.binary
      process.arguments = arguments + (part == 0 ? [] : ["--resume"]) + ["--json"]
      let out = folder.appendingPathComponent("part-\(part).out")
      _ = FileManager.default.createFile(atPath: out.path, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: out)
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      if part == 0 {
        // The first kill waits for the run's first record, so that there is a run to resume.
        let deadline = Date().addingTimeInterval(60)
        while try lineCount(store) <= earlierLines, process.isRunning, Date() < deadline { usleep(5_000) }
      }
      // Four kills, the first at once after the first record (the fast level may finish the 30
      // lines within a random delay), the others at random moments; then the run may finish.
      if kills < 4 {
        let drawn = Double(Int.random(in: 0..<2_500, using: &random)) / 1000
        let delay = part == 0 ? 0 : drawn
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
          kill(process.processIdentifier, SIGKILL)
          kills += 1
        }
      }
      process.waitUntilExit()
      if process.terminationReason == .exit {
        XCTAssertEqual(process.terminationStatus, 0, "part \(part) ended by itself: \(context)")
        finished = CommandResult(
          exitCode: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
          stderr: "")
      }
    }
    XCTAssertGreaterThanOrEqual(kills, 1, "killed at least once: \(context)")
    let last = try XCTUnwrap(finished, "a part finished: \(context)")
    let summary = try summary(last)
    XCTAssertEqual(summary.images, count, "the last part's summary counts the whole run: \(context)")
    XCTAssertEqual(summary.failed, 0, context)

    let (results, _) = try Harness.records(in: store)
    let ofTheRun = results.filter { $0.run == summary.run }
    XCTAssertEqual(ofTheRun.count, count, "each image exactly once in the resumed run: \(context)")
    XCTAssertEqual(Set(ofTheRun.map(ImageKey.init)).count, count, context)
    XCTAssertEqual(results.count - ofTheRun.count, count, "the earlier run is left as it was: \(context)")

    let made = try Harness.run([
      "baseline", store.path, "--out", folder.appendingPathComponent("b2.json").path,
    ])
    XCTAssertTrue(made.stdout.contains(": \(count) images"), made.stdout + context)
    XCTAssertTrue(made.stdout.contains(summary.run), made.stdout + context)
    let check = try Harness.run(["check", store.path, "--baseline", baseline])
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr + context)
    XCTAssertTrue(check.stdout.contains("compared \(count) images"), check.stdout + context)
    XCTAssertTrue(check.stdout.contains("0 missing from the run"), check.stdout + context)
    let report = try Harness.run([
      "report", store.path, "--html", folder.appendingPathComponent("r.html").path,
    ])
    XCTAssertTrue(report.stdout.contains("run \(summary.run), \(count) images"), report.stdout + context)
  }

  func lineCount(_ url: URL) throws -> Int {
    guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
    return try Data(contentsOf: url).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  // MARK: 2. Nothing paired is not a success

  func testARunWhoseGroundTruthPairsWithNoImageIsRefused() throws {
    let input = try lines(2)
    try FileManager.default.moveItem(
      at: input.appendingPathComponent("eng-line-002.gt.txt"),
      to: input.appendingPathComponent("eng-line-2.gt.txt"))
    try FileManager.default.moveItem(
      at: input.appendingPathComponent("eng-line-001.gt.txt"),
      to: input.appendingPathComponent("line-001.gt.txt"))
    let store = folder.appendingPathComponent("s.jsonl")
    let result = try run([input.path], store: store.path)
    XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
    for named in ["2 ground-truth files", "eng-line-2.gt.txt", "2 images", "eng-line-001.png", "pairs with"] {
      XCTAssertTrue(result.stderr.contains(named), "\(named): \(result.stderr)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "nothing written")

    // Ground truth given beside no image argument, and no other ground truth: refused too.
    let image = input.appendingPathComponent("eng-line-001.png").path
    let given = try run([image, input.appendingPathComponent("line-001.gt.txt").path], store: store.path)
    XCTAssertEqual(given.exitCode, 2, given.stderr)
    XCTAssertTrue(given.stderr.contains("line-001.gt.txt"), given.stderr)

    // Images without any ground truth are a bulk import: a success.
    for name in ["eng-line-2.gt.txt", "line-001.gt.txt"] {
      try FileManager.default.removeItem(at: input.appendingPathComponent(name))
    }
    let bulk = try run([input.path], store: store.path)
    XCTAssertEqual(bulk.exitCode, 0, bulk.stderr)
    XCTAssertTrue(bulk.stdout.contains("no ground truth     2"), bulk.stdout)
  }

  func testScoreWithNothingPairedAnEmptyOCRFolderOrOCRInAnotherFormatIsRefused() throws {
    let truth = folder.appendingPathComponent("gt")
    try FileManager.default.createDirectory(at: truth, withIntermediateDirectories: true)
    try Data("hello world\n".utf8).write(to: truth.appendingPathComponent("a.gt.txt"))
    let cases: [(String, [String: String], [String])] = [
      ("other names", ["b.txt": "hello world"], ["1 text files (b.txt)", "a.gt.txt"]),
      ("an empty folder", [:], ["0 text files"]),
      (
        "another format", ["a.json": "{}", "a.tsv": "level\tpage_num"],
        ["0 text files", "2 other files", ".json"]
      ),
    ]
    for (what, files, named) in cases {
      let ocr = folder.appendingPathComponent("ocr-\(what.replacingOccurrences(of: " ", with: "-"))")
      try FileManager.default.createDirectory(at: ocr, withIntermediateDirectories: true)
      for (name, text) in files { try Data(text.utf8).write(to: ocr.appendingPathComponent(name)) }
      let store = folder.appendingPathComponent("score-\(what).jsonl")
      let result = try Harness.run(["score", truth.path, ocr.path, "--out", store.path])
      XCTAssertEqual(result.exitCode, 2, "\(what): \(result.stdout)\(result.stderr)")
      for name in named { XCTAssertTrue(result.stderr.contains(name), "\(what): \(name): \(result.stderr)") }
      XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "\(what): nothing written")
    }
    let ocr = folder.appendingPathComponent("ocr-good")
    try FileManager.default.createDirectory(at: ocr, withIntermediateDirectories: true)
    try Data("hello world".utf8).write(to: ocr.appendingPathComponent("a.txt"))
    let paired = try Harness.run([
      "score", truth.path, ocr.path, "--out", folder.appendingPathComponent("ok.jsonl").path,
    ])
    XCTAssertEqual(paired.exitCode, 0, paired.stderr)
  }

  // MARK: 3. merge checks each image against the shard its store claims

  func testMergeRefusesAShardStoreRelabelledAsAnotherShard() throws {
    let input = try lines(10).path
    let base = folder.appendingPathComponent("r.jsonl").path
    let shard0 = try run([input], store: base, ["--shard", "0/2"])
    XCTAssertEqual(shard0.exitCode, 0, shard0.stderr)
    let real = folder.appendingPathComponent("r.shard-0000-of-0002.jsonl")
    let copy = folder.appendingPathComponent("r.shard-0001-of-0002.jsonl")
    let relabelled = try String(contentsOf: real, encoding: .utf8)
      .replacingOccurrences(of: "\"shard\":\"0/2\"", with: "\"shard\":\"1/2\"")
    XCTAssertTrue(relabelled.contains("\"shard\":\"1/2\""))
    try Data(relabelled.utf8).write(to: copy)
    let merged = folder.appendingPathComponent("m.jsonl")
    let result = try Harness.run(["merge", real.path, copy.path, "--out", merged.path])
    XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
    XCTAssertTrue(result.stderr.contains("not of the shard their store holds"), result.stderr)
    XCTAssertTrue(result.stderr.contains("r.shard-0001-of-0002.jsonl:1"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: merged.path))

    // The real shard 1/2 merges.
    try FileManager.default.removeItem(at: copy)
    XCTAssertEqual(try run([input], store: base, ["--shard", "1/2"]).exitCode, 0)
    let good = try Harness.run(["merge", real.path, copy.path, "--out", merged.path])
    XCTAssertEqual(good.exitCode, 0, good.stderr)
    XCTAssertTrue(good.stdout.contains("2 of 2 complete"), good.stdout)
  }

  // MARK: 4. Every number from outside is range-checked

  /// An external engine answers boxes beyond any image (`"x": 1e19`, `-1e30`) with `--boxes`: each
  /// such image is a recorded failure saying which number, the run goes on, writes its summary and
  /// exits 1; `--resume` skips them instead of crashing again.
  func testAnExternalEngineBoxBeyondAnyImageIsARecordedFailureNotACrash() throws {
    let input = try lines(3)
    let engine = folder.appendingPathComponent("engine.py")
    try Data(
      """
      import json, sys
      print(json.dumps({"engine": "far", "version": "1", "models": {}}), flush=True)
      xs = {1: 1e19, 2: -1e30}
      for line in sys.stdin:
          request = json.loads(line)
          box = {"text": "w", "conf": 50, "x": xs.get(request["id"], 1), "y": 0, "w": 1, "h": 1}
          print(json.dumps({"id": request["id"], "text": "w", "confidence": 50, "words": [box]}), flush=True)
      """.utf8
    ).write(to: engine)
    let store = folder.appendingPathComponent("s.jsonl").path
    let arguments = [
      "run", input.path, "--engine", "command:python3 \(engine.path)", "--boxes", "--jobs", "1", "--out",
      store,
      "--json",
    ]
    let result = try Harness.run(arguments)
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let summary = try summary(result)
    XCTAssertEqual(summary.images, 3)
    XCTAssertEqual(summary.failed, 2)
    let failures = try Harness.records(in: URL(fileURLWithPath: store)).results.compactMap(\.error)
    XCTAssertEqual(failures.map(\.kind), ["engine-protocol", "engine-protocol"])
    XCTAssertTrue(failures[0].message.contains("\"x\" 1e+19"), failures[0].message)
    XCTAssertTrue(failures[1].message.contains("\"x\" -1e+30"), failures[1].message)
    let resumed = try Harness.run(arguments + ["--resume"])
    XCTAssertEqual(resumed.exitCode, 1, resumed.stderr)
    XCTAssertEqual(try self.summary(resumed).skipped, 3)
  }

  /// Store lines whose numbers no scanbench writes — a box at x 3e9 (beyond leptonica's 32-bit
  /// boxes), a confidence of 1e300, an infinite time, page -1 — are unreadable lines to every reader:
  /// skipped (with a warning where the command lists them), never a trap.
  func testStoreLinesWithNumbersOutOfRangeAreSkippedByEveryReader() throws {
    let input = try lines(2)
    let store = folder.appendingPathComponent("s.jsonl")
    XCTAssertEqual(try run([input.path], store: store.path, ["--boxes"]).exitCode, 0)
    let text = try String(contentsOf: store, encoding: .utf8)
    let first = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("\"kind\":\"result\"") })
    var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    let damaged: [(String, (inout [String: Any]) -> Void)] = [
      ("x", { $0["words"] = [["text": "w", "conf": 50, "x": 3_000_000_000, "y": 0, "w": 1, "h": 1]] }),
      ("confidence", { $0["confidence"] = 1e300 }),
      ("ms.recognize", { $0["ms"] = ["decode": 1, "recognize": 1e308, "score": 0] }),
      ("page", { $0["page"] = -1 }),
    ]
    var appended = ""
    for (index, (_, damage)) in damaged.enumerated() {
      object["entry"] = "damaged-\(index).png"
      var copy = object
      damage(&copy)
      appended += String(decoding: try JSONSerialization.data(withJSONObject: copy), as: UTF8.self) + "\n"
    }
    // The damaged lines go before the run's summary, as if the run had written them.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    try Data((lines.dropLast().joined(separator: "\n") + "\n" + appended + (lines.last ?? "") + "\n").utf8)
      .write(to: store)
    _ = try XCTUnwrap(lines.last)

    let imported = try Harness.run([
      "import", store.path, "--db", folder.appendingPathComponent("n.sqlite").path,
    ])
    XCTAssertEqual(imported.exitCode, 0, imported.stderr)
    for (name, _) in damaged {
      XCTAssertTrue(imported.stderr.contains("\"\(name)\""), "\(name): \(imported.stderr)")
    }
    XCTAssertEqual(imported.stderr.components(separatedBy: "is out of range").count - 1, damaged.count)
    let readers: [[String]] = [
      ["overlay", store.path, "--out", folder.appendingPathComponent("overlays").path],
      ["export", store.path, "--format", "alto", "--out", folder.appendingPathComponent("alto").path],
      ["report", store.path, "--html", folder.appendingPathComponent("r.html").path],
      ["baseline", store.path, "--out", folder.appendingPathComponent("b.json").path],
      ["merge", store.path, "--out", folder.appendingPathComponent("m.jsonl").path],
    ]
    for arguments in readers {
      let result = try Harness.run(arguments)
      XCTAssertLessThan(result.exitCode, 64, "\(arguments[0]) ended by a signal? \(result.stderr)")
      XCTAssertFalse(
        result.stdout.contains("damaged-"), "\(arguments[0]) used a damaged line: \(result.stdout)")
    }
  }

  // MARK: 6 and 10. ONNX Runtime's library and PP-OCR's models are checked before any image

  /// A models folder with the installed PP-OCR files and library, each replaced where `replace`
  /// says (a relative path → the bytes to put there instead).
  func models(replacing replace: [String: Data]) throws -> URL {
    let real = Harness.packageRoot.appendingPathComponent(".models")
    guard FileManager.default.fileExists(atPath: real.appendingPathComponent("onnxruntime").path) else {
      throw XCTSkip("ONNX Runtime is not in .models (make setup installs it)")
    }
    let models = folder.appendingPathComponent("models-\(UUID().uuidString)")
    for sub in ["ppocr", "onnxruntime"] {
      let target = models.appendingPathComponent(sub)
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      for file in try FileManager.default.contentsOfDirectory(atPath: real.appendingPathComponent(sub).path) {
        let name = "\(sub)/\(file)"
        if let bytes = replace[name] {
          try bytes.write(to: models.appendingPathComponent(name))
        } else {
          try FileManager.default.createSymbolicLink(
            at: models.appendingPathComponent(name), withDestinationURL: real.appendingPathComponent(name))
        }
      }
    }
    return models
  }

  func realModel(_ name: String) throws -> Data {
    try Data(contentsOf: Harness.packageRoot.appendingPathComponent(".models/\(name)"))
  }

  func runPPOCR(models: URL, store: URL, page: Bool = false) throws -> CommandResult {
    let input = try lines(1).path
    return try Harness.run(
      ["run", input, "--engine", "ppocr", "--out", store.path] + (page ? [] : ["--psm", "7"]),
      environment: [
        "SCANBENCH_MODELS": models.path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ])
  }

  /// A `libonnxruntime.so` cut short (a setup interrupted) was a SIGBUS inside the loader: its
  /// SHA-256 is checked first, and the run is refused naming the file and `make setup`.
  func testATruncatedONNXRuntimeLibraryIsRefusedBeforeItIsLoaded() throws {
    let library = "onnxruntime/libonnxruntime.so.1.32.0"
    let cut = try realModel(library).prefix(5_000_000)
    let models = try self.models(replacing: [library: Data(cut)])
    let store = folder.appendingPathComponent("s.jsonl")
    let result = try runPPOCR(models: models, store: store)
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains(models.appendingPathComponent(library).path), result.stderr)
    XCTAssertTrue(result.stderr.contains("make setup"), result.stderr)
    XCTAssertTrue(result.stderr.contains("SHA-256"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
  }

  /// A model of the wrong kind, or a dictionary that is not the recognizer's, failed every image
  /// (exit 1) with ONNX Runtime's colour-coded lines on stderr: it is refused at start-up (exit 2)
  /// naming the files, nothing written, and ONNX Runtime's own lines do not reach stderr.
  func testAWrongModelOrDictionaryIsRefusedAtStartUp() throws {
    let cases: [(String, [String: Data], Bool, String)] = [
      (
        "a detector as the recognizer",
        ["ppocr/PP-OCRv6_rec_small_eng.onnx": try realModel("ppocr/PP-OCRv6_det_small.onnx")],
        false, "PP-OCRv6_rec_small_eng.onnx"
      ),
      (
        "the tiny dictionary for the small recognizer",
        ["ppocr/ppocrv6_dict_eng.txt": try realModel("ppocr/ppocrv6_tiny_dict.txt")], false,
        "wrong dictionary"
      ),
      (
        // Both of accurate English's detectors: in int8, or in float without int8 dot products.
        "a recognizer as the detector",
        [
          "ppocr/PP-OCRv6_det_small_int8_mixed.onnx": try realModel("ppocr/PP-OCRv6_rec_tiny.onnx"),
          "ppocr/PP-OCRv6_det_small.onnx": try realModel("ppocr/PP-OCRv6_rec_tiny.onnx"),
        ],
        true, "PP-OCRv6_det_small"
      ),
    ]
    for (what, replaced, page, named) in cases {
      let store = folder.appendingPathComponent("s-\(what.count).jsonl")
      let result = try runPPOCR(models: try models(replacing: replaced), store: store, page: page)
      XCTAssertEqual(result.exitCode, 2, "\(what): \(result.stdout)\(result.stderr)")
      XCTAssertTrue(result.stderr.contains(named), "\(what): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("do not work together"), "\(what): \(result.stderr)")
      XCTAssertFalse(result.stderr.contains("\u{1B}["), "\(what): ONNX Runtime's colours on stderr")
      XCTAssertFalse(
        result.stderr.contains("[E:onnxruntime"), "\(what): ONNX Runtime's own log line on stderr")
      XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "\(what): nothing written")
    }
  }

  // MARK: 7. Nothing scanbench starts outlives it

  /// A shell command line for `--engine command:` that appends its shell's and its child's process
  /// ids to `pids` and never says what it is.
  func silentEngine(_ pids: URL) -> String {
    "command:echo $$ >> '\(pids.path)'; sleep 1000 & echo $! >> '\(pids.path)'; wait"
  }

  func processIDs(in file: URL) -> [pid_t] {
    ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
  }

  /// Waits up to `seconds` for every process to be gone; returns those still there.
  func survivors(_ pids: [pid_t], within seconds: Double) -> [pid_t] {
    let deadline = Date().addingTimeInterval(seconds)
    var alive = pids
    while true {
      alive = alive.filter { kill($0, 0) == 0 && !Self.isZombie($0) }
      if alive.isEmpty || Date() > deadline { return alive }
      usleep(20_000)
    }
  }

  /// Whether `process` has ended and waits to be reaped. An in-process engine test makes this test
  /// process a subreaper (as scanbench is), so an engine's watcher orphaned by `kill -9` of
  /// scanbench ends as this process's zombie, not init's: ended, not running.
  static func isZombie(_ process: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
  }

  /// Starts scanbench with `arguments`; waits until `file` names at least `count` processes.
  func start(_ arguments: [String], waitingFor count: Int, in file: URL) throws -> Process {
    let process = Process()
    process.executableURL = Harness.binary
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while processIDs(in: file).count < count, process.isRunning, Date() < deadline { usleep(20_000) }
    XCTAssertGreaterThanOrEqual(processIDs(in: file).count, count, "the engines started")
    return process
  }

  /// An engine that never prints its identity line: after the start-up wait (60 s) the run is
  /// refused (exit 2) once — not once more for each worker — and every process the engines started
  /// is gone with scanbench.
  func testAnEngineThatNeverSaysWhatItIsIsRefusedOnceAndLeavesNothingRunning() throws {
    let input = try lines(2).path
    let pids = folder.appendingPathComponent("pids")
    let started = Date()
    let result = try Harness.run(
      [
        "run", input, "--engine", silentEngine(pids), "--jobs", "2", "--engine-start-timeout", "4", "--out",
        folder.appendingPathComponent("s.jsonl").path,
      ])
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("said nothing within 4 s"), result.stderr)
    XCTAssertLessThan(seconds, 7.5, "one start-up wait, not one per worker")
    XCTAssertFalse(processIDs(in: pids).isEmpty)
    XCTAssertEqual(survivors(processIDs(in: pids), within: 5), [], "engine processes outlived scanbench")
  }

  /// SIGTERM while the engines have not said what they are: scanbench exits at once (143), writes
  /// nothing, and takes the engines with it.
  func testSIGTERMWhileWaitingForAnEngineExitsAtOnceAndLeavesNothingRunning() throws {
    let input = try lines(2).path
    let pids = folder.appendingPathComponent("pids")
    let store = folder.appendingPathComponent("s.jsonl")
    let process = try start(
      ["run", input, "--engine", silentEngine(pids), "--jobs", "2", "--out", store.path], waitingFor: 2,
      in: pids)
    let signalled = Date()
    kill(process.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    XCTAssertLessThan(Date().timeIntervalSince(signalled), 5, "SIGTERM took as long as the engines' wait")
    XCTAssertEqual(process.terminationStatus, 143)
    XCTAssertEqual(survivors(processIDs(in: pids), within: 5), [], "engine processes outlived scanbench")
    XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "nothing written")
  }

  /// `kill -9` of scanbench while its engines work (here: hang, each with a child of its own): the
  /// engines, and what they started, end with it.
  func testKill9OfScanbenchLeavesNoEngineProcessRunning() throws {
    let input = folder.appendingPathComponent("hanging")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let lines = try self.lines(2)
    for index in 1...2 {
      try FileManager.default.copyItem(
        at: lines.appendingPathComponent(String(format: "eng-line-%03d.png", index)),
        to: input.appendingPathComponent("hang-\(index).png"))
    }
    let fake = Harness.packageRoot.appendingPathComponent(
      "Tests/ScanbenchExternalTests/Fixtures/fake_engine.py")
    let starts = folder.appendingPathComponent("starts")
    let children = folder.appendingPathComponent("children")
    let process = try start(
      [
        "run", input.path, "--engine",
        "command:python3 '\(fake.path)' --starts '\(starts.path)' --children '\(children.path)'", "--jobs",
        "2",
        "--out", folder.appendingPathComponent("s.jsonl").path,
      ], waitingFor: 2, in: children)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let pids = processIDs(in: starts) + processIDs(in: children)
    XCTAssertEqual(pids.count, 4)
    XCTAssertEqual(survivors(pids, within: 5), [], "engine processes outlived scanbench")
  }

  // MARK: 8. Pipes, FIFOs and standard input are refused at once

  func testPipesFIFOsAndStandardInputAreRefusedAtOnce() throws {
    let fifo = folder.appendingPathComponent("corpus.tar.gz").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let store = folder.appendingPathComponent("s.jsonl").path
    for input in [fifo, "-"] {
      let result = try runWithin(seconds: 30, ["run", input, "--out", store])
      XCTAssertEqual(result.exitCode, 2, "\(input): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.contains("save it to a file first") || result.stderr.contains("save the stream"),
        result.stderr)
    }
    // `cat corpus.tar.gz | scanbench run /dev/stdin`: a pipe.
    let piped = try runWithin(
      seconds: 30, ["run", "/dev/stdin", "--out", store],
      stdin: Harness.packageRoot.appendingPathComponent("Corpora/eng-lines.tar.gz"))
    XCTAssertEqual(piped.exitCode, 2, piped.stderr)
    XCTAssertTrue(piped.stderr.contains("a pipe or FIFO"), piped.stderr)
    let scored = try runWithin(seconds: 30, ["score", fifo, folder.path, "--out", store])
    XCTAssertEqual(scored.exitCode, 2, scored.stderr)
    let imported = try runWithin(
      seconds: 30, ["import", fifo, "--db", folder.appendingPathComponent("n.sqlite").path])
    XCTAssertEqual(imported.exitCode, 2, imported.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: store))
  }

  /// Runs scanbench, killing it (and failing) if it takes longer than `seconds`; `stdin` is piped
  /// from a file through `cat` when given.
  func runWithin(seconds: Double, _ arguments: [String], stdin: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = Harness.binary
    process.arguments = arguments
    let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
    let err = folder.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    var feeder: Process?
    if let stdin {
      let pipe = Pipe()
      let cat = Process()
      cat.executableURL = URL(fileURLWithPath: "/bin/cat")
      cat.arguments = [stdin.path]
      cat.standardOutput = pipe
      process.standardInput = pipe
      try cat.run()
      feeder = cat
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      XCTFail("scanbench \(arguments.joined(separator: " ")) did not end within \(seconds) s")
    }
    process.waitUntilExit()
    if let feeder, feeder.isRunning { feeder.terminate() }
    return CommandResult(
      exitCode: process.terminationStatus,
      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }

  // MARK: 9. One exit-code rule: unusable input is 2, and nothing is created

  func testMergeIntoOneOfItsInputsIsExit2AndLeavesItAlone() throws {
    let input = try lines(2).path
    let store = folder.appendingPathComponent("r.jsonl")
    XCTAssertEqual(try run([input], store: store.path).exitCode, 0)
    let before = try Data(contentsOf: store)
    let link = folder.appendingPathComponent("link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: store)
    for out in [store.path, link.path] {
      let result = try Harness.run(["merge", store.path, "--out", out])
      XCTAssertEqual(result.exitCode, 2, "\(out): \(result.stdout)\(result.stderr)")
      XCTAssertTrue(result.stderr.contains("one of the stores to merge"), result.stderr)
    }
    XCTAssertEqual(try Data(contentsOf: store), before)
  }

  func testImportingAnEmptyOrForeignFileIsExit2AndCreatesNoDatabase() throws {
    let empty = folder.appendingPathComponent("empty.jsonl")
    _ = FileManager.default.createFile(atPath: empty.path, contents: Data())
    let foreign = folder.appendingPathComponent("notes.txt")
    try Data("shopping list\nmilk\n".utf8).write(to: foreign)
    for store in [empty, foreign] {
      let database = folder.appendingPathComponent("n-\(store.lastPathComponent).sqlite")
      let result = try Harness.run(["import", store.path, "--db", database.path])
      XCTAssertEqual(result.exitCode, 2, "\(store.lastPathComponent): \(result.stdout)\(result.stderr)")
      XCTAssertTrue(result.stderr.contains(store.path), result.stderr)
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("n-")
      }
      XCTAssertEqual(left, [], "no database, no -wal or -shm")
    }
  }

  // MARK: 11. An --out that cannot be created leaves nothing behind

  func testAStoreThatCannotBeCreatedLeavesNoFoldersBehind() throws {
    let input = try lines(1).path
    let top = folder.appendingPathComponent("new")
    // A file name over NAME_MAX (255 bytes): its folders can be made, the file cannot.
    let store = top.appendingPathComponent("deeper/" + String(repeating: "x", count: 300) + ".jsonl")
    let result = try run([input], store: store.path)
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("File name too long"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: top.path), "the folders made for it are removed")
  }
}
