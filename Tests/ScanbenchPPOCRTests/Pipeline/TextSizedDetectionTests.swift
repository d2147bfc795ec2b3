import Testing

@testable import ScanbenchPPOCR

/// With ``PPOCRPipeline/Options/detectionLineThickness``, the detector's input is scaled down from
/// the usual size until the page's lines are that thick in it; never up.
@Suite struct TextSizedDetectionTests {
  func options(thickness: Double?) -> PPOCRPipeline.Options {
    var options = PPOCRPipeline.Options()
    options.detectionLineThickness = thickness
    options.blankImageSpread = 0
    return options
  }

  /// A pipeline of stand-in detectors that find dark bars, the page's and the coarse pass's.
  func pipeline(thickness: Double?) -> (PPOCRPipeline, detector: FakeModel, coarse: FakeModel) {
    let detector = PipelineTests.thresholdDetector()
    let coarse = PipelineTests.thresholdDetector()
    let pipeline = PPOCRPipeline(
      detector: detector, coarseDetector: coarse,
      recognizer: PipelineTests.recognizer(text: [1, 2], probability: 0.95),
      dictionary: PipelineTests.dictionary, options: options(thickness: thickness))
    return (pipeline, detector, coarse)
  }

  func size(_ width: Int, _ height: Int, line: Double?, thickness: Double? = 16) -> [Int] {
    let size = PPOCRPipeline.detectionSize(
      width: width, height: height, lineThickness: line, options: options(thickness: thickness))
    return [size.width, size.height]
  }

  @Test func thickLinesScaleTheInputDown() {
    // A receipt the detector sees at 928 × 1856: lines 40 pixels thick are 16 at 0.4 of that,
    // each side rounded up to a multiple of 32.
    #expect(size(932, 1858, line: 40) == [384, 768])
    // The same lines in a page the detector sees at 0.6 of its size (its longer side at 2000).
    #expect(size(2550, 3312, line: 40) == [1024, 1344])
  }

  @Test func thinLinesNoLineOrNoThicknessKeepTheUsualSize() {
    #expect(size(932, 1858, line: 16) == [928, 1856])
    #expect(size(932, 1858, line: 10) == [928, 1856])
    #expect(size(932, 1858, line: nil) == [928, 1856])
    #expect(size(932, 1858, line: 40, thickness: nil) == [928, 1856])
  }

  @Test func theLineIsTheThinnestQuarterOfTheRegions() {
    let options = PPOCRPipeline.Options()
    #expect(PPOCRPipeline.lineThickness([50, 10, 40, 30, 20], options: options) == 20)
    #expect(PPOCRPipeline.lineThickness([.nan, 12], options: options) == 12)
    #expect(PPOCRPipeline.lineThickness([], options: options) == nil)
  }

  /// The coarse detector finds the page's bars 60 pixels thick; the page's detector then sees the
  /// page scaled down to where they are 16 thick, and still finds them.
  @Test func aPageOfLargePrintIsDetectedSmaller() throws {
    let (pipeline, detector, coarse) = pipeline(thickness: 16)
    let result = try pipeline.recognize(ReadingReductionTests().page(lines: 4, thickness: 60))
    #expect(coarse.inputs.count == 1)
    let usual = PPOCRPipeline.detectionSize(width: 1000, height: 750, options: pipeline.options)
    let input = try #require(detector.inputs.first)
    #expect(input[2] * input[3] < usual.width * usual.height / 4)
    #expect(pipeline.timings.textSizedDetections == 1)
    #expect(result.lines.count == 4)
  }

  @Test func withoutAThicknessThereIsNoPassForTheTextsSize() throws {
    let (pipeline, _, coarse) = pipeline(thickness: nil)
    _ = try pipeline.recognize(ReadingReductionTests().page(lines: 4, thickness: 60))
    #expect(coarse.inputs.isEmpty)
    #expect(pipeline.timings.textSizedDetections == 0)
  }
}
