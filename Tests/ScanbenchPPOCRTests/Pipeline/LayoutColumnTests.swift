import Foundation
import Testing

@testable import ScanbenchPPOCR

/// Column pages and tables from detected lines with their words (`Layout.result`, as the pipeline
/// calls it): a gutter a detected line runs across, narrow columns of prose, a receipt's prices.
@Suite struct LayoutColumnTests {
  /// Pixels from one character to the next, and a line's thickness.
  static let pitch = 10
  static let thickness = 24

  /// A detected line on the page at `y`: each piece's text set from its `x`, a character every
  /// `pitch` pixels, the pieces one detected region (a space between them), as the detector gives a
  /// line it ran across a gutter.
  static func line(_ pieces: [(text: String, x: Int)], y: Int) -> Layout.Item {
    let x0 = pieces[0].x
    var characters: [DecodedCharacter] = []
    var end = x0
    for (index, piece) in pieces.enumerated() {
      if index > 0 {
        characters.append(
          DecodedCharacter(text: " ", firstColumn: end - x0, lastColumn: end - x0, probability: 1))
      }
      for (offset, character) in piece.text.enumerated() {
        let column = piece.x - x0 + offset * pitch
        characters.append(
          DecodedCharacter(text: String(character), firstColumn: column, lastColumn: column, probability: 1))
      }
      end = piece.x + piece.text.count * pitch
    }
    let (left, right) = (Double(x0 - pitch / 2), Double(end))
    let (top, bottom) = (Double(y), Double(y + thickness))
    let quad = Quad(
      topLeft: Point(x: left, y: top), topRight: Point(x: right, y: top),
      bottomRight: Point(x: right, y: bottom),
      bottomLeft: Point(x: left, y: bottom))
    let decoded = DecodedLine(characters: characters, contentColumns: right - left)
    return Layout.Item(quad: quad, isVertical: false, line: decoded, imageWidth: 4000, imageHeight: 4000)
  }

