import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// The adapters shipped in examples/engines, each run by scanbench on a few real lines of uw3-lines.
final class AdapterTests: XCTestCase {
  static let examples = Harness.packageRoot.appendingPathComponent("examples/engines")

  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The first `count` lines of uw3-lines with their ground truth, in a folder of their own.
  func uw3Lines(_ count: Int) throws -> URL {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let lines = folder.appendingPathComponent("uw3")
    try FileManager.default.createDirectory(at: lines, withIntermediateDirectories: true)
    let images = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted().prefix(count)
    for image in images {
      let stem = String(image.dropLast(".png".count))
      for name in [image, stem + ".gt.txt"] {
        try FileManager.default.copyItem(
          at: corpus.appendingPathComponent(name), to: lines.appendingPathComponent(name))
      }
    }
    return lines
  }

  func requireTool(_ path: String, package: String) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw XCTSkip("\(path) is absent (apt-get install \(package)): the adapter cannot run")
    }
  }

  /// The shell adapter over the `tesseract` command reads what the built-in engine reads with the
  /// same model and settings, word for word and box for box.
  func testTesseractCommandAdapterReadsAsTheBuiltInEngine() throws {
    try requireTool("/usr/bin/tesseract", package: "tesseract-ocr")
    try requireTool("/usr/bin/jq", package: "jq")
    let lines = try uw3Lines(4)
    let adapter = Self.examples.appendingPathComponent("tesseract-cli.sh").path
    let external = folder.appendingPathComponent("external.jsonl")
    let run = try Harness.run([
      "run", lines.path, "--engine", "command:'\(adapter)' --psm 7 --dpi 300", "--boxes", "--out",
      external.path,
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    // Debian's (fast) English model, as the adapter's tesseract uses; no orientation check.
    let builtIn = folder.appendingPathComponent("built-in.jsonl")
    let reference = try Harness.run([
      "run", lines.path, "--engine", "tesseract", "--level", "accurate", "--models", "fast", "--no-osd",
      "--psm",
      "7", "--dpi", "300",
      "--boxes", "--out", builtIn.path,
    ])
    XCTAssertEqual(reference.exitCode, 0, reference.stderr)
    let theirs = Dictionary(
      uniqueKeysWithValues: try Harness.records(in: external).results.map { ($0.entry, $0) })
    let ours = try Harness.records(in: builtIn).results
    XCTAssertEqual(theirs.count, 4)
    XCTAssertEqual(ours.count, 4, "the built-in run read the same four lines")
    for record in ours {
      let other = try XCTUnwrap(theirs[record.entry])
      XCTAssertEqual(other.text, record.text, record.entry)
      XCTAssertEqual(other.edits, record.edits, record.entry)
      XCTAssertEqual(other.words?.map(\.text), record.words?.map(\.text), record.entry)
      XCTAssertEqual(
        other.words?.map { [$0.x, $0.y, $0.width, $0.height] },
        record.words?.map { [$0.x, $0.y, $0.width, $0.height] },
        record.entry)
      XCTAssertEqual(other.lines?.map(\.text), record.lines?.map(\.text), record.entry)
      XCTAssertEqual(other.engine.name, "command:tesseract-cli")
      XCTAssertEqual(
        other.engine.models["eng.traineddata"], record.engine.models["eng.traineddata"], "the same model")
    }
  }

  /// The Python adapter over PyPI's rapidocr reads uw3-lines about as well as PP-OCR should.
  func testRapidOCRAdapterReadsLines() throws {
    let python = Harness.packageRoot.appendingPathComponent(".venv/rapidocr/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      throw XCTSkip(
        "rapidocr is not installed (\(python.path) is absent): run 'make rapidocr' to test its adapter")
    }
    let lines = try uw3Lines(4)
    let adapter = Self.examples.appendingPathComponent("rapidocr-engine.py").path
    let store = folder.appendingPathComponent("rapidocr.jsonl")
    let run = try Harness.run([
      "run", lines.path, "--engine", "command:'\(python.path)' '\(adapter)' --lines", "--boxes", "--out",
      store.path,
      "--engine-timeout", "120",
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let (records, summaries) = try Harness.records(in: store)
    XCTAssertEqual(records.count, 4)
    XCTAssertEqual(summaries.last?.scored, 4)
    XCTAssertLessThan(try XCTUnwrap(summaries.last?.cerMicro), 0.05, run.stdout)
    let engine = try XCTUnwrap(records.first?.engine)
    XCTAssertEqual(engine.name, "command:rapidocr-lines")
    XCTAssertEqual(engine.version, "3.10.0")
    // The recognizer scanbench's own PP-OCR engine loads (Makefile, RAPIDOCR_FILES).
    XCTAssertEqual(
      engine.models["PP-OCRv6_rec_small.onnx"],
      "6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884")
    for record in records { XCTAssertEqual(record.lines?.count, 1, record.entry) }
  }
}
