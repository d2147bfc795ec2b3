import Testing

@testable import ScanbenchPPOCR

struct RGBImageTests {
  @Test func oneColourSpansNothing() {
    #expect(!RGBImage(width: 400, height: 80).spansMoreThan(1))
    #expect(!RGBImage(width: 3, height: 2, red: 10, green: 200, blue: 90).spansMoreThan(1))
  }

  /// The spread is each channel's own: a mark of another hue at the paper's brightness still counts.
  @Test func aMarkInOneChannelCounts() {
    var image = RGBImage(width: 50, height: 40, red: 200, green: 200, blue: 200)
    image.pixels[(39 * 50 + 49) * 3 + 2] = 170
    #expect(image.spansMoreThan(16))
    #expect(!image.spansMoreThan(30))
  }

  @Test func noiseWithinTheSpreadIsBlank() {
    var image = RGBImage(width: 64, height: 64, red: 240, green: 240, blue: 240)
    for index in image.pixels.indices { image.pixels[index] = UInt8(232 + (index * 7919) % 17) }
    #expect(!image.spansMoreThan(16))
    #expect(image.spansMoreThan(15))
  }

  @Test func zeroLevelsMeansEveryImageIsRead() {
    #expect(RGBImage(width: 8, height: 8).spansMoreThan(0))
    #expect(!RGBImage(width: 0, height: 0).spansMoreThan(16))
  }

  /// A grey page with ink at 200 on paper at 250: stretched, the ink is black and the paper white.
  @Test func faintInkIsStretchedToBlack() throws {
    var image = RGBImage(width: 40, height: 40, red: 250, green: 250, blue: 250)
    for index in 0..<(40 * 4 * 3) { image.pixels[index] = 200 }
    let stretched = try #require(image.inkStretched(below: 160, above: 16))
    #expect(stretched[0, 0] == (0, 0, 0))
    #expect(stretched[20, 20] == (255, 255, 255))
    // Ink already dark is left as it is, and so is a blank page's noise.
    for index in 0..<(40 * 4 * 3) { image.pixels[index] = 20 }
    #expect(image.inkStretched(below: 160, above: 16) == nil)
    for index in 0..<(40 * 4 * 3) { image.pixels[index] = 240 }
    #expect(image.inkStretched(below: 160, above: 16) == nil)
  }

  /// Pale ink at 190 is stretched on white paper, not on grey paper at 240 (a faint grey scan):
  /// the paper's level is the lightest pixels'.
  @Test func paleInkIsStretchedOnWhitePaperOnly() throws {
    var image = RGBImage(width: 40, height: 40, red: 255, green: 255, blue: 255)
    for index in 0..<(40 * 4 * 3) { image.pixels[index] = 190 }
    let stretched = try #require(image.inkStretched(below: 90, above: 16, paperFrom: 250))
    #expect(stretched[0, 0] == (0, 0, 0))
    #expect(stretched[20, 20] == (255, 255, 255))
    for index in (40 * 4 * 3)..<image.pixels.count { image.pixels[index] = 240 }
    #expect(image.inkStretched(below: 90, above: 16, paperFrom: 250) == nil)
    #expect(image.inkStretched(below: 90, above: 16) != nil)
  }

  /// A pale page's stroke (ink at 236 on white paper) in a scan's noise of ten levels either way:
  /// stretched, the noise is stretched with the ink and the stroke comes out in specks, a fair
  /// share of it light; the stretched page blurred by a pixel (the copy a pale page's columns are
  /// read again in) has the whole stroke dark and the paper light.
  @Test func aPaleStrokeStretchedInNoiseComesOutWholeBlurred() throws {
    var image = RGBImage(width: 60, height: 60, red: 255, green: 255, blue: 255)
    for y in 0..<60 {
      for x in 0..<60 {
        let ink = (26..<34).contains(x) ? 236 : 255
        let level = UInt8(clamping: ink + (y * 60 + x) * 7919 % 21 - 10)
        for channel in 0..<3 { image.pixels[(y * 60 + x) * 3 + channel] = level }
      }
    }
    func strokeCore(_ picture: RGBImage) -> [UInt8] {
      (0..<60).flatMap { y in (28..<32).map { picture[$0, y].red } }
    }
    func paper(_ picture: RGBImage) -> [UInt8] {
      (0..<60).flatMap { y in (Array(0..<20) + Array(40..<60)).map { picture[$0, y].red } }
    }
    let stretched = try #require(image.inkStretched(below: 36, above: 16))
    #expect(strokeCore(stretched).count { $0 >= 128 } * 10 >= strokeCore(stretched).count)
    let restoration = try #require(
      PPOCRPipeline.Options.verticalColumns.palePageColumnsRestored?.restorations.first)
    let blurred = restoration.restored(stretched)
    #expect(strokeCore(blurred).allSatisfy { $0 < 160 })
    #expect(paper(blurred).allSatisfy { $0 >= 180 })
  }

  /// A 1-bit stroke one pixel wide, enlarged twice: two columns of the same dark grey where it
  /// was, lighter grey on either side, the paper white, the size doubled both ways; enlarged once,
  /// the image is its own.
  @Test func aOnePixelStrokeEnlargedTwiceIsTwoGreyColumnsWithSoftEdges() {
    var image = RGBImage(width: 5, height: 3, red: 255, green: 255, blue: 255)
    for y in 0..<3 {
      for channel in 0..<3 { image.pixels[(y * 5 + 2) * 3 + channel] = 0 }
    }
    let enlarged = image.enlarged(by: 2)
    #expect(enlarged.width == 10 && enlarged.height == 6)
    for y in 0..<6 {
      let row = (0..<10).map { enlarged[$0, y].red }
      #expect(row[4] == row[5] && row[4] < 128)
      #expect(row[3] == row[6] && row[3] > 128 && row[3] < 255)
      #expect([0, 1, 2, 7, 8, 9].allSatisfy { row[$0] == 255 })
    }
    #expect(image.enlarged(by: 1) == image)
  }
}
