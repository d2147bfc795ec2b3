import Testing

@testable import ScanbenchPPOCR

/// The pipeline's glue with stand-in models: a detector that marks dark pixels as text, a recognizer
/// that answers from what its crops look like.
@Suite struct PipelineTests {
  static let dictionary = ["a", "b", "c", "d", "甲", "乙"]

  /// A detector that calls every pixel darker than light grey (182) text.
  static func thresholdDetector() -> FakeModel {
    FakeModel { input in
      let (height, width) = (input.shape[2], input.shape[3])
      let plane = Array(input.values[0..<(height * width)])
      return Tensor(shape: [1, 1, height, width], values: plane.map { $0 < 1 ? 1 : 0 })
    }
  }

  /// A pipeline with stand-in models as the fast level has them: the threshold detector runs the
  /// coarse pass as well (there is no coarse detector), the recognizer reads `[1, 2]`, and no image
  /// is plain enough to be skipped; `configure` sets the option a test is of.
  static func fastStandIn(
    _ configure: (inout PPOCRPipeline.Options) -> Void
  ) -> (PPOCRPipeline, detector: FakeModel) {
    let detector = thresholdDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    configure(&options)
    let pipeline = PPOCRPipeline(
      detector: detector, recognizer: recognizer(text: [1, 2]), dictionary: dictionary, options: options)
    return (pipeline, detector)
  }

  /// A recognizer that reads "甲" in a crop holding a near-black pixel, "乙" in one whose darkest is
  /// below mid-grey, and otherwise the fixed line `text` spread over the crop's columns, each
  /// character with `probability`.
  static func recognizer(text: [Int], probability: Float = 0.9) -> FakeModel {
    recognizer(classes: dictionary.count + 2, firstColumn: 2, blank: 0.9) { darkest in
      (darkest < -0.7 ? [5] : darkest < 0 ? [6] : text).map { ($0, probability) }
    }
  }

  /// A recognizer of `classes` classes that reads `read(darkest)` in each crop, from the crop's
  /// darkest value (−1 black, 1 white): each character, with its probability, in a column of its own
  /// from `firstColumn` on, blanks (read with `blank`) between and around them.
  static func recognizer(
    classes: Int, firstColumn: Int, blank: Float, read: @escaping (Float) -> [(Int, Float)]
  ) -> FakeModel {
    FakeModel { input in
      let (batch, height, width) = (input.shape[0], input.shape[2], input.shape[3])
      let columns = width / 8
      var out = [Float](repeating: 0, count: batch * columns * classes)
      for item in 0..<batch {
        let plane = input.values[(item * 3 * height * width)..<(item * 3 * height * width + height * width)]
        let sequence = read(plane.min() ?? 1)
        for column in 0..<columns {
          let slot = column - firstColumn
          let (best, probability) =
            slot >= 0 && slot % 2 == 0 && slot / 2 < sequence.count ? sequence[slot / 2] : (0, blank)
          out[(item * columns + column) * classes + best] = probability
        }
      }
      return Tensor(shape: [batch, columns, classes], values: out)
    }
  }

