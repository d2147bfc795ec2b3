import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchArchive
@testable import ScanbenchGate
@testable import ScanbenchNotes
@testable import ScanbenchRecognition
@testable import ScanbenchRunner
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// Photos as phones export them, end to end on the built binary: HEIC, JPEG with an EXIF
/// orientation, PNG, and the sidecars beside them; and the accurate profile's orientation detection
/// on pages lying on their side or upside down.
final class PhotoCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// One entry of one of the project's corpora (`Corpora/*.tar.gz`).
  func corpusEntry(_ archive: String, _ name: String) throws -> Data {
    let source = try InputOpener.open(Harness.packageRoot.appendingPathComponent("Corpora/\(archive)").path)
    while let header = try source.nextEntry() {
      if header.path == name { return try source.readData(limit: 64 << 20) }
    }
    throw FixtureError(message: "no \(name) in Corpora/\(archive)")
  }

  func text(_ archive: String, _ stem: String) throws -> String {
    String(decoding: try corpusEntry(archive, stem + ".gt.txt"), as: UTF8.self)
  }

  func requireTool(_ name: String, package: String) throws {
    let found = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      .contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
      }
    if !found { throw XCTSkip("\(name) is not installed (apt-get install \(package))") }
  }

  /// A JPEG of `upright` stored turned, with the EXIF Orientation tag that turns it back (as a phone
  /// held upright writes it: orientation 6, the sensor's rows on their side).
  func exifJPEG(_ upright: Data, orientation: ExifOrientation) throws -> Data {
    let pix = try XCTUnwrap(ImageDecoder.decodePages(upright, maxPixels: 100_000_000).first)
    let jpeg = try pix.applying(orientation.inverse).jpegData(quality: 95)
    // IFD0 with one entry, little-endian: Orientation (0x0112), SHORT, 1 value.
    let tiff: [UInt8] =
      [
        0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation.rawValue), 0, 0,
        0,
      ]
      + [0, 0, 0, 0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
    return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
  }

  func cer(_ truth: String, _ text: String?) -> Double {
    Scorer.score(groundTruth: truth, recognized: text ?? "", options: .default).cer ?? 1
  }

  /// The issue's phone export: every image recognized whatever its format and orientation, sidecars
  /// skipped and counted, exit status 0; the same as a zip.
  func testAPhoneExportFolderAndItsZipAreRecognizedAndTheSidecarsCounted() throws {
    try requireTool("heif-enc", package: "libheif-examples")
    let export = folder.appendingPathComponent("Camera Roll")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    let png = folder.appendingPathComponent("line.png")
    try corpusEntry("eng-lines.tar.gz", "eng-line-001.png").write(to: png)
    try TestKit.shell("heif-enc -q 90 '\(png.path)' -o '\(export.path)/IMG_0001.HEIC'")
    try exifJPEG(try corpusEntry("eng-lines.tar.gz", "eng-line-004.jpg"), orientation: .right)
      .write(to: export.appendingPathComponent("IMG_0002.JPG"))
    try corpusEntry("eng-lines.tar.gz", "eng-line-002.png").write(
      to: export.appendingPathComponent("IMG_0003.PNG"))
    // "Most compatible" exports: a JPEG under a .HEIC name is read as the JPEG it is.
    try corpusEntry("eng-lines.tar.gz", "eng-line-005.jpg").write(
      to: export.appendingPathComponent("IMG_0004.HEIC"))
    let aae = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>adjustmentFormatIdentifier</key><string>com.apple.photo</string></dict></plist>
      """
    try Data(aae.utf8).write(to: export.appendingPathComponent("IMG_0001.AAE"))
    let movie = Data([0, 0, 0, 20]) + Data("ftypqt  ".utf8) + Data([0, 0, 2, 0]) + Data("qt  ".utf8)
    try movie.write(to: export.appendingPathComponent("IMG_0001.MOV"))
    try movie.write(to: export.appendingPathComponent("IMG_0002.mov"))
    try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(
      to: export.appendingPathComponent("IMG_0003.xmp"))
    let zip = folder.appendingPathComponent("export.zip")
    try TestKit.shell("bsdtar --format zip -cf '\(zip.path)' -C '\(folder.path)' 'Camera Roll'")

    let expected = [
      "IMG_0001.HEIC": try text("eng-lines.tar.gz", "eng-line-001"),
      "IMG_0002.JPG": try text("eng-lines.tar.gz", "eng-line-004"),
      "IMG_0003.PNG": try text("eng-lines.tar.gz", "eng-line-002"),
      "IMG_0004.HEIC": try text("eng-lines.tar.gz", "eng-line-005"),
    ]
    for input in [export, zip] {
      let store = folder.appendingPathComponent(input.lastPathComponent + ".jsonl")
      let result = try Harness.run(
        // Tesseract: the bound below is its reading of these lines (PP-OCR's photos: PPOCRCommandTests).
        [
          "run", input.path, "--engine", "tesseract", "--level", "fast", "--psm", "7", "--jobs", "1", "--out",
          store.path,
        ])
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      XCTAssertTrue(
        result.stdout.hasSuffix("skipped 4 non-image files (2 .MOV, 1 .AAE, 1 .XMP)\n"), result.stdout)
      let (results, summaries) = try Harness.records(in: store)
      let byName = Dictionary(results.map { (String(EntryName.lastComponent(of: $0.entry)), $0) }) { a, _ in a
      }
      XCTAssertEqual(Set(byName.keys), Set(expected.keys), input.lastPathComponent)
      for (name, truth) in expected {
        let record = try XCTUnwrap(byName[name])
        XCTAssertNil(record.error, "\(name): \(record.error?.message ?? "")")
        XCTAssertLessThan(cer(truth, record.text), 0.05, "\(name): \(record.text ?? "")")
      }
      let jpeg = try XCTUnwrap(byName["IMG_0002.JPG"])
      XCTAssertEqual(jpeg.orientation, .init(exif: 6, applied: "rotate 90° clockwise (EXIF 6)"))
      XCTAssertGreaterThan(jpeg.width ?? 0, jpeg.height ?? 0, "width and height are the upright line's")
      XCTAssertNil(byName["IMG_0001.HEIC"]?.orientation, "heif-enc writes no transforms")
      XCTAssertNil(byName["IMG_0003.PNG"]?.orientation)
      let summary = try XCTUnwrap(summaries.first)
      XCTAssertEqual(summary.images, 4)
      XCTAssertEqual(summary.failed, 0)
      XCTAssertEqual(summary.ignored, 4)
      XCTAssertEqual(summary.ignoredByExtension, ["mov": 2, "aae": 1, "xmp": 1])
      XCTAssertNil(summary.engine.models["osd"], "the fast profile does not detect orientation")
      let line = try XCTUnwrap(
        String(data: try Data(contentsOf: store), encoding: .utf8)?.split(separator: "\n").last)
      XCTAssertTrue(
        line.contains(#""ignored":4,"ignored_by_extension":{"aae":1,"mov":2,"xmp":1}"#), String(line))
    }
  }

  func testACorruptHEICIsARecordedFailure() throws {
    try requireTool("heif-enc", package: "libheif-examples")
    let png = folder.appendingPathComponent("line.png")
    try corpusEntry("eng-lines.tar.gz", "eng-line-001.png").write(to: png)
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let heic = input.appendingPathComponent("good.heic")
    try TestKit.shell("heif-enc -q 90 '\(png.path)' -o '\(heic.path)'")
    let data = try Data(contentsOf: heic)
    try data.prefix(data.count / 2).write(to: input.appendingPathComponent("cut.heic"))
    var damaged = data
    for index in stride(from: 64, to: data.count, by: 5) { damaged[index] = 0xFF }
    try damaged.write(to: input.appendingPathComponent("damaged.HEIF"))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try Harness.run([
      "run", input.path, "--level", "fast", "--psm", "7", "--jobs", "1", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 1, "failures make the run exit 1: \(result.stderr)")
    let byName = Dictionary(
      try Harness.records(in: store).results.map { (String(EntryName.lastComponent(of: $0.entry)), $0) }
    ) { a, _ in a }
    XCTAssertNil(byName["good.heic"]?.error)
    for name in ["cut.heic", "damaged.HEIF"] {
      XCTAssertEqual(byName[name]?.error?.kind, "undecodable", name)
      XCTAssertTrue(
        byName[name]?.error?.message.contains("libheif") ?? false, byName[name]?.error?.message ?? name)
      XCTAssertTrue(result.stderr.contains("failed: \(name)"), result.stderr)
    }
  }

  /// Orientation detection (accurate): pages upside down and on their side read about as well as
  /// upright (upright CER of these two pages: 0.71% and 0.59%, docs/engines.md, "Photos"). The
  /// turn at 90° is the EXIF tag's here; every turn by reading alone is shown end to end at fast
  /// (PPOCRCommandTests) and in the pipeline at each angle (PageTurnModelTests).
  func testTheAccurateProfileTurnsRotatedPagesUpright() throws {
    let models = ModelLocator.discover()
    guard models.orientationModel != nil else {
      throw XCTSkip("osd.traineddata is absent (apt-get install tesseract-ocr-osd)")
    }
    guard models.standardFolder != nil else { throw XCTSkip("the standard models are absent (make setup)") }
    let input = folder.appendingPathComponent("pages")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let pages = ["eng-page-02-letter-cw180.png": 180, "eng-page-06-story-cw270.jpg": 270]
    for name in pages.keys {
      let stem = String(name.prefix(upTo: try XCTUnwrap(name.lastIndex(of: "."))))
      try corpusEntry("eng-pages-rotated.tar.gz", name).write(to: input.appendingPathComponent(name))
      try corpusEntry("eng-pages-rotated.tar.gz", stem + ".gt.txt").write(
        to: input.appendingPathComponent(stem + ".gt.txt"))
    }
    // And a photo whose EXIF orientation turns it: its overlay must be drawn upright too.
    let letter = try corpusEntry("eng-pages.tar.gz", "eng-page-02-letter.png")
    try exifJPEG(letter, orientation: ExifOrientation(rawValue: 6)!).write(
      to: input.appendingPathComponent("letter-exif6.jpg"))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try Harness.run([
      "run", input.path, "--level", "accurate", "--jobs", "2", "--boxes", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 3)

    // Overlays are drawn on the image as recognized: EXIF turn, then the OSD turn.
    let overlays = folder.appendingPathComponent("overlays")
    let drawn = try Harness.run(["overlay", store.path, "--out", overlays.path])
    XCTAssertEqual(drawn.exitCode, 0, drawn.stderr)
    for record in results {
      let png = try Data(contentsOf: overlays.appendingPathComponent(Overlay.fileName(for: record)))
      let overlay = try XCTUnwrap(ImageDecoder.decodePages(png, maxPixels: 100_000_000).first)
      XCTAssertEqual([overlay.width, overlay.height], [record.width, record.height], record.entry)
      XCTAssertGreaterThan(overlay.height, overlay.width, "\(record.entry): an upright portrait page")
      XCTAssertGreaterThan(record.words?.count ?? 0, 50, record.entry)
    }

    for record in results where record.entry != "letter-exif6.jpg" {
      let degrees = try XCTUnwrap(pages[record.entry])
      XCTAssertEqual(record.orientation?.osdDegrees, degrees, record.entry)
      // The engine's reading of the page's lines tells the turn first; OSD only where it does not.
      if record.orientation?.byReading == true {
        XCTAssertEqual(record.orientation?.applied, "rotate \(360 - degrees)° clockwise (read)", record.entry)
        XCTAssertNil(record.ms.osd, record.entry)
      } else {
        XCTAssertGreaterThanOrEqual(
          record.orientation?.osdConfidence ?? 0,
          TesseractOrientation(resolution: nil)?.minimumConfidence ?? 1)
        XCTAssertEqual(record.orientation?.applied, "rotate \(360 - degrees)° clockwise (OSD)", record.entry)
        XCTAssertNotNil(record.ms.osd)
      }
      XCTAssertLessThan(record.cer ?? 1, 0.02, "\(record.entry) read upright")
    }
    XCTAssertNotNil(
      summaries.first?.engine.models["osd.traineddata"],
      "the orientation model is part of the engine identity")
  }
}
