import Testing

@testable import ScanbenchPPOCR

/// The turned reading's Latin spliced between the characters both readings share, pieces of a
/// column joined, letters read in cells set in ASCII, and thin letters set as bars read standing.
@Suite struct VerticalColumnPiecesTests {
  static func reading(_ text: String, pitch: Double, probabilities: [Float]) -> DecodedLine {
    VerticalColumnRunsTests.reading(
      text, start: 1, pitch: pitch, content: pitch * Double(text.count) + 2, probabilities: probabilities)
  }

  static func reading(_ text: String, pitch: Double, doubtful: Set<Int> = [], sure: Float = 0.98)
    -> DecodedLine
  {
    reading(text, pitch: pitch, probabilities: (0..<text.count).map { doubtful.contains($0) ? 0.4 : sure })
  }

  @Test func aSidewaysWordGoesBetweenTheCharactersBothReadingsShare() {
    // Cells: the slices of `Swift` read as `も`, of `async` as `とつ`, doubtful; `の` between them
    // surely. Turned: the words right, the kana around them the same.
    let cells = Self.reading("章ではものとつ関数を", pitch: 10, doubtful: [3, 5, 6])
    let turned = Self.reading("章ではSwiftのasync関数を", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "章ではSwiftのasync関数を")
  }

  @Test func theCellsMarksBesideAWordStay() {
    // The turned reading drops `、`; the cells keep it, and read `Linux` as katakana, one surely.
    let cells = Self.reading("しエコマで応答し、コミミの上", pitch: 10, doubtful: [1, 2, 3, 10, 11])
    let turned = Self.reading("しHTTPで応答しLinuxの上", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "しHTTPで応答し、Linuxの上")
  }

  @Test func neighboursTheCellsMisreadComeWithTheWord() {
    // `集める。Xcode`: the cells lose their phase at the word and read `める` and the word as `ぬ句`;
    // the turned reading has `める` and the word between the same anchors, `集` and `を`.
    let cells = Self.reading("集ぬ句を開き", pitch: 10, probabilities: [0.99, 0.9, 0.46, 0.99, 0.99, 0.99])
    let turned = Self.reading("集めるXcodeを開き", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "集めるXcodeを開き")
  }

  @Test func aKanaTheTurnedReadingRanOverStands() {
    // `Pythonのscript`: the turned reading runs the stretch into one word, `Fscript`; the cells read
    // `の` surely, which the turned reading does not have.
    let cells = Self.reading("る。ミコのミニが", pitch: 10, doubtful: [2, 3, 5, 6])
    let turned = Self.reading("るFscriptが", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "る。ミコのミニが")
  }

