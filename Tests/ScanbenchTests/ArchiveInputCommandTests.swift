import Foundation
import XCTest

@testable import ScanbenchStore

/// Archives as other tools write them, end to end: Shift_JIS names from Japanese Windows, tar hard
/// links, compressed archives cut short.
final class ArchiveInputCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try Harness.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Line images of uw3-lines (sorted by name, from `first`) with their ground truth.
  func uw3Lines(_ count: Int, from first: Int = 0) throws -> [(stem: String, image: URL, text: String)] {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    return try names[first..<first + count].map { name in
      let stem = String(name.dropLast(".png".count))
      let text = try String(contentsOf: corpus.appendingPathComponent(stem + ".gt.txt"), encoding: .utf8)
      return (stem, corpus.appendingPathComponent(name), text)
    }
  }

  func run(_ inputs: [URL], store: URL, extra: [String] = []) throws -> CommandResult {
    try Harness.run(
      ["run"] + inputs.map(\.path) + [
        "--level", "fast", "--psm", "7", "--dpi", "300", "--jobs", "2", "--out", store.path,
      ] + extra)
  }

  func python(_ script: String, _ arguments: [String]) throws {
    let quoted = ([script] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    try Harness.shell("python3 -c " + quoted.joined(separator: " "))
  }

  // MARK: - Shift_JIS names

  /// A zip from Japanese Windows: CP932 names without the UTF-8 flag. The names come out readable,
  /// and an image still pairs with its ground truth.
  func testShiftJISNamesInAZipAreDecodedAndPaired() throws {
    let line = try XCTUnwrap(uw3Lines(1, from: 20).first)
    let text = folder.appendingPathComponent("text.txt")
    try Data(line.text.utf8).write(to: text)
    let zip = folder.appendingPathComponent("japanese.zip")
    try python(
      """
      import sys, zipfile
      class Raw(zipfile.ZipInfo):
          def _encodeFilenameFlags(self):
              return self.filename.encode('cp932'), self.flag_bits
      with zipfile.ZipFile(sys.argv[1], 'w') as z:
          z.writestr(Raw('領収書/表紙.png'), open(sys.argv[2], 'rb').read())
          z.writestr(Raw('領収書/表紙.gt.txt'), open(sys.argv[3], 'rb').read())
      """, [zip.path, line.image.path, text.path])
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([zip], store: store)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let record = try XCTUnwrap(Harness.records(in: store).results.first)
    XCTAssertEqual(record.entry, "領収書/表紙.png", "before: \\x97\\xCC\\x8E\\xFB…")
    XCTAssertEqual(record.gtChars, IndependentLevenshtein.normalize(line.text).count, "paired with its text")
  }
}
