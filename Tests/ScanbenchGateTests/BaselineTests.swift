import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchGate
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct BaselineTests {
  @Test func aBaselineHoldsTheScoredImagesSortedOnePerLine() throws {
    var failed = ReportFixtures.record("c.png", edits: 0, length: 0)
    failed.edits = nil
    failed.gtChars = nil
    failed.error = .init(kind: "undecodable", message: "bad header")
    var unscored = ReportFixtures.record("d.png", edits: 0, length: 0)
    unscored.edits = nil
    unscored.gtChars = nil
    let records = [
      ReportFixtures.record("b.png", edits: 3, length: 40),
      ReportFixtures.record("a \"quoted\".png", edits: 1, length: 60),
      failed, unscored,
    ]
    let baseline = try Baseline(run: ReportFixtures.run(records))
    #expect(baseline.entries.map(\.entry) == ["a \"quoted\".png", "b.png"])
    #expect(baseline.images == 2)
    #expect(baseline.edits == 4)
    #expect(baseline.gtChars == 100)
    #expect(baseline.cerMicro == 0.04)
    #expect(baseline.metric == ReportFixtures.metric)
    let text = baseline.encoded()
    let lines = text.split(separator: "\n")
    #expect(lines.filter { $0.contains("\"sha256\"") }.count == 2, "one line per image")
    #expect(lines.contains { $0.hasPrefix("    {\"input\":\"in.tar\",\"entry\":\"a \\\"quoted\\\".png\"") })
    #expect(text.hasSuffix("}\n"))
    let decoded = try JSONDecoder().decode(Baseline.self, from: Data(text.utf8))
    #expect(decoded == baseline)
    #expect(
      Baseline(
        metric: baseline.metric, identity: baseline.identity, scanbench: baseline.scanbench,
        entries: baseline.entries.reversed()
      ).encoded() == text, "the same images give the same bytes")
  }

  @Test func pagesAndKeysKeepTheirOrderAndFields() throws {
    var page2 = ReportFixtures.record("scan.tif", edits: 2, length: 100)
    page2.page = 2
    var page1 = ReportFixtures.record("scan.tif", edits: 1, length: 100)
    page1.page = 1
    let baseline = try Baseline(run: ReportFixtures.run([page2, page1]))
    #expect(baseline.entries.map(\.page) == [1, 2])
    #expect(baseline.encoded().contains("\"sha256\":\"sha-scan.tif\",\"page\":1,\"edits\":1"))
  }

  @Test func aRunWithoutScoresOrWithTwoMetricsMakesNoBaseline() throws {
    var unscored = ReportFixtures.record("a.png", edits: 0, length: 0)
    unscored.edits = nil
    #expect(throws: ReportError.self) { try Baseline(run: ReportFixtures.run([unscored])) }
    let mixed = [
      ReportFixtures.record("a.png", edits: 0, length: 10),
      ReportFixtures.record(
        "b.png", edits: 0, length: 10, metric: "cer/codepoint/nfc/ws-collapse/cjk-nospace/v1"),
    ]
    do {
      _ = try Baseline(run: ReportFixtures.run(mixed, summary: false))
      Issue.record("a run with two metrics made a baseline")
    } catch let error as ReportError {
      #expect(error.message.contains("mixes metric descriptors"))
    }
  }

  @Test func loadingReportsAMissingFileAndAForeignFormat() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("none.json")
    #expect(
      throws: ReportError(
        .unreadable, path: missing.path, message: "no such baseline (make one with 'scanbench baseline')")
    ) {
      try Baseline.load(missing)
    }
    let foreign = folder.appendingPathComponent("foreign.json")
    try Data("{\"hello\": 1}".utf8).write(to: foreign)
    do {
      _ = try Baseline.load(foreign)
      Issue.record("a foreign file loaded as a baseline")
    } catch let error as ReportError {
      #expect(error.kind == .invalid)
      #expect(error.path == foreign.path)
    }
  }

  @Test func jsonTextEscapesLikeJSONSerialization() throws {
    let samples = ["plain", "quote \" and \\ backslash", "tab\tnew\nline", "\u{1}\u{1F}", "日本語 ✓ \u{2028}"]
    for sample in samples {
      let decoded = try JSONDecoder().decode(String.self, from: Data(JSONText.quote(sample).utf8))
      #expect(decoded == sample)
    }
    #expect(JSONText.number(0.1) == "0.1")
    #expect(JSONText.number(2) == "2")
    #expect(JSONText.number(nil) == "null")
  }

  /// `make fuzz`'s seeds for the baseline target (and whatever it finds) replayed on every test run:
  /// each reads back as a possible baseline or is refused naming the field.
  @Test func fuzzSeedsAreReadOrRefusedNamingTheField() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/baseline")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 5)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      do {
        let baseline = try Baseline.decode(data, path: name)
        #expect(baseline.problem() == nil, "\(name)")
        #expect(["eng-lines.json", "one-entry.json"].contains(name), "\(name) was accepted")
      } catch let error as ReportError {
        #expect(error.message.contains("field"), "\(name): \(error.message)")
      }
    }
  }
}
