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

  // MARK: - Hard links

  /// `tar ch` over a folder of symbolic links to one pool (a photo library's backup): the second
  /// path to one file is written as a hard link. It is recognized with the first's bytes, scored
  /// against its own ground truth, and skipped by --resume like any other image.
  func testAHardLinkIsRecognizedAsItsTargetAndScoredAgainstItsOwnGroundTruth() throws {
    let line = try XCTUnwrap(uw3Lines(1, from: 30).first)
    let pool = folder.appendingPathComponent("pool")
    let album = folder.appendingPathComponent("album")
    for url in [pool, album] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(at: line.image, to: pool.appendingPathComponent("scan.png"))
    let otherText = line.text + " and more words that only the copy's ground truth has"
    try Data(line.text.utf8).write(to: album.appendingPathComponent("first.gt.txt"))
    try Data(otherText.utf8).write(to: album.appendingPathComponent("second.gt.txt"))
    let archive = folder.appendingPathComponent("album.tar.gz")
    try Harness.shell(
      "ln -s ../pool/scan.png album/first.png && ln -s ../pool/scan.png album/second.png && "
        + "tar -chzf album.tar.gz -C album first.png first.gt.txt second.png second.gt.txt "
        + "&& tar -tvzf album.tar.gz | grep -q '^h.* second.png link to first.png'", in: folder)
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([archive], store: store)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = Dictionary(
      try Harness.records(in: store).results.map { ($0.entry, $0) }, uniquingKeysWith: { first, _ in first })
    let first = try XCTUnwrap(records["first.png"])
    let second = try XCTUnwrap(records["second.png"], "before: not-a-regular-file")
    XCTAssertNil(second.error)
    XCTAssertEqual(second.sha256, first.sha256, "the target's bytes")
    XCTAssertEqual(second.text, first.text)
    XCTAssertEqual(first.gtChars, IndependentLevenshtein.normalize(line.text).count)
    XCTAssertEqual(second.gtChars, IndependentLevenshtein.normalize(otherText).count, "its own ground truth")

    let resumed = try run([archive], store: store, extra: ["--resume", "--json"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 2, "nothing redone")
    XCTAssertEqual(summaries.last?.skipped, 2)
  }
}
