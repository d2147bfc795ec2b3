import Testing

@testable import ScanbenchPPOCR

/// A large image whose coarse pass found text is read from a reduced decode when its lines stay
/// thick enough and its detector's input the same; else whole.
@Suite struct ReadingReductionTests {
  let options = PPOCRPipeline.Options()
  /// The thinnest line read reduced, at the reduction.
  var thinnest: Double { Double(options.recognitionHeight) / options.reducedReading.maxEnlargement }

  func reduction(_ width: Int, _ height: Int, lines: [Double]) -> Int {
    PPOCRPipeline.readingReduction(fullWidth: width, fullHeight: height, thicknesses: lines, options: options)
  }

  @Test func aPhotoOfThickLinesIsReadAtHalfItsSides() {
    // 4000 × 3000: the detector sees it at 1984 × 1504 whole or halved; a quarter would shrink that.
    #expect(reduction(4000, 3000, lines: Array(repeating: 2 * thinnest, count: 20)) == 2)
    #expect(reduction(3000, 4000, lines: Array(repeating: 400, count: 20)) == 2)
  }

  @Test func aLargerPhotoOfThickerLinesIsReadAtAQuarter() {
    // 8000 × 6000 at a quarter is 2000 × 1500: the same detector input as whole.
    #expect(
      reduction(8000, 6000, lines: Array(repeating: 4 * thinnest, count: 9))
        == 4)
    #expect(
      reduction(8000, 6000, lines: Array(repeating: 3 * thinnest, count: 9))
        == 2)
  }

  @Test func thinLinesOrNoneAreReadWhole() {
    let thin = 2 * thinnest - 1
    #expect(reduction(4000, 3000, lines: Array(repeating: thin, count: 20)) == 1)
    #expect(reduction(4000, 3000, lines: []) == 1)
    #expect(reduction(4000, 3000, lines: [.nan, .infinity]) == 1)
    // An image the detector already sees whole (its longer side at most 2000): halving it would
    // halve the detector's input.
    #expect(reduction(1800, 2400, lines: Array(repeating: 400, count: 20)) == 1)
  }

  /// The small print decides: a quarter of the lines thin keeps the page whole, however thick the rest.
  @Test func theThinnestQuarterOfTheLinesDecides() {
    let thick = 4 * thinnest
    let thin = thinnest
    #expect(
      reduction(4000, 3000, lines: Array(repeating: thick, count: 15) + Array(repeating: thin, count: 5)) == 1
    )
    #expect(
      reduction(4000, 3000, lines: Array(repeating: thick, count: 17) + Array(repeating: thin, count: 3)) == 2
    )
  }

  /// Small print read at half its sides: lines 39 pixels thick whole (about 19.4 at half, as the
  /// smallest print of the English photos, which read as well so) are enlarged 2.5 times to the
  /// recognizer's 48; thinner ones stay whole.
  @Test func smallPrintOfNineteenPixelsAtHalfIsReadAtHalf() {
    #expect(options.reducedReading.maxEnlargement == 2.5)
    #expect(reduction(3000, 4000, lines: Array(repeating: 38.9, count: 20)) == 2)
    #expect(reduction(3000, 4000, lines: Array(repeating: 38.2, count: 20)) == 1)
  }

  @Test func noReductionsOfferedReadsWhole() {
    var options = PPOCRPipeline.Options()
    options.reducedReading.reductions = []
    #expect(
      PPOCRPipeline.readingReduction(
        fullWidth: 4000, fullHeight: 3000, thicknesses: Array(repeating: 400, count: 20), options: options)
        == 1)
  }
}

extension ReadingReductionTests {
  /// A white image holding `lines` grey bars `thickness` rows thick (the stand-in detector's text).
  func page(width: Int = 1000, height: Int = 750, lines: Int, thickness: Int) -> RGBImage {
    var grey = [UInt8](repeating: 255, count: width * height)
    for line in 0..<lines {
      let top = 100 + line * (thickness + 40)
      for y in top..<top + thickness { for x in 100..<800 { grey[y * width + x] = 160 } }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  /// The coarse detector finds the bars; the page's own `detector` may find nothing.
  func pipeline(detector: FakeModel = PipelineTests.thresholdDetector(), maxEnlargement: Double? = nil)
    -> PPOCRPipeline
  {
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    if let maxEnlargement { options.reducedReading.maxEnlargement = maxEnlargement }
    return PPOCRPipeline(
      detector: detector, coarseDetector: PipelineTests.thresholdDetector(),
      recognizer: PipelineTests.recognizer(text: [1, 2], probability: 0.95),
      dictionary: PipelineTests.dictionary, options: options)
  }

  /// The coarse pass over a 1000 × 750 copy of a 4000 × 3000 photo says at what reduction to read
  /// it; the image read at that size counts as one whose coarse pass found text (so a full detection
  /// that finds nothing is done again by the coarse detector, as for an image read whole).
  @Test func thePreviewSaysTheReductionAndTheReducedImageKeepsItsCoarseFinding() throws {
    let blind = FakeModel {
      Tensor(
        shape: [1, 1, $0.shape[2], $0.shape[3]],
        values: [Float](repeating: 0, count: $0.shape[2] * $0.shape[3]))
    }
    let pipeline = pipeline(detector: blind)
    #expect(try reduction(pipeline, lineThickness: 30) == 2)
    #expect(pipeline.timings.reducedReadings == 1)
    let result = try pipeline.recognize(page(width: 2000, height: 1500, lines: 4, thickness: 60))
    #expect(pipeline.timings.coarseRedetections == 1)
    #expect(!result.text.isEmpty)
  }

  /// The stand-in detector's thinnest bars, grown by the unclip ratio, stay just above the default
  /// limit at half the sides: a lower limit reads them whole.
  @Test func thinLinesInThePreviewAreReadWhole() throws {
    #expect(try reduction(pipeline(), lineThickness: 4) == 2)
    let pipeline = pipeline(maxEnlargement: 2)
    #expect(try reduction(pipeline, lineThickness: 4) == 1)
    #expect(pipeline.timings.reducedReadings == 0)
  }

  /// The reduction `pipeline`'s preview of a 4000 × 3000 photo says to read it at, its preview
  /// holding four lines `lineThickness` pixels thick; nil (recorded as an issue) when it says no text.
  func reduction(_ pipeline: PPOCRPipeline, lineThickness: Int) throws -> Int? {
    let finding = try pipeline.examinePreview(
      preview: page(lines: 4, thickness: lineThickness), fullWidth: 4000, fullHeight: 3000)
    guard case .text(let reduction) = finding else {
      Issue.record("text found: \(String(describing: finding))")
      return nil
    }
    return reduction
  }
}
