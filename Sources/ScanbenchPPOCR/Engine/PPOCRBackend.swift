import Foundation
import ScanbenchRecognition
import ScanbenchSeam

/// PP-OCRv6 as an engine of the run: DB detection and CTC recognition through ONNX Runtime, in
/// process. The models are loaded once and shared by every worker (ONNX Runtime's `Run` is
/// thread-safe; measured: as fast as a session per worker, a third less memory); each worker owns
/// its pipeline, which keeps its buffers from image to image.
public struct PPOCRBackend: EngineBackend {
  /// The recognizer and detector models: `small` reads English and Japanese, `tiny` only Latin
  /// script (its dictionary has no kana); `small-int8` is the small pair quantized at setup
  /// (`models/quantize.py`), with the small one's dictionary; `small-int8-neck` is that pair with the
  /// recognizer's neck and classifier left in float; `small-mixed` is the small recognizer in float
  /// behind the small detector in int8 with one block of its backbone left in float. The `-7bit`
  /// kinds are `small-int8-neck` and `small-mixed` made with weights of 7 bits, which read right on
  /// a processor without int8 dot products (``Int8DotProducts``).
  public enum Size: String, Sendable, CaseIterable {
    case small, tiny
    case smallInt8 = "small-int8"
    case smallInt8Neck = "small-int8-neck"
    case smallMixed = "small-mixed"
    case smallInt8Neck7Bit = "small-int8-neck-7bit"
    case smallMixed7Bit = "small-mixed-7bit"

    /// The recognizer and its dictionary. English reads with the copy whose classifier keeps only
    /// the classes English is read with (``PPOCRModelLocator/File/recognizerSmallEnglish``), where
    /// the size has one: no more errors on any English corpus, for less of each crop's work
    /// (Reports/BENCHMARKS.md, "The recognizer's classes cut to English (issue 29)").
    func recognizerFiles(english: Bool) -> (model: PPOCRModelLocator.File, dictionary: PPOCRModelLocator.File)
    {
      switch (self, english) {
      case (.small, true), (.smallMixed, true), (.smallMixed7Bit, true):
        (.recognizerSmallEnglish, .dictionarySmallEnglish)
      case (.small, false), (.smallMixed, false), (.smallMixed7Bit, false):
        (.recognizerSmall, .dictionarySmall)
      case (.tiny, true): (.recognizerTinyEnglish, .dictionaryTinyEnglish)
      case (.tiny, false): (.recognizerTiny, .dictionaryTiny)
      case (.smallInt8, _): (.recognizerSmallInt8, .dictionarySmall)
      case (.smallInt8Neck, _): (.recognizerSmallInt8Neck, .dictionarySmall)
      case (.smallInt8Neck7Bit, _): (.recognizerSmallInt8Neck7Bit, .dictionarySmall)
      }
    }

    /// The mean probability under which the pipeline drops a detected line read by the recognizer
    /// ``recognizerFiles(english:)`` gives (``PPOCRPipeline/Options/minLineProbability``). A
    /// classifier cut to English's classes spreads each column's probability over fewer classes, so
    /// a line reads likelier than with every class: most of all a reading of specks, whose
    /// probability the left-out classes (CJK lookalikes) shared. Its threshold is the one that keeps
    /// the lines the recognizer with every class kept on the English corpora
    /// (Reports/BENCHMARKS.md, "The line filter for the classes cut to English (issue 29)").
    func minLineProbability(english: Bool) -> Double {
      switch recognizerFiles(english: english).model {
      case .recognizerSmallEnglish, .recognizerTinyEnglish: Self.minLineProbabilityWithEnglishClasses
      default: PPOCRPipeline.Options().minLineProbability
      }
    }
    static let minLineProbabilityWithEnglishClasses = 0.63

