import Testing

@testable import ScanbenchPPOCR

/// The measure that tells a bilevel scan of broken strokes (``InkStrokes``) and the blur it is read
/// with, on pictures whose answers are counted by hand.
struct InkStrokesTests {
  /// A white picture with `ink` (x, y) pixels black.
  static func bilevel(width: Int, height: Int, ink: [(Int, Int)]) -> RGBImage {
    var grey = [UInt8](repeating: 255, count: width * height)
    for (x, y) in ink { grey[y * width + x] = 0 }
    return RGBImage(width: width, height: height, grey: grey)
  }

  /// Every pixel of the rectangle.
  static func rectangle(x: Int, y: Int, width: Int, height: Int) -> [(Int, Int)] {
    (y..<(y + height)).flatMap { row in (x..<(x + width)).map { ($0, row) } }
  }

  /// Twenty bars 2 wide and 48 long on a page of 130 × 60, whole, or cut every 8 pixels by a gap of two.
  static let wholeBars = (0..<20).flatMap { rectangle(x: 4 + $0 * 6, y: 4, width: 2, height: 48) }
  static let brokenBars = (0..<20).flatMap { bar in
    (0..<6).flatMap { rectangle(x: 4 + bar * 6, y: 4 + $0 * 8, width: 2, height: 6) }
  }

  /// A bar 30 pixels long and 3 wide: 90 pixels of ink, 62 of them on its edge (the top and bottom
  /// rows, and the middle row's two ends), one piece; nothing grey.
  @Test func aBarIsMeasuredAsCounted() throws {
    let image = Self.bilevel(width: 40, height: 20, ink: Self.rectangle(x: 5, y: 8, width: 30, height: 3))
    let strokes = try #require(InkStrokes(image))
    #expect(strokes.inkPixels == 90)
    #expect(strokes.greyPerInk == 0)
    #expect(abs(strokes.strokeWidth - 180.0 / 62) < 1e-9)
    #expect(abs(strokes.pieceLength - 90 / (180.0 / 62 * 180.0 / 62)) < 1e-9)
  }

  /// Pieces touching at a corner are one piece; one pixel apart, two.
  @Test func piecesJoinAtCorners() throws {
    let touching = Self.bilevel(
      width: 20, height: 20,
      ink: Self.rectangle(x: 2, y: 2, width: 4, height: 4) + Self.rectangle(x: 6, y: 6, width: 4, height: 4))
    let apart = Self.bilevel(
      width: 20, height: 20,
      ink: Self.rectangle(x: 2, y: 2, width: 4, height: 4) + Self.rectangle(x: 7, y: 7, width: 4, height: 4))
    let one = try #require(InkStrokes(touching))
    let two = try #require(InkStrokes(apart))
    #expect(one.strokeWidth == two.strokeWidth)
    #expect(abs(one.pieceLength / two.pieceLength - 2) < 1e-9)
  }

  /// The same strokes broken into specks: each piece 3 widths long where the whole bar is 24, the
  /// page held to be broken; whole, it is not.
  @Test func brokenStrokesAreShortPieces() throws {
    let rule = PPOCRPipeline.Options.BrokenStrokes()
    let wholeStrokes = try #require(InkStrokes(Self.bilevel(width: 130, height: 60, ink: Self.wholeBars)))
    let brokenStrokes = try #require(InkStrokes(Self.bilevel(width: 130, height: 60, ink: Self.brokenBars)))
    #expect(wholeStrokes.strokeWidth == 2)
    #expect(wholeStrokes.pieceLength == 24)
    #expect(brokenStrokes.pieceLength == 3)
    #expect(!rule.holds(wholeStrokes))
    #expect(rule.holds(brokenStrokes))
  }

  /// Blurred, the same broken strokes are a grey scan's: their edges grey, the page no longer bilevel.
  @Test func aGreyScanIsNotBilevel() throws {
    let image = Self.bilevel(width: 130, height: 60, ink: Self.brokenBars).blurred(sigma: 0.7)
    let strokes = try #require(InkStrokes(image))
    #expect(strokes.greyPerInk > 0.5)
    #expect(!PPOCRPipeline.Options.BrokenStrokes().holds(strokes))
  }

  /// Too little ink to tell: a page of a few specks is left as it is.
  @Test func aFewSpecksAreNoPage() throws {
    let specks = (0..<10).flatMap { Self.rectangle(x: 2 + $0 * 4, y: 2, width: 2, height: 2) }
    let strokes = try #require(InkStrokes(Self.bilevel(width: 60, height: 10, ink: specks)))
    #expect(strokes.pieceLength == 1)
    #expect(strokes.inkPixels == 40)
    #expect(!PPOCRPipeline.Options.BrokenStrokes().holds(strokes))
  }

