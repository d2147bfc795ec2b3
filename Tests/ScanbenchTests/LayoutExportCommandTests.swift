import Foundation
import FoundationXML
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// A magazine page with two columns and a caption, read with `--boxes`: the record holds its blocks
/// and paragraphs, and TSV, hOCR and ALTO carry them. At the fast level: the reading order is the
/// same code at both levels, and the page reads as well at fast, in a fifth of the time.
final class LayoutExportCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
    try Harness.requirePPOCRModels()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testExportsCarryTheBlocksOfAPageWithColumns() throws {
    let pages = try Harness.requireSharedCorpus("tesseract-pages")
    let store = folder.appendingPathComponent("page.jsonl")
    let run = try Harness.run([
      "run", pages.appendingPathComponent("8087_054.3B.tif").path, "--level", "fast", "--boxes", "--out",
      store.path,
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let record = try XCTUnwrap(try Harness.records(in: store).results.first)
    XCTAssertEqual(record.engine.name, "ppocr")
    XCTAssertNotNil(record.engine.settings["layout"])
    let lines = try XCTUnwrap(record.lines)
    let blocks = try XCTUnwrap(record.blocks)
    // The heading, two columns, the caption and the footer at least.
    XCTAssertGreaterThanOrEqual(blocks.count, 4)
    XCTAssertTrue(blocks.covers(lineCount: lines.count))
    // The columns are read one after the other: well under the 75% the page read at when lines
    // were joined across the gutter.
    XCTAssertLessThan(try XCTUnwrap(record.cer), 0.05)

    for format in ["tsv", "hocr", "alto"] {
      let out = folder.appendingPathComponent(format)
      let export = try Harness.run(["export", store.path, "--format", format, "--out", out.path])
      XCTAssertEqual(export.exitCode, 0, export.stderr)
      let file = out.appendingPathComponent("8087_054.3B.\(format == "alto" ? "xml" : format)")
      let text = try String(contentsOf: file, encoding: .utf8)
      switch format {
      case "tsv":
        let rows = text.split(separator: "\n").dropFirst().map {
          $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        let blockRows = rows.filter { $0[0] == "2" }
        XCTAssertEqual(blockRows.map { Int($0[2]) }, Array(1...blocks.count))
        XCTAssertEqual(rows.filter { $0[0] == "3" }.count, blocks.reduce(0) { $0 + $1.paragraphs.count })
        XCTAssertEqual(rows.filter { $0[0] == "4" }.count, lines.count)
        // Each block row's box is the recorded block's.
        for (row, block) in zip(blockRows, blocks) {
          XCTAssertEqual(row[6...9].map { Int($0) }, [block.x, block.y, block.width, block.height])
        }
      case "hocr":
        let document = try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
        XCTAssertEqual(try document.nodes(forXPath: "//*[@class='ocr_carea']").count, blocks.count)
        XCTAssertEqual(
          try document.nodes(forXPath: "//*[@class='ocr_par']").count,
          blocks.reduce(0) { $0 + $1.paragraphs.count })
        XCTAssertEqual(
          try document.nodes(forXPath: "//*[@class='ocr_carea']//*[@class='ocr_line']").count, lines.count)
      default:
        let document = try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
        XCTAssertEqual(try document.nodes(forXPath: "//*[local-name()='ComposedBlock']").count, blocks.count)
        XCTAssertEqual(
          try document.nodes(forXPath: "//*[local-name()='TextBlock']").count,
          blocks.reduce(0) { $0 + $1.paragraphs.count })
        XCTAssertEqual(try document.nodes(forXPath: "//*[local-name()='TextLine']").count, lines.count)
      }
    }
  }

  /// Tesseract's own blocks and paragraphs go into the record the same way.
  func testTesseractRecordsItsBlocksAndParagraphs() throws {
    let pages = try Harness.requireSharedCorpus("tesseract-pages")
    let store = folder.appendingPathComponent("tesseract.jsonl")
    let run = try Harness.run([
      "run", pages.appendingPathComponent("phototest.tif").path, "--engine", "tesseract", "--boxes",
      "--out", store.path,
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let record = try XCTUnwrap(try Harness.records(in: store).results.first)
    let blocks = try XCTUnwrap(record.blocks)
    XCTAssertTrue(blocks.covers(lineCount: try XCTUnwrap(record.lines).count))
    // phototest has a first paragraph, then a second one below a blank line.
    XCTAssertGreaterThanOrEqual(blocks.reduce(0) { $0 + $1.paragraphs.count }, 2)
  }
}