  @Test func aWordTheCellsReadAsFewKanaGoesInHoweverSurely() {
    // `iPhone` lying down: the cells read its slices as nothing but one, `る`, surely; `Package`
    // as `百`. Read turned, each word is sure.
    let cells = Self.reading("通知はるにも届き", pitch: 10)
    let turned = Self.reading("通知はiPhoneにも届き", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "通知はiPhoneにも届き")
    let package = Self.reading("き、百を一つ", pitch: 10)
    #expect(
      VerticalColumn.splicedAtAnchors(cells: package, turned: Self.reading("きPackageを一つ", pitch: 8)).text
        == "き、Packageを一つ")
    // A doubtful turned word, or one of two letters, does not go in over a sure kana.
    let doubtful = Self.reading("通知はiPhoneにも届き", pitch: 8, doubtful: [3, 4, 5])
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: doubtful).text == cells.text)
    let short = Self.reading("はるにも", pitch: 10)
    #expect(
      VerticalColumn.splicedAtAnchors(cells: short, turned: Self.reading("はiPにも", pitch: 8)).text == "はるにも")
  }

  @Test func lettersTheCellsReadDoubtfullyAreSlicesOfAWord() {
    // `Mock` lying down read in cells as `W0`, both doubtful: slices, not upright letters.
    let cells = Self.reading("用のW0を作り", pitch: 10, doubtful: [2, 3])
    let turned = Self.reading("用のMockを作り", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "用のMockを作り")
  }

  @Test func theCharacterAfterAWordReadTwiceInCellsIsKeptOnce() {
    // `HTTPで`: the cells lost their phase at the word, and the `で` after it fell in two cells, the
    // first read doubtfully; the turned reading holds one `で`.
    let cells = Self.reading(
      "しエコでで応答し", pitch: 10, probabilities: [0.99, 0.4, 0.45, 0.33, 0.99, 0.99, 0.99, 0.99])
    let turned = Self.reading("しHTTPで応答し", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "しHTTPで応答し")
    // `Mockを`: both halves of `を` read surely; the less sure goes.
    let mock = Self.reading("用のでロをを作り", pitch: 10, probabilities: [0.99, 0.99, 0.17, 0.47, 0.99, 1, 1, 1])
    #expect(
      VerticalColumn.splicedAtAnchors(cells: mock, turned: Self.reading("用のMockを作り", pitch: 8)).text
        == "用のMockを作り")
    // A character really doubled after a word is read twice by both readings: each stays, even one
    // read doubtfully.
    let doubled = Self.reading("はエコここで", pitch: 10, probabilities: [0.99, 0.4, 0.45, 0.45, 0.99, 0.99])
    #expect(
      VerticalColumn.splicedAtAnchors(cells: doubled, turned: Self.reading("はHTTPここで", pitch: 8)).text
        == "はHTTPここで")
    let sure = Self.reading("はエコももを", pitch: 10, doubtful: [1, 2])
    #expect(
      VerticalColumn.splicedAtAnchors(cells: sure, turned: Self.reading("はHTTPももを", pitch: 8)).text
        == "はHTTPももを")
    // Without a word spliced in, the cells stand as read.
    let none = Self.reading("はエコでで", pitch: 10, probabilities: [0.99, 0.4, 0.45, 0.33, 0.99])
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: none, turned: Self.reading("はHTTPで", pitch: 8, doubtful: [1, 2, 3, 4])
      )
      .text == "はエコでで")
  }

  @Test func lettersTheCellsReadUprightStand() {
    let cells = Self.reading("はUIKitで", pitch: 10)
    let turned = Self.reading("はUlK1tで", pitch: 8)
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "はUIKitで")
  }

  /// A box from `x`, `y`, `width`, `height` on the page.
  static func region(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> TextRegion {
    TextRegion(
      pageQuad: Quad(
        topLeft: Point(x: x, y: y), topRight: Point(x: x + width, y: y),
        bottomRight: Point(x: x + width, y: y + height), bottomLeft: Point(x: x, y: y + height)),
      score: 0.8, verticalAspectRatio: 1.5)
  }

  @Test func lettersTheDetectorCutOutOfAColumnAreJoined() throws {
    // `Coordinator` upright: eleven boxes a letter, 30 across, one every 40 rows (a gap of 10), their
    // centres a little apart; beside them a column of kana.
    let letters = (0..<11).map { Self.region(100 + Double($0 % 3), 10 + 40 * Double($0), 30, 30) }
    let column = Self.region(180, 10, 32, 400)
    let joined = VerticalColumn.joinedPieces(letters + [column], verticalAspectRatio: 1.5)
    try #require(joined.count == 2)
    #expect(joined[0].isVertical)
    let xs = joined[0].quad.points.map(\.x)
    let ys = joined[0].quad.points.map(\.y)
    #expect(xs.min() == 100 && xs.max() == 132 && ys.min() == 10 && ys.max() == 440)
    #expect(joined[1] == column)
  }

  @Test func linesAndTiersAreNotJoined() {
    // Two lines across, one under the other: no pieces of a column.
    let lines = [Self.region(100, 10, 300, 30), Self.region(100, 50, 300, 30)]
    #expect(VerticalColumn.joinedPieces(lines, verticalAspectRatio: 1.5) == lines)
    // A column of each tier, an em and more apart, and two columns side by side.
    let tiers = [
      Self.region(100, 10, 30, 300), Self.region(100, 345, 30, 300), Self.region(140, 10, 30, 300),
    ]
    #expect(VerticalColumn.joinedPieces(tiers, verticalAspectRatio: 1.5) == tiers)
    // A page number under a column, far below it.
    let numbered = [Self.region(100, 10, 30, 300), Self.region(102, 400, 24, 20)]
    #expect(VerticalColumn.joinedPieces(numbered, verticalAspectRatio: 1.5) == numbered)
  }

  /// An ink map `width` by `height` with ink in `rows` over `columns`.
  static func ink(width: Int, height: Int, rows: [Range<Int>], columns: Range<Int>) -> InkMap {
    var bits = [UInt8](repeating: 0, count: width * height)
    for range in rows {
      for y in range {
        for x in columns { bits[y * width + x] = 1 }
      }
    }
    return InkMap(width: width, height: height, bits: bits)
  }

  @Test func aGapOfInkBetweenTwoColumnsOnOneAxisIsBridged() throws {
    // `敵ではS` and `のasync関` found, the thin `w i f t` between them not: letters a cell down the gap.
    let columns = [Self.region(100, 10, 40, 120), Self.region(98, 240, 40, 200)]
    let letters = (0..<4).map { 135 + 26 * $0..<(155 + 26 * $0) }
    let ink = Self.ink(width: 300, height: 500, rows: letters, columns: 110..<125)
    let bridged = VerticalColumn.bridgedGaps(columns, ink: ink, verticalAspectRatio: 1.5)
    try #require(bridged.count == 1)
    #expect(bridged[0].isVertical)
    let xs = bridged[0].quad.points.map(\.x)
    let ys = bridged[0].quad.points.map(\.y)
    #expect(xs.min() == 98 && xs.max() == 140 && ys.min() == 10 && ys.max() == 440)
  }

  @Test func blankGapsTouchingColumnsAndColumnsApartAreNotBridged() {
    let tiers = [Self.region(100, 10, 40, 120), Self.region(98, 240, 40, 200)]
    // Blank paper between the tiers, a speck or two in it.
    let specks = Self.ink(width: 300, height: 500, rows: [180..<183], columns: 110..<125)
    #expect(VerticalColumn.bridgedGaps(tiers, ink: specks, verticalAspectRatio: 1.5) == tiers)
    let inked = Self.ink(width: 300, height: 500, rows: [0..<500], columns: 0..<300)
    // Regions that overlap or touch, columns side by side, and a gap longer than a few widths.
    let overlapping = [Self.region(100, 10, 40, 120), Self.region(100, 120, 40, 200)]
    #expect(VerticalColumn.bridgedGaps(overlapping, ink: inked, verticalAspectRatio: 1.5) == overlapping)
    let touching = [Self.region(100, 10, 40, 120), Self.region(100, 135, 40, 200)]
    #expect(VerticalColumn.bridgedGaps(touching, ink: inked, verticalAspectRatio: 1.5) == touching)
    let besides = [Self.region(100, 10, 40, 200), Self.region(150, 240, 40, 200)]
    #expect(VerticalColumn.bridgedGaps(besides, ink: inked, verticalAspectRatio: 1.5) == besides)
    let far = [Self.region(100, 10, 40, 100), Self.region(100, 300, 40, 190)]
    #expect(VerticalColumn.bridgedGaps(far, ink: inked, verticalAspectRatio: 1.5) == far)
  }

  @Test func lettersReadInCellsAreASCII() {
    let line = Self.reading("ＪＳ０Ｎで（ｉ）", pitch: 10)
    #expect(VerticalColumn.halfWidthLatin(line).text == "JS0Nで（i）")
  }

  @Test func aBarBetweenLettersIsTheLetterReadStanding() {
    // `UIKit` with `I` and `i` set as bars: standing, the cells read `I` (full width) and `」`.
    let cells = Self.reading("UーKーtで", pitch: 10)
    let standing = Self.reading("UＩK」tで", pitch: 10)
    #expect(VerticalColumn.standingLetters(cells: cells, standing: standing).text == "UＩKーtで")
    // A long vowel between kana stays, whatever the standing cells read.
    let kana = Self.reading("ユーザー", pitch: 10)
    #expect(VerticalColumn.standingLetters(cells: kana, standing: Self.reading("ユlザl", pitch: 10)) == kana)
  }
}
