import Testing

@testable import ScanbenchPPOCR

/// The estimate a run orders its held photos by: more and longer lines cost more; a page whose
/// coarse pass cannot tell its lines' thickness (one on its side) counts as read twice at full size.
@Suite struct ReadingCostTests {
  let options = PPOCRPipeline.Options()

  /// A line `length` pixels long and `thickness` thick at `y`, across the page (or, `tall`, down it).
  func line(y: Double, length: Double, thickness: Double, tall: Bool = false) -> TextRegion {
    let (width, height) = tall ? (thickness, length) : (length, thickness)
    let quad = Quad(
      topLeft: Point(x: 100, y: y), topRight: Point(x: 100 + width, y: y),
      bottomRight: Point(x: 100 + width, y: y + height), bottomLeft: Point(x: 100, y: y + height))
    return TextRegion(pageQuad: quad, score: 0.9, verticalAspectRatio: 1.5)
  }

  func cost(_ regions: [TextRegion], kept: Bool = false) -> Double {
    let line = PPOCRPipeline.textLineThickness(regions, options: options)
    return PPOCRPipeline.readingCost(
      width: 2000, height: 1500, regions: regions, line: line, regionsKept: kept, options: options)
  }

  @Test func moreAndLongerLinesCostMore() {
    let short = (0..<10).map { line(y: Double(50 + 60 * $0), length: 400, thickness: 40) }
    let long = (0..<10).map { line(y: Double(50 + 60 * $0), length: 1600, thickness: 40) }
    let more = (0..<20).map { line(y: Double(50 + 60 * $0), length: 400, thickness: 40) }
    #expect(cost(short) < cost(long))
    #expect(cost(short) < cost(more))
    // Kept as the detection, the regions spare the detector's run.
    #expect(cost(short, kept: true) < cost(short))
  }

  @Test func aPageOnItsSideCountsAsReadTwiceAtFullSize() {
    let upright = (0..<20).map { line(y: Double(50 + 60 * $0), length: 1600, thickness: 40) }
    let onItsSide = [line(y: 50, length: 1300, thickness: 300, tall: true)]
    #expect(PPOCRPipeline.textLineThickness(onItsSide, options: options) == nil)
    let full = PPOCRPipeline.detectionSize(width: 2000, height: 1500, options: options)
    #expect(cost(onItsSide) == 4 * Double(full.width * full.height))
    #expect(cost(onItsSide) > cost(Array(upright.prefix(5))))
    // A page of no region told (its text one blob) counts the same.
    #expect(cost([]) == cost(onItsSide))
  }
}
