import Foundation
import FoundationXML
import ScanbenchSeam
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// `scanbench export` on a real run: every format read back, and `score` on the text files giving
/// the run's own CER.
final class ExportCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Eight English lines (PNG and JPEG) with their ground truth, recognized with boxes.
  func recognizedStore() throws -> (corpus: URL, store: URL, summary: RunSummaryRecord) {
    let corpus = folder.appendingPathComponent("lines")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let archive = Harness.packageRoot.appendingPathComponent("Corpora/eng-lines.tar.gz")
    try TestKit.shell("tar -xzf '\(archive.path)' -C '\(corpus.path)' --wildcards 'eng-line-00[1-8].*'")
    let store = folder.appendingPathComponent("results.jsonl")
    let run = try Harness.run([
      "run", corpus.path, "--level", "fast", "--psm", "7", "--boxes", "--out", store.path,
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let summary = try XCTUnwrap(try Harness.records(in: store).summaries.last)
    XCTAssertEqual(summary.scored, 8)
    return (corpus, store, summary)
  }

  func testScoreOnATextExportGivesTheRunsCER() throws {
    let (corpus, store, summary) = try recognizedStore()
    let out = folder.appendingPathComponent("txt")
    let export = try Harness.run(["export", store.path, "--format", "txt", "--out", out.path])
    XCTAssertEqual(export.exitCode, 0, export.stderr)
    XCTAssertTrue(export.stdout.hasPrefix("wrote 8 txt files to \(out.path)"), export.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("eng-line-004.txt").path))
    let score = try Harness.run([
      "score", corpus.path, out.path, "--json", "--out", folder.appendingPathComponent("score.jsonl").path,
    ])
    XCTAssertEqual(score.exitCode, 0, score.stderr)
    let report = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(score.stdout.utf8)) as? [String: Any])
    let scored = try XCTUnwrap(report["summary"] as? [String: Any])
    XCTAssertEqual(scored["scored"] as? Int, 8)
    XCTAssertEqual(scored["edits"] as? Int, summary.edits)
    XCTAssertEqual(scored["gt_chars"] as? Int, summary.gtChars)
    XCTAssertEqual(
      try XCTUnwrap(scored["cer_micro"] as? Double), try XCTUnwrap(summary.cerMicro), accuracy: 1e-12)
    XCTAssertEqual(
      try XCTUnwrap(scored["cer_macro"] as? Double), try XCTUnwrap(summary.cerMacro), accuracy: 1e-12)
  }

  func testEveryFormatReadsBack() throws {
    let (corpus, store, _) = try recognizedStore()
    let (records, _) = try Harness.records(in: store)
    for format in ["tsv", "hocr", "alto", "page"] {
      let out = folder.appendingPathComponent(format)
      let export = try Harness.run(["export", store.path, "--format", format, "--out", out.path])
      XCTAssertEqual(export.exitCode, 0, export.stderr)
      let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
      XCTAssertEqual(files.count, 8, "\(format): \(files)")
      for record in records {
        let name = String(record.entry.prefix(while: { $0 != "." }))
        let ext = ["alto": "xml", "page": "page.xml"][format] ?? format
        let text = try String(contentsOf: out.appendingPathComponent("\(name).\(ext)"), encoding: .utf8)
        let words = try XCTUnwrap(record.words).map(\.text)
        switch format {
        case "tsv":
          let rows = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
          }
          XCTAssertTrue(rows.allSatisfy { $0.count == 12 })
          XCTAssertEqual(rows.filter { $0[0] == "5" }.map { String($0[11]) }, words)
        case "hocr":
          let document = try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
          let found = try document.nodes(forXPath: "//*[@class='ocrx_word']").map { $0.stringValue ?? "" }
          XCTAssertEqual(found, words)
          XCTAssertEqual(try document.nodes(forXPath: "//*[@class='ocr_line']").count, record.lines?.count)
        case "page":
          let document = try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
          let found = try document.nodes(
            forXPath: "//*[local-name()='Word']/*[local-name()='TextEquiv']/*[local-name()='Unicode']"
          ).map { $0.stringValue ?? "" }
          XCTAssertEqual(found, words)
          XCTAssertEqual(
            try document.nodes(forXPath: "//*[local-name()='TextLine']").count, record.lines?.count)
        default:
          let document = try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
          let found = try document.nodes(forXPath: "//*[local-name()='String']/@CONTENT").map {
            $0.stringValue ?? ""
          }
          XCTAssertEqual(found, words)
        }
      }
    }
    // The TSV's header is Tesseract's own, column for column.
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else {
      throw XCTSkip(
        "/usr/bin/tesseract is absent (apt-get install tesseract-ocr): its TSV header not compared")
    }
    let tesseract = try Harness.execute(
      URL(fileURLWithPath: "/usr/bin/tesseract"),
      [corpus.appendingPathComponent("eng-line-001.png").path, "stdout", "--psm", "7", "tsv"])
    let ours = try String(contentsOf: folder.appendingPathComponent("tsv/eng-line-001.tsv"), encoding: .utf8)
    XCTAssertEqual(ours.split(separator: "\n").first, tesseract.stdout.split(separator: "\n").first)
    XCTAssertEqual(
      ours.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).count },
      tesseract.stdout.split(separator: "\n").prefix(ours.split(separator: "\n").count).map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).count
      })
  }

  func testExportNeedsAFolder() throws {
    let store = folder.appendingPathComponent("one.jsonl")
    var record = ResultRecord.fixture(
      "a.png", run: "r1", time: "2026-12-01T00:00:00.000Z", source: "in", sha256: "00", profile: "fast",
      lang: "eng", engine: EngineIdentity(name: "tesseract", version: "5.3.0"))
    record.text = "a"
    try StoreWriter.line(for: record).write(to: store)
    let missing = try Harness.run(["export", store.path])
    XCTAssertEqual(missing.exitCode, 64)
    XCTAssertTrue(missing.stderr.contains("Missing '--out <folder>'"), missing.stderr)
    let file = try Harness.run(["export", store.path, "--out", store.path])
    XCTAssertEqual(file.exitCode, 2)
    let format = try Harness.run(["export", store.path, "--out", folder.path, "--format", "pdf"])
    XCTAssertEqual(format.exitCode, 64)
    XCTAssertTrue(format.stderr.contains("(values: txt, tsv, hocr, alto, page)"), format.stderr)
  }
}
