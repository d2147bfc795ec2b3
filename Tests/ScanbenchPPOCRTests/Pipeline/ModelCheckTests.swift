import Testing

@testable import ScanbenchPPOCR

/// `PPOCRPipeline.checkModels`: a model of the wrong kind, or a dictionary that is not the
/// recognizer's, is refused before any image, through the checks a real image meets.
struct ModelCheckTests {
  static let dictionary = ["a", "b", "c"]

  /// A recognizer giving `[N, W / 8, classes]`, and a DB detector giving `[1, 1, H, W]`.
  static func recognizer(classes: Int) -> FakeModel {
    FakeModel { input in
      let columns = max(1, input.shape[3] / 8)
      return Tensor(
        shape: [input.shape[0], columns, classes],
        values: [Float](repeating: 0, count: input.shape[0] * columns * classes))
    }
  }

  static var detector: FakeModel {
    FakeModel { input in
      Tensor(
        shape: [1, 1, input.shape[2], input.shape[3]],
        values: [Float](repeating: 0, count: input.shape[2] * input.shape[3]))
    }
  }

  @Test func modelsThatFitPassWithOneSmallRunEach() throws {
    let recognizer = Self.recognizer(classes: Self.dictionary.count + 2)
    let detector = Self.detector
    try PPOCRPipeline.checkModels(detector: detector, recognizer: recognizer, dictionary: Self.dictionary)
    #expect(detector.inputs == [[1, 3, 64, 64]])
    #expect(recognizer.inputs.count == 1)
    #expect(recognizer.inputs.first?.prefix(3) == [1, 3, 48])
  }

  @Test func aDictionaryThatIsNotTheRecognizersIsRefused() {
    let error = #expect(throws: PPOCRError.self) {
      try PPOCRPipeline.checkModels(
        detector: nil, recognizer: Self.recognizer(classes: 10), dictionary: Self.dictionary)
    }
    #expect(error?.message.contains("wrong dictionary") == true)
  }

  @Test func aDetectorWhereTheRecognizerBelongsIsRefused() {
    #expect(throws: PPOCRError.self) {
      try PPOCRPipeline.checkModels(detector: nil, recognizer: Self.detector, dictionary: Self.dictionary)
    }
  }

  @Test func aRecognizerWhereTheDetectorBelongsIsRefused() {
    let recognizer = Self.recognizer(classes: Self.dictionary.count + 2)
    #expect(throws: PPOCRError.self) {
      try PPOCRPipeline.checkModels(detector: recognizer, recognizer: recognizer, dictionary: Self.dictionary)
    }
  }
}
