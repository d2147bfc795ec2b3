import Foundation
import Testing

@testable import ScanbenchPPOCR

/// Detected lines cut at column gutters found from the page's whitespace (``Gutters``), on pages of
/// ink blocks (a word each) drawn at known places: what is cut, what is not.
@Suite struct GuttersTests {
  /// A line's thickness (its detected box) and its ink's height within it.
  static let thickness = 30
  static let leading = 40

  /// A page `width` wide holding `rows` rows of words, each word `(x, width)` on its row.
  static func page(width: Int, rows: [[(x: Int, width: Int)]]) -> RGBImage {
    let height = 60 + rows.count * leading
    var grey = [UInt8](repeating: 255, count: width * height)
    for (row, words) in rows.enumerated() {
      let top = 30 + row * leading + 8
      for word in words {
        for y in top..<(top + thickness - 16) {
          for x in word.x..<(word.x + word.width) { grey[y * width + x] = 0 }
        }
      }
    }
    return RGBImage(width: width, height: height, grey: grey)
  }

  /// A detected region on row `row` from `x0` to `x1` (its box a few pixels beyond its ink).
  static func region(row: Int, from x0: Int, to x1: Int) -> TextRegion {
    let top = Double(30 + row * leading)
    let bottom = top + Double(thickness)
    let quad = Quad(
      topLeft: Point(x: Double(x0 - 6), y: top), topRight: Point(x: Double(x1 + 6), y: top),
      bottomRight: Point(x: Double(x1 + 6), y: bottom), bottomLeft: Point(x: Double(x0 - 6), y: bottom))
    return TextRegion(pageQuad: quad, score: 0.9, verticalAspectRatio: 1.5)
  }

  /// Words filling a column from `x0` to `x1` as a justified line does: `count` words of lengths
  /// that differ from row to row (so no space lines up with the spaces above and below it), the
  /// spaces between them a little wider than a letter.
  static func justified(from x0: Int, to x1: Int, count: Int, row: Int) -> [(x: Int, width: Int)] {
    let space = 10 + row % 4
    let lengths = (0..<count).map { 40 + (row * 31 + $0 * 57) % 61 }
    let total = lengths.reduce(0, +)
    let room = x1 - x0 - (count - 1) * space
    var x = x0
    return lengths.enumerated().map { index, length in
      let width = index == count - 1 ? x1 - x : length * room / total
      defer { x += width + space }
      return (x: x, width: width)
    }
  }

  static func pipeline(options: PPOCRPipeline.Options = .init()) -> PPOCRPipeline {
    let model = FakeModel { _ in Tensor(shape: [1, 1, 1], values: [0]) }
    return PPOCRPipeline(detector: nil, recognizer: model, dictionary: ["a"], options: options)
  }

