import Dispatch
import ScanbenchSeam

/// What one page goes through once decoded (EXIF and HEIF orientation are applied while decoding):
/// recognition, an orientation check for pages read with low confidence, and barcodes on the
/// upright page. One per worker, whatever the engine.
public final class PagePipeline {
  private let engine: any RecognitionEngine
  private let checkBelow: Double?
  private let orientation: (any OrientationBackend)?
  private var detector: (any OrientationDetector)??
  private let scanner: BarcodeScanner?
  private let boxes: Bool

  public init(
    engine: any RecognitionEngine, recognition: RecognitionSetup, scanner: BarcodeScanner?, boxes: Bool
  ) {
    self.engine = engine
    self.checkBelow = recognition.orientationCheckBelow
    self.orientation = recognition.orientation
    self.scanner = scanner
    self.boxes = boxes
  }

  /// The page read, and what the pipeline did to get there.
  public struct Page {
    public var recognized: RecognizedText
    /// The page as recognized: turned upright when the orientation check turned it.
    public var image: Image
    public var barcodes: [Barcode]?
    /// Why the barcode scan failed, when it did (the text still stands).
    public var barcodeFailure: String?
    public var recognizeMilliseconds: Double
    public var orientationMilliseconds: Double?
    public var barcodeMilliseconds: Double?
  }

  /// Reads `page`, named `name` for engines that pass it on; `orientation` holds what decoding did
  /// and gets what the check found.
  public func process(
    _ page: Image, name: PageName = PageName(entry: ""), orientation: inout PageOrientation?
  ) throws -> Page {
    let start = DispatchTime.now()
    var osdMilliseconds: Double?
    let (recognized, upright) = try recognizeUpright(
      page, name: name, orientation: &orientation, osd: &osdMilliseconds)
    var result = Page(
      recognized: recognized, image: upright, barcodes: nil, barcodeFailure: nil,
      recognizeMilliseconds: Self.milliseconds(since: start), orientationMilliseconds: osdMilliseconds)
    if let scanner {
      let scanStart = DispatchTime.now()
      do {
        result.barcodes = try scanner.scan(upright)
      } catch {
        result.barcodeFailure = String(describing: error)
      }
      result.barcodeMilliseconds = Self.milliseconds(since: scanStart)
    }
    return result
  }

  /// The reduced copy the engine needs to tell that a large image holds no text; nil when it cannot,
  /// or when barcodes are scanned (they are looked for on the whole image).
  public var noTextPreview: NoTextPreview? { scanner == nil ? engine.noTextPreview : nil }

  /// What `preview`, a reduced copy of the upright image, shows: no text (the page read from it: no
  /// whole image is decoded, no orientation checked, there is nothing to turn), or text to read at a
  /// reduction (decode it so and ``process(_:name:orientation:)`` it). nil: decode the whole image
  /// and process it.
  public func examinePreview(_ preview: ImageDecoder.Reduced) throws -> PreviewFinding? {
    let finding = try engine.examinePreview(
      preview: preview.image, fullWidth: preview.fullWidth, fullHeight: preview.fullHeight, boxes: boxes)
    guard case .noText(let recognized) = finding else { return finding }
    return .noText(try recognized.checked())
  }

  /// A page read with a mean confidence under the engine's threshold is checked; when it lies on its
  /// side or upside down it is turned and read again, and the more confident reading is kept. What
  /// the engine's own reading says of the page's turn comes first (a few lines read both ways);
  /// Tesseract's orientation detection only where that says nothing, and only at the accurate level
  /// (where the setup has a detector). A page where the engine found no text region is not checked:
  /// there is nothing to turn. Upright pages, read confidently, cost nothing more (docs/engines.md, "Photos").
  private func recognizeUpright(
    _ page: Image, name: PageName, orientation record: inout PageOrientation?, osd: inout Double?
  ) throws -> (RecognizedText, Image) {
    // A page whose lines tell it lies turned is read again turned: reading the rest of it the wrong
    // way round first would be thrown away, unless the turned reading is the less sure.
    var first = try engine.recognize(page, boxes: boxes, name: name, stoppingWhenTurned: checkBelow != nil)
      .checked()
    // A page whose lines say it lies turned is read again upright even when read confidently: on
    // its side, read as columns, its lines may come in the wrong order; upside down, the few of its
    // regions that read as something (single characters, in Japanese) may read confidently while
    // the rest are dropped as garbage.
    let toldTurned = first.pageTurn.map { $0.degrees != 0 } ?? false
    guard let checkBelow, first.confidence < checkBelow || toldTurned, first.detectedRegions != 0 else {
      return (try whole(first, page, name: name), page)
    }
    let detection: OrientationDetection
    let byReading = first.pageTurn != nil
    if let turn = first.pageTurn {
      detection = turn
      var recorded = record ?? PageOrientation()
      recorded.osdDegrees = turn.degrees
      recorded.byReading = true
      record = recorded
    } else {
      // Regions found but none read as text, either way round (edges in a photo of no text): a turn
      // OSD found would be read no better.
      let readsNothing = first.detectedRegions != nil && first.text.isEmpty
      guard !readsNothing, let orientation, let detector = loadedDetector() else { return (first, page) }
      let start = DispatchTime.now()
      let detected = detector.detect(page)
      osd = Self.milliseconds(since: start)
      guard let detected else { return (first, page) }
      var recorded = record ?? PageOrientation()
      recorded.osdDegrees = detected.degrees
      recorded.osdConfidence = (detected.confidence * 100).rounded() / 100
      record = recorded
      guard detected.confidence >= orientation.minimumConfidence else { return (first, page) }
      detection = detected
    }
    guard detection.correction != 0,
      let turned = try? page.applying(.rotate(quarterTurns: detection.correction))
    else { return (try whole(first, page, name: name), page) }
    var second = try engine.recognize(turned, boxes: boxes, name: name).checked()
    if first.readInPart && second.confidence <= first.confidence {
      first = try whole(first, page, name: name)
    }
    let inference = [first.inferenceMilliseconds, second.inferenceMilliseconds].compactMap { $0 }
    if !inference.isEmpty { second.inferenceMilliseconds = inference.reduce(0, +) }
    guard second.confidence > first.confidence else {
      var kept = first
      kept.inferenceMilliseconds = second.inferenceMilliseconds
      return (kept, page)
    }
    record?.osdApplied = true
    record?.append(
      "\(ExifOrientation.Step.rotate(quarterTurns: detection.correction)) (\(byReading ? "read" : "OSD"))")
    return (second, turned)
  }

  /// `reading` of `page`, or, when it was read only as far as its turn (``RecognizedText/readInPart``),
  /// the whole page read as it is, its inference time counting both readings.
  private func whole(_ reading: RecognizedText, _ page: Image, name: PageName) throws -> RecognizedText {
    guard reading.readInPart else { return reading }
    var whole = try engine.recognize(page, boxes: boxes, name: name).checked()
    let inference = [reading.inferenceMilliseconds, whole.inferenceMilliseconds].compactMap { $0 }
    if !inference.isEmpty { whole.inferenceMilliseconds = inference.reduce(0, +) }
    return whole
  }

  /// Loaded the first time a page needs it: most pages read confidently and never do. A detector
  /// that cannot load leaves pages as they are, as without its model.
  private func loadedDetector() -> (any OrientationDetector)? {
    if let detector { return detector }
    let loaded = try? orientation?.makeDetector()
    detector = .some(loaded)
    return loaded
  }

  public static func milliseconds(since start: DispatchTime) -> Double {
    (Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 * 1000).rounded() / 1000
  }
}

@available(*, unavailable)
extension PagePipeline: Sendable {}
