import Testing

@testable import ScanbenchPPOCR

/// The `、。` under a column's foot, below the box the detector drew.
@Suite struct VerticalColumnFootTests {
  typealias Ink = VerticalColumnInkTests
  /// Four characters, the box's foot after the last (row 170), and an empty cell below it.
  static let foot = 170

  static func mark(_ grey: VerticalColumn.Grey) -> String? {
    VerticalColumn.markUnderFoot(
      grey, foot: foot, empty: 1.05, remnant: 0.75, longest: 1.6)
  }

  /// `grey` with the ink below the last character faded (what a scan leaves of a mark: too faint
  /// to be kept as the column's ink, darker than the paper).
  static func faded(_ grey: VerticalColumn.Grey) -> VerticalColumn.Grey {
    var grey = grey
    for y in 166..<grey.height {
      for x in 0..<grey.width where grey[x, y] == 20 { grey[x, y] = 200 }
    }
    return grey
  }

  @Test func aFaintStrokeUnderTheFootIsTheMark() {
    var stroke = Ink.column(cells: 4, rows: 220)
    Ink.stroke(&stroke, x: 24, y: 10 + 160 + 1)
    #expect(Self.mark(Self.faded(stroke)) == "、")
  }

  @Test func anEmptyFootOrACharacterBelowIsNoMark() {
    // The column ends: nothing under its foot.
    #expect(Self.mark(Ink.column(cells: 4, rows: 220)) == nil)
    // A ring left of the axis is part of a character, not a mark.
    var left = Ink.column(cells: 4, rows: 220)
    Ink.ring(&left, x: 12, y: 10 + 160 + 7)
    #expect(Self.mark(Self.faded(left)) == nil)
    // The next character right under the foot: no mark's cell between.
    #expect(Self.mark(Ink.column(cells: 6)) == nil)
  }

  @Test func aCropTooShortToHoldTheCellTellsNothing() {
    var grey = Ink.column(cells: 4, rows: 185)
    Ink.ring(&grey, x: 29, y: 10 + 160 + 4)
    #expect(Self.mark(Self.faded(grey)) == nil)
  }
}