    var detectorFile: PPOCRModelLocator.File {
      switch self {
      case .small: .detectorSmall
      case .tiny: .detectorTiny
      case .smallInt8, .smallInt8Neck: .detectorSmallInt8
      case .smallMixed: .detectorSmallInt8Mixed
      case .smallMixed7Bit, .smallInt8Neck7Bit: .detectorSmallInt8Mixed7Bit
      }
    }

    /// Whether either model of the size is in int8 with weights of 8 bits, whose kernels read wrong
    /// on a processor without int8 dot products (``Int8DotProducts``); those of 7 bits read right.
    var needsInt8DotProducts: Bool {
      switch self {
      case .smallInt8, .smallInt8Neck, .smallMixed: true
      case .small, .tiny, .smallInt8Neck7Bit, .smallMixed7Bit: false
      }
    }

    /// The detector of the coarse pass over large images (is there any text region at all?): the
    /// tiny one, whichever detector reads the page, since a photo of no text costs only that pass
    /// (Reports/BENCHMARKS.md, "No text, no work").
    var coarseDetector: Size? { self == .tiny ? nil : .tiny }

    /// How many workers may run this detector at once (``LimitedRuns``). A run's activations are
    /// most of the process's memory: the small detector in float takes one run at a time (two
    /// passed the memory aim on Japanese photos); in int8 two runs fit, and a worker then no longer
    /// waits while the other's run keeps fewer than its two cores busy
    /// (Reports/BENCHMARKS.md, "Two runs of the int8 detector at once (issue 29)"). The tiny one
    /// (fast) bought no clear time at two, for more memory.
    var detectorRunsAtOnce: Int {
      switch self {
      case .smallMixed, .smallInt8, .smallInt8Neck, .smallMixed7Bit, .smallInt8Neck7Bit: 2
      case .small, .tiny: 1
      }
    }
  }

  public let recognizerSize: Size
  public let detectorSize: Size
  /// The caller said each image is one text line (`--psm 7`, `8`, `13`): no detection, but for a
  /// column of vertical Japanese (``readsWithDetector``).
  public let singleLine: Bool
  /// Tall regions are vertical Japanese columns, read in their character cells (`jpn_vert`).
  public let columnsInCells: Bool
  /// Whether the detector is loaded: for pages, and for single lines where a column of vertical
  /// Japanese is read as a page of one column is (``PPOCRPipeline/Options/singleColumnAsAPage``).
  var readsWithDetector: Bool {
    Self.readsWithDetector(singleLine: singleLine, columnsInCells: columnsInCells, options: pipelineOptions)
  }

  static func readsWithDetector(singleLine: Bool, columnsInCells: Bool, options: PPOCRPipeline.Options)
    -> Bool
  {
    !singleLine
      || (columnsInCells && options.readColumnsInCells && options.oneColumnReadWhole
        && options.singleColumnAsAPage)
  }
  /// What the level changes in the pipeline besides its models (``pipelineOptions(for:language:recognizer:detector:)``).
  public let pipelineOptions: PPOCRPipeline.Options
  let models: SharedModels

  public static let languages = ["eng", "jpn", "jpn_vert", "eng+jpn"]

  /// Whether `language` reads with the recognizers whose classes were cut to English's
  /// (``Size/recognizerFiles(english:)``): English alone; with Japanese, every class is needed.
  static func readsWithEnglishClasses(_ language: String) -> Bool { language == "eng" }

