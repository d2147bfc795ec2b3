import Testing

@testable import ScanbenchPPOCR

/// With ``PPOCRPipeline/Options/narrowPages``, an image at least that many times as tall as wide is
/// detected at a smaller input and its crops are read squeezed across; other images as before.
@Suite struct NarrowPagesTests {
  func pipeline(narrow: Bool) -> (PPOCRPipeline, detector: FakeModel, recognizer: FakeModel) {
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    options.coarseDetectionAbovePixels = nil
    options.narrowPages = narrow ? PPOCRPipeline.Options.NarrowPages() : nil
    let detector = PipelineTests.thresholdDetector()
    let recognizer = PipelineTests.recognizer(text: [1, 2], probability: 0.95)
    let pipeline = PPOCRPipeline(
      detector: detector, recognizer: recognizer, dictionary: PipelineTests.dictionary, options: options)
    return (pipeline, detector, recognizer)
  }

  /// Bars 700 pixels long on a page `width` × `height`.
  func page(width: Int, height: Int) -> RGBImage {
    ReadingReductionTests().page(width: width, height: height, lines: 4, thickness: 30)
  }

  @Test func aNarrowPageIsDetectedSmallerAndReadSqueezed() throws {
    let (usual, usualDetector, usualRecognizer) = pipeline(narrow: false)
    let (narrow, narrowDetector, narrowRecognizer) = pipeline(narrow: true)
    let image = page(width: 1000, height: 2000)
    let before = try usual.recognize(image)
    let after = try narrow.recognize(image)
    // The detector's input runs in bands of rows: its width tells its scale (0.8 of 1000, not 1000,
    // each rounded to a multiple of 32).
    #expect(try #require(usualDetector.inputs.last)[3] == 992)
    #expect(try #require(narrowDetector.inputs.last)[3] == 800)
    let usualColumns = usualRecognizer.inputs.reduce(0) { $0 + $1[0] * $1[3] }
    let narrowColumns = narrowRecognizer.inputs.reduce(0) { $0 + $1[0] * $1[3] }
    #expect(usualRecognizer.inputs.count == 4 && narrowRecognizer.inputs.count == 4)
    #expect(abs(Double(narrowColumns) / Double(usualColumns) - 0.8) < 0.02)
    #expect(after.lines.map(\.text) == before.lines.map(\.text))
    #expect(narrow.timings.narrowPages == 1 && usual.timings.narrowPages == 0)
    // The pipeline's own options are back for the next image.
    #expect(narrow.options.recognitionWidthScale == 1 && narrow.options.detectionMaxSide == 2000)
  }

  @Test func aPageLessTallThanTheRatioReadsAsUsual() throws {
    let (usual, _, usualRecognizer) = pipeline(narrow: false)
    let (narrow, narrowDetector, narrowRecognizer) = pipeline(narrow: true)
    let image = page(width: 1000, height: 1500)
    _ = try usual.recognize(image)
    _ = try narrow.recognize(image)
    #expect(try #require(narrowDetector.inputs.last)[3] == 992)
    #expect(narrowRecognizer.inputs == usualRecognizer.inputs)
    #expect(narrow.timings.narrowPages == 0)
  }

  @Test func theRuleIsTheImagesShape() {
    let narrow = PPOCRPipeline.Options.NarrowPages()
    #expect(narrow.holds(width: 932, height: 1869))
    #expect(!narrow.holds(width: 2550, height: 3300))
    #expect(!narrow.holds(width: 0, height: 100))
    var options = PPOCRPipeline.Options()
    options.detectionMaxSide = 960
    #expect(narrow.applied(to: options).detectionMaxSide == 960)
  }
}
