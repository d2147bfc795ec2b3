import Testing

@testable import ScanbenchPPOCR

/// What ``PPOCRPipeline/Timings`` counts besides the models' time: the detector's input against its
/// map (bands read their overlaps twice), and the recognizer's runs and columns, those of the pass
/// that reads each region once apart from those read again.
@Suite struct StageTimingsTests {
  /// A page of one dark line across, 300 × 20 pixels.
  static func page() -> RGBImage {
    var grey = [UInt8](repeating: 255, count: 736 * 736)
    for y in 100..<120 { for x in 50..<350 { grey[y * 736 + x] = 10 } }
    return RGBImage(width: 736, height: 736, grey: grey)
  }

  @Test func oneLineIsOneRunOfItsCropsColumnsAllInTheFirstPass() throws {
    let recognizer = PipelineTests.recognizer(text: [1, 2])
    let pipeline = PPOCRPipeline(
      detector: PipelineTests.thresholdDetector(), recognizer: recognizer,
      dictionary: PipelineTests.dictionary)
    _ = try pipeline.recognize(Self.page())
    let timings = pipeline.timings
    #expect(recognizer.inputs.count == 1)
    #expect(timings.recognizerRuns == 1)
    #expect(timings.recognizerColumns == recognizer.inputs.first?[3])
    #expect(timings.recognizerColumnsFirstPass == timings.recognizerColumns)
    // One band: the detector read the map's pixels once.
    #expect(timings.detectorInputPixels == 736 * 736)
    #expect(timings.detectorMapPixels == 736 * 736)
  }

  @Test func aLineReadTheOtherWayIsOutsideTheFirstPass() throws {
    // Read doubtfully (below the page turn's threshold), the longest line is read also half a turn
    // round to tell the page's turn: a second run, not the first pass's.
    let recognizer = PipelineTests.recognizer(text: [1, 2], probability: 0.6)
    let pipeline = PPOCRPipeline(
      detector: PipelineTests.thresholdDetector(), recognizer: recognizer,
      dictionary: PipelineTests.dictionary)
    _ = try pipeline.recognize(Self.page())
    let timings = pipeline.timings
    #expect(timings.recognizerRuns == 2)
    #expect(timings.recognizerColumnsFirstPass * 2 == timings.recognizerColumns)
  }

  @Test func bandsReadTheirOverlapsTwice() throws {
    var options = PPOCRPipeline.Options()
    options.detectionBandPixels = 736 * 256
    options.detectionBandOverlap = 64
    let pipeline = PPOCRPipeline(
      detector: PipelineTests.thresholdDetector(), recognizer: PipelineTests.recognizer(text: [1, 2]),
      dictionary: PipelineTests.dictionary, options: options)
    _ = try pipeline.recognize(Self.page())
    let bands = PPOCRPipeline.detectionBands(mapWidth: 736, mapHeight: 736, options: options)
    #expect(bands.count > 1)
    #expect(pipeline.timings.detectorMapPixels == 736 * 736)
    #expect(pipeline.timings.detectorInputPixels == bands.reduce(0) { $0 + $1.input.count } * 736)
    #expect(pipeline.timings.detectorInputPixels > pipeline.timings.detectorMapPixels)
  }
}