  /// The sizes each level uses, chosen by measurement (docs/engines.md, "Profiles"): fast reads
  /// English with the tiny recognizer; Japanese needs the small one, in int8 but for its neck and
  /// classifier (wholly in int8 it reads jpn-lines outside the fast level's margin; with those two
  /// in float, as in float: Reports/BENCHMARKS.md, "Japanese fast with the int8 recognizer's neck in float (issue 29)"),
  /// and vertical Japanese the small detector and float recognizer (the tiny detector
  /// reads vertical pages under a heading with many times the errors). Accurate finds English
  /// text with the small detector mostly in int8 (`small-mixed`), which read the English corpora it
  /// was chosen on with no more errors than in float, and a held-out column sweep with a few more,
  /// for about a quarter of the detector's work
  /// (Reports/BENCHMARKS.md, "Cheaper detection: one block of the int8 detector left in float (issue 29)");
  /// Japanese keeps it in float, unmeasured there. On a processor without int8 dot products
  /// (``Int8DotProducts``) fast reads Japanese with the same recognizer made with weights of 7 bits
  /// (`small-int8-neck-7bit`), which reads there as float does for less work; accurate English keeps
  /// the small detector in float, as the detector of 7-bit weights (`small-mixed-7bit`) read as float
  /// does but saved too little of a page's work to matter
  /// (Reports/BENCHMARKS.md, "Int8 models of 7-bit weights for processors without VNNI (issue 29)").
  public static func sizes(
    for level: RecognitionLevel, language: String, int8DotProducts: Bool = Int8DotProducts.available
  ) -> (recognizer: Size, detector: Size) {
    switch (level, language) {
    case (.fast, "eng"): (.tiny, .tiny)
    case (.fast, "jpn_vert"): (.small, .small)
    case (.fast, _): (int8DotProducts ? .smallInt8Neck : .smallInt8Neck7Bit, .tiny)
    case (.accurate, "eng"): (.small, int8DotProducts ? .smallMixed : .small)
    case (.accurate, _): (.small, .small)
    }
  }

  /// The pipeline's options at each level: `jpn_vert` reads its columns in cells; fast, where the
  /// tiny detector finds the text, detects it text-sized (``PPOCRPipeline/Options/detectionLineThickness``:
  /// its input scaled down until the lines are ``fastLineThickness`` pixels thick, never up) and keeps
  /// a coarse pass as the detection where its lines already are
  /// (``PPOCRPipeline/Options/coarsePassAsDetection``): the tiny detector read every English corpus
  /// and the Japanese pages as well so, for a fraction of its work
  /// (Reports/BENCHMARKS.md, "Fast three times accurate again (issue 29)"). Fast English reads a
  /// photo on its side only turned (``PPOCRPipeline/Options/sidewaysTurnFromPreview``); Japanese
  /// does not: its page on its side, read only turned at text size, lost a voicing mark that the
  /// page read as it lies, at the usual size, kept
  /// (Reports/BENCHMARKS.md, "A photo on its side turned from its reduced copy at fast (issue 29)").
  /// Fast reads a page's longest lines first, and an upside-down page no further before it is turned
  /// (``PPOCRPipeline/Options/upsideDownTurnFirst``). Fast Japanese reads its lines squeezed across
  /// (``fastJapaneseWidthScale``). The line filter's
  /// threshold is the recognizer's (``Size/minLineProbability(english:)``).
  public static func pipelineOptions(
    for level: RecognitionLevel, language: String, recognizer: Size, detector: Size
  ) -> PPOCRPipeline.Options {
    if language == "jpn_vert" { return .verticalColumns }
    var options = PPOCRPipeline.Options()
    options.minLineProbability = recognizer.minLineProbability(english: readsWithEnglishClasses(language))
    if readsWithEnglishClasses(language) { options.spacesFromInk = spacesFromInkShare }
    if level == .fast && language == "jpn" { options.recognitionWidthScale = fastJapaneseWidthScale }
    if level == .fast && detector == .tiny {
      options.detectionLineThickness = fastLineThickness
      options.coarsePassAsDetection = true
      options.coarseGlanceSide = fastCoarseGlanceSide
      options.sidewaysTurnFromPreview = readsWithEnglishClasses(language)
      options.upsideDownTurnFirst = true
    }
    return options
  }
  /// Thinner (16 or 20 pixels) read a page of tesseract-pages, narrow columns round a picture,
  /// across its gutters.
  static let fastLineThickness = 24.0
  /// Small enough that the tiny detector's glance at a photo without text costs a fraction of its
  /// coarse pass; large enough that it found every page of text the coarse pass finds.
  static let fastCoarseGlanceSide = 480
  /// Japanese characters are about square, so a line scaled to the recognizer's height gives it
  /// several output columns a character, more than its CTC decoding needs; the recognizer's work
  /// is proportional to its input's width, and fast Japanese has no smaller recognizer to read
  /// with. Squeezed further, kana and kanji began to merge; the Latin words inside Japanese lines,
  /// narrower, still read as unsqueezed (Reports/BENCHMARKS.md, "Fast Japanese lines read squeezed across (issue 29)").
  /// English reads with its own tiny recognizer, and a mixed `eng+jpn` page keeps its lines' width.
  static let fastJapaneseWidthScale = 0.65
  /// English words stand apart by a space's width; a dropped one leaves about as wide a gap.
  static let spacesFromInkShare = 0.8

