import Testing

@testable import ScanbenchPPOCR

/// A large image is first detected coarsely; one without text ends there. Asserted on the
/// pipeline's counters, with the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct CoarseDetectionModelTests {
  /// A 12 Mpx photo of nothing: a wall lit from one side, darker towards the corners.
  static func wall() -> RGBImage {
    let (width, height) = (4000, 3000)
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

  @Test func aSmallImageHasNoCoarsePass() throws {
    let pipeline = try PipelineModelTests.pipeline()
    _ = try pipeline.recognize(RGBImage(width: 1600, height: 1200))
    #expect(pipeline.timings.coarseDetections == 0)
  }
}
