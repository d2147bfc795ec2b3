import Foundation
import ScanbenchTestSupport
import Testing

@testable import ScanbenchGate
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

struct GateOutputTests {
  func regressedResult() throws -> CheckResult {
    let baselineRecords = ReportFixtures.lines(40) { $0 % 4 == 0 ? 1 : 0 }
    let baseline = try Baseline(run: ReportFixtures.run(baselineRecords))
    var records = Array(baselineRecords.dropLast())  // line-040 missing
    for index in [2, 9, 15, 21, 27, 33] { records[index].edits = (records[index].edits ?? 0) + 5 }
    records[5].edits = 0  // line-006 unchanged at 0; line-004 improves below
    records[3].edits = 0
    records.append(ReportFixtures.record("new <&> \"one\".png", edits: 0, length: 20))
    return try BaselineCheck.compare(
      ReportFixtures.run(records), with: baseline, baselinePath: "Reports/baseline-lines.json",
      options: .init())
  }

  @Test func junitParsesAsXMLWithTheRightCounts() throws {
    let result = try regressedResult()
    #expect(result.verdict == .regression)
    let xml = JUnitReport.render(result, suite: "baseline-lines", timestamp: "2026-11-30T00:00:00Z")
    let document = try XMLDocument(data: Data(xml.utf8), options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let suite = try #require(root.elements(forName: "testsuite").first)
    let cases = suite.elements(forName: "testcase")
    // 1 corpus case + 39 compared + 1 missing + 1 new.
    #expect(cases.count == 42)
    #expect(suite.attribute(forName: "tests")?.stringValue == "42")
    let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }
    #expect(failed.count == 8, "six regressed images, the missing one and the corpus")
    #expect(suite.attribute(forName: "failures")?.stringValue == "8")
    let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }
    #expect(skipped.count == 1, "the new image")
    #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
    let names = Set(failed.compactMap { $0.attribute(forName: "name")?.stringValue })
    #expect(names.contains("line-003.png"))
    #expect(names.contains("micro CER over 39 images"))
    #expect(skipped.contains { $0.attribute(forName: "name")?.stringValue == "new <&> \"one\".png" })
    let corpus = try #require(
      failed.first { $0.attribute(forName: "name")?.stringValue?.hasPrefix("micro") == true })
    let message = corpus.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue
    #expect(message == result.sentence)
  }

  @Test func aPassingCheckGivesJUnitWithoutFailures() throws {
    let records = ReportFixtures.lines(10) { _ in 1 }
    let result = try BaselineCheck.compare(
      ReportFixtures.run(records), with: try Baseline(run: ReportFixtures.run(records)),
      baselinePath: "b.json",
      options: .init())
    let document = try XMLDocument(
      data: Data(JUnitReport.render(result, suite: "b", timestamp: "t").utf8), options: [])
    let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "failures")?.stringValue == "0")
    #expect(suite.elements(forName: "testcase").count == 11)
  }

  @Test func markdownSummarisesTheDecisionAndListsTheImages() throws {
    let result = try regressedResult()
    let markdown = MarkdownReport.render(result, title: "baseline-lines")
    #expect(markdown.hasPrefix("## ❌ baseline-lines: regression\n"))
    #expect(markdown.contains(result.sentence))
    #expect(markdown.contains("### Worse, worst first (6)"))
    #expect(markdown.contains("| `line-003.png` | 0.00% | 10.00% | +10.00 |"))
    #expect(markdown.contains("### Better, best first (1)"))
    #expect(markdown.contains("### Missing from the run (1)"))
    #expect(markdown.contains("- `line-040.png`"))
    #expect(markdown.contains("### New in the run (1)"))
  }
}