  public init(_ options: EngineOptions, locator: PPOCRModelLocator = .discover()) throws {
    guard Self.languages.contains(options.language) else {
      throw EngineError(
        message: "PP-OCR has no recipe for '\(options.language)' (\(Self.languages.joined(separator: ", ")))")
    }
    var (recognizer, detector) = Self.sizes(for: options.level, language: options.language)
    if let name = options.modelKind {
      guard let size = Size(rawValue: name) else {
        throw EngineError(
          message: "PP-OCR has no '\(name)' models (\(Size.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      try Self.checkInt8(size, int8DotProducts: Int8DotProducts.available)
      (recognizer, detector) = (size, size)
    }
    guard recognizer != .tiny || options.language == "eng" else {
      throw EngineError(message: "PP-OCR's tiny recognizer reads no Japanese (its dictionary has no kana)")
    }
    recognizerSize = recognizer
    detectorSize = detector
    singleLine = options.isSingleLine
    columnsInCells = options.language == "jpn_vert"
    pipelineOptions = Self.pipelineOptions(
      for: options.level, language: options.language, recognizer: recognizer, detector: detector)
    models = try SharedModels.load(
      recognizer: recognizer, english: Self.readsWithEnglishClasses(options.language),
      detector: Self.readsWithDetector(
        singleLine: singleLine, columnsInCells: columnsInCells, options: pipelineOptions) ? detector : nil,
      workers: options.workers, locator: locator)
    try models.check()
  }

  /// Refuses models in int8 asked for by name on a processor without int8 dot products: there
  /// the int8 detector finds no line on some pages, and the recognizer misreads lines the float
  /// one reads, so every figure the run printed would be wrong
  /// (Reports/BENCHMARKS.md, "The int8 detector on a processor without VNNI (issue 29)"). The
  /// levels' own choice takes the models of 7-bit weights there (``sizes(for:language:int8DotProducts:)``).
  static func checkInt8(_ size: Size, int8DotProducts: Bool) throws {
    guard size.needsInt8DotProducts, !int8DotProducts else { return }
    throw EngineError(
      message:
        "PP-OCR's '\(size.rawValue)' models are in int8, and this processor has no int8 dot products "
        + "(its /proc/cpuinfo names neither avx512_vnni nor avx_vnni): ONNX Runtime's int8 kernels "
        + "saturate there and read pages wrong. Use --models small (float), small-mixed-7bit or "
        + "small-int8-neck-7bit (int8 of 7-bit weights), or leave --models out")
  }

  /// ONNX Runtime's version, as the library says.
  public var runtimeVersion: String { models.runtimeVersion }

  public func identity() throws -> EngineIdentity {
    var hashes: [String: String] = [:]
    for path in models.files {
      hashes[URL(fileURLWithPath: path).lastPathComponent] = try ModelHashCache.shared.hash(of: path)
    }
    var settings = [
      "recognizer": recognizerSize.rawValue,
      "detector": !readsWithDetector
        ? "none (one line an image)"
        : singleLine
          ? detectorSize.rawValue + ", for a column read as a page of one column" : detectorSize.rawValue,
      "onnxruntime": models.runtimeVersion,
      "threads": readsWithDetector ? Self.threads(withDetector: detectorSize) : "1",
      "layout": Layout.method,
    ]
    .merging(columnsInCells ? ["vertical columns": VerticalColumn.method] : [:]) { $1 }
    if !singleLine, let coarse = detectorSize.coarseDetector { settings["coarse detector"] = coarse.rawValue }
    if let share = pipelineOptions.spacesFromInk {
      settings["spaces"] = "from the ink's gaps, at " + String(format: "%g", share) + " of a word gap"
    }
    if !singleLine, let thickness = pipelineOptions.detectionLineThickness {
      settings["detection"] =
        "text-sized: lines " + String(format: "%g", thickness) + " pixels thick"
        + (pipelineOptions.coarsePassAsDetection ? ", the coarse pass where they are" : "")
    }
    if !singleLine, let glance = pipelineOptions.coarseGlanceSide {
      settings["coarse glance"] = "at \(glance) pixels, for photos of no text"
    }
    if !singleLine, pipelineOptions.sidewaysTurnFromPreview {
      settings["sideways turn"] = "from the coarse pass's copy turned a quarter, the page read only turned"
    }
    if !singleLine, pipelineOptions.upsideDownTurnFirst {
      settings["upside-down turn"] = "from the longest lines, read first; the page read only turned"
    }
    if pipelineOptions.recognitionWidthScale != 1 {
      settings["crops"] =
        "squeezed across to " + String(format: "%g", pipelineOptions.recognitionWidthScale)
        + " of their width"
    }
    return EngineIdentity(name: "ppocr", version: "PP-OCRv6", models: hashes, settings: settings)
  }

  /// The identity's threads when a detector runs. Not the number of workers, which does not change
  /// what is read: stores of shards run with other `--jobs` still merge.
  static func threads(withDetector detector: Size) -> String {
    detector.detectorRunsAtOnce == 1
      ? "1 a worker; the detector one run at a time, on a thread a worker"
      : "1 a worker; the detector \(detector.detectorRunsAtOnce) runs at a time, each on a thread a worker"
  }

  public func makeEngine() throws -> any RecognitionEngine {
    return PPOCREngine(
      pipeline: PPOCRPipeline(
        detector: models.detector, coarseDetector: models.coarseDetector,
        detectorOutsideTurns: models.detectorOutsideTurns, recognizer: models.recognizer,
        dictionary: models.dictionary, options: pipelineOptions, spareCores: models.spareCores),
      singleLine: singleLine)
  }
}

/// The models every worker's pipeline runs: loaded once, read-only after.
final class SharedModels: @unchecked Sendable {
  // Safe: `ONNXModel.run` is thread-safe (ONNX Runtime's `Run` is), and nothing here changes after
  // `load`.
  let recognizer: ONNXModel
  /// Run for one worker at a time, or two for a detector in int8 (``LimitedRuns``,
  /// ``PPOCRBackend/Size/detectorRunsAtOnce``: measured, one run at a time half the float
  /// detector's memory for a few percent of waiting).
  let detector: LimitedRuns?
  /// The coarse pass's detector, when not `detector` (``PPOCRBackend/Size/coarseDetector``): run
  /// for every worker at once, beside `detector`'s run (``coarseDetectorOptions``).
  let coarseDetector: ONNXModel?
  /// Without a coarse detector (the tiny detector is its own), and with more than one worker: the
  /// detector's model again, in a session of its own on one thread (``coarseDetectorOptions``),
  /// which runs the coarse passes outside the detector's turn, as a coarse detector's runs are:
  /// in the turn, one worker's coarse pass over a photo without text waited for the other's
  /// detection, its core idle
  /// (Reports/BENCHMARKS.md, "Fast's coarse pass out of the detector's turn, and a smaller screen dropped (issue 29)").
  let detectorOutsideTurns: ONNXModel?
  let dictionary: [String]
  /// The workers' idle cores, lent to the pipelines still reading (nil with one worker).
  let spareCores: SpareCores?
  /// Every file the models came from, for the identity.
  let files: [String]
  let runtimeVersion: String

  private init(
    recognizer: ONNXModel, detector: LimitedRuns?, coarseDetector: ONNXModel?,
    detectorOutsideTurns: ONNXModel?, dictionary: [String], files: [String], runtimeVersion: String,
    workers: Int
  ) {
    self.spareCores = workers > 1 ? SpareCores(workers: workers) : nil
    self.recognizer = recognizer
    self.detector = detector
    self.coarseDetector = coarseDetector
    self.detectorOutsideTurns = detectorOutsideTurns
    self.dictionary = dictionary
    self.files = files
    self.runtimeVersion = runtimeVersion
  }

  /// The detector's input takes a new shape with nearly every image, and a memory pattern is planned
  /// and kept per shape: without patterns the peak is far lower and no slower. So does the
  /// recognizer's (a crop's width is its own): without patterns, less memory for the same CPU time;
  /// on a long run the patterns would pile up. The arena stays: without it the detector costs more
  /// CPU (fresh pages from the kernel at every run) for a little less memory (Reports/BENCHMARKS.md, "Measured choices behind the defaults";
  /// Reports/BENCHMARKS.md, "PP-OCR against faster-paddle: what each lever bought": the memory-pattern and arena rows).
  ///
  /// The detector's runs take a thread a worker, without spinning: the detector runs for one or two
  /// workers at a time (``LimitedRuns``), and is most of a page's work, so with one thread the other
  /// workers soon wait for their turn with their cores idle; with a thread each, a run keeps every
  /// core busy, or shares them with the other workers' recognizers, and the memory stays one run's
  /// (Reports/BENCHMARKS.md, "Photos read reduced, the detector on two threads"). Spinning threads
  /// would take CPU from the other workers while they wait.
  static func detectorOptions(workers: Int) -> ONNXModel.Options {
    ONNXModel.Options(
      intraOpThreads: max(1, workers), memoryPattern: false, spinning: false, sharedArena: true)
  }
  /// The recognizer keeps its buffers in the detectors' arena too: it runs for every worker at once,
  /// beside a detector's run, but the detectors' peak and the recognizers' come at different moments,
  /// so one arena holds less than the two peaks kept side by side
  /// (Reports/BENCHMARKS.md, "No text, no work": the shared arena's rows).
  static let recognizerOptions = ONNXModel.Options(memoryPattern: false, sharedArena: true)
  /// The coarse pass's detector runs once a large image, for every worker at once, outside the
  /// detector's turn: its runs are small (an input of at most ``PPOCRPipeline/Options/coarseDetectionSide``
  /// on its longer side, or a band of ``PPOCRPipeline/Options/detectionBandPixels`` when it detects
  /// a page again), so their activations add little beside a detector's run, and a worker that
  /// waited for the turn to run it left its core idle while the other's detector ran
  /// (Reports/BENCHMARKS.md, "Every core busy: where the cores idled (issue 29)"). It keeps its
  /// buffers in the environment's arena (``ONNXModel/Options/sharedArena``) with the others': with
  /// an arena of its own, that arena's peak stayed beside the other's for the whole run; without
  /// any, every run took fresh pages from the kernel, most of the time a photo of no text cost
  /// (Reports/BENCHMARKS.md, "No text, no work": each measured).
  static let coarseDetectorOptions = ONNXModel.Options(memoryPattern: false, sharedArena: true)

  static func load(
    recognizer size: PPOCRBackend.Size, english: Bool, detector: PPOCRBackend.Size?, workers: Int = 1,
    locator: PPOCRModelLocator
  )
    throws -> SharedModels
  {
    do {
      let runtime = try ONNXRuntime.shared()
      let recognizerFiles = size.recognizerFiles(english: english)
      let recognizerFile = try locator.path(recognizerFiles.model)
      let dictionaryFile = try locator.path(recognizerFiles.dictionary)
      let detectorFile = try detector.map { try locator.path($0.detectorFile) }
      let coarseDetectorFile = try detector?.coarseDetector.map { try locator.path($0.detectorFile) }
      let detector = try detectorFile.map {
        LimitedRuns(
          try ONNXModel(path: $0, options: detectorOptions(workers: workers), runtime: runtime),
          runsAtOnce: detector?.detectorRunsAtOnce ?? 1)
      }
      return SharedModels(
        recognizer: try ONNXModel(path: recognizerFile, options: recognizerOptions, runtime: runtime),
        detector: detector,
        coarseDetector: try coarseDetectorFile.map {
          try ONNXModel(path: $0, options: coarseDetectorOptions, runtime: runtime)
        },
        detectorOutsideTurns: try (coarseDetectorFile == nil && workers > 1 ? detectorFile : nil).map {
          try ONNXModel(path: $0, options: coarseDetectorOptions, runtime: runtime)
        },
        dictionary: try PPOCRDictionary.load(path: dictionaryFile),
        files: [recognizerFile, dictionaryFile] + [detectorFile, coarseDetectorFile].compactMap { $0 },
        runtimeVersion: runtime.version, workers: workers)
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
    try recognize(image, boxes: boxes, stoppingWhenTurned: false)
  }

  func recognize(_ image: Image, boxes: Bool, name: PageName, stoppingWhenTurned: Bool) throws
    -> RecognizedText
  {
    try recognize(image, boxes: boxes, stoppingWhenTurned: stoppingWhenTurned)
  }

  private func recognize(_ image: Image, boxes: Bool, stoppingWhenTurned: Bool) throws -> RecognizedText {
    guard let pixels = RGBImage(image) else {
      throw EngineError(message: "PP-OCR: the \(image.width)×\(image.height) image has no RGB pixels")
    }
    let before = pipeline.timings
    let result = try pipeline.recognize(
      pixels, singleLine: singleLine, stoppingWhenTurned: stoppingWhenTurned)
    return recognized(result, since: before, boxes: boxes)
  }

  var noTextPreview: NoTextPreview? {
    let options = pipeline.options
    guard !singleLine, let above = options.coarseDetectionAbovePixels else { return nil }
    return NoTextPreview(longSide: options.coarseDetectionSide, abovePixels: above)
  }

  func examinePreview(preview: Image, fullWidth: Int, fullHeight: Int, boxes: Bool) throws -> PreviewFinding?
  {
    guard !singleLine else { return nil }
    guard let pixels = RGBImage(preview) else {
      throw EngineError(message: "PP-OCR: the \(preview.width)×\(preview.height) preview has no RGB pixels")
    }
    let before = pipeline.timings
    switch try pipeline.examinePreview(preview: pixels, fullWidth: fullWidth, fullHeight: fullHeight) {
    case .none: return nil
    case .text(let reduction): return .text(reduction: reduction)
    case .noText(let result): return .noText(recognized(result, since: before, boxes: boxes))
    }
  }

  /// The pipeline's result as the run records it, with the inference time since `before`.
  private func recognized(_ result: PPOCRResult, since before: PPOCRPipeline.Timings, boxes: Bool)
    -> RecognizedText
  {
    let inference = (pipeline.timings.since(before).inference * 1e6).rounded() / 1000
    var recognized = RecognizedText(
      text: result.text, confidence: result.confidence, inferenceMilliseconds: inference)
    recognized.detectedRegions = result.detectedRegions
    recognized.readInPart = result.readInPart
    recognized.pageTurn = result.pageTurn.map {
      OrientationDetection(degrees: $0.degrees, confidence: $0.margin)
    }
    guard boxes else { return recognized }
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
    recognized.layout = layout
    return recognized
  }
}

@available(*, unavailable)
extension PPOCREngine: Sendable {}
