import CLeptonica
import CTesseract
import Foundation

public struct EngineError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

/// One Tesseract engine (`TessBaseAPI`), initialised once and reused for every image a worker takes.
///
/// Not thread-safe: each worker owns its own.
public final class Engine {
  private let handle: OpaquePointer

  /// Tesseract's version, e.g. `5.3.0`.
  public static var version: String { String(cString: TessVersion()) }

  public init(
    modelFolder: String, language: String, pageSegmentation: Int32, variables: [(String, String)] = []
  ) throws {
    guard let handle = TessBaseAPICreate() else {
      throw EngineError(message: "Tesseract could not create an engine")
    }
    self.handle = handle
    // Tesseract writes notices ("Estimating resolution as …") to stderr; the library must not print.
    TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    guard TessBaseAPIInit2(handle, modelFolder, language, OEM_LSTM_ONLY) == 0 else {
      throw EngineError(
        message: "Tesseract could not load the model '\(language)' from \(modelFolder) (run 'make setup')")
    }
    for (name, value) in variables where TessBaseAPISetVariable(handle, name, value) == 0 {
      throw EngineError(message: "Tesseract does not know the setting '\(name)'")
    }
    TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentation)))
  }

  deinit {
    TessBaseAPIEnd(handle)
    TessBaseAPIDelete(handle)
  }

  public struct Output: Sendable {
    public var text: String
    /// Mean word confidence, 0–100.
    public var confidence: Double
  }

  /// Recognizes one image. `resolution` overrides what the image claims (0 = trust the image).
  public func recognize(_ pix: Pix, resolution: Int) throws -> Output {
    TessBaseAPISetImage2(handle, pix.pointer)
    defer { TessBaseAPIClear(handle) }
    if resolution > 0 {
      TessBaseAPISetSourceResolution(handle, Int32(resolution))
    } else if pix.resolution <= 0 {
      // Images without a resolution: Tesseract guesses; 300 is what scans usually are.
      TessBaseAPISetSourceResolution(handle, 300)
    }
    guard TessBaseAPIRecognize(handle, nil) == 0 else {
      throw EngineError(message: "Tesseract failed to recognize the image")
    }
    guard let cText = TessBaseAPIGetUTF8Text(handle) else {
      throw EngineError(message: "Tesseract returned no text")
    }
    defer { TessDeleteText(cText) }
    let text = String(cString: cText)
    return Output(text: text, confidence: Double(TessBaseAPIMeanTextConf(handle)))
  }
}

@available(*, unavailable)
extension Engine: Sendable {}
