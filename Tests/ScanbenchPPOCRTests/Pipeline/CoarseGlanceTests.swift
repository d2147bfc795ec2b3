import Testing

@testable import ScanbenchPPOCR

/// The glance before the coarse pass (``PPOCRPipeline/Options/coarseGlanceSide``), with stand-in
/// models as the fast level has them: the detector runs both passes, there is no coarse detector.
@Suite struct CoarseGlanceTests {
  /// The coarse pass's page (``CoarseDetectionTests/page(_:width:height:)``): `dark` bars the
  /// threshold detector calls text.
  func page(_ dark: [(x: Range<Int>, y: Range<Int>)], width: Int = 2400, height: Int = 2000) -> RGBImage {
    CoarseDetectionTests().page(dark, width: width, height: height)
  }

  func pipeline(glance: Int?) -> (PPOCRPipeline, detector: FakeModel) {
    PipelineTests.fastStandIn { $0.coarseGlanceSide = glance }
  }

  /// Lines of text down a page, `thickness` rows each, a line's height apart.
  func lines(_ count: Int, thickness: Int = 40) -> [(x: Range<Int>, y: Range<Int>)] {
    (0..<count).map { (x: 400..<2000, y: 300 + $0 * 2 * thickness..<300 + $0 * 2 * thickness + thickness) }
  }

  @Test func aPageWithoutTextEndsAtTheGlance() throws {
    let (pipeline, detector) = pipeline(glance: 480)
    let result = try pipeline.recognize(page([]))
    #expect(detector.inputs == [[1, 3, 384, 480]], "the glance alone, not the coarse pass at 960")
    #expect(pipeline.timings.endedAtGlance == 1 && pipeline.timings.endedAfterCoarse == 1)
    #expect(result.detectedRegions == 0)
  }

  /// A page of text goes on to the coarse pass at its usual side, so its detection, and what is read,
  /// are as without the glance.
  @Test func aPageOfTextIsReadAsWithoutTheGlance() throws {
    let text = page(lines(12))
    let (glancing, withGlance) = pipeline(glance: 480)
    let (plain, without) = pipeline(glance: nil)
    let glanced = try glancing.recognize(text)
    let read = try plain.recognize(text)
    #expect(withGlance.inputs.first == [1, 3, 384, 480])
    #expect(Array(withGlance.inputs.dropFirst()) == without.inputs)
    #expect(without.inputs.first == [1, 3, 800, 960])
    #expect(glanced.text == read.text && !read.text.isEmpty)
    #expect(glanced.detectedRegions == read.detectedRegions)
    #expect(glancing.timings.endedAtGlance == 0)
  }

  /// A photo's reduced copy, as the batch gives it before decoding the whole: one without text ends
  /// at the glance; one of text goes on to the coarse pass, which says at what reduction to read it.
  @Test func aPreviewWithoutTextEndsAtTheGlance() throws {
    let (pipeline, detector) = pipeline(glance: 480)
    let blank = try pipeline.examinePreview(
      preview: page([], width: 1000, height: 750), fullWidth: 4000, fullHeight: 3000)
    guard case .noText = blank else {
      Issue.record("text found in a blank preview: \(String(describing: blank))")
      return
    }
    #expect(detector.inputs == [[1, 3, 352, 480]])
    #expect(pipeline.timings.endedAtGlance == 1)

    let bars = (0..<12).map { (x: 150..<850, y: 100 + $0 * 40..<100 + $0 * 40 + 20) }
    let text = try pipeline.examinePreview(
      preview: page(bars, width: 1000, height: 750), fullWidth: 4000, fullHeight: 3000)
    guard case .text = text else {
      Issue.record("no text found in a preview of text")
      return
    }
    #expect(detector.inputs.suffix(2) == [[1, 3, 352, 480], [1, 3, 704, 960]])
    #expect(pipeline.timings.endedAtGlance == 1)
  }

  /// A blob of strokes the glance finds, read as no line, goes on to the coarse pass even when it is
  /// far thinner than the coarse pass's blobs of faint text must be; a smooth one ends there.
  @Test(arguments: [true, false])
  func anInkedBlobGoesOnToTheCoarsePass(inked: Bool) throws {
    // 500 of the page's 2000 rows: a quarter of its shorter side, under the coarse pass's half.
    let page = CoarseDetectionTests.blobPage(rows: 700..<1200, inked: inked)
    let detector = PipelineTests.thresholdDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    options.coarseGlanceSide = 480
    let pipeline = PPOCRPipeline(
      detector: detector, recognizer: PipelineTests.recognizer(text: [1, 2], probability: 0.3),
      dictionary: PipelineTests.dictionary, options: options)
    _ = try pipeline.recognize(page)
    #expect(detector.inputs.first == [1, 3, 384, 480])
    #expect(pipeline.timings.endedAtGlance == (inked ? 0 : 1))
    #expect(detector.inputs.contains([1, 3, 800, 960]) == inked, "the coarse pass at its usual side")
  }

  /// The glance is only for images that take a coarse pass, and only when smaller than it.
  @Test func theGlanceIsSmallerThanTheCoarsePass() {
    let options = { (glance: Int) -> PPOCRPipeline.Options in
      var options = PPOCRPipeline.Options()
      options.coarseGlanceSide = glance
      return options
    }
    let coarse = (width: 960, height: 704)
    #expect(
      PPOCRPipeline.coarseGlanceSize(width: 4000, height: 3000, coarse: coarse, options: options(480))! == (
        480, 352
      ))
    #expect(
      PPOCRPipeline.coarseGlanceSize(width: 4000, height: 3000, coarse: coarse, options: options(960)) == nil)
  }
}