  func image(width: Int, height: Int, dark: [(x: Range<Int>, y: Range<Int>, grey: UInt8)]) -> RGBImage {
    var grey = [UInt8](repeating: 255, count: width * height)
    for patch in dark {
      for y in patch.y { for x in patch.x { grey[y * width + x] = patch.grey } }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  @Test func aDetectedLineIsRecognizedWithWordsAndBoxes() throws {
    let detector = Self.thresholdDetector()
    // "ab cd": a b space c d.
    let recognizer = Self.recognizer(text: [1, 2, 7, 3, 4])
    let pipeline = PPOCRPipeline(detector: detector, recognizer: recognizer, dictionary: Self.dictionary)
    let page = image(width: 736, height: 736, dark: [(50..<350, 100..<120, 160)])
    let result = try pipeline.recognize(page)
    #expect(detector.inputs == [[1, 3, 736, 736]])
    #expect(result.text == "ab cd")
    #expect(result.lines.count == 1)
    let line = try #require(result.lines.first)
    #expect(line.words.map(\.text) == ["ab", "cd"])
    // The unclipped box holds the dark bar and not much more.
    #expect(line.box.y <= 100 && line.box.y + line.box.height >= 119)
    #expect(line.box.y >= 80 && line.box.y + line.box.height <= 140)
    #expect(line.words[0].box.x < line.words[1].box.x)
    #expect(abs(line.confidence - 90) < 1e-3 && abs(result.confidence - 90) < 1e-3)
  }

  @Test func aBlankPageHasNoLines() throws {
    let recognizer = Self.recognizer(text: [1])
    let pipeline = PPOCRPipeline(
      detector: Self.thresholdDetector(), recognizer: recognizer, dictionary: Self.dictionary)
    let result = try pipeline.recognize(image(width: 300, height: 200, dark: []))
    #expect(result.lines.isEmpty && result.text.isEmpty && result.confidence == 0)
    #expect(recognizer.inputs.isEmpty)
  }

  @Test func singleLineModeSkipsDetection() throws {
    let detector = Self.thresholdDetector()
    let recognizer = Self.recognizer(text: [3, 1, 2])
    let pipeline = PPOCRPipeline(detector: detector, recognizer: recognizer, dictionary: Self.dictionary)
    let result = try pipeline.recognize(image(width: 600, height: 30, dark: []), singleLine: true)
    #expect(detector.inputs.isEmpty)
    // 600 × 30 → 960 × 48 (wider than the 320 minimum).
    #expect(recognizer.inputs == [[1, 3, 48, 960]])
    #expect(result.text == "cab")
    #expect(result.lines.first?.words.first?.box.height == 30)
  }

  @Test func aVerticalPageIsReadRightToLeft() throws {
    let pipeline = PPOCRPipeline(
      detector: Self.thresholdDetector(), recognizer: Self.recognizer(text: []), dictionary: Self.dictionary)
    let page = image(
      width: 736, height: 736, dark: [(100..<130, 100..<400, 10), (300..<330, 100..<400, 100)])
    let result = try pipeline.recognize(page)
    #expect(result.lines.map(\.text) == ["乙", "甲"])
    #expect(result.lines.allSatisfy { $0.isVertical })
  }

  @Test func cropsAreBatchedByAspectRatio() throws {
    let recognizer = Self.recognizer(text: [1])
    var options = PPOCRPipeline.Options()
    options.recognitionBatchSize = 2
    let pipeline = PPOCRPipeline(
      detector: Self.thresholdDetector(), recognizer: recognizer, dictionary: Self.dictionary,
      options: options)
    // Three bars: 600, 100 and 500 long, each 20 high.
    let page = image(
      width: 736, height: 736,
      dark: [(50..<650, 100..<120, 160), (50..<150, 200..<220, 160), (50..<550, 300..<320, 160)])
    let result = try pipeline.recognize(page)
    #expect(result.lines.count == 3)
    // The short bar and the 500 one share a batch; the longest goes alone.
    #expect(recognizer.inputs.map { $0[0] } == [2, 1])
    #expect(recognizer.inputs[1][3] > recognizer.inputs[0][3])
  }

  @Test func aDictionaryThatDoesNotFitIsAnError() {
    let pipeline = PPOCRPipeline(
      detector: nil, recognizer: Self.recognizer(text: [1]), dictionary: ["a", "b"])
    #expect(throws: PPOCRError.self) {
      try pipeline.recognize(image(width: 100, height: 30, dark: []))
    }
  }

  @Test func timingsCountInferenceApart() throws {
    let pipeline = PPOCRPipeline(
      detector: Self.thresholdDetector(), recognizer: Self.recognizer(text: [1]), dictionary: Self.dictionary)
    _ = try pipeline.recognize(image(width: 736, height: 736, dark: [(50..<350, 100..<120, 160)]))
    #expect(pipeline.timings.images == 1)
    #expect(pipeline.timings.detectionInference > 0 && pipeline.timings.recognitionInference > 0)
    #expect(pipeline.timings.total >= pipeline.timings.inference)
  }
}
