import Foundation
import ScanbenchTestSupport
import Testing

@testable import ScanbenchGate
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct BaselineCheckTests {
  /// 60 line images, a few with errors, as the baseline.
  let baselineRecords = ReportFixtures.lines(60) { $0 % 5 == 0 ? 2 : ($0 % 7 == 0 ? 1 : 0) }

  var baseline: Baseline {
    get throws { try Baseline(run: ReportFixtures.run(baselineRecords)) }
  }

  func check(_ records: [ResultRecord], options: BaselineCheck.Options = .init()) throws -> CheckResult {
    try BaselineCheck.compare(
      ReportFixtures.run(records), with: try baseline, baselinePath: "baseline.json", options: options)
  }

  @Test func aRunEqualToItsBaselinePasses() throws {
    let result = try check(baselineRecords)
    #expect(result.verdict == .pass)
    #expect(result.difference == 0)
    #expect(result.interval.lower == 0 && result.interval.upper == 0)
    #expect(result.regressed.isEmpty && result.improved.isEmpty)
    #expect(result.unchangedCount == 60)
    #expect(result.sentence.hasPrefix("CER stayed at "))
    #expect(result.sentence.hasSuffix("pass, no image changed."))
  }

  @Test func injectedErrorsAreARegressionThatNamesTheImages() throws {
    var records = baselineRecords
    let damaged = [3, 11, 18, 24, 31, 38, 42, 47, 53, 59]
    for index in damaged { records[index - 1].edits = (records[index - 1].edits ?? 0) + 4 }
    records[11].edits = (records[11].edits ?? 0) + 9  // line-012, the worst
    let result = try check(records)
    #expect(result.verdict == .regression)
    #expect(result.interval.lower > 0)
    #expect(result.regressed.count == damaged.count + 1)
    #expect(result.regressed.first?.key.entry == "line-012.png", "worst first")
    let named = Set(result.regressed.map(\.key.entry))
    for index in damaged { #expect(named.contains(String(format: "line-%03d.png", index))) }
    #expect(result.sentence.contains(": regression, above the allowed +0.00."))
    #expect(result.sentence.contains("95% CI +"))
    let text = result.text(limit: 50)
    #expect(text.contains("line-012.png"))
    #expect(text.contains("+18.00    0.00% →  18.00%  line-012.png"))
  }

  @Test func noiseWithinTheIntervalPasses() throws {
    var records = ReportFixtures.lines(200) { $0 % 5 == 0 ? 2 : 0 }
    let baseline = try Baseline(run: ReportFixtures.run(records))
    // Two images a little worse, one a little better: real changes, but no evidence of a general one.
    records[9].edits = (records[9].edits ?? 0) + 1
    records[99].edits = (records[99].edits ?? 0) + 1
    records[149].edits = (records[149].edits ?? 0) - 1
    let result = try BaselineCheck.compare(
      ReportFixtures.run(records), with: baseline, baselinePath: "b.json", options: .init())
    #expect(result.difference > 0)
    #expect(result.interval.lower <= 0)
    #expect(result.verdict == .pass)
    #expect(result.regressed.count == 2)
    #expect(result.improved.count == 1)
    #expect(result.sentence.contains("pass, the interval is not entirely above the allowed +0.00."))
  }

  @Test func anAllowedIncreaseAbsorbsASmallRegression() throws {
    var records = baselineRecords
    for index in stride(from: 0, to: 60, by: 2) { records[index].edits = (records[index].edits ?? 0) + 1 }
    #expect(try check(records).verdict == .regression)
    var options = BaselineCheck.Options()
    options.maxCERIncrease = 0.02
    let result = try check(records, options: options)
    #expect(result.verdict == .pass, "+1 point is within the allowed +2 points")
    #expect(result.sentence.contains("allowed +2.00"))
  }

  @Test func tooManyRegressedImagesFailEvenWithinTheInterval() throws {
    var records = baselineRecords
    records[0].edits = 1
    records[1].edits = 1
    var options = BaselineCheck.Options()
    options.maxRegressedImages = 1
    let result = try check(records, options: options)
    #expect(result.verdict == .regression)
    #expect(result.reasons == ["2 images got worse, more than the allowed 1"])
  }

  @Test func differentMetricDescriptorsAreNotComparableUnlessAllowed() throws {
    let other = "cer/grapheme/nfkc/ws-collapse/cjk-nospace/v1"
    let records = ReportFixtures.lines(60) { _ in 0 }.map { record -> ResultRecord in
      var record = record
      record.metric = other
      return record
    }
    let run = StoreRun(
      store: "s.jsonl", runID: "r1", summary: ReportFixtures.summary(for: records, metric: other),
      results: records,
      invalidLines: [])
    do {
      _ = try BaselineCheck.compare(run, with: try baseline, baselinePath: "baseline.json", options: .init())
      Issue.record("different metrics were compared")
    } catch let error as ReportError {
      #expect(error.kind == .notComparable)
      #expect(error.message.contains(other))
      #expect(error.message.contains(ReportFixtures.metric))
    }
    var options = BaselineCheck.Options()
    options.allowMetricMismatch = true
    let result = try BaselineCheck.compare(
      run, with: try baseline, baselinePath: "baseline.json", options: options)
    #expect(result.notes.contains { $0.hasPrefix("metric differs") })
  }

  @Test func noCommonImageIsNotComparableAndSaysWhy() throws {
    let records = (1...5).map {
      ReportFixtures.record("other-\($0).png", edits: 0, length: 10, profile: "accurate")
    }
    do {
      _ = try BaselineCheck.compare(
        ReportFixtures.run(records, summary: false), with: try baseline, baselinePath: "baseline.json",
        options: .init())
      Issue.record("runs without common images were compared")
    } catch let error as ReportError {
      #expect(error.kind == .notComparable)
      #expect(error.message.contains("shares no image"))
      #expect(error.message.contains("profile fast → accurate"), "says how the run differs")
    }
  }

  @Test func missingNewAndFailedImagesAreReportedNotDropped() throws {
    var records = Array(baselineRecords.dropLast(2))  // line-059 and line-060 missing
    records.append(ReportFixtures.record("extra.png", edits: 0, length: 30))
    // line-005, with 2 edits in the baseline, fails in the run.
    records[4].error = .init(kind: "undecodable", message: "truncated PNG")
    records[4].edits = nil
    records[4].gtChars = nil
    let result = try check(records)
    #expect(result.missingFromRun.map(\.entry) == ["line-059.png", "line-060.png"])
    #expect(result.newInRun.map(\.entry) == ["extra.png"])
    let failed = result.changes.first { $0.key.entry == "line-005.png" }
    #expect(failed?.failure?.contains("truncated PNG") == true)
    #expect(failed?.runEdits == 50, "a failed image counts as read with every character wrong")
    #expect(failed?.isWorse == true)
    let text = result.text(limit: 10)
    #expect(text.contains("missing from the run (in the baseline) (2):"))
    #expect(text.contains("new in the run (not in the baseline) (1):"))
  }

  @Test func pointsAndPercentagesAreFormattedWithSigns() {
    #expect(CheckResult.points(0.0009) == "+0.09")
    #expect(CheckResult.points(-0.0012) == "-0.12")
    #expect(CheckResult.points(0) == "+0.00")
    #expect(CheckResult.points(-0.00001) == "+0.00")
    #expect(CheckResult.percent(0.0231) == "2.31%")
  }
}