  /// `count` different lines of prose of `words` words of `letters` letters each (at least the
  /// three or four that tell them apart): the lines a column holds, each word its column's letter,
  /// its row and its place (`b7c`: the second column, the eighth row, the third word).
  static func prose(column: Int, count: Int, words: Int, letters: Int) -> [String] {
    func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(97 + index))) }
    return (0..<count).map { row in
      (0..<words).map { word in
        let stem = letter(column) + "\(row)" + letter(word)
        return stem + String(repeating: "x", count: max(0, letters - stem.count))
      }.joined(separator: " ")
    }
  }

  /// The page's columns, laid out `gutter` pixels apart, lines `thickness * 5 / 4` apart; what
  /// `crossing` names (column, row) is one detected line with the same row of the next column.
  static func page(_ columns: [[String]], gutter: Int, crossing: Set<[Int]> = []) -> [Layout.Item] {
    let width = columns.flatMap { $0 }.map(\.count).max() ?? 0
    let leading = thickness * 5 / 4
    var items: [Layout.Item] = []
    for (column, lines) in columns.enumerated() {
      for (row, text) in lines.enumerated() {
        if column > 0 && crossing.contains([column - 1, row]) { continue }
        let x = 100 + column * (width * pitch + gutter)
        var pieces: [(text: String, x: Int)] = [(text: text, x: x)]
        if crossing.contains([column, row]) {
          pieces.append((text: columns[column + 1][row], x: x + width * pitch + gutter))
        }
        items.append(line(pieces, y: 100 + row * leading))
      }
    }
    return items
  }

  /// Three narrow columns in small type (narrower than `minColumnWidth`), two of whose lines the
  /// detector ran across a gutter: those lines are cut at the gutter, and each column is read top to
  /// bottom, left to right.
  @Test func aGutterCrossedByADetectedLineIsReadInOrder() {
    let columns = (0..<3).map { Self.prose(column: $0, count: 12, words: 4, letters: 4) }
    let result = Layout.result(Self.page(columns, gutter: 40, crossing: [[0, 4], [1, 9]]))
    #expect(result.lines.map(\.text) == columns.flatMap { $0 })
    #expect(result.blocks.count == 3)
  }

  /// A narrow justified paragraph whose word spaces line up down all its lines (a river): a gap
  /// between pieces of the same detected lines, not a gutter, so each line is read whole.
  @Test func aRiverOfWordSpacesIsNoGutter() {
    let halves = (0..<2).map { Self.prose(column: $0, count: 6, words: 3, letters: 4) }
    let width = halves[0][0].count * Self.pitch
    let items = (0..<6).map { row in
      Self.line(
        [(text: halves[0][row], x: 100), (text: halves[1][row], x: 100 + width + 20)], y: 100 + row * 30)
    }
    let result = Layout.result(items)
    #expect(result.lines.map(\.text) == (0..<6).map { halves[0][$0] + " " + halves[1][$0] })
  }

  /// Four columns each about seven line heights wide (narrower than `minColumnWidth`), lines of
  /// four short words: cut into the four columns, each read top to bottom.
  @Test func aFourColumnPageOfNarrowColumnsIsCutIntoItsColumns() {
    let columns = (0..<4).map { Self.prose(column: $0, count: 12, words: 4, letters: 4) }
    let items = Self.page(columns, gutter: 40)
    let width = Double(columns[0][0].count * Self.pitch)
    #expect(width < Layout.Parameters().minColumnWidth * Double(Self.thickness))
    let result = Layout.result(items)
    #expect(result.lines.map(\.text) == columns.flatMap { $0 })
    #expect(result.blocks.count == 4)
  }

  /// Three columns over a footnote that runs under the first two only (a short one): the footnote
  /// is read after all three columns, not between the second and the third.
  @Test func aFootnoteUnderSomeColumnsIsReadAfterAllOfThem() {
    let columns = (0..<3).map { Self.prose(column: $0, count: 10, words: 5, letters: 6) }
    var items = Self.page(columns, gutter: 60)
    let note = "n0ax n1ax n2ax n3ax n4ax n5ax n6ax n7ax n8ax n9ax nAax nBax nCax nDax nEax nFax"
    items.append(Self.line([(text: note, x: 100)], y: 100 + 10 * 30 + 2 * Self.thickness))
    let result = Layout.result(items)
    #expect(result.lines.map(\.text) == columns.flatMap { $0 } + [note])
  }

  /// The held-out column sweep's page (`make_column_sweep.py --seed 4`, page 002): a heading over
  /// the first columns only bridges their gutters, and a footnote under them crosses one of those
  /// gutters but not the last. The footnote is still read after every column, the last too.
  @Test func aFootnoteUnderColumnsAHeadingBridgesIsReadAfterAllOfThem() {
    let columns = (0..<3).map { Self.prose(column: $0, count: 10, words: 5, letters: 6) }
    let heading = "Heading across the first two columns of the page but not the"
    var items = [Self.line([(text: heading, x: 100)], y: 30)] + Self.page(columns, gutter: 60)
    let note = "n0ax n1ax n2ax n3ax n4ax n5ax n6ax n7ax n8ax n9ax"
    items.append(Self.line([(text: note, x: 100)], y: 100 + 10 * 30 + 2 * Self.thickness))
    let result = Layout.result(items)
    #expect(result.lines.map(\.text) == [heading] + columns.flatMap { $0 } + [note])
  }

  /// A receipt: items of three words, ragged, and their prices in a narrow column to the right;
  /// a title over them and a total under them. The prices are no column of prose, so each item
  /// stays on one line with its price.
  @Test func aReceiptsItemsAndPricesAreNotCutIntoColumns() {
    let rows = [
      ("Coffee large oat", "3.50"), ("Almond croissant warm", "2.80"), ("Orange juice fresh", "4.10"),
      ("Sparkling water bottle", "1.90"), ("Ham cheese toastie", "6.40"), ("Soup of day", "5.20"),
      ("Apple tart slice", "3.30"), ("Tea pot English", "2.60"),
    ]
    var items = [Self.line([(text: "CORNER CAFE AND BAKERY", x: 160)], y: 40)]
    for (index, row) in rows.enumerated() {
      let price = 400 - row.1.count * Self.pitch  // right-aligned
      items.append(Self.line([(text: row.0, x: 60)], y: 100 + index * 30))
      items.append(Self.line([(text: row.1, x: price)], y: 100 + index * 30))
    }
    let result = Layout.result(items)
    #expect(result.lines.map(\.text) == ["CORNER CAFE AND BAKERY"] + rows.map { "\($0.0) \($0.1)" })
  }

  /// Three pages of the column sweep (`Corpora/make_column_sweep.py --seed 1`) that were read line
  /// by line across their columns: 005, four columns about nine line heights wide; 029, four columns
  /// under 199-pixel gutters in 8.5-point type; 037, two columns under a 195-pixel gutter. Their
  /// regions as the accurate models read them are kept in `Fixtures/column-sweep` (a line each:
  /// corners, orientation, score, content columns, then every character), so the reading order
  /// alone runs here: each page reads within the sweep's aim for a page, 1% of its ground truth.
  @Test(arguments: ["sweep-005", "sweep-029", "sweep-037"])
  func aSweepPageReadLineByLineAcrossItsColumnsBefore(page: String) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/column-sweep")
    let table = try String(contentsOf: folder.appendingPathComponent(page + ".regions.tsv"), encoding: .utf8)
    let truth = try String(contentsOf: folder.appendingPathComponent(page + ".gt.txt"), encoding: .utf8)
    let regions = try table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(Self.region)
    let result = PPOCRPipeline.layout(
      regions, imageWidth: 2480, imageHeight: 3508, singleLine: false, options: PPOCRPipeline.Options())
    #expect(PipelineModelTests.cer(truth, result.text) <= 0.01, "\(result.text)")
  }

  /// A region from its line in a fixture.
  static func region(_ line: Substring) throws -> PPOCRRegion {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    try #require(fields.count >= 4)
    let characters = try fields.dropFirst(4).map { field in
      let parts = field.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      try #require(parts.count == 4)
      return PPOCRRegion.Character(
        text: String(parts[3]), firstColumn: try #require(Int(parts[0])),
        lastColumn: try #require(Int(parts[1])),
        probability: try #require(Float(parts[2])))
    }
    return PPOCRRegion(
      corners: try fields[0].split(separator: " ").map { try #require(Double($0)) },
      isVertical: fields[1] == "1",
      score: try #require(Double(fields[2])), characters: characters,
      contentColumns: try #require(Double(fields[3])))
  }
}
