import Testing

@testable import ScanbenchPPOCR

/// With ``PPOCRPipeline/Options/coarsePassAsDetection`` (the fast level's), a detector that makes
/// its own coarse pass keeps it as the detection where the page's lines are already as thick in it
/// as ``PPOCRPipeline/Options/detectionLineThickness`` asks; elsewhere it detects again, text-sized.
@Suite struct CoarsePassAsDetectionTests {
  /// A pipeline whose one stand-in detector also makes the coarse pass (no coarse detector of its own).
  func pipeline(keeping: Bool = true, thickness: Double? = 100) -> (PPOCRPipeline, detector: FakeModel) {
    var options = PPOCRPipeline.Options()
    options.detectionLineThickness = thickness
    options.coarsePassAsDetection = keeping
    options.blankImageSpread = 0
    let detector = PipelineTests.thresholdDetector()
    let pipeline = PPOCRPipeline(
      detector: detector, recognizer: PipelineTests.recognizer(text: [1, 2], probability: 0.95),
      dictionary: PipelineTests.dictionary, options: options)
    return (pipeline, detector)
  }

  /// Bars 60 rows thick, grown by the unclip ratio, are over 100 pixels thick in the coarse pass's
  /// map of a 1000 × 750 page: that pass is the detection.
  @Test func aPageOfLargePrintIsDetectedOnceAtTheCoarseSize() throws {
    let (pipeline, detector) = pipeline()
    let result = try pipeline.recognize(ReadingReductionTests().page(lines: 4, thickness: 60))
    let coarse = try #require(
      PPOCRPipeline.coarseSideDetectionSize(width: 1000, height: 750, options: pipeline.options))
    #expect(detector.inputs == [[1, 3, coarse.height, coarse.width]])
    #expect(pipeline.timings.coarseDetectionsKept == 1)
    #expect(result.lines.count == 4)
  }

  /// Bars 20 rows thick stay under 100 pixels: the page is detected again, at its usual size.
  @Test func thinnerPrintIsDetectedAgain() throws {
    let (pipeline, detector) = pipeline()
    let result = try pipeline.recognize(ReadingReductionTests().page(lines: 4, thickness: 20))
    let usual = PPOCRPipeline.detectionSize(width: 1000, height: 750, options: pipeline.options)
    #expect(detector.inputs.count == 2)
    #expect(detector.inputs.last == [1, 3, usual.height, usual.width])
    #expect(pipeline.timings.coarseDetectionsKept == 0)
    #expect(result.lines.count == 4)
  }

  /// Off, or without a thickness to size the detection to, the coarse pass is never the detection.
  @Test func withoutTheOptionOrAThicknessTheCoarsePassIsNotKept() throws {
    for (keeping, thickness) in [(false, 100.0), (true, nil)] as [(Bool, Double?)] {
      let (pipeline, detector) = pipeline(keeping: keeping, thickness: thickness)
      _ = try pipeline.recognize(ReadingReductionTests().page(lines: 4, thickness: 60))
      #expect(pipeline.timings.coarseDetectionsKept == 0)
      #expect(detector.inputs.count == (thickness == nil ? 1 : 2))
    }
  }

  /// A page of tall bars (a page lying on its side, whose coarse pass may join its lines into
  /// blocks) is detected at the usual size, not sized by its bars.
  @Test func aPageOfTallLinesIsDetectedAtTheUsualSize() throws {
    let (pipeline, detector) = pipeline()
    var grey = [UInt8](repeating: 255, count: 1000 * 750)
    for column in 0..<4 {
      let left = 100 + column * 120
      for y in 50..<700 { for x in left..<left + 60 { grey[y * 1000 + x] = 160 } }
    }
    _ = try pipeline.recognize(RGBImage(width: 1000, height: 750, grey: grey))
    let usual = PPOCRPipeline.detectionSize(width: 1000, height: 750, options: pipeline.options)
    #expect(pipeline.timings.coarseDetectionsKept == 0)
    #expect(detector.inputs.last == [1, 3, usual.height, usual.width])
  }

  /// The preview of a 4000 × 3000 photo found its lines thick enough: the image read at the
  /// reduction takes its regions, scaled, with no detection of its own.
  @Test func aPreviewsRegionsAreTheReducedImagesDetection() throws {
    let (pipeline, detector) = pipeline()
    let preview = ReadingReductionTests().page(lines: 4, thickness: 60)
    let finding = try pipeline.examinePreview(preview: preview, fullWidth: 4000, fullHeight: 3000)
    guard case .text(let reduction) = finding else {
      Issue.record("no text found: \(String(describing: finding))")
      return
    }
    let page = ReadingReductionTests().page(
      width: 4000 / reduction, height: 3000 / reduction, lines: 4, thickness: 60 * 4 / reduction)
    let result = try pipeline.recognize(page)
    #expect(detector.inputs.count == 1)
    #expect(pipeline.timings.coarseDetectionsKept == 1)
    #expect(result.lines.count == 4)
  }
}
