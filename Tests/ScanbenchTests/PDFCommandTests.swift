import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import XCTest

@testable import ScanbenchStore

/// PDFs as inputs: each page rendered with poppler and read like a page of a multi-page TIFF, in a
/// folder, in an archive (from memory) and given on the command line; a PDF that needs a password
/// or was cut short is a recorded failure; the text layer is never what is read.
final class PDFCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// uw3 lines (sorted by name) from `first` on: the image as a JPEG page and its ground truth.
  func lines(_ count: Int, from first: Int = 0) throws -> [(page: PDFFixtures.Page, text: String, png: Data)]
  {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted()
    return try names[first..<(first + count)].map { name in
      let png = try Data(contentsOf: corpus.appendingPathComponent(name))
      let text = try String(
        contentsOf: corpus.appendingPathComponent(String(name.dropLast(4)) + ".gt.txt"), encoding: .utf8)
      return (try PDFFixtures.page(fromImage: png), text, png)
    }
  }

  func run(_ inputs: [URL], store: URL, extra: [String] = []) throws -> CommandResult {
    try Harness.run(
      ["run"] + inputs.map(\.path) + ["--level", "fast", "--psm", "7", "--jobs", "2", "--out", store.path]
        + extra)
  }

  func testPagesAreReadAndScoredOneByOneFailuresRecordedTheTextLayerIgnored() throws {
    let sample = try lines(4)
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    // Three pages: NAME.page-K.gt.txt; one page: NAME.gt.txt, as for a TIFF.
    try PDFFixtures.pdf(sample[0..<3].map(\.page)).write(to: input.appendingPathComponent("three.pdf"))
    for (index, line) in sample[0..<3].enumerated() {
      try Data(line.text.utf8).write(to: input.appendingPathComponent("three.page-\(index + 1).gt.txt"))
    }
    let single = PDFFixtures.pdf([sample[3].page])
    try single.write(to: input.appendingPathComponent("one.pdf"))
    try Data(sample[3].text.utf8).write(to: input.appendingPathComponent("one.gt.txt"))
    // The same PNG as an image, to hold the PDF's pages to.
    try sample[3].png.write(to: input.appendingPathComponent("one-as-png.png"))
    try Data(sample[3].text.utf8).write(to: input.appendingPathComponent("one-as-png.gt.txt"))
    let plain = folder.appendingPathComponent("plain.pdf")
    try single.write(to: plain)
    try TestKit.shell("qpdf --encrypt user owner 256 -- '\(plain.path)' '\(input.path)/locked.pdf'")
    try single.prefix(single.count / 2).write(to: input.appendingPathComponent("cut.pdf"))
    let archive = folder.appendingPathComponent("in.tar.gz")
    try TestKit.shell("tar czf '\(archive.path)' -C '\(input.path)' .")

    for source in [input, archive] {
      let store = folder.appendingPathComponent(source.lastPathComponent + ".jsonl")
      let result = try run([source], store: store)
      XCTAssertEqual(result.exitCode, 1, "two PDFs fail, the rest is read: \(result.stderr)")
      let records = try Harness.records(in: store).results
      let byName = Dictionary(records.map { ("\($0.entry)#\($0.page ?? 0)", $0) }) { first, _ in first }
      for (index, line) in sample[0..<3].enumerated() {
        let page = try XCTUnwrap(byName["three.pdf#\(index + 1)"], "\(byName.keys.sorted())")
        XCTAssertNil(page.error)
        XCTAssertEqual(page.gtChars, line.text.trimmingCharacters(in: .whitespacesAndNewlines).count)
        XCTAssertLessThan(page.cer ?? 1, 0.1, "page \(index + 1): \(page.text ?? "")")
        // Rendered at 300 dpi, the default: the page is the image's own size.
        XCTAssertEqual(page.width, line.page.width)
        XCTAssertEqual(page.height, line.page.height)
      }
      let one = try XCTUnwrap(byName["one.pdf#0"], "a one-page PDF has no page number")
      let png = try XCTUnwrap(byName["one-as-png.png#0"])
      XCTAssertNotNil(one.cer)
      XCTAssertEqual(one.cer ?? 1, png.cer ?? 0, accuracy: 0.05, "\(one.text ?? "") / \(png.text ?? "")")
      for record in records {
        XCTAssertFalse(record.text?.contains("DECOY") ?? false, "the text layer was read")
      }
      XCTAssertEqual(byName["locked.pdf#0"]?.error?.kind, "encrypted")
      XCTAssertEqual(byName["cut.pdf#0"]?.error?.kind, "undecodable")
      XCTAssertTrue(byName["cut.pdf#0"]?.error?.message.contains("truncated") ?? false)
    }

    // Given as an argument, with its ground truth beside it; at another resolution.
    let store = folder.appendingPathComponent("argument.jsonl")
    let result = try run(
      [input.appendingPathComponent("one.pdf")], store: store,
      extra: ["--engine", "tesseract", "--dpi", "150"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let record = try XCTUnwrap(Harness.records(in: store).results.first)
    XCTAssertNotNil(record.cer, "one.gt.txt beside it is its ground truth")
    XCTAssertEqual(record.width ?? 0, (sample[3].page.width + 1) / 2, accuracy: 1)
  }

  func testMaxPixelsIsCheckedOnTheRenderedPageBeforeRendering() throws {
    let sample = try lines(1)
    let pdf = folder.appendingPathComponent("wide.pdf")
    try PDFFixtures.pdf([sample[0].page]).write(to: pdf)
    let store = folder.appendingPathComponent("store.jsonl")
    let pixels = sample[0].page.width * sample[0].page.height
    // The PDF itself is a few kilobytes: the limit applies to the page it renders to.
    let result = try run([pdf], store: store, extra: ["--max-pixels", "\(pixels / 2)"])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let record = try XCTUnwrap(Harness.records(in: store).results.first)
    XCTAssertEqual(record.error?.kind, "too-many-pixels")
    XCTAssertTrue(record.error?.message.contains("at 300 dpi") ?? false, record.error?.message ?? "")
    let fine = try run(
      [pdf], store: folder.appendingPathComponent("fine.jsonl"),
      extra: ["--max-pixels", "\(pixels / 2)", "--engine", "tesseract", "--dpi", "200"])
    XCTAssertEqual(fine.exitCode, 0, "at 200 dpi it fits: \(fine.stderr)")
  }
}