  /// Two justified columns of twelve lines under a gutter of 40 pixels, a little more than a line is
  /// high: the detector ran row 5 across the gutter as one region. It is cut in the gutter's gap,
  /// into a piece on each side; no other region is cut.
  @Test func aLineRunAcrossAGutterIsCutThere() throws {
    let (left, right) = ((40, 440), (480, 880))
    let rows = (0..<12).map { row in
      Self.justified(from: left.0, to: left.1, count: 5, row: row)
        + Self.justified(from: right.0, to: right.1, count: 4, row: row + 3)
    }
    let image = Self.page(width: 920, rows: rows)
    var regions: [TextRegion] = []
    for row in 0..<12 {
      if row == 5 {
        regions.append(Self.region(row: row, from: left.0, to: right.1))
      } else {
        regions.append(Self.region(row: row, from: left.0, to: left.1))
        regions.append(Self.region(row: row, from: right.0, to: right.1))
      }
    }
    let split = Self.pipeline().splitAtGutters(image, regions: regions)
    #expect(split.count == 24)
    let pieces = split.filter { abs($0.quad.topLeft.y - Double(30 + 5 * Self.leading)) < 1 }
    try #require(pieces.count == 2)
    // Each piece holds its column's ink and ends in the gap, keeping a margin of it.
    #expect(pieces[0].quad.topLeft.x < Double(left.0) && pieces[0].quad.topRight.x > Double(left.1))
    #expect(pieces[0].quad.topRight.x < 460)
    #expect(pieces[1].quad.topLeft.x > 460 && pieces[1].quad.topLeft.x < Double(right.0))
    #expect(pieces[1].quad.topRight.x > Double(right.1))
    #expect(
      split.filter { $0.quad.topLeft.y != pieces[0].quad.topLeft.y }
        == regions.filter {
          $0.quad.topLeft.y != pieces[0].quad.topLeft.y
        })
  }

  /// A receipt: twenty rows of an item's name on the left and its price on the right, the detector
  /// running every row's name and price into one region across the wide gap between them. The gap
  /// runs down every row, but no column of prose starts at its right (prices are a few characters):
  /// nothing is cut. (Were a few characters a column of prose, the rows of the longest names, whose
  /// gap runs clear down the page, would be.)
  @Test func aReceiptsItemAndPriceAreNotCut() {
    let names = [
      300, 180, 420, 260, 350, 200, 390, 240, 310, 280, 360, 220, 330, 190, 400, 250, 300, 270, 340, 230,
    ]
    let prices = [70, 90, 70, 110, 70, 90, 70, 70, 90, 110, 70, 90, 70, 70, 90, 70, 110, 90, 70, 70]
    let rows = (0..<20).map { row in
      [(x: 40, width: names[row]), (x: 700 - prices[row], width: prices[row])]
    }
    let image = Self.page(width: 760, rows: rows)
    let regions = (0..<20).map { Self.region(row: $0, from: 40, to: 700) }
    #expect(Self.pipeline().splitAtGutters(image, regions: regions) == regions)
    var loose = PPOCRPipeline.Options()
    loose.gutterSplit.minSideLength = 1.5
    #expect(Self.pipeline(options: loose).splitAtGutters(image, regions: regions).count > 20)
  }

  /// One justified column of twenty lines whose wide word spaces line up down four of them (a
  /// river): each of those lines' gap is as wide as a narrow gutter, but the lines beside it are
  /// few, and above and below them words cross it. Nothing is cut.
  @Test func aRiverOfWordSpacesIsNoGutter() {
    let rows = (0..<20).map { row -> [(x: Int, width: Int)] in
      (8..<12).contains(row)
        ? [(x: 40, width: 330), (x: 410, width: 200 + row)]
        : Self.justified(from: 40, to: 640, count: 6, row: row)
    }
    let image = Self.page(width: 680, rows: rows)
    let regions = (0..<20).map { Self.region(row: $0, from: 40, to: 640) }
    #expect(Self.pipeline().splitAtGutters(image, regions: regions) == regions)
    var loose = PPOCRPipeline.Options()
    loose.gutterSplit.minLines = 3
    #expect(Self.pipeline(options: loose).splitAtGutters(image, regions: regions).count == 24)
  }

  /// A heading across the two columns, a word of it over the gutter: its word spaces lie over the
  /// columns' words, and the gutter's band ends at it. Nothing is cut.
  @Test func aHeadingAcrossTheColumnsIsNotCut() {
    let (left, right) = ((40, 440), (480, 880))
    var rows: [[(x: Int, width: Int)]] = [[(x: 200, width: 200), (x: 420, width: 150), (x: 590, width: 150)]]
    rows += (0..<12).map { row in
      Self.justified(from: left.0, to: left.1, count: 5, row: row)
        + Self.justified(from: right.0, to: right.1, count: 4, row: row + 3)
    }
    let image = Self.page(width: 920, rows: rows)
    var regions = [Self.region(row: 0, from: 200, to: 740)]
    for row in 1...12 {
      regions.append(Self.region(row: row, from: left.0, to: left.1))
      regions.append(Self.region(row: row, from: right.0, to: right.1))
    }
    #expect(Self.pipeline().splitAtGutters(image, regions: regions) == regions)
  }
}

/// The pipeline with the real models on a page of the column sweep whose gutter the detector runs
/// lines across.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct GuttersModelTests {
  /// The second and third of three justified columns under a 40-pixel gutter, narrower than a line
  /// is high (`Corpora/make_column_sweep.py --seed 2`, page 042, cropped; the third column starts
  /// higher): the detector runs a line of the second column and the line beside it in the third into
  /// one region (`this section, you must place, the copyright holder notifies`). Cut at the gutter,
  /// the page reads column by column.
  @Test func aColumnPageWhoseGutterADetectedLineCrossesReadsInOrder() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/column-sweep")
    let image = try #require(
      RGBImage(contentsOf: folder.appendingPathComponent("seed-2-sweep-042-crop.png").path))
    let truth = try String(
      contentsOf: folder.appendingPathComponent("seed-2-sweep-042-crop.gt.txt"), encoding: .utf8)
    var uncut = PPOCRPipeline.Options()
    uncut.gutterSplit.isOn = false
    let before = try PipelineModelTests.pipeline(options: uncut).recognize(image)
    try #require(
      before.lines.contains { $0.text.contains("place,") && $0.text.contains("notifies") },
      "the fixture's premise: a detected line runs across the gutter")
    let result = try PipelineModelTests.pipeline().recognize(image)
    #expect(!result.lines.contains { $0.text.contains("place,") && $0.text.contains("notifies") })
    #expect(PipelineModelTests.cer(truth, result.text) <= 0.01, "\(result.text)")
  }
}
