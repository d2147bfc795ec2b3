import ScanbenchRecognition

extension PPOCRBackend {
  /// PP-OCR in the engine catalog.
  public static let entry = EngineEntry(
    name: "ppocr", summary: "PP-OCRv6 (DB detection, CTC recognition) through ONNX Runtime, in process",
    languages: languages, modelKinds: Size.allCases.map(\.rawValue),
    // PP-OCR's confidences are the mean character probability: upright pages read well above it,
    // pages on their side or upside down far below (docs/engines.md, "Photos").
    orientationCheckBelow: 70, readsPageTurn: true,
    // Loaded by the time a run asks: making the backend loaded it.
    libraryVersions: { ["onnxruntime": (try? ONNXRuntime.shared().version) ?? "not loaded"] },
    make: { try PPOCRBackend($0) })
}