  /// No measure without ink and paper far enough apart, or with ink over half the picture.
  @Test func noInkNoMeasure() {
    #expect(InkStrokes(RGBImage(width: 50, height: 50)) == nil)
    var faint = [UInt8](repeating: 230, count: 50 * 50)
    for index in stride(from: 0, to: faint.count, by: 7) { faint[index] = 190 }
    #expect(InkStrokes(RGBImage(width: 50, height: 50, grey: faint)) == nil)
    let dark = Self.bilevel(width: 20, height: 20, ink: Self.rectangle(x: 0, y: 0, width: 20, height: 12))
    #expect(InkStrokes(dark) == nil)
    #expect(InkStrokes(RGBImage(width: 0, height: 0)) == nil)
  }

  /// The blur leaves one colour as it is, spreads a dot alike on every side, and keeps its ink.
  @Test func theBlurSpreadsInkEvenly() {
    #expect(
      RGBImage(width: 9, height: 7, red: 40, green: 90, blue: 200).blurred(sigma: 1.2)
        == RGBImage(width: 9, height: 7, red: 40, green: 90, blue: 200))
    let dot = Self.bilevel(width: 15, height: 15, ink: [(7, 7)])
    let blurred = dot.blurred(sigma: 0.7)
    #expect(blurred[7, 7].red > 0 && blurred[7, 7].red < 255)
    let around = [blurred[6, 7], blurred[8, 7], blurred[7, 6], blurred[7, 8]].map(\.red)
    #expect(Set(around).count == 1)
    #expect(blurred[6, 7].red < 255 && blurred[10, 7].red == 255)
    let darkness = blurred.pixels.enumerated().filter { $0.offset % 3 == 0 }.reduce(0) {
      $0 + 255 - Int($1.element)
    }
    #expect(abs(darkness - 255) <= 12)
    #expect(dot.blurred(sigma: 0) == dot)
  }

  /// Every bilevel page's columns are read again restored, broken or not; a grey scan's and a few
  /// specks' are not.
  @Test func bilevelPagesAreReadAgainWhetherBrokenOrNot() throws {
    let rule = PPOCRPipeline.Options.RestoredColumns()
    let wholePage = Self.bilevel(width: 130, height: 60, ink: Self.wholeBars)
    #expect(rule.holds(try #require(InkStrokes(wholePage))))
    #expect(rule.holds(try #require(InkStrokes(Self.bilevel(width: 130, height: 60, ink: Self.brokenBars)))))
    #expect(!rule.holds(try #require(InkStrokes(wholePage.blurred(sigma: 0.7)))))
    let specks = (0..<10).flatMap { Self.rectangle(x: 2 + $0 * 4, y: 2, width: 2, height: 2) }
    #expect(!rule.holds(try #require(InkStrokes(Self.bilevel(width: 60, height: 10, ink: specks)))))
    // `jpn_vert` sets the rule with a 1-bit column's commas from its own reading (weighed by the
    // mark's ink: a ring broken open stays a full stop); a pale page's copies do without them.
    var withCommas = rule
    withCommas.commasFromOwnReading = true
    #expect(PPOCRPipeline.Options.verticalColumns.bilevelColumnsRestored == withCommas)
    #expect(PPOCRPipeline.Options.verticalColumns.palePageColumnsRestored?.commasFromOwnReading == false)
    #expect(PPOCRPipeline.Options().bilevelColumnsRestored == nil)
  }

  /// Darkened two rows down, specks of one vertical stroke a row apart run together into one piece;
  /// the darkening reaches down and across as far as asked, from the pixel where it starts.
  @Test func darkeningJoinsSpecksDown() throws {
    let specks = Self.bilevel(
      width: 10, height: 12,
      ink: Self.rectangle(x: 4, y: 2, width: 2, height: 3) + Self.rectangle(x: 4, y: 6, width: 2, height: 3))
    let joined = specks.darkened(down: 2, across: 1)
    #expect(joined[4, 5].red == 0 && joined[5, 5].red == 0)
    #expect(joined[4, 1].red == 0 && joined[4, 0].red == 255)
    #expect(joined[3, 5].red == 255 && joined[6, 5].red == 255)
    let before = try #require(InkStrokes(specks))
    let after = try #require(InkStrokes(joined))
    // Ink per piece: two pieces of six pixels before, one of sixteen after.
    #expect(abs(before.pieceLength * before.strokeWidth * before.strokeWidth - 6) < 1e-9)
    #expect(abs(after.pieceLength * after.strokeWidth * after.strokeWidth - 16) < 1e-9)
    let wider = specks.darkened(down: 1, across: 2)
    #expect(wider[3, 2].red == 0 && wider[2, 2].red == 255 && wider[4, 5].red == 255)
    #expect(specks.darkened(down: 1, across: 1) == specks)
    #expect(
      RGBImage(width: 5, height: 4, red: 40, green: 90, blue: 200).darkened(down: 3, across: 2)
        == RGBImage(width: 5, height: 4, red: 40, green: 90, blue: 200))
  }
}
