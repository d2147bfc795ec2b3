import Foundation
import ScanbenchRecognition
import ScanbenchStore

/// PP-OCRv6 as an engine of the run: DB detection and CTC recognition through ONNX Runtime, in
/// process. The models are loaded once and shared by every worker (ONNX Runtime's `Run` is
/// thread-safe; measured: as fast as a session per worker, a third less memory); each worker owns
/// its pipeline, which keeps its buffers from image to image.
public struct PPOCRBackend: EngineBackend {
  /// The recognizer and detector sizes: `small` reads English and Japanese, `tiny` only Latin
  /// script (its dictionary has no kana).
  public enum Size: String, Sendable, CaseIterable {
    case small, tiny
  }

  public let recognizerSize: Size
  public let detectorSize: Size
  /// The caller said each image is one text line (`--psm 7`, `8`, `13`): no detection.
  public let singleLine: Bool
  /// Tall regions are vertical Japanese columns, read in their character cells (`jpn_vert`).
  public let columnsInCells: Bool
  private let models: SharedModels

  public static let languages = ["eng", "jpn", "jpn_vert", "eng+jpn"]

  /// The sizes each level uses, chosen by measurement (README, "Profiles"): fast reads English with
  /// the tiny recognizer, Japanese needs the small one, and vertical Japanese the small detector too
  /// (with the tiny one, vertical pages under a heading: 21.87% CER against 0.25%).
  public static func sizes(for level: RecognitionLevel, language: String) -> (
    recognizer: Size, detector: Size
  ) {
    switch (level, language) {
    case (.fast, "eng"): (.tiny, .tiny)
    case (.fast, "jpn_vert"): (.small, .small)
    case (.fast, _): (.small, .tiny)
    case (.accurate, _): (.small, .small)
    }
  }

  public init(_ options: EngineOptions, locator: PPOCRModelLocator = .discover()) throws {
    guard Self.languages.contains(options.language) else {
      throw EngineError(
        message: "PP-OCR has no recipe for '\(options.language)' (\(Self.languages.joined(separator: ", ")))")
    }
    guard options.parameters.isEmpty else {
      throw EngineError(
        message: "PP-OCR takes no Tesseract parameters (--tesseract-set); they need --engine tesseract")
    }
    var (recognizer, detector) = Self.sizes(for: options.level, language: options.language)
    if let name = options.modelKind {
      guard let size = Size(rawValue: name) else {
        throw EngineError(message: "PP-OCR has no '\(name)' models (small, tiny)")
      }
      (recognizer, detector) = (size, size)
    }
    guard recognizer == .small || options.language == "eng" else {
      throw EngineError(message: "PP-OCR's tiny recognizer reads no Japanese (its dictionary has no kana)")
    }
    recognizerSize = recognizer
    detectorSize = detector
    singleLine = options.isSingleLine
    columnsInCells = options.language == "jpn_vert"
    models = try SharedModels.load(
      recognizer: recognizer, detector: singleLine ? nil : detector, locator: locator)
  }

  /// ONNX Runtime's version, as the library says.
  public var runtimeVersion: String { models.runtimeVersion }

  public func identity() throws -> EngineIdentity {
    var hashes: [String: String] = [:]
    for path in models.files {
      hashes[URL(fileURLWithPath: path).lastPathComponent] = try ModelHashCache.shared.hash(of: path)
    }
    let settings = [
      "recognizer": recognizerSize.rawValue,
      "detector": singleLine ? "none (one line an image)" : detectorSize.rawValue,
      "onnxruntime": models.runtimeVersion, "threads": "1", "layout": Layout.method,
    ]
    .merging(columnsInCells ? ["vertical columns": VerticalColumn.method] : [:]) { $1 }
    return EngineIdentity(name: "ppocr", version: "PP-OCRv6", models: hashes, settings: settings)
  }

  public func makeEngine() throws -> any RecognitionEngine {
    var options = PPOCRPipeline.Options()
    if columnsInCells {
      options.readColumnsInCells = true
      options.detectionMaxUpscale = 1
    }
    return PPOCREngine(
      pipeline: PPOCRPipeline(
        detector: models.detector, recognizer: models.recognizer, dictionary: models.dictionary,
        options: options),
      singleLine: singleLine)
  }

