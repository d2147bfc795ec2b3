import Testing

@testable import ScanbenchPPOCR

@Suite struct InkBoundsTests {
  func image(width: Int, height: Int, background: UInt8, ink: UInt8, patches: [(Range<Int>, Range<Int>)])
    -> RGBImage
  {
    var grey = [UInt8](repeating: background, count: width * height)
    for (xs, ys) in patches {
      for y in ys { for x in xs { grey[y * width + x] = ink } }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  @Test func darkTextOnLightPaperWithASpeck() throws {
    // A line of "text" in the middle, a thin full stop at its end, and a speck far above it.
    let page = image(
      width: 400, height: 120, background: 230, ink: 30,
      patches: [(50..<300, 40..<70), (305..<307, 66..<70), (200..<201, 3..<4)])
    let bounds = try #require(InkBounds.find(in: page))
    #expect(bounds == InkBounds(minX: 50, minY: 40, maxX: 306, maxY: 69))
  }

  @Test func lightTextOnDarkToo() throws {
    let page = image(width: 300, height: 80, background: 20, ink: 240, patches: [(30..<200, 20..<50)])
    #expect(InkBounds.find(in: page) == InkBounds(minX: 30, minY: 20, maxX: 199, maxY: 49))
  }

  @Test func aBlankImageHasNoInk() {
    #expect(InkBounds.find(in: RGBImage(width: 50, height: 20)) == nil)
  }

  @Test func singleLineModeCropsToTheInkWithAMargin() throws {
    let recognizer = PipelineTests.recognizer(text: [1])
    let pipeline = PPOCRPipeline(detector: nil, recognizer: recognizer, dictionary: PipelineTests.dictionary)
    // Text 300 × 30 in a 1000 × 200 image: cropped to 315 × 45 (a quarter of 30 on each side), so
    // 48 pixels high it is 336 wide.
    let page = image(width: 1000, height: 200, background: 250, ink: 160, patches: [(100..<400, 80..<110)])
    let result = try pipeline.recognize(page, singleLine: true)
    #expect(recognizer.inputs == [[1, 3, 48, 336]])
    let box = try #require(result.lines.first?.box)
    #expect(box.y == 72 && box.height == 46)
  }
}
