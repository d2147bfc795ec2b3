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

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `scanbench baseline`, `check` and `report` end to end: the built binary on stores written by hand.
final class GateCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  static let metric = "cer/grapheme/nfc/ws-collapse/cjk-nospace/v1"
  static let engine = EngineIdentity.schema1(version: "5.3.0", models: ["eng": "ab12"])

  /// A store of one run: `count` line images with `edits(index)` edits over 50 characters each.
  func writeStore(
    _ name: String, count: Int = 60, run: String = "run-1", metric: String = metric, edits: (Int) -> Int
  ) throws -> URL {
    var lines = Data()
    var totalEdits = 0
    for index in 1...count {
      var record = ResultRecord.fixture(
        String(format: "line-%03d.png", index), run: run, time: "2026-11-30T00:00:00.000Z",
        source: "lines.tar", sha256: "sha-\(index)", profile: "fast", lang: "eng", engine: Self.engine)
      record.text = "line \(index)"
      record.edits = edits(index)
      record.gtChars = 50
      record.cer = Double(edits(index)) / 50
      record.metric = metric
      totalEdits += edits(index)
      lines.append(try StoreWriter.line(for: record))
    }
    let summary = RunSummaryRecord(
      run: run, time: "2026-11-30T00:01:00.000Z", sources: ["lines.tar"], profile: "fast", lang: "eng",
      jobs: 2,
      images: count, succeeded: count, failed: 0, skipped: 0, scored: count, gtChars: 50 * count,
      edits: totalEdits,
      cerMicro: Double(totalEdits) / Double(50 * count), cerMacro: nil, metric: metric, imagesPerSecond: 10,
      wallSeconds: 6, interrupted: false, shard: nil, engine: Self.engine)
    lines.append(try StoreWriter.line(for: summary))
    let url = folder.appendingPathComponent(name)
    try lines.write(to: url)
    return url
  }

  static func baselineEdits(_ index: Int) -> Int { index % 5 == 0 ? 2 : (index % 7 == 0 ? 1 : 0) }

  func makeBaseline() throws -> URL {
    let store = try writeStore("baseline-run.jsonl", edits: Self.baselineEdits)
    let baseline = folder.appendingPathComponent("Reports/baseline-lines.json")
    let result = try Harness.run(["baseline", store.path, "--out", baseline.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("60 images, CER 1.03%"), result.stdout)
    return baseline
  }

  func testAStoreEqualToItsBaselinePasses() throws {
    let baseline = try makeBaseline()
    let store = try writeStore("same.jsonl", run: "run-2", edits: Self.baselineEdits)
    let junit = folder.appendingPathComponent("junit.xml")
    let result = try Harness.run(["check", store.path, "--baseline", baseline.path, "--junit", junit.path])
    XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
    XCTAssertTrue(
      result.stdout.hasPrefix(
        "CER stayed at 1.03% (+0.00 points, 95% CI +0.00 to +0.00): pass, no image changed.\n"),
      result.stdout)
    let document = try XMLDocument(contentsOf: junit, options: [])
    let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
    XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "61")
    XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "0")
  }

  func testInjectedErrorsFailWithExitOneAndNameTheImages() throws {
    let baseline = try makeBaseline()
    let damaged: Set<Int> = [4, 9, 13, 22, 26, 33, 37, 41, 48, 52, 57]
    let store = try writeStore("worse.jsonl", run: "run-2") {
      Self.baselineEdits($0) + (damaged.contains($0) ? 6 : 0)
    }
    let junit = folder.appendingPathComponent("out/junit.xml")
    let markdown = folder.appendingPathComponent("out/summary.md")
    let result = try Harness.run([
      "check", store.path, "--baseline", baseline.path, "--junit", junit.path, "--markdown", markdown.path,
    ])
    XCTAssertEqual(result.exitCode, 1, result.stdout + result.stderr)
    let first = try XCTUnwrap(result.stdout.split(separator: "\n").first)
    XCTAssertTrue(first.hasPrefix("CER went from 1.03% to 3.23% (+2.20 points, 95% CI +"), String(first))
    XCTAssertTrue(first.hasSuffix("): regression, above the allowed +0.00."), String(first))
    XCTAssertTrue(result.stdout.contains("worse, worst first (11):"), result.stdout)
    for index in damaged {
      XCTAssertTrue(result.stdout.contains(String(format: "line-%03d.png", index)), "line \(index) is named")
    }

    let document = try XMLDocument(contentsOf: junit, options: [])
    let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
    XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "baseline-lines")
    XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "61")
    XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "12")
    let failedNames = suite.elements(forName: "testcase")
      .filter { !$0.elements(forName: "failure").isEmpty }
      .compactMap { $0.attribute(forName: "name")?.stringValue }
    XCTAssertEqual(
      Set(failedNames),
      Set(damaged.map { String(format: "line-%03d.png", $0) } + ["micro CER over 60 images"]))
    let summary = try String(contentsOf: markdown, encoding: .utf8)
    XCTAssertTrue(summary.hasPrefix("## ❌ baseline-lines: regression"), summary)
  }

  func testNoiseWithinTheIntervalPasses() throws {
    let baseline = try makeBaseline()
    // One image a little worse, one a little better.
    let store = try writeStore("noise.jsonl", run: "run-2") { index in
      Self.baselineEdits(index) + (index == 17 ? 2 : 0) - (index == 35 ? 1 : 0)
    }
    let result = try Harness.run(["check", store.path, "--baseline", baseline.path])
    XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
    XCTAssertTrue(
      result.stdout.contains("pass, the interval is not entirely above the allowed +0.00."), result.stdout)
    XCTAssertTrue(result.stdout.contains("worse, worst first (1):"), result.stdout)
    XCTAssertTrue(result.stdout.contains("line-017.png"), result.stdout)
    XCTAssertTrue(result.stdout.contains("better, best first (1):"), result.stdout)

    let strict = try Harness.run([
      "check", store.path, "--baseline", baseline.path, "--max-regressed-images", "0",
    ])
    XCTAssertEqual(strict.exitCode, 1, strict.stdout)
    XCTAssertTrue(
      strict.stdout.contains("regression, 1 image got worse, more than the allowed 0."), strict.stdout)
  }

  func testTheIntervalIsReproducible() throws {
    let baseline = try makeBaseline()
    let store = try writeStore("mixed.jsonl", run: "run-2") { Self.baselineEdits($0) + ($0 % 6 == 0 ? 1 : 0) }
    let first = try Harness.run(["check", store.path, "--baseline", baseline.path, "--json"])
    let second = try Harness.run(["check", store.path, "--baseline", baseline.path, "--json"])
    XCTAssertEqual(first.stdout, second.stdout)
    XCTAssertTrue(first.stdout.contains("\"verdict\":"), first.stdout)
  }

  func testDifferentMetricDescriptorsExitTwo() throws {
    let baseline = try makeBaseline()
    let other = "cer/codepoint/nfkc/ws-collapse/cjk-nospace/v1"
    let store = try writeStore("other-metric.jsonl", run: "run-2", metric: other, edits: Self.baselineEdits)
    let result = try Harness.run(["check", store.path, "--baseline", baseline.path])
    XCTAssertEqual(result.exitCode, 2, result.stdout + result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("Error: not comparable: "), result.stderr)
    XCTAssertTrue(result.stderr.contains(other), result.stderr)
    XCTAssertTrue(result.stderr.contains("--allow-metric-mismatch"), result.stderr)

    let allowed = try Harness.run([
      "check", store.path, "--baseline", baseline.path, "--allow-metric-mismatch",
    ])
    XCTAssertEqual(allowed.exitCode, 0, allowed.stdout + allowed.stderr)
    XCTAssertTrue(allowed.stdout.contains("note: metric differs"), allowed.stdout)
  }

  func testMissingFilesAndDisjointRunsExitTwoAndSayWhy() throws {
    let baseline = try makeBaseline()
    let store = try writeStore("same.jsonl", edits: Self.baselineEdits)
    let noBaseline = try Harness.run([
      "check", store.path, "--baseline", folder.appendingPathComponent("none.json").path,
    ])
    XCTAssertEqual(noBaseline.exitCode, 2)
    XCTAssertTrue(noBaseline.stderr.contains("none.json: no such baseline"), noBaseline.stderr)

    let noStore = try Harness.run([
      "check", folder.appendingPathComponent("none.jsonl").path, "--baseline", baseline.path,
    ])
    XCTAssertEqual(noStore.exitCode, 2)
    XCTAssertTrue(noStore.stderr.contains("none.jsonl: no such store"), noStore.stderr)

    let disjoint = try writeStore("disjoint.jsonl", count: 3, run: "run-3") { _ in 0 }
    var text = try String(contentsOf: disjoint, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"sha256\":\"sha-", with: "\"sha256\":\"changed-")
    try text.write(to: disjoint, atomically: true, encoding: .utf8)
    let none = try Harness.run(["check", disjoint.path, "--baseline", baseline.path])
    XCTAssertEqual(none.exitCode, 2)
    XCTAssertTrue(none.stderr.contains("shares no image with the baseline"), none.stderr)
  }

  func testUsageErrorsExitSixtyFour() throws {
    let store = try writeStore("s.jsonl", edits: Self.baselineEdits)
    let noBaseline = try Harness.run(["check", store.path])
    XCTAssertEqual(noBaseline.exitCode, 64)
    XCTAssertTrue(noBaseline.stderr.contains("Missing '--baseline <file>'"), noBaseline.stderr)
    let badIncrease = try Harness.run([
      "check", store.path, "--baseline", "b.json", "--max-cer-increase", "lots",
    ])
    XCTAssertEqual(badIncrease.exitCode, 64)
    let typo = try Harness.run(["check", store.path, "--baselin", "b.json"])
    XCTAssertEqual(typo.exitCode, 64)
    XCTAssertTrue(typo.stderr.contains("Did you mean '--baseline'?"), typo.stderr)
  }

  func testReportWritesOneSelfContainedPage() throws {
    let store = try writeStore("s.jsonl", edits: Self.baselineEdits)
    let html = folder.appendingPathComponent("report/index.html")
    let result = try Harness.run(["report", store.path, "--html", html.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("wrote \(html.path)"), result.stdout)
    XCTAssertTrue(result.stderr.contains("lines.tar"), "the unreadable source is named: \(result.stderr)")
    let page = try String(contentsOf: html, encoding: .utf8)
    XCTAssertTrue(page.contains("<div id=\"report-status\" data-ready=\"no\" hidden></div>"))
    XCTAssertTrue(page.contains("<svg class=\"chart\""))
    XCTAssertFalse(page.contains("<script src"))
    XCTAssertFalse(page.contains("<link "))
  }

  func testHelpDescribesTheExitStatus() throws {
    let result = try Harness.run(["help", "check"])
    XCTAssertEqual(result.exitCode, 0)
    XCTAssertTrue(
      result.stdout.contains("0 pass, 1 regression or missing images, 2 not comparable"), result.stdout)
    XCTAssertTrue(result.stdout.contains("--max-cer-increase <x>"), result.stdout)
  }
}