  /// PP-OCR's confidences are the mean character probability: upright pages read at 90 and more,
  /// pages on their side or upside down far lower (README, "Photos").
  public var orientationCheckBelow: Double? { 70 }
}

/// The models every worker's pipeline runs: loaded once, read-only after.
final class SharedModels: @unchecked Sendable {
  // Safe: `ONNXModel.run` is thread-safe (ONNX Runtime's `Run` is), and nothing here changes after
  // `load`.
  let recognizer: ONNXModel
  let detector: ONNXModel?
  let dictionary: [String]
  /// Every file the models came from, for the identity.
  let files: [String]
  let runtimeVersion: String

  private init(
    recognizer: ONNXModel, detector: ONNXModel?, dictionary: [String], files: [String], runtimeVersion: String
  ) {
    self.recognizer = recognizer
    self.detector = detector
    self.dictionary = dictionary
    self.files = files
    self.runtimeVersion = runtimeVersion
  }

  /// The detector's input takes a new shape with nearly every image, and a memory pattern is planned
  /// and kept per shape: with patterns, 2 workers on 30 receipts peaked at 1.23 GB; without, at 0.78 GB
  /// and no slower (`make bench`). The recognizer's shapes repeat (a few widths), so it keeps them.
  static let detectorOptions = ONNXModel.Options(memoryPattern: false)

  static func load(
    recognizer size: PPOCRBackend.Size, detector: PPOCRBackend.Size?, locator: PPOCRModelLocator
  )
    throws -> SharedModels
  {
    do {
      let runtime = try ONNXRuntime.shared()
      let recognizerFile = try locator.path(size == .small ? .recognizerSmall : .recognizerTiny)
      let dictionaryFile = try locator.path(size == .small ? .dictionarySmall : .dictionaryTiny)
      let detectorFile = try detector.map { try locator.path($0 == .small ? .detectorSmall : .detectorTiny) }
      return SharedModels(
        recognizer: try ONNXModel(path: recognizerFile, runtime: runtime),
        detector: try detectorFile.map {
          try ONNXModel(path: $0, options: detectorOptions, runtime: runtime)
        },
        dictionary: try PPOCRDictionary.load(path: dictionaryFile),
        files: [recognizerFile, dictionaryFile] + (detectorFile.map { [$0] } ?? []),
        runtimeVersion: runtime.version)
    } catch let error as ONNXRuntimeError {
      throw EngineError(message: error.description)
    }
  }
}

/// One worker's PP-OCR: its pipeline over the shared models.
final class PPOCREngine: RecognitionEngine {
  private let pipeline: PPOCRPipeline
  private let singleLine: Bool

  init(pipeline: PPOCRPipeline, singleLine: Bool) {
    self.pipeline = pipeline
    self.singleLine = singleLine
  }

  func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
    guard let pixels = RGBImage(pix: image.pointer) else {
      throw EngineError(
        message: "PP-OCR: leptonica could not convert the \(image.width)×\(image.height) image to RGB")
    }
    let before = pipeline.timings
    let result = try pipeline.recognize(pixels, singleLine: singleLine)
    let inference = (pipeline.timings.since(before).inference * 1e6).rounded() / 1000
    guard boxes else {
      return RecognizedText(
        text: result.text, confidence: result.confidence, inferenceMilliseconds: inference)
    }
    func box(_ text: String, _ confidence: Double, _ box: PPOCRBox) -> TextBox {
      TextBox(
        text: text, confidence: (confidence * 10).rounded() / 10, x: box.x, y: box.y, width: box.width,
        height: box.height)
    }
    let blocks = result.blocks.map { block in
      TextBlock(
        x: block.box.x, y: block.box.y, width: block.box.width, height: block.box.height,
        paragraphs: block.paragraphs.map {
          TextParagraph(
            x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height,
            firstLine: $0.lines.lowerBound, lineCount: $0.lines.count)
        })
    }
    let layout = TextLayout(
      words: result.lines.flatMap { line in line.words.map { box($0.text, $0.confidence, $0.box) } },
      lines: result.lines.map { box($0.text, $0.confidence, $0.box) }, blocks: blocks)
    return RecognizedText(
      text: result.text, confidence: result.confidence, layout: layout, inferenceMilliseconds: inference)
  }
}

@available(*, unavailable)
extension PPOCREngine: Sendable {}
