import Testing

@testable import ScanbenchPPOCR

@Suite struct DetectionBandsTests {
  /// Every row of the map is kept by exactly one band, in order; each band's input holds its kept
  /// rows and the overlap around them (within the map), at most the band's pixels, on multiples of 32.
  @Test(arguments: [(736, 2016), (1536, 2016), (1024, 1024), (32, 4000), (4000, 32), (2016, 736)])
  func bandsCoverTheMapOnceWithinTheirBudget(width: Int, height: Int) {
    var options = PPOCRPipeline.Options()
    options.detectionBandPixels = 1 << 20
    options.detectionBandOverlap = 64
    let bands = PPOCRPipeline.detectionBands(mapWidth: width, mapHeight: height, options: options)
    #expect(bands.first?.kept.lowerBound == 0)
    #expect(bands.last?.kept.upperBound == height)
    for (earlier, later) in zip(bands, bands.dropFirst()) {
      #expect(earlier.kept.upperBound == later.kept.lowerBound)
    }
    if width * height <= options.detectionBandPixels {
      #expect(bands.count == 1)
    }
    for band in bands {
      #expect(band.input.lowerBound == max(0, band.kept.lowerBound - (bands.count > 1 ? 64 : 0)))
      #expect(band.input.upperBound == min(height, band.kept.upperBound + (bands.count > 1 ? 64 : 0)))
      #expect(band.input.lowerBound % 32 == 0 && band.input.count % 32 == 0)
      if bands.count > 1 {
        #expect(band.input.count * width <= options.detectionBandPixels)
      }
    }
  }

  @Test func aMapWithinTheBudgetIsOneBand() {
    let bands = PPOCRPipeline.detectionBands(mapWidth: 928, mapHeight: 1088, options: PPOCRPipeline.Options())
    #expect(bands.count == 1)
    #expect(bands.first?.input == 0..<1088)
  }
}
