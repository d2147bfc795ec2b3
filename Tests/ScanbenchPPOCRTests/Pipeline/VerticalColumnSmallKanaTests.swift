import Testing

@testable import ScanbenchPPOCR

/// The small kana a column's cells read full size, told from where their ink sits.
@Suite struct VerticalColumnSmallKanaTests {
  /// Where a cell's ink lies, in twentieths of an em: across from the column's left edge, and down
  /// from the cell's top.
  struct Box {
    var x: Range<Int>
    var y: Range<Int>

    /// A full-size character's: most of the em, centred on the axis.
    static let full = Box(x: 2..<18, y: 2..<18)
    /// A small kana's, swollen by a scan: over half an em, in the top right of the cell.
    static let small = Box(x: 7..<19, y: 2..<15)
    /// As wide as a full-size kana but right of the axis.
    static let wideRight = Box(x: 2..<20, y: 2..<14)
  }

  /// A column 20 pixels an em of one cell a character of `text`, each cell's ink `boxes`, and its
  /// reading in cells: a line a character a cell of 10 columns, no margin.
  static func cells(_ text: String, boxes: [Box]) -> (DecodedLine, VerticalColumn.Line) {
    let count = text.count
    var picture = VerticalColumn.Grey(width: 20, height: 20 * count, value: 255)
    var ink = [Bool](repeating: false, count: 20 * 20 * count)
    for (cell, box) in boxes.enumerated() {
      for y in box.y {
        for x in box.x {
          picture[x, 20 * cell + y] = 0
          ink[(20 * cell + y) * 20 + x] = true
        }
      }
    }
    let line = VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 10 * count, height: 10, value: 255),
      cellStarts: (0..<count).map { Double($0 * 20) }, pitch: 20, cellSize: 10, margin: 0,
      columnLength: Double(20 * count), picture: picture, ink: ink,
      cellRows: (0..<count).map { (20 * $0)..<(20 * $0 + 20) }, em: 20, axis: 10)
    let reading = VerticalColumnRunsTests.reading(text, start: 4, pitch: 10, content: Double(10 * count))
    return (reading, line)
  }

  @Test func aCellsInkIsMeasuredInEmsFromTheAxis() {
    let (_, line) = Self.cells("ツ", boxes: [.small])
    let ink = VerticalColumn.cellInks(line)
    #expect(ink == [VerticalColumn.CellInk(width: 0.6, height: 0.65, right: 0.15, top: 0.1)])
  }

  @Test func aFullSizeKanaWhoseInkIsASmallKanasIsReadSmall() {
    // `キャッシュ` read `キャツシユ`: the cells' `ツ` and `ユ` stand right of the axis, small.
    let (reading, line) = Self.cells("キャツシユ", boxes: [.full, .small, .small, .full, .small])
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: line).text == "キャッシュ")
    let (chotto, line2) = Self.cells("ちよつと", boxes: [.full, .small, .small, .full])
    #expect(VerticalColumn.withSmallKanaFromInk(chotto, line: line2).text == "ちょっと")
  }

  @Test func aFullSizeKanaOnTheAxisStays() {
    let (reading, line) = Self.cells("ツユよやア", boxes: [.full, .full, .full, .full, .full])
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: line) == reading)
  }

  @Test func inkRightOfTheAxisButAsWideAsAFullKanasStays() {
    let (reading, line) = Self.cells("ツユ", boxes: [.wideRight, .wideRight])
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: line) == reading)
  }

  @Test func kanaLeftOutAndOtherCharactersStay() {
    // `い`'s right stroke alone in its cell lies right of the axis; `ぃ` is seldom set.
    let (reading, line) = Self.cells(
      "字いあやゆシ字", boxes: [.full, .small, .small, .small, .small, .small, .small])
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: line) == reading)
  }

  @Test func noColumnStartsWithASmallKana() {
    // The head of a column measures a full-size kana small: it stays full size, and one read small
    // there is read full size.
    let (tsu, line) = Self.cells("ツル", boxes: [.small, .full])
    #expect(VerticalColumn.withSmallKanaFromInk(tsu, line: line) == tsu)
    let (user, line2) = Self.cells("ューザ", boxes: [.small, .full, .full])
    #expect(VerticalColumn.withSmallKanaFromInk(user, line: line2).text == "ユーザ")
  }

  @Test func aCellWithoutInkOrAColumnWithoutItsInkChangesNothing() {
    let (reading, line) = Self.cells("アツユ", boxes: [.full, .small])
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: line).text == "アッユ")
    var bare = line
    bare.picture = nil
    #expect(VerticalColumn.withSmallKanaFromInk(reading, line: bare) == reading)
  }
}
