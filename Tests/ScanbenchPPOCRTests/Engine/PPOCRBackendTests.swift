import Foundation
import ScanbenchRecognition
import Testing

@testable import ScanbenchPPOCR

@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct PPOCRBackendTests {
  static func detectorThreads(of backend: PPOCRBackend) throws -> Int {
    let detector = try #require(backend.models.detector?.model as? ONNXModel)
    return detector.options.intraOpThreads
  }

  /// The detector runs for one worker at a time, on a thread a worker; the recognizer, run by every
  /// worker at once, on one. The identity does not count the workers: the text does not depend on
  /// them, and stores of shards run with other `--jobs` merge.
  @Test func theDetectorTakesAThreadAWorkerAndTheIdentityDoesNotSayHowMany() throws {
    var options = EngineOptions(level: .fast, language: "eng")
    let one = try PPOCRBackend(options)
    options.workers = 3
    let three = try PPOCRBackend(options)
    #expect(try Self.detectorThreads(of: one) == 1)
    #expect(try Self.detectorThreads(of: three) == 3)
    #expect(three.models.recognizer.options.intraOpThreads == 1)
    // Every worker's pipeline lends its idle core to the others' lines; one worker has none to lend.
    #expect(three.models.spareCores?.workers == 3 && one.models.spareCores == nil)
    #expect(try one.identity() == three.identity())
    #expect(try three.identity().settings["threads"] == PPOCRBackend.threads(withDetector: .tiny))
    #expect(three.models.detector?.runsAtOnce == 1)
  }

  /// Accurate finds English text with the small detector mostly in int8 (`small-mixed`), behind the
  /// small recognizer in float, and says so; Japanese keeps the float detector.
  /// Without int8 dot products (``Int8DotProducts``), the float detector instead; the one of 7-bit
  /// weights only by name.
  @Test func accurateEnglishDetectsWithTheMixedDetector() throws {
    let english = try PPOCRBackend(EngineOptions(level: .accurate, language: "eng"))
    let mixed = Int8DotProducts.available
    #expect(english.detectorSize == (mixed ? .smallMixed : .small) && english.recognizerSize == .small)
    let names = english.models.files.map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(names.contains("PP-OCRv6_rec_small_eng.onnx"))
    #expect(names.contains("PP-OCRv6_det_small_int8_mixed.onnx") == mixed)
    #expect(names.contains("PP-OCRv6_det_small.onnx") == !mixed)
    let settings = try english.identity().settings
    #expect(settings["detector"] == (mixed ? "small-mixed" : "small") && settings["recognizer"] == "small")
    #expect(
      PPOCRBackend.sizes(for: .accurate, language: "eng", int8DotProducts: true).detector == .smallMixed)
    #expect(PPOCRBackend.sizes(for: .accurate, language: "eng", int8DotProducts: false).detector == .small)
    var byName = EngineOptions(level: .accurate, language: "eng")
    byName.modelKind = "small-mixed-7bit"
    let sevenBit = try PPOCRBackend(byName)
    let sevenBitNames = sevenBit.models.files.map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(sevenBitNames.contains("PP-OCRv6_det_small_int8_mixed_7bit.onnx"))
    #expect(sevenBitNames.contains("PP-OCRv6_rec_small_eng.onnx"))
    #expect(try sevenBit.identity().settings["detector"] == "small-mixed-7bit")
    for language in ["jpn", "jpn_vert", "eng+jpn"] {
      let other = try PPOCRBackend(EngineOptions(level: .accurate, language: language))
      #expect(other.detectorSize == .small, "\(language)")
    }
  }

  /// Fast reads Japanese across (alone or with English) with the small recognizer in int8 but for its
  /// neck and classifier, behind the tiny detector; vertical Japanese and accurate keep it in float.
  /// Without int8 dot products (``Int8DotProducts``), the same recognizer made with 7-bit weights.
  @Test func fastJapaneseReadsWithTheInt8RecognizerItsNeckInFloat() throws {
    let int8 = Int8DotProducts.available
    for language in ["jpn", "eng+jpn"] {
      let fast = try PPOCRBackend(EngineOptions(level: .fast, language: language))
      #expect(
        fast.recognizerSize == (int8 ? .smallInt8Neck : .smallInt8Neck7Bit) && fast.detectorSize == .tiny,
        "\(language)")
      let names = fast.models.files.map { URL(fileURLWithPath: $0).lastPathComponent }
      #expect(names.contains("PP-OCRv6_rec_small_int8_neck.onnx") == int8, "\(language)")
      #expect(names.contains("PP-OCRv6_rec_small_int8_neck_7bit.onnx") == !int8, "\(language)")
      #expect(!names.contains("PP-OCRv6_rec_small.onnx"), "\(language)")
      #expect(
        try fast.identity().settings["recognizer"] == (int8 ? "small-int8-neck" : "small-int8-neck-7bit"),
        "\(language)")
      #expect(
        PPOCRBackend.sizes(for: .fast, language: language, int8DotProducts: true).recognizer == .smallInt8Neck
      )
      #expect(
        PPOCRBackend.sizes(for: .fast, language: language, int8DotProducts: false).recognizer
          == .smallInt8Neck7Bit)
    }
    let float: [(RecognitionLevel, String)] = [
      (.fast, "jpn_vert"), (.accurate, "jpn"), (.accurate, "eng+jpn"),
    ]
    for (level, language) in float {
      #expect(PPOCRBackend.sizes(for: level, language: language).recognizer == .small, "\(level) \(language)")
    }
  }

  /// English reads with the recognizers whose classes were cut to English, at both levels, and the
  /// record names them; Japanese, English with Japanese and the int8 recognizer keep every class.
  @Test func englishReadsWithTheRecognizersCutToEnglish() throws {
    func backend(_ level: RecognitionLevel, _ language: String, models: String? = nil) throws -> PPOCRBackend
    {
      var options = EngineOptions(level: level, language: language)
      options.modelKind = models
      return try PPOCRBackend(options)
    }
    func files(_ level: RecognitionLevel, _ language: String, models: String? = nil) throws -> Set<String> {
      Set(try backend(level, language, models: models).identity().models.keys)
    }
    // No class of the English copies is CJK, and the decoder reads them with their own lists.
    for level in [RecognitionLevel.accurate, .fast] {
      let english = try backend(level, "eng").models.dictionary
      #expect(
        english.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value < 0x2E80 } } && english.contains("A"))
      #expect(english.count * 5 < (try backend(level, "jpn").models.dictionary.count), "\(level)")
    }
    let accurate = try files(.accurate, "eng")
    #expect(accurate.isSuperset(of: ["PP-OCRv6_rec_small_eng.onnx", "ppocrv6_dict_eng.txt"]))
    #expect(accurate.isDisjoint(with: ["PP-OCRv6_rec_small.onnx", "ppocrv6_dict.txt"]))
    let fast = try files(.fast, "eng")
    #expect(fast.isSuperset(of: ["PP-OCRv6_rec_tiny_eng.onnx", "ppocrv6_tiny_dict_eng.txt"]))
    for language in ["jpn", "eng+jpn"] {
      #expect(try files(.accurate, language).contains("PP-OCRv6_rec_small.onnx"), "\(language)")
    }
    if Int8DotProducts.available {
      #expect(try files(.accurate, "eng", models: "small-int8").contains("PP-OCRv6_rec_small_int8.onnx"))
    } else {
      #expect(throws: EngineError.self) { try files(.accurate, "eng", models: "small-int8") }
    }
  }

  /// Models in int8 of 8-bit weights asked for by name are refused on a processor without int8 dot
  /// products, and only there; float models and those of 7-bit weights never.
  @Test func int8ModelsByNameAreRefusedWithoutInt8DotProducts() throws {
    for size in PPOCRBackend.Size.allCases {
      try PPOCRBackend.checkInt8(size, int8DotProducts: true)
      if size.needsInt8DotProducts {
        let error = #expect(throws: EngineError.self) {
          try PPOCRBackend.checkInt8(size, int8DotProducts: false)
        }
        #expect(
          error?.message.contains("'\(size.rawValue)'") == true
            && error?.message.contains("--models small") == true)
      } else {
        try PPOCRBackend.checkInt8(size, int8DotProducts: false)
      }
    }
    #expect(
      PPOCRBackend.Size.allCases.filter(\.needsInt8DotProducts) == [.smallInt8, .smallInt8Neck, .smallMixed])
  }

  /// The int8 detector runs for two workers at once, the float one for one; the record says which.
  @Test func theInt8DetectorTakesTwoRunsAtOnceAndTheFloatOneOne() throws {
    var options = EngineOptions(level: .accurate, language: "eng")
    options.workers = 2
    let english = try PPOCRBackend(options)
    options.language = "jpn"
    let japanese = try PPOCRBackend(options)
    let mixed = Int8DotProducts.available
    #expect(
      english.models.detector?.runsAtOnce == (mixed ? 2 : 1) && japanese.models.detector?.runsAtOnce == 1)
    let englishThreads = try english.identity().settings["threads"]
    let japaneseThreads = try japanese.identity().settings["threads"]
    #expect(englishThreads == PPOCRBackend.threads(withDetector: mixed ? .smallMixed : .small))
    #expect(
      japaneseThreads == PPOCRBackend.threads(withDetector: .small)
        && (englishThreads != japaneseThreads) == mixed)
    #expect(PPOCRBackend.Size.smallMixed7Bit.detectorRunsAtOnce == 2)
  }

  /// The page's detector (its runs limited), the coarse pass's (every worker at once) and the
  /// recognizer keep their buffers in one arena, the environment's.
  @Test func theDetectorsAndTheRecognizerShareOneArena() throws {
    let backend = try PPOCRBackend(EngineOptions(level: .accurate, language: "eng"))
    let detector = try #require(backend.models.detector?.model as? ONNXModel)
    let coarse = try #require(backend.models.coarseDetector)
    for options in [detector.options, coarse.options] {
      #expect(options.memoryArena && options.sharedArena)
    }
    #expect(backend.models.recognizer.options.memoryArena && backend.models.recognizer.options.sharedArena)
  }

  @Test func aLineReadWithoutDetectionSaysOneThread() throws {
    var options = EngineOptions(level: .fast, language: "eng")
    options.pageSegmentation = 7
    options.workers = 2
    let backend = try PPOCRBackend(options)
    #expect(backend.models.detector == nil)
    #expect(try backend.identity().settings["threads"] == "1")
  }

  /// Vertical Japanese one line an image keeps its detector: a column image is read as a page of one
  /// column is, detected and whole, and the identity says so; Japanese set across does not.
  @Test func aVerticalColumnReadAsOneLineKeepsItsDetector() throws {
    var options = EngineOptions(level: .accurate, language: "jpn_vert")
    options.pageSegmentation = 7
    let vertical = try PPOCRBackend(options)
    #expect(vertical.models.detector != nil)
    #expect(
      try vertical.identity().settings["detector"]
        == vertical.detectorSize.rawValue + ", for a column read as a page of one column")
    options.language = "jpn"
    let across = try PPOCRBackend(options)
    #expect(across.models.detector == nil)
    #expect(try across.identity().settings["detector"] == "none (one line an image)")
  }
}

