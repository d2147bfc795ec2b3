import CLeptonica
import ScanbenchSeam
import Testing

@testable import ScanbenchRecognition

/// The page pipeline's orientation check with a stand-in engine whose reading tells the page's turn.
struct PagePipelineTests {
  /// Reads the page as it comes as `first`, and every reading after that as `again`.
  final class StandInEngine: RecognitionEngine {
    let first: RecognizedText
    let again: RecognizedText
    var reads = 0

    init(first: RecognizedText, again: RecognizedText) {
      self.first = first
      self.again = again
    }

    func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
      reads += 1
      return reads == 1 ? first : again
    }
  }

  struct StandInBackend: EngineBackend {
    func identity() throws -> EngineIdentity { EngineIdentity(name: "stand-in", version: "1", settings: [:]) }
    func makeEngine() throws -> any RecognitionEngine {
      StandInEngine(
        first: RecognizedText(text: "", confidence: 0), again: RecognizedText(text: "", confidence: 0))
    }
  }

  static func reading(_ text: String, confidence: Double, turn: Int?) -> RecognizedText {
    var reading = RecognizedText(text: text, confidence: confidence)
    reading.detectedRegions = 12
    reading.pageTurn = turn.map { OrientationDetection(degrees: $0, confidence: 0.5) }
    return reading
  }

  /// A page upside down whose few regions that read as something read confidently (single
  /// characters, in Japanese) while the rest are dropped: its mean confidence is over the check's
  /// threshold, but its lines read both ways say it lies upside down, so it is turned and read again.
  @Test(arguments: [180, 90, 270])
  func aPageWhoseReadingTellsATurnIsReadAgainTurnedEvenWhenConfident(degrees: Int) throws {
    let engine = StandInEngine(
      first: Self.reading("器\n交", confidence: 75, turn: degrees),
      again: Self.reading("商店街の小さな時計店", confidence: 96, turn: 0))
    let setup = RecognitionSetup(backend: StandInBackend(), orientation: nil, orientationCheckBelow: 70)
    let pipeline = PagePipeline(engine: engine, recognition: setup, scanner: nil, boxes: false)
    let page = try #require(Image(owning: pixCreate(40, 20, 32)))
    var orientation: PageOrientation?
    let result = try pipeline.process(page, orientation: &orientation)
    #expect(engine.reads == 2)
    #expect(result.recognized.text == "商店街の小さな時計店")
    #expect(
      orientation?.osdDegrees == degrees && orientation?.byReading == true && orientation?.osdApplied == true)
    #expect(degrees == 180 ? (result.image.width, result.image.height) == (40, 20) : result.image.width == 20)
  }

  /// A page read confidently whose lines say it is upright is read once.
  @Test func aConfidentUprightPageIsReadOnce() throws {
    let engine = StandInEngine(
      first: Self.reading("商店街", confidence: 90, turn: 0), again: Self.reading("", confidence: 0, turn: nil))
    let setup = RecognitionSetup(backend: StandInBackend(), orientation: nil, orientationCheckBelow: 70)
    let pipeline = PagePipeline(engine: engine, recognition: setup, scanner: nil, boxes: false)
    var orientation: PageOrientation?
    _ = try pipeline.process(try #require(Image(owning: pixCreate(40, 20, 32))), orientation: &orientation)
    #expect(engine.reads == 1 && orientation == nil)
  }

  /// Reads the page as `readings` say, one after another, and tells whether it was asked to stop
  /// at the page's turn.
  final class ReadingsEngine: RecognitionEngine {
    var readings: [RecognizedText]
    var stopping: [Bool] = []

    init(_ readings: [RecognizedText]) { self.readings = readings }

    func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
      try recognize(image, boxes: boxes, name: PageName(entry: "page"), stoppingWhenTurned: false)
    }

    func recognize(_ image: Image, boxes: Bool, name: PageName, stoppingWhenTurned: Bool) throws
      -> RecognizedText
    {
      stopping.append(stoppingWhenTurned)
      return readings.removeFirst()
    }
  }

  static func readInPart(turn: Int) -> RecognizedText {
    var reading = Self.reading("", confidence: 0, turn: turn)
    reading.readInPart = true
    return reading
  }

  /// A page read only as far as its turn is read turned and not read whole: its turned reading is
  /// kept.
  @Test func aPageReadInPartIsReadTurnedAndNotWhole() throws {
    let engine = ReadingsEngine([
      Self.readInPart(turn: 90), Self.reading("The committee met", confidence: 95, turn: 0),
    ])
    let setup = RecognitionSetup(backend: StandInBackend(), orientation: nil, orientationCheckBelow: 70)
    let pipeline = PagePipeline(engine: engine, recognition: setup, scanner: nil, boxes: false)
    var orientation: PageOrientation?
    let result = try pipeline.process(
      try #require(Image(owning: pixCreate(40, 20, 32))), orientation: &orientation)
    #expect(engine.stopping == [true, false])
    #expect(result.recognized.text == "The committee met" && !result.recognized.readInPart)
    #expect(orientation?.osdApplied == true && result.image.width == 20)
  }

  /// A page read only as far as its turn whose turned reading is no surer is read whole as it is,
  /// and that reading kept, as when it was read whole first: a reading in part is never the page's.
  @Test func aPageReadInPartWhoseTurnedReadingIsNoSurerIsReadWhole() throws {
    var partial = Self.readInPart(turn: 90)
    partial.text = "the sample"
    partial.confidence = 60
    let engine = ReadingsEngine([
      partial, Self.reading("garbled", confidence: 40, turn: 0),
      Self.reading("The whole page", confidence: 65, turn: 90),
    ])
    let setup = RecognitionSetup(backend: StandInBackend(), orientation: nil, orientationCheckBelow: 70)
    let pipeline = PagePipeline(engine: engine, recognition: setup, scanner: nil, boxes: false)
    var orientation: PageOrientation?
    let result = try pipeline.process(
      try #require(Image(owning: pixCreate(40, 20, 32))), orientation: &orientation)
    #expect(engine.stopping == [true, false, false])
    #expect(result.recognized.text == "The whole page" && !result.recognized.readInPart)
    #expect(result.image.width == 40 && orientation?.osdApplied != true)
  }

  /// Without an orientation check, the engine is never asked to stop at a page's turn.
  @Test func withoutACheckAPageIsReadWhole() throws {
    let engine = ReadingsEngine([Self.reading("The committee met", confidence: 95, turn: 90)])
    let setup = RecognitionSetup(backend: StandInBackend(), orientation: nil, orientationCheckBelow: nil)
    let pipeline = PagePipeline(engine: engine, recognition: setup, scanner: nil, boxes: false)
    var orientation: PageOrientation?
    _ = try pipeline.process(try #require(Image(owning: pixCreate(40, 20, 32))), orientation: &orientation)
    #expect(engine.stopping == [false])
  }
}
