import CLeptonica
import CTesseract
import Foundation
import ScanbenchRecognition

/// Tesseract's orientation and script detection (OSD): one `TessBaseAPI` loaded with
/// `osd.traineddata` (Debian's `tesseract-ocr-osd`), kept for every page a worker takes, that tells
/// whether a scan lies on its side or upside down. The accurate profile turns such pages upright
/// before recognition.
///
/// Not thread-safe: each worker owns its own.
public final class TesseractOrientationDetector: OrientationDetector {
  private let handle: OpaquePointer
  private let resolution: Int

  /// `modelFile` is the path of `osd.traineddata`.
  public init(modelFile: String, resolution: Int = 0) throws {
    self.resolution = resolution
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

  /// The page's orientation, or nil when Tesseract finds too little text to tell.
  public func detect(_ pix: Image) -> OrientationDetection? {
    TesseractEngine.setImage(pix, resolution: resolution, on: handle)
    defer { TessBaseAPIClear(handle) }
    var degrees: Int32 = 0
    var confidence: Float = 0
    // Points into the model's character set (Tesseract 5 allocates nothing here): not freed.
    var script: UnsafePointer<CChar>?
    var scriptConfidence: Float = 0
    guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0
    else { return nil }
    guard [0, 90, 180, 270].contains(degrees), confidence.isFinite else { return nil }
    return OrientationDetection(degrees: Int(degrees), confidence: Double(confidence))
  }
}

@available(*, unavailable)
extension TesseractOrientationDetector: Sendable {}
