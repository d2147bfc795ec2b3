import Testing

@testable import ScanbenchPPOCR

/// The coarse pass over large images with stand-in models: which detector it runs, and when the
/// regions it finds count as text.
@Suite struct CoarseDetectionTests {
  /// A detector that finds nothing anywhere: its map is all zeros.
  static func blindDetector() -> FakeModel {
    FakeModel { input in
      Tensor(
        shape: [1, 1, input.shape[2], input.shape[3]],
        values: .init(repeating: 0, count: input.shape[2] * input.shape[3]))
    }
  }

  /// A page of 2400 × 2000 by default (over the coarse pass's 4 Mpx), white but for `dark` patches of
  /// grey 160, which the threshold detector calls text and the stand-in recognizer reads as its
  /// fixed line.
  func page(_ dark: [(x: Range<Int>, y: Range<Int>)], width: Int = 2400, height: Int = 2000) -> RGBImage {
    var grey = [UInt8](repeating: 255, count: width * height)
    for patch in dark {
      for y in patch.y { for x in patch.x { grey[y * width + x] = 160 } }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  /// A page of 2400 × 2000, white but for a blob over `rows` (columns 200 to 2200) of grey 160,
  /// crossed when `inked` by strokes of grey 200 every six columns: strokes' edges, not a face.
  static func blobPage(rows: Range<Int>, inked: Bool) -> RGBImage {
    let (width, height) = (2400, 2000)
    var grey = [UInt8](repeating: 255, count: width * height)
    for y in rows {
      for x in 200..<2200 { grey[y * width + x] = inked && x % 6 < 2 ? 200 : 160 }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  func pipeline(coarseDetector: FakeModel?, probability: Float = 0.9) -> (PPOCRPipeline, detector: FakeModel)
  {
    let detector = PipelineTests.thresholdDetector()
    // The pages are white but for their patches: a page with none would be blank, and a blank
    // image is not detected at all (CoarseDetectionModelTests.aBlankImageIsNotDetected).
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    let pipeline = PPOCRPipeline(
      detector: detector, coarseDetector: coarseDetector,
      recognizer: PipelineTests.recognizer(text: [1, 2], probability: probability),
      dictionary: PipelineTests.dictionary, options: options)
    return (pipeline, detector)
  }

  @Test func theCoarsePassRunsTheCoarseDetectorAndTheFullDetectionTheDetector() throws {
    let coarse = PipelineTests.thresholdDetector()
    let (pipeline, detector) = pipeline(coarseDetector: coarse)
    _ = try pipeline.recognize(page([]))
    #expect(coarse.inputs == [[1, 3, 800, 960]], "the coarse pass at a longer side of 960")
    #expect(detector.inputs.isEmpty, "no text region: no full detection")
    #expect(pipeline.timings.endedAfterCoarse == 1)

    _ = try pipeline.recognize(page([(400..<1600, 500..<540)]))
    #expect(coarse.inputs.count == 2)
    #expect(!detector.inputs.isEmpty, "then at full size (in bands)")
    #expect(!detector.inputs.contains([1, 3, 800, 960]))
    #expect(pipeline.timings.endedAfterCoarse == 1)
  }

  @Test func withoutACoarseDetectorTheDetectorDoesBoth() throws {
    let (pipeline, detector) = pipeline(coarseDetector: nil)
    _ = try pipeline.recognize(page([(400..<1600, 500..<540)]))
    #expect(detector.inputs.first == [1, 3, 800, 960])
    #expect(detector.inputs.count > 1)
  }

  /// Text the coarse detector found and the page's detector finds none of (the small detector on
  /// faint print lying on its side) is detected again at full size by the coarse detector, so the
  /// page is read, and its turn told, from those regions.
  @Test(arguments: [true, false])
  func textTheDetectorMissesIsDetectedAgainByTheCoarseDetector(redetect: Bool) throws {
    let coarse = PipelineTests.thresholdDetector()
    let blind = Self.blindDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    options.redetectMissedText = redetect
    let pipeline = PPOCRPipeline(
      detector: blind, coarseDetector: coarse, recognizer: PipelineTests.recognizer(text: [1, 2]),
      dictionary: PipelineTests.dictionary, options: options)
    let result = try pipeline.recognize(page([(400..<1600, 500..<540)]))
    #expect(!blind.inputs.isEmpty, "the page's detector ran at full size")
    #expect(result.detectedRegions == (redetect ? 1 : 0))
    #expect(pipeline.timings.coarseRedetections == (redetect ? 1 : 0))
    #expect(coarse.inputs.count == (redetect ? 1 + blind.inputs.count : 1), "the same bands again")
  }

  /// A page where neither finds text is not detected again: the coarse pass ended it.
  @Test func aPageWithoutTextIsNotDetectedAgain() throws {
    let coarse = PipelineTests.thresholdDetector()
    let (pipeline, detector) = pipeline(coarseDetector: coarse)
    let result = try pipeline.recognize(page([]))
    #expect(detector.inputs.isEmpty && coarse.inputs.count == 1)
    #expect(result.detectedRegions == 0 && pipeline.timings.coarseRedetections == 0)
  }

  /// A region as thick as a shape's face holds text only when it reads confidently; a line's
  /// thickness needs only a line's probability.
  @Test func aThickRegionIsTextOnlyWhenReadConfidently() throws {
    let thick = (x: 400..<1600, y: 500..<1100)  // 600 of the page's 2000 rows: over an eighth
    let thin = (x: 400..<1600, y: 500..<540)
    for (patch, probability, endsThere) in [
      (thick, Float(0.7), true), (thick, Float(0.95), false), (thin, Float(0.7), false),
    ] {
      let (pipeline, _) = pipeline(
        coarseDetector: PipelineTests.thresholdDetector(), probability: probability)
      _ = try pipeline.recognize(page([patch]))
      #expect(pipeline.timings.coarseRegionsRead == 1)
      #expect(
        pipeline.timings.endedAfterCoarse == (endsThere ? 1 : 0),
        "\(patch.y.count) rows read at \(probability)")
    }
  }

  /// A page of faint text the coarse pass sees as one blob, read as no line, is not taken for a
  /// shape's face when the blob is full of strokes' edges: the image goes on to its detection. A
  /// smooth blob as large still ends at the coarse pass, and so does the inked one with the check
  /// off.
  @Test(arguments: [(true, true), (false, true), (true, false)])
  func aPageSizedBlobOfInkGoesOnToTheDetection(inked: Bool, checked: Bool) throws {
    // 1400 of the page's 2000 rows, over half its shorter side: read as a thick region, below
    // the probability a region that thick needs.
    let page = Self.blobPage(rows: 300..<1700, inked: inked)
    let coarse = PipelineTests.thresholdDetector()
    let detector = PipelineTests.thresholdDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    if !checked { options.coarseBlobInkShare = nil }
    let pipeline = PPOCRPipeline(
      detector: detector, coarseDetector: coarse,
      recognizer: PipelineTests.recognizer(text: [1, 2], probability: 0.7),
      dictionary: PipelineTests.dictionary, options: options)
    _ = try pipeline.recognize(page)
    #expect(coarse.inputs.first == [1, 3, 800, 960])
    #expect(pipeline.timings.coarseRegionsRead == 1)
    let goesOn = inked && checked
    #expect(pipeline.timings.coarseInkedBlobs == (goesOn ? 1 : 0))
    #expect(pipeline.timings.endedAfterCoarse == (goesOn ? 0 : 1))
    #expect(detector.inputs.isEmpty == !goesOn, "the detection at the usual size")
  }
}

/// The detector's own model in a session outside its turns (the fast level's tiny detector, which is
/// its own coarse detector): the coarse passes run it, the detection the detector, and nothing else
/// changes — it is no coarse detector of another kind.
@Suite struct DetectorOutsideTurnsTests {
  let coarse = CoarseDetectionTests()

  func pipeline(coarsePassAsDetection: Bool) -> (PPOCRPipeline, detector: FakeModel, outside: FakeModel) {
    let detector = PipelineTests.thresholdDetector()
    let outside = PipelineTests.thresholdDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    if coarsePassAsDetection {
      options.detectionLineThickness = 24
      options.coarsePassAsDetection = true
    }
    let pipeline = PPOCRPipeline(
      detector: detector, detectorOutsideTurns: outside, recognizer: PipelineTests.recognizer(text: [1, 2]),
      dictionary: PipelineTests.dictionary, options: options)
    return (pipeline, detector, outside)
  }

  @Test func theCoarsePassRunsOutsideTheTurnsAndTheDetectionInThem() throws {
    let (pipeline, detector, outside) = pipeline(coarsePassAsDetection: false)
    _ = try pipeline.recognize(coarse.page([]))
    #expect(outside.inputs == [[1, 3, 800, 960]], "the coarse pass")
    #expect(detector.inputs.isEmpty)

    _ = try pipeline.recognize(coarse.page([(400..<1600, 500..<540)]))
    #expect(outside.inputs.count == 2, "a coarse pass an image")
    #expect(!detector.inputs.isEmpty && !detector.inputs.contains([1, 3, 800, 960]))
  }

  /// A coarse pass whose lines are thick enough is the detection, as when the detector ran it: the
  /// session outside the turns is the same model, not a coarse detector of another kind.
  @Test func aThickEnoughCoarsePassIsStillTheDetection() throws {
    let (pipeline, detector, outside) = pipeline(coarsePassAsDetection: true)
    let result = try pipeline.recognize(coarse.page([(400..<1600, 500..<600)]))
    #expect(result.detectedRegions == 1)
    #expect(outside.inputs == [[1, 3, 800, 960]])
    #expect(detector.inputs.isEmpty, "the coarse pass was the detection")
    #expect(pipeline.timings.coarseDetectionsKept == 1)
  }

  /// Text the coarse pass found and the detection finds none of is not detected again: the same
  /// model would find nothing again.
  @Test func missedTextIsNotDetectedAgainBySessionOutsideTheTurns() throws {
    let outside = PipelineTests.thresholdDetector()
    let blind = CoarseDetectionTests.blindDetector()
    var options = PPOCRPipeline.Options()
    options.blankImageSpread = 0
    let pipeline = PPOCRPipeline(
      detector: blind, detectorOutsideTurns: outside, recognizer: PipelineTests.recognizer(text: [1, 2]),
      dictionary: PipelineTests.dictionary, options: options)
    _ = try pipeline.recognize(coarse.page([(400..<1600, 500..<540)]))
    #expect(outside.inputs.count == 1, "the coarse pass alone")
    #expect(pipeline.timings.coarseRedetections == 0)
  }
}
