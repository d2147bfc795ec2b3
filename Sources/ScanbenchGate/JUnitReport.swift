import Foundation
import ScanbenchSupport

/// A check as JUnit XML, which CI systems show as tests: one test case for the corpus (failed on a
/// regression), one per compared image, and one skipped test case per image missing from the run or
/// new in it. An image that got worse is a failure only when the verdict is a regression: on a pass it
/// is within the allowance, said in its `<system-out>`, so that a green job shows no red test.
public enum JUnitReport {
  /// `suite` names the test suite and is the class name of every test case (e.g. `baseline-eng-lines`).
  public static func render(_ result: CheckResult, suite: String, timestamp: String) -> String {
    let missingFail = !result.allowMissing
    let failing = result.verdict == .regression
    let failures =
      failing ? 1 + result.regressed.count + (missingFail ? result.missingFromRun.count : 0) : 0
    let skipped = result.newInRun.count + (missingFail ? 0 : result.missingFromRun.count)
    let tests = 1 + result.changes.count + result.missingFromRun.count + result.newInRun.count
    let seconds = result.changes.reduce(0) { $0 + $1.recognizeMilliseconds } / 1000
    let name = Markup.escape(suite)
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"scanbench check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" "
        + "skipped=\"\(skipped)\" time=\"\(format(seconds))\">",
      "  <testsuite name=\"\(name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" "
        + "skipped=\"\(skipped)\" time=\"\(format(seconds))\" timestamp=\"\(Markup.escape(timestamp))\">",
      "    <properties>",
      property("baseline", result.baseline),
      property("store", result.store),
      property("run", result.runID),
      property("metric", result.metric),
      property("baseline_cer", String(result.baselineCER)),
      property("run_cer", String(result.runCER)),
      property("ci_lower", String(result.interval.lower)),
      property("ci_upper", String(result.interval.upper)),
      property("confidence", String(result.interval.confidence)),
      property("verdict", result.verdict.rawValue),
      property("regressed_images", String(result.regressed.count)),
      property("lost_images", String(result.lost.count)),
      property(
        "differences", result.differences.isEmpty ? "none" : result.differences.joined(separator: "; ")),
      "    </properties>",
    ]
    let corpusName = Markup.escape("micro CER over \(result.changes.count) images")
    if result.verdict == .regression {
      lines.append("    <testcase classname=\"\(name)\" name=\"\(corpusName)\" time=\"\(format(seconds))\">")
      lines.append(
        "      <failure type=\"regression\" message=\"\(Markup.escape(result.sentence))\">"
          + Markup.escape(result.text(limit: 20)) + "</failure>")
      lines.append("    </testcase>")
    } else {
      lines.append("    <testcase classname=\"\(name)\" name=\"\(corpusName)\" time=\"\(format(seconds))\">")
      lines.append("      <system-out>\(Markup.escape(result.sentence))</system-out>")
      lines.append("    </testcase>")
    }
    for change in result.changes.sorted(by: { $0.key < $1.key }) {
      let opening =
        "    <testcase classname=\"\(name)\" name=\"\(Markup.escape(change.key.label))\" "
        + "time=\"\(format(change.recognizeMilliseconds / 1000))\""
      guard change.isWorse else {
        lines.append(opening + "/>")
        continue
      }
      let message =
        "CER \(CheckResult.percent(change.baselineCER)) → \(CheckResult.percent(change.runCER)) "
        + "(\(CheckResult.points(change.delta)) points)"
        + (change.failure.map { ": \($0)" } ?? "")
      let detail =
        "baseline: \(change.baselineEdits) edits over \(change.baselineLength) characters; "
        + "run: \(change.runEdits) edits over \(change.runLength) characters"
      let type = change.isLost(increase: result.lostIncrease) ? "lost-image" : "regressed-image"
      lines.append(opening + ">")
      if failing {
        lines.append(
          "      <failure type=\"\(type)\" message=\"\(Markup.escape(message))\">\(Markup.escape(detail))</failure>"
        )
      } else {
        lines.append(
          "      <system-out>\(Markup.escape("worse within the allowance (\(type)): \(message); \(detail)"))"
            + "</system-out>")
      }
      lines.append("    </testcase>")
    }
    for key in result.missingFromRun {
      let outcome =
        missingFail
        ? "<failure type=\"missing-image\" message=\"in the baseline, missing from the run\"/>"
        : "<skipped message=\"in the baseline, missing from the run (allowed)\"/>"
      lines.append(
        "    <testcase classname=\"\(name)\" name=\"\(Markup.escape(key.label))\">\(outcome)</testcase>")
    }
    for key in result.newInRun {
      lines.append(
        "    <testcase classname=\"\(name)\" name=\"\(Markup.escape(key.label))\">"
          + "<skipped message=\"new in the run, not in the baseline\"/></testcase>")
    }
    lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A check that could not compare (exit 2): one test case in error, saying why, so that a CI step
  /// that publishes the file whatever happened shows the reason.
  public static func renderNotComparable(reason: String, suite: String, timestamp: String) -> String {
    let name = Markup.escape(suite)
    return [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"scanbench check\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\">",
      "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\" "
        + "timestamp=\"\(Markup.escape(timestamp))\">",
      "    <properties>",
      property("verdict", "not-comparable"),
      "    </properties>",
      "    <testcase classname=\"\(name)\" name=\"comparison with the baseline\" time=\"0.000\">",
      "      <error type=\"not-comparable\" message=\"\(Markup.escape(reason))\">\(Markup.escape(reason))</error>",
      "    </testcase>",
      "  </testsuite>",
      "</testsuites>",
    ].joined(separator: "\n") + "\n"
  }

  private static func property(_ name: String, _ value: String) -> String {
    "      <property name=\"\(Markup.escape(name))\" value=\"\(Markup.escape(value))\"/>"
  }

  private static func format(_ seconds: Double) -> String {
    String(format: "%.3f", seconds)
  }
}
