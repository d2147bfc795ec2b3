import CLeptonica
import CTesseract
import Foundation

/// Tesseract's orientation and script detection (OSD): one `TessBaseAPI` loaded with
/// `osd.traineddata` (Debian's `tesseract-ocr-osd`), kept for every page a worker takes, that tells
/// whether a scan lies on its side or upside down. The accurate profile turns such pages upright
/// before recognition.
///
/// Not thread-safe: each worker owns its own.
public final class OrientationDetector {
  private let handle: OpaquePointer

  /// The lowest orientation confidence at which a detected turn is tried. Chosen by measurement
  /// (README, "Photos"): on eng-pages turned by each angle OSD was right at 1.52–20.29 and wrong at
  /// 0.86 and 1.77, both on upright pages that `confidenceGate` never sends here; a wrong turn that
  /// gets through is caught by keeping the more confident reading.
  public static let minimumConfidence = 1.0

  /// Pages read with a mean word confidence at or above this are taken as upright and not checked.
  /// Measured (README, "Photos"): upright pages of eng-pages read at 88–94, pages upside down or
  /// turned the way Tesseract cannot follow at 29–42.
  public static let confidenceGate = 70.0

  /// `modelFile` is the path of `osd.traineddata`.
  public init(modelFile: String) throws {
    guard let handle = TessBaseAPICreate() else {
      throw EngineError(message: "Tesseract could not create an orientation detector")
    }
    self.handle = handle
    TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    let folder = URL(fileURLWithPath: modelFile).deletingLastPathComponent().path
    // OSD is a legacy-engine model: it loads only with the Tesseract engine mode.
    guard TessBaseAPIInit2(handle, folder, "osd", OEM_TESSERACT_ONLY) == 0 else {
      throw EngineError(
        message:
          "Tesseract could not load the orientation model from \(modelFile) (apt-get install tesseract-ocr-osd)"
      )
    }
    TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
  }

  deinit {
    TessBaseAPIEnd(handle)
    TessBaseAPIDelete(handle)
  }

  public struct Detection: Sendable, Equatable {
    /// How far the page is turned clockwise from upright: 0, 90, 180 or 270.
    public var degrees: Int
    /// Tesseract's orientation confidence (a margin between the best and the next orientation).
    public var confidence: Double

    /// Clockwise quarter turns that make the page upright.
    public var correction: Int { ((360 - degrees) % 360) / 90 }
  }

  /// The page's orientation, or nil when Tesseract finds too little text to tell.
  /// `resolution` as for `Engine.recognize` (0 = the image's, else 300).
  public func detect(_ pix: Pix, resolution: Int) -> Detection? {
    Engine.setImage(pix, resolution: resolution, on: handle)
    defer { TessBaseAPIClear(handle) }
    var degrees: Int32 = 0
    var confidence: Float = 0
    // Points into the model's character set (Tesseract 5 allocates nothing here): not freed.
    var script: UnsafePointer<CChar>?
    var scriptConfidence: Float = 0
    guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0
    else { return nil }
    guard [0, 90, 180, 270].contains(degrees), confidence.isFinite else { return nil }
    return Detection(degrees: Int(degrees), confidence: Double(confidence))
  }

  /// The page turned upright when the detection says it lies on its side or upside down with at
  /// least `minimumConfidence`; nil when it should be recognized as it is. The detection is
  /// recorded either way.
  public func uprightPage(_ pix: Pix, resolution: Int, recording orientation: inout ResultRecord.Orientation?)
    throws -> Pix?
  {
    guard let detection = detect(pix, resolution: resolution) else { return nil }
    var record = orientation ?? ResultRecord.Orientation()
    record.osdDegrees = detection.degrees
    record.osdConfidence = (detection.confidence * 100).rounded() / 100
    orientation = record
    guard detection.correction != 0, detection.confidence >= Self.minimumConfidence else { return nil }
    return try pix.applying(.rotate(quarterTurns: detection.correction))
  }
}

@available(*, unavailable)
extension OrientationDetector: Sendable {}
