import Foundation
import ScanbenchSeam
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

/// Sharded runs end to end: shard processes started together, as a cluster would start them, then
/// `scanbench merge`; and merge's refusals on stores written by the test.
final class ShardRunTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  static let lineOptions = ["--level", "fast", "--psm", "7", "--dpi", "300"]

  /// A tar.gz of the first `count` lines of uw3-lines, with their ground truth.
  /// The first `count` lines of uw3-lines with their ground truth, and `sidecars` files that are
  /// not images (as a phone export has: `.MOV`, `.AAE`).
  func uw3Archive(_ count: Int, sidecars: [String] = []) throws -> URL {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let images = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".png") }.sorted().prefix(count)
    let files = images.flatMap { [$0, String($0.dropLast(4)) + ".gt.txt"] }
    let extras = folder.appendingPathComponent("sidecars")
    try FileManager.default.createDirectory(at: extras, withIntermediateDirectories: true)
    for name in sidecars { try Data("not an image".utf8).write(to: extras.appendingPathComponent(name)) }
    let archive = folder.appendingPathComponent("uw3-\(count).tar.gz")
    try TestKit.shell(
      "bsdtar -czf '\(archive.path)' -C '\(corpus.path)' " + files.map { "'\($0)'" }.joined(separator: " ")
        + " -C '\(extras.path)' " + sidecars.map { "'\($0)'" }.joined(separator: " "))
    return archive
  }

  /// Starts every process before waiting for any, as Kubernetes or Slurm start a job's tasks. The
  /// engines' variables of the test's own environment are left out: each process gets only its own.
  func runTogether(_ runs: [(arguments: [String], environment: [String: String])]) throws -> [CommandResult] {
    let inherited = ProcessInfo.processInfo.environment.filter {
      $0.key != "JOB_COMPLETION_INDEX" && !$0.key.hasPrefix("SLURM_")
    }
    var started: [(Process, URL, URL)] = []
    for (number, run) in runs.enumerated() {
      let process = Process()
      process.executableURL = Harness.binary
      process.arguments = run.arguments
      process.environment = inherited.merging(run.environment) { $1 }
      let out = folder.appendingPathComponent("process-\(number).out")
      let err = folder.appendingPathComponent("process-\(number).err")
      _ = FileManager.default.createFile(atPath: out.path, contents: nil)
      _ = FileManager.default.createFile(atPath: err.path, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: out)
      process.standardError = try FileHandle(forWritingTo: err)
      process.standardInput = FileHandle.nullDevice
      try process.run()
      started.append((process, out, err))
    }
    return started.map { process, out, err in
      process.waitUntilExit()
      return CommandResult(
        exitCode: process.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
  }

  func shardStores(_ base: URL, count: Int) throws -> [URL] {
    try (0..<count).map { try Shard(index: $0, count: count).storeURL(for: base) }
  }

  // MARK: Sharded runs

  func testMergedShardsMatchASingleRun() throws {
    let sidecars = (1...6).map { "IMG_000\($0).MOV" } + ["IMG_0001.AAE", "IMG_0002.AAE", "album.xmp"]
    let archive = try uw3Archive(30, sidecars: sidecars)
    let single = folder.appendingPathComponent("single.jsonl")
    let whole = try Harness.run(
      ["run", archive.path, "--out", single.path, "--jobs", "2"] + Self.lineOptions)
    XCTAssertEqual(whole.exitCode, 0, whole.stderr)
    let (expected, expectedSummaries) = try Harness.records(in: single)
    XCTAssertEqual(expected.count, 30)
    let texts = Dictionary(uniqueKeysWithValues: expected.map { ($0.entry, $0.text ?? "") })
    let expectedSummary = try XCTUnwrap(expectedSummaries.last)

    for count in [1, 3, 7] {
      let base = folder.appendingPathComponent("n\(count)/results.jsonl")
      let results = try runTogether(
        (0..<count).map { index in
          (
            ["run", archive.path, "--shard", "\(index)/\(count)", "--jobs", "1", "--out", base.path]
              + Self.lineOptions, [:]
          )
        })
      for (index, result) in results.enumerated() {
        XCTAssertEqual(result.exitCode, 0, "shard \(index)/\(count): \(result.stderr)")
      }
      let stores = try shardStores(base, count: count)
      for (index, store) in stores.enumerated() {
        XCTAssertEqual(try Harness.records(in: store).summaries.last?.shard, "\(index)/\(count)")
      }
      let merged = folder.appendingPathComponent("n\(count)/merged.jsonl")
      let merge = try Harness.run(["merge"] + stores.map(\.path) + ["--out", merged.path])
      XCTAssertEqual(merge.exitCode, 0, "N = \(count): \(merge.stderr)")
      XCTAssertTrue(merge.stdout.contains("\(count) of \(count) complete"), merge.stdout)
      XCTAssertTrue(merge.stdout.contains("duplicates          none"), merge.stdout)

      let (results30, summaries) = try Harness.records(in: merged)
      XCTAssertEqual(
        results30.map(\.entry), texts.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
        "N = \(count)")
      XCTAssertEqual(
        Dictionary(uniqueKeysWithValues: results30.map { ($0.entry, $0.text ?? "") }), texts, "N = \(count)")
      let summary = try XCTUnwrap(summaries.last)
      XCTAssertEqual(summaries.count, 1)
      XCTAssertEqual(Set(results30.map(\.run)), [summary.run])
      XCTAssertEqual(summary.images, 30)
      XCTAssertNil(summary.shard)
      XCTAssertFalse(summary.interrupted)
      XCTAssertEqual(summary.edits, expectedSummary.edits)
      XCTAssertEqual(summary.gtChars, expectedSummary.gtChars)
      XCTAssertEqual(summary.cerMicro, expectedSummary.cerMicro)
      // WER as the single run added it up: micro from the word counts, macro the mean of the images'.
      XCTAssertNotNil(expectedSummary.werMicro)
      XCTAssertEqual(summary.werMicro, expectedSummary.werMicro, "N = \(count)")
      XCTAssertEqual(summary.werMacro ?? -1, expectedSummary.werMacro ?? -2, accuracy: 1e-12, "N = \(count)")
      XCTAssertTrue(
        merge.stdout.contains(String(format: "WER (micro)         %.2f%%", (summary.werMicro ?? 0) * 100)),
        merge.stdout)
      XCTAssertEqual(summary.ignoredByExtension, ["mov": 6, "aae": 2, "xmp": 1], "N = \(count)")
      XCTAssertEqual(summary.ignoredByExtension, expectedSummary.ignoredByExtension)
    }

    // The merged store is a store like any other: checked against the single run's baseline, reported.
    let merged = folder.appendingPathComponent("n7/merged.jsonl")
    let baseline = folder.appendingPathComponent("baseline.json")
    let recorded = try Harness.run(["baseline", single.path, "--out", baseline.path])
    XCTAssertEqual(recorded.exitCode, 0, recorded.stderr)
    let check = try Harness.run(["check", merged.path, "--baseline", baseline.path])
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    let html = folder.appendingPathComponent("report.html")
    let report = try Harness.run(["report", merged.path, "--html", html.path, "--no-thumbnails"])
    XCTAssertEqual(report.exitCode, 0, report.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: html.path))
  }

  func testKubernetesAndSlurmEnvironmentsNameTheShardAndItsStore() throws {
    let archive = try uw3Archive(6)
    let engines: [(name: String, count: Int, environment: (Int) -> [String: String], arguments: [String])] = [
      ("Kubernetes Indexed Job", 3, { ["JOB_COMPLETION_INDEX": "\($0)"] }, ["--shards", "3"]),
      (
        "Slurm job array", 2,
        {
          ["SLURM_ARRAY_TASK_ID": "\(10 + $0)", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_COUNT": "2"]
        }, []
      ),
    ]
    for engine in engines {
      let base = folder.appendingPathComponent("\(engine.count)/results.jsonl")
      let results = try runTogether(
        (0..<engine.count).map { index in
          (
            ["run", archive.path, "--jobs", "1", "--out", base.path] + Self.lineOptions + engine.arguments,
            engine.environment(index)
          )
        })
      for (index, result) in results.enumerated() {
        XCTAssertEqual(result.exitCode, 0, "\(engine.name) \(index): \(result.stderr)")
        XCTAssertTrue(
          result.stderr.contains("shard \(index)/\(engine.count) from the \(engine.name)"), result.stderr)
      }
      let stores = try shardStores(base, count: engine.count)
      XCTAssertEqual(
        stores.map(\.lastPathComponent),
        (0..<engine.count).map { String(format: "results.shard-%04d-of-%04d.jsonl", $0, engine.count) })
      for (index, store) in stores.enumerated() {
        XCTAssertEqual(
          try Harness.records(in: store).summaries.last?.shard, "\(index)/\(engine.count)", engine.name)
      }
      let merged = base.deletingLastPathComponent().appendingPathComponent("merged.jsonl")
      let merge = try Harness.run(["merge"] + stores.map(\.path) + ["--out", merged.path])
      XCTAssertEqual(merge.exitCode, 0, merge.stderr)
      XCTAssertEqual(try Harness.records(in: merged).results.count, 6, engine.name)
    }
  }

  /// Tasks that share one command line (a Slurm array, a Kubernetes Indexed Job) can name their
  /// stores with `{shard}`; each run's summary says where its store went, and merge takes them.
  func testTheShardPlaceholderInOutNamesEachTasksStore() throws {
    let archive = try uw3Archive(4)
    let out = folder.appendingPathComponent("out/results-{shard}.jsonl").path
    let results = try runTogether(
      (0..<2).map { index in
        (
          ["run", archive.path, "--jobs", "1", "--out", out] + Self.lineOptions,
          ["SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "2"]
        )
      })
    let stores = (0..<2).map {
      folder.appendingPathComponent(String(format: "out/results-shard-%04d-of-0002.jsonl", $0))
    }
    for (index, result) in results.enumerated() {
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      XCTAssertTrue(result.stdout.contains("store               \(stores[index].path)\n"), result.stdout)
      XCTAssertEqual(try Harness.records(in: stores[index]).summaries.last?.shard, "\(index)/2")
    }
    let outFolder = folder.appendingPathComponent("out").path
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: outFolder).sorted(), stores.map(\.lastPathComponent)
    )
    let merged = folder.appendingPathComponent("merged.jsonl")
    let merge = try Harness.run(["merge"] + stores.map(\.path) + ["--out", merged.path])
    XCTAssertEqual(merge.exitCode, 0, merge.stdout + merge.stderr)
    XCTAssertEqual(try Harness.records(in: merged).results.count, 4)

    // Not sharded: refused before any work; no store named '{shard}' appears.
    let unsharded = try Harness.run(["run", archive.path, "--out", out] + Self.lineOptions)
    XCTAssertEqual(unsharded.exitCode, 64, unsharded.stderr)
    XCTAssertTrue(
      unsharded.stderr.contains("--out holds {shard}, but this run is not sharded"), unsharded.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outFolder).count, 2)
  }

  // MARK: Merge refusals

  let engine = EngineIdentity.schema1(version: "5.3.0", models: ["eng": String(repeating: "ab", count: 32)])

  func record(_ entry: String, text: String, run: String, time: String = "2026-11-30T01:00:00.000Z")
    -> ResultRecord
  {
    var record = ResultRecord.fixture(
      entry, run: run, time: time, source: "in.tar.gz", sha256: String(repeating: "0", count: 63) + "1",
      profile: "fast", lang: "eng", engine: engine)
    record.text = text
    return record
  }

  func summary(
    run: String, shard: String, images: Int, interrupted: Bool = false, engine: EngineIdentity? = nil
  )
    -> RunSummaryRecord
  {
    RunSummaryRecord(
      run: run, time: "2026-11-30T02:00:00.000Z", sources: ["in.tar.gz"], profile: "fast", lang: "eng",
      jobs: 1,
      images: images, succeeded: images, failed: 0, skipped: 0, scored: 0, gtChars: 0, edits: 0,
      cerMicro: nil,
      cerMacro: nil, metric: ScoringOptions.default.descriptor, imagesPerSecond: 0, wallSeconds: 1,
      interrupted: interrupted, shard: shard, engine: engine ?? self.engine)
  }

  func store(_ name: String, _ lines: [any Encodable], raw: String = "") throws -> URL {
    var data = Data()
    for line in lines { data.append(try StoreWriter.line(for: line)) }
    data.append(Data(raw.utf8))
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  func testMergeRefusesDuplicatesWithDifferentTextsUnlessPreferLatest() throws {
    let first = try store(
      "a.shard-0000-of-0001.jsonl",
      [
        record("x.png", text: "cat", run: "a"), record("y.png", text: "dog", run: "a"),
        summary(run: "a", shard: "0/1", images: 2),
      ])
    let second = try store(
      "b.jsonl",
      [
        record("x.png", text: "cat", run: "b", time: "2026-11-30T03:00:00.000Z"),
        record("y.png", text: "dot", run: "b", time: "2026-11-30T03:00:00.000Z"),
        summary(run: "b", shard: "0/1", images: 2),
      ])
    let out = folder.appendingPathComponent("merged.jsonl")
    let refused = try Harness.run(["merge", first.path, second.path, "--out", out.path])
    XCTAssertEqual(refused.exitCode, 1, refused.stderr)
    XCTAssertTrue(refused.stderr.contains("different texts"), refused.stderr)
    XCTAssertTrue(
      refused.stderr.contains("\(first.path):2") && refused.stderr.contains("\(second.path):2"),
      refused.stderr)
    XCTAssertTrue(refused.stdout.contains("y.png: \(first.path):2, \(second.path):2"), refused.stdout)
    XCTAssertTrue(refused.stdout.contains("not written"), refused.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

    let latest = try Harness.run(["merge", first.path, second.path, "--out", out.path, "--prefer-latest"])
    XCTAssertEqual(latest.exitCode, 0, latest.stderr)
    XCTAssertTrue(
      latest.stdout.contains("2 resolved (1 same text, 1 different texts, kept the latest)"), latest.stdout)
    XCTAssertTrue(
      latest.stdout.contains("x.png: same text at \(first.path):1, \(second.path):1; kept \(second.path):1"),
      latest.stdout)
    let results = try Harness.records(in: out).results
    XCTAssertEqual(results.map(\.text), ["cat", "dot"])
  }

  func testMergeRefusesIncompleteShardsUnlessAllowPartial() throws {
    let zero = try store(
      "r.shard-0000-of-0003.jsonl",
      // Each store's image is of its shard (merge checks): e.png of 0/3, c.png of 2/3.
      [record("e.png", text: "a", run: "z"), summary(run: "z", shard: "0/3", images: 1)])
    let two = try store(
      "r.shard-0002-of-0003.jsonl",
      [record("c.png", text: "c", run: "t"), summary(run: "t", shard: "2/3", images: 1, interrupted: true)])
    let out = folder.appendingPathComponent("merged.jsonl")
    let refused = try Harness.run(["merge", zero.path, two.path, "--out", out.path])
    XCTAssertEqual(refused.exitCode, 1, refused.stderr)
    XCTAssertTrue(refused.stdout.contains("shards              1 of 3 complete"), refused.stdout)
    XCTAssertTrue(refused.stdout.contains("missing shards      1\n"), refused.stdout)
    XCTAssertTrue(refused.stdout.contains("incomplete shards   2\n"), refused.stdout)
    XCTAssertTrue(
      refused.stdout.contains("shard 2: \(two.path): its last run (t) was interrupted"), refused.stdout)
    XCTAssertTrue(refused.stderr.contains("--allow-partial"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

    let partial = try Harness.run([
      "merge", zero.path, two.path, "--out", out.path, "--allow-partial", "--json",
    ])
    XCTAssertEqual(partial.exitCode, 0, partial.stderr)
    let report = try JSONSerialization.jsonObject(with: Data(partial.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(report?["missing_shards"] as? [Int], [1])
    XCTAssertEqual(report?["written"] as? Bool, true)
    let summary = try XCTUnwrap(Harness.records(in: out).summaries.last)
    XCTAssertTrue(summary.interrupted)
    XCTAssertEqual(summary.images, 2)
  }

  func testMergeRefusesStoresOfAnotherEngine() throws {
    let other = EngineIdentity.schema1(version: "5.4.1", models: engine.models)
    let zero = try store(
      "r.shard-0000-of-0002.jsonl",
      [record("a.png", text: "a", run: "z"), summary(run: "z", shard: "0/2", images: 1)])
    var foreign = record("b.png", text: "b", run: "o")
    foreign.engine = other
    let one = try store(
      "r.shard-0001-of-0002.jsonl", [foreign, summary(run: "o", shard: "1/2", images: 1, engine: other)])
    let out = folder.appendingPathComponent("merged.jsonl")
    let refused = try Harness.run(["merge", zero.path, one.path, "--out", out.path])
    XCTAssertEqual(refused.exitCode, 2, refused.stderr)
    XCTAssertTrue(
      refused.stderr.contains("tesseract 5.3.0") && refused.stderr.contains("tesseract 5.4.1"), refused.stderr
    )
    XCTAssertTrue(refused.stderr.contains(zero.path) && refused.stderr.contains(one.path), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
  }

  func testMergeSkipsATornLastLineWithAWarning() throws {
    let torn = String(
      decoding: try StoreWriter.line(for: record("b.png", text: "b", run: "n")), as: UTF8.self
    ).prefix(30)
    let zero = try store(
      "r.shard-0000-of-0001.jsonl",
      [record("a.png", text: "a", run: "z"), summary(run: "z", shard: "0/1", images: 1)],
      raw: String(torn))
    let out = folder.appendingPathComponent("merged.jsonl")
    let merged = try Harness.run(["merge", zero.path, "--out", out.path])
    XCTAssertEqual(merged.exitCode, 0, merged.stderr)
    XCTAssertTrue(merged.stderr.contains("warning: \(zero.path):3: torn last line"), merged.stderr)
    XCTAssertEqual(try Harness.records(in: out).results.map(\.entry), ["a.png"])
  }

  func testMergeNeedsAnOutput() throws {
    let result = try Harness.run(["merge", "a.jsonl"])
    XCTAssertEqual(result.exitCode, 64)
    XCTAssertTrue(result.stderr.contains("--out"), result.stderr)
  }
}
