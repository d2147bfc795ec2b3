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
  /// Reads every whole image as "READ WHOLE"; a preview is "no text" when it has no dark pixel.
  struct PreviewingBackend: EngineBackend {
    static let entry = EngineEntry(
      name: "previewing", summary: "test engine: no text where a reduced copy shows no ink",
      languages: ["eng"], parameters: .init(summary: ""), make: { _ in PreviewingBackend() })

    func identity() throws -> EngineIdentity { EngineIdentity(name: "previewing", version: "1") }
    func makeEngine() throws -> any RecognitionEngine { PreviewingEngine() }
  }

  final class PreviewingEngine: RecognitionEngine {
    var noTextPreview: NoTextPreview? { NoTextPreview(longSide: 100, abovePixels: 100_000) }

    func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
      RecognizedText(text: "READ WHOLE", confidence: 90)
    }

    func recognizeNoText(preview: Image, fullWidth: Int, fullHeight: Int, boxes: Bool) throws
      -> RecognizedText?
    {
      #expect(preview.width < fullWidth && preview.height < fullHeight, "a reduced copy")
      guard let pixels = preview.rgbBytes(), pixels.allSatisfy({ $0 > 128 }) else { return nil }
      return RecognizedText(text: "", confidence: 0)
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
      catalog: EngineCatalog.engines + [PreviewingBackend.entry])
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
    #expect(text.text == "READ WHOLE")
    #expect((text.width, text.height) == (600, 800))
    #expect(text.orientation == blank.orientation)
    #expect(records["small.jpg"]?.text == "READ WHOLE")
  }
}
