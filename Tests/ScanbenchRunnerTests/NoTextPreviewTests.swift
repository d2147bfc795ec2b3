import Foundation
import ScanbenchEngines
import ScanbenchRecognition
import ScanbenchRunner
import ScanbenchSeam
import ScanbenchStore
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

/// A large JPEG whose engine can tell from a reduced copy that it holds no text is recorded from
/// that copy, with the facts of the whole image; one with text is decoded whole and read.
struct NoTextPreviewTests {
  /// Reads every image as "READ W×H"; a preview is "no text" when it has no dark pixel, else text to
  /// read at `inkReduction` (nil: whole).
  struct PreviewingBackend: EngineBackend {
    var inkReduction: Int?

    static func entry(name: String = "previewing", inkReduction: Int? = nil) -> EngineEntry {
      EngineEntry(
        name: name, summary: "test engine: no text where a reduced copy shows no ink",
        languages: ["eng"], parameters: .init(summary: ""),
        make: { _ in PreviewingBackend(inkReduction: inkReduction) })
    }

    func identity() throws -> EngineIdentity { EngineIdentity(name: "previewing", version: "1") }
    func makeEngine() throws -> any RecognitionEngine { PreviewingEngine(inkReduction: inkReduction) }
  }

  final class PreviewingEngine: RecognitionEngine {
    /// What a preview with ink says: read whole (nil) or at a reduction.
    let inkReduction: Int?

    init(inkReduction: Int? = nil) { self.inkReduction = inkReduction }

    var noTextPreview: NoTextPreview? { NoTextPreview(longSide: 100, abovePixels: 100_000) }

    /// Reads "READ W×H" (the size it was given), one line boxed over the whole image.
    func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
      let text = "READ \(image.width)×\(image.height)"
      var recognized = RecognizedText(text: text, confidence: 90)
      let box = TextBox(text: text, confidence: 90, x: 0, y: 0, width: image.width, height: image.height)
      recognized.layout = TextLayout(
        words: [box], lines: [box],
        blocks: [
          TextBlock(
            x: 0, y: 0, width: image.width, height: image.height,
            paragraphs: [
              TextParagraph(x: 0, y: 0, width: image.width, height: image.height, firstLine: 0, lineCount: 1)
            ])
        ])
      return recognized
    }

    func examinePreview(preview: Image, fullWidth: Int, fullHeight: Int, boxes: Bool) throws
      -> PreviewFinding?
    {
      #expect(preview.width < fullWidth && preview.height < fullHeight, "a reduced copy")
      guard let pixels = preview.rgbBytes(), pixels.allSatisfy({ $0 > 128 }) else {
        return inkReduction.map { .text(reduction: $0) }
      }
      return .noText(RecognizedText(text: "", confidence: 0))
    }
  }

  /// `name`.jpg: an 800 × 600 page (blank, or with a line of words), stored with EXIF `exif`.
  static func photo(blank: Bool, width: Int = 800, height: Int = 600, exif: Int) throws -> Data {
    let page = RenderedPage(
      width: width, height: height, lines: blank ? [] : [(x: 40, baseline: 200, words: ["INK", "HERE"])])
    let pix = try #require(try ImageDecoder.decodePages(page.png, maxPixels: 10_000_000).first)
    return PhotoFixtures.jpeg(try pix.jpegData(quality: 90), orientation: exif)
  }

  @Test func aLargeJPEGWithoutTextIsRecordedFromItsReducedCopy() throws {
    let folder = try TestKit.temporaryFolder("no-text-preview")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try Self.photo(blank: true, exif: 6).write(to: corpus.appendingPathComponent("blank.jpg"))
    try Self.photo(blank: false, exif: 6).write(to: corpus.appendingPathComponent("text.jpg"))
    // Below the engine's pixels: decoded whole, however blank.
    try Self.photo(blank: true, width: 300, height: 200, exif: 1).write(
      to: corpus.appendingPathComponent("small.jpg"))
    let setup = try EngineCatalog.setup(
      engine: "previewing", options: EngineOptions(level: .accurate, language: "eng"),
      catalog: EngineCatalog.engines + [PreviewingBackend.entry()])
    let store = folder.appendingPathComponent("run.jsonl")
    let configuration = RunConfiguration(
      inputs: [corpus.path], recognition: setup, profile: "previewing", language: "eng", jobs: 1, store: store
    )
    let outcome = try BatchRunner(configuration) { _ in }.run()
    #expect(outcome.summary.images == 3 && outcome.summary.failed == 0)
    let records = Dictionary(
      uniqueKeysWithValues: try StoreRunLoader.load(store).results.map { ($0.entry, $0) })
    let blank = try #require(records["blank.jpg"])
    #expect(blank.text == "")
    // The whole image's size upright (EXIF 6 turns 800 × 600 a quarter), and the turn recorded.
    #expect((blank.width, blank.height) == (600, 800))
    #expect(blank.orientation?.exif == 6)
    #expect(blank.orientation?.applied == "\(ExifOrientation.right.transformDescription) (EXIF 6)")
    let text = try #require(records["text.jpg"])
    #expect(text.text == "READ 600×800")
    #expect((text.width, text.height) == (600, 800))
    #expect(text.orientation == blank.orientation)
    #expect(records["small.jpg"]?.text == "READ 300×200")
  }
}

extension NoTextPreviewTests {
  /// A photo whose copy shows text to read at half its sides is decoded so and read; its record
  /// carries the whole image's upright size, and its boxes in the whole image's pixels.
  @Test(arguments: [1, 6])
  func aPhotoReadReducedIsRecordedInTheWholeImagesPixels(exif: Int) throws {
    let folder = try TestKit.temporaryFolder("reduced-reading")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try Self.photo(blank: false, exif: exif).write(to: corpus.appendingPathComponent("text.jpg"))
    let setup = try EngineCatalog.setup(
      engine: "previewing-half", options: EngineOptions(level: .accurate, language: "eng"),
      catalog: EngineCatalog.engines + [PreviewingBackend.entry(name: "previewing-half", inkReduction: 2)])
    let store = folder.appendingPathComponent("run.jsonl")
    var configuration = RunConfiguration(
      inputs: [corpus.path], recognition: setup, profile: "previewing", language: "eng", jobs: 1, store: store
    )
    configuration.boxes = true
    let outcome = try BatchRunner(configuration) { _ in }.run()
    #expect(outcome.summary.images == 1 && outcome.summary.failed == 0)
    let record = try #require(try StoreRunLoader.load(store).results.first)
    let (width, height) = exif == 6 ? (600, 800) : (800, 600)
    #expect(record.text == "READ \(width / 2)×\(height / 2)", "read from the image at half its sides")
    #expect((record.width, record.height) == (width, height))
    #expect(record.orientation?.exif == (exif == 6 ? 6 : nil))
    let whole = [0, 0, width, height]
    #expect(try #require(record.lines).map { [$0.x, $0.y, $0.width, $0.height] } == [whole])
    #expect(try #require(record.words).map { [$0.x, $0.y, $0.width, $0.height] } == [whole])
    let block = try #require(record.blocks?.first)
    #expect([block.x, block.y, block.width, block.height] == whole)
    #expect(block.paragraphs.map(\.width) == [width])
  }
}
