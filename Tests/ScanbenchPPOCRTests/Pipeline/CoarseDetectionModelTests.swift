import Testing

@testable import ScanbenchPPOCR

/// A large image is first detected coarsely; one without text ends there. Asserted on the
/// pipeline's counters, with the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct CoarseDetectionModelTests {
  /// A 12 Mpx photo of nothing: a wall lit from one side, darker towards the corners.
  static func wall(width: Int = 4000, height: Int = 3000) -> RGBImage {
    var grey = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let (dx, dy) = (Double(x - width / 2) / Double(width), Double(y - height / 2) / Double(height))
        let value = 150 + Double(x + y) * 60 / Double(width + height) - (dx * dx + dy * dy) * 120
        grey[y * width + x] = UInt8(max(0, min(255, value)))
      }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  @Test func aLargeImageWithoutTextEndsAfterTheCoarsePass() throws {
    let pipeline = try PipelineModelTests.pipeline()
    let result = try pipeline.recognize(Self.wall())
    #expect(result.text.isEmpty)
    #expect(result.detectedRegions == 0)
    #expect(pipeline.timings.coarseDetections == 1)
    #expect(pipeline.timings.endedAfterCoarse == 1)
  }

  @Test func aLargeImageWithTextGoesOnToFullResolution() throws {
    let lines = (0..<8).map { "Line \($0 + 1) of a page photographed whole, in small print" }
    let (page, _) = try PipelineModelTests.render(
      width: 4000, height: 3000, fontSize: 20,
      lines: lines.enumerated().map { ($0.element, 400, 600 + $0.offset * 200) })
    let pipeline = try PipelineModelTests.pipeline()
    let result = try pipeline.recognize(page)
    #expect(pipeline.timings.coarseDetections == 1)
    #expect(pipeline.timings.endedAfterCoarse == 0)
    #expect(PipelineModelTests.cer(lines.joined(separator: "\n"), result.text) < 0.05, "\(result.text)")
  }

  /// A wall with a few dark shapes: the coarse pass may take their edges for text, but they read as
  /// no line, so the image still ends there.
  @Test func shapesEdgesEndAfterTheCoarsePass() throws {
    var wall = Self.wall()
    for (x0, y0, side) in [(600, 500, 700), (2200, 1400, 900), (3100, 300, 400)] {
      for y in y0..<y0 + side {
        for x in x0..<x0 + side {
          for channel in 0..<3 { wall.pixels[(y * wall.width + x) * 3 + channel] = 30 }
        }
      }
    }
    let pipeline = try PipelineModelTests.pipeline()
    let result = try pipeline.recognize(wall)
    #expect(result.text.isEmpty)
    #expect(pipeline.timings.coarseDetections == 1)
    #expect(pipeline.timings.endedAfterCoarse == 1)
  }

  /// A reduced copy of a photo of nothing (a quarter of each side, as a JPEG decodes reduced) ends
  /// the image: a result for the whole image's size, no region found.
  @Test func aReducedCopyWithoutTextEndsTheImage() throws {
    let pipeline = try PipelineModelTests.pipeline()
    let finding = try pipeline.examinePreview(
      preview: Self.wall(width: 1000, height: 750), fullWidth: 4000, fullHeight: 3000)
    guard case .noText(let result) = finding else {
      Issue.record("no text: \(String(describing: finding))")
      return
    }
    #expect(result.text.isEmpty)
    #expect(result.detectedRegions == 0)
    #expect(pipeline.timings.coarseDetections == 1)
    #expect(pipeline.timings.endedAfterCoarse == 1)
    // A copy too small for the coarse pass, or an image too small to take one: read it whole.
    #expect(
      try pipeline.examinePreview(
        preview: Self.wall(width: 500, height: 375), fullWidth: 4000, fullHeight: 3000) == nil)
    #expect(
      try pipeline.examinePreview(
        preview: Self.wall(width: 1000, height: 750), fullWidth: 1600, fullHeight: 1200) == nil)
  }

  /// A reduced copy with text says read it, and the image read at the size it says is not
  /// coarse-detected again (here whole: no reduction is offered).
  @Test func aReducedCopyWithTextSendsTheImageToFullDetectionOnce() throws {
    let lines = (0..<8).map { "Line \($0 + 1) of a page photographed whole, in small print" }
    let (page, _) = try PipelineModelTests.render(
      width: 4000, height: 3000, fontSize: 20,
      lines: lines.enumerated().map { ($0.element, 400, 600 + $0.offset * 200) })
    let (preview, _) = try PipelineModelTests.render(
      width: 1000, height: 750, fontSize: 14,
      lines: (0..<8).map { ("Line \($0 + 1) of a page", 40, 125 + $0 * 60) })
    var options = PPOCRPipeline.Options()
    options.reducedReading.reductions = []
    let pipeline = try PipelineModelTests.pipeline(options: options)
    #expect(
      try pipeline.examinePreview(preview: preview, fullWidth: 4000, fullHeight: 3000) == .text(reduction: 1))
    let result = try pipeline.recognize(page)
    #expect(pipeline.timings.coarseDetections == 1, "the preview's coarse pass, not another")
    #expect(pipeline.timings.endedAfterCoarse == 0)
    #expect(PipelineModelTests.cer(lines.joined(separator: "\n"), result.text) < 0.05, "\(result.text)")
  }

  /// A small image of one colour (a blank label, an empty crop) is not detected at all: enlarged to
  /// the detector's shorter side it would cost a page's detection.
  @Test func aBlankImageIsNotDetected() throws {
    let pipeline = try PipelineModelTests.pipeline()
    var grey = RGBImage(width: 400, height: 80, red: 236, green: 236, blue: 236)
    for index in grey.pixels.indices { grey.pixels[index] = UInt8(228 + (index * 7919) % 17) }
    for image in [RGBImage(width: 400, height: 80), grey] {
      let result = try pipeline.recognize(image)
      #expect(result.text.isEmpty)
      #expect(result.detectedRegions == 0)
    }
    #expect(pipeline.timings.blankImages == 2)
    #expect(pipeline.timings.detectionInference == 0)
  }

  /// Faint print — ink only a little darker than its paper — is still detected and read.
  @Test func faintTextIsStillRead() throws {
    let line = "Faint print on grey paper"
    var (image, _) = try PipelineModelTests.render(
      width: 1000, height: 736, fontSize: 20, lines: [(line, 40, 360)])
    // Black on white pressed into 40 levels: ink at 190, paper at 230.
    for index in image.pixels.indices {
      image.pixels[index] = UInt8(190 + Int(image.pixels[index]) * 40 / 255)
    }
    let pipeline = try PipelineModelTests.pipeline()
    let result = try pipeline.recognize(image)
    #expect(pipeline.timings.blankImages == 0)
    #expect(pipeline.timings.detectionInference > 0)
    #expect(PipelineModelTests.cer(line, result.text) < 0.1, "\(result.text)")
  }

  @Test func aSmallImageHasNoCoarsePass() throws {
    let pipeline = try PipelineModelTests.pipeline()
    _ = try pipeline.recognize(Self.wall(width: 1600, height: 1200))
    #expect(pipeline.timings.coarseDetections == 0)
    #expect(pipeline.timings.detectionInference > 0)
  }
}