/// What each level changes in the pipeline besides its models.
@Suite struct PPOCRBackendOptionsTests {
  /// Fast, where the tiny detector finds the text, detects it text-sized and keeps a coarse pass
  /// whose lines are already that size; accurate, another detector, and vertical Japanese at either
  /// level detect at the usual size.
  @Test func fastDetectsTextSizedWithTheTinyDetector() {
    for language in ["eng", "jpn", "eng+jpn"] {
      let fast = PPOCRBackend.pipelineOptions(
        for: .fast, language: language, recognizer: .tiny, detector: .tiny)
      #expect(fast.detectionLineThickness == PPOCRBackend.fastLineThickness, "\(language)")
      #expect(fast.coarsePassAsDetection, "\(language)")
    }
    let usual: [(RecognitionLevel, String, PPOCRBackend.Size)] = [
      (.accurate, "eng", .smallMixed), (.accurate, "jpn", .small), (.accurate, "eng", .tiny),
      (.fast, "eng", .small), (.fast, "jpn_vert", .small),
    ]
    for (level, language, detector) in usual {
      let options = PPOCRBackend.pipelineOptions(
        for: level, language: language, recognizer: .small, detector: detector)
      #expect(options.detectionLineThickness == nil, "\(level) \(language) \(detector)")
      #expect(!options.coarsePassAsDetection, "\(level) \(language) \(detector)")
    }
    #expect(
      PPOCRBackend.pipelineOptions(for: .fast, language: "jpn_vert", recognizer: .small, detector: .small)
        == .verticalColumns)
  }

  /// Only fast English reads a photo on its side only turned, its turn told from the reduced copy:
  /// Japanese, accurate and vertical Japanese read it as it lies first.
  @Test func onlyFastEnglishTellsASidewaysTurnFromTheCopy() {
    let on = PPOCRBackend.pipelineOptions(for: .fast, language: "eng", recognizer: .tiny, detector: .tiny)
    #expect(on.sidewaysTurnFromPreview)
    let off: [(RecognitionLevel, String, PPOCRBackend.Size, PPOCRBackend.Size)] = [
      (.fast, "jpn", .smallInt8Neck7Bit, .tiny), (.fast, "eng+jpn", .smallInt8Neck7Bit, .tiny),
      (.fast, "jpn_vert", .small, .small), (.accurate, "eng", .small, .small), (.fast, "eng", .small, .small),
    ]
    for (level, language, recognizer, detector) in off {
      let options = PPOCRBackend.pipelineOptions(
        for: level, language: language, recognizer: recognizer, detector: detector)
      #expect(!options.sidewaysTurnFromPreview, "\(level) \(language) \(detector)")
    }
  }

  /// Fast, with the tiny detector, reads a page's longest lines first in either language; accurate
  /// and vertical Japanese (whose columns tell no turn) read every line first.
  @Test func onlyFastReadsThePagesLongestLinesFirst() {
    let on: [(String, PPOCRBackend.Size)] = [("eng", .tiny), ("jpn", .smallInt8Neck7Bit)]
    for (language, recognizer) in on {
      let options = PPOCRBackend.pipelineOptions(
        for: .fast, language: language, recognizer: recognizer, detector: .tiny)
      #expect(options.upsideDownTurnFirst, "\(language)")
    }
    let off: [(RecognitionLevel, String, PPOCRBackend.Size, PPOCRBackend.Size)] = [
      (.fast, "jpn_vert", .small, .small), (.accurate, "eng", .small, .small),
      (.accurate, "jpn", .small, .small),
      (.fast, "eng", .small, .small),
    ]
    for (level, language, recognizer, detector) in off {
      let options = PPOCRBackend.pipelineOptions(
        for: level, language: language, recognizer: recognizer, detector: detector)
      #expect(!options.upsideDownTurnFirst, "\(level) \(language) \(detector)")
    }
  }

  /// The line filter's threshold follows the recognizer: a recognizer cut to English's classes,
  /// whose lines read likelier, drops more than one with every class; one with every class keeps
  /// the pipeline's default.
  @Test func theLineFilterFollowsTheRecognizersClasses() {
    let every = PPOCRPipeline.Options().minLineProbability
    let cut: [(RecognitionLevel, PPOCRBackend.Size, PPOCRBackend.Size)] = [
      (.accurate, .small, .smallMixed), (.fast, .tiny, .tiny), (.accurate, .smallMixed, .smallMixed),
    ]
    for (level, recognizer, detector) in cut {
      let options = PPOCRBackend.pipelineOptions(
        for: level, language: "eng", recognizer: recognizer, detector: detector)
      #expect(options.minLineProbability > every, "\(level) \(recognizer)")
      #expect(options.minLineProbability == PPOCRBackend.Size.minLineProbabilityWithEnglishClasses)
    }
    let full: [(String, PPOCRBackend.Size)] = [
      ("jpn", .small), ("eng+jpn", .small), ("eng", .smallInt8), ("eng", .smallInt8Neck),
      ("jpn", .smallInt8Neck),
    ]
    for (language, recognizer) in full {
      let options = PPOCRBackend.pipelineOptions(
        for: .accurate, language: language, recognizer: recognizer, detector: .small)
      #expect(options.minLineProbability == every, "\(language) \(recognizer)")
    }
  }
}
