import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// Archives as other tools write them, end to end: Shift_JIS names from Japanese Windows, tar hard
/// links, compressed archives cut short.
final class ArchiveInputCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
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
    try TestKit.shell("python3 -c " + quoted.joined(separator: " "))
  }

  // MARK: - Shift_JIS names

  /// A zip from Japanese Windows: CP932 names without the UTF-8 flag. The names come out readable,
  /// and an image still pairs with its ground truth.
  func testShiftJISNamesInAZipAreDecodedAndPaired() throws {
    // Outside XCTUnwrap, which would turn the skip (no shared corpora) into a failure.
    let lines = try uw3Lines(1, from: 20)
    let line = try XCTUnwrap(lines.first)
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
    XCTAssertEqual(record.entryRaw?.encoding, "CP932", "the stored bytes are kept too")
    XCTAssertEqual(record.entryRaw?.hex.hasPrefix("97cc8efb"), true, record.entryRaw?.hex ?? "none")
    XCTAssertEqual(record.gtChars, IndependentLevenshtein.normalize(line.text).count, "paired with its text")
  }

  // MARK: - Hard links

  /// `tar ch` over a folder of symbolic links to one pool (a photo library's backup): the second
  /// path to one file is written as a hard link. It is recognized with the first's bytes, scored
  /// against its own ground truth, and skipped by --resume like any other image.
  func testAHardLinkIsRecognizedAsItsTargetAndScoredAgainstItsOwnGroundTruth() throws {
    // Outside XCTUnwrap, which would turn the skip (no shared corpora) into a failure.
    let lines = try uw3Lines(1, from: 30)
    let line = try XCTUnwrap(lines.first)
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
    try TestKit.shell(
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
    XCTAssertEqual(second.linkOf, first.entry, "and it says whose")
    XCTAssertNil(first.linkOf)
    XCTAssertEqual(second.text, first.text)
    XCTAssertEqual(first.gtChars, IndependentLevenshtein.normalize(line.text).count)
    XCTAssertEqual(second.gtChars, IndependentLevenshtein.normalize(otherText).count, "its own ground truth")

    let resumed = try run([archive], store: store, extra: ["--resume", "--json"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 2, "nothing redone")
    XCTAssertEqual(summaries.last?.skipped, 2)
  }

  // MARK: - Compressed archives cut short

  /// Two line images and their texts, then 300 KB of other data, then one more image, compressed
  /// and cut `cutAt` bytes in, inside the filler: the two images are recognized and scored, the
  /// run exits 2 and says how far it read.
  func assertCutKeepsWhatCameBefore(_ ext: String, compress: String, cutAt: Int) throws {
    let lines = try uw3Lines(3, from: 40)
    let source = folder.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    var order: [String] = []
    for (offset, line) in lines.enumerated() {
      if offset == 2 { order.append("filler.bin") }
      try FileManager.default.copyItem(at: line.image, to: source.appendingPathComponent(line.stem + ".png"))
      try Data(line.text.utf8).write(to: source.appendingPathComponent(line.stem + ".gt.txt"))
      order += [line.stem + ".png", line.stem + ".gt.txt"]
    }
    var generator = SystemRandomNumberGenerator()
    try Data((0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
      .write(to: source.appendingPathComponent("filler.bin"))
    let archive = folder.appendingPathComponent("cut.\(ext)")
    try TestKit.shell(
      "bsdtar -cf - \(order.joined(separator: " ")) | \(compress) | head -c \(cutAt) > '\(archive.path)'",
      in: source)
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([archive], store: store)
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("\(archive.path): archive is truncated")
        && result.stderr.contains("(after 5 entries)"),
      "the input and how far it was read: \(result.stderr)")
    let results = try Harness.records(in: store).results  // every line parses
    XCTAssertEqual(Set(results.map(\.entry)), Set(lines.prefix(2).map { $0.stem + ".png" }), result.stderr)
    XCTAssertTrue(results.allSatisfy { $0.cer != nil }, "scored: their texts came before the cut")
  }

  /// Cut 40 KB in, where libarchive's own gzip filter lost everything: it drops the 64 KiB output
  /// buffer it was filling when the input ends.
  func testATarGzCutShortKeepsWhatWasDecodedBeforeTheCut() throws {
    try assertCutKeepsWhatCameBefore("tar.gz", compress: "gzip -c", cutAt: 40_000)
  }

  /// The same for xz (libarchive's xz filter lost everything too).
  func testATarXzCutShortKeepsWhatWasDecodedBeforeTheCut() throws {
    try assertCutKeepsWhatCameBefore("tar.xz", compress: "xz -c", cutAt: 40_000)
  }

  /// zstd decodes whole blocks of 128 KiB: cut after the first, what it holds is kept. (Every
  /// compression, cut at several points, is tried in process: TruncatedCompressionTests.)
  func testATarZstCutShortKeepsWhatWasDecodedBeforeTheCut() throws {
    try assertCutKeepsWhatCameBefore("tar.zst", compress: "zstd -q -c", cutAt: 200_000)
  }

  /// A .tar.zst smaller than one zstd block (128 KiB of tar) holds nothing decodable once cut: the
  /// error says so instead of calling it "not an archive".
  func testATarZstSmallerThanOneBlockCutShortSaysWhy() throws {
    let source = folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    for line in try uw3Lines(3, from: 50) {
      try FileManager.default.copyItem(at: line.image, to: source.appendingPathComponent(line.stem + ".png"))
    }
    let archive = folder.appendingPathComponent("small.tar.zst")
    try TestKit.shell("bsdtar --zstd -cf - -C '\(source.path)' . | head -c 6000 > '\(archive.path)'")
    let result = try run([archive], store: folder.appendingPathComponent("store.jsonl"))
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("the zstd stream is cut short"), result.stderr)
    XCTAssertTrue(result.stderr.contains("zstd decodes whole blocks, of up to 128 KiB"), result.stderr)
    XCTAssertFalse(result.stderr.contains("not a readable archive"), result.stderr)
  }
}
