import Testing

@testable import ScanbenchPPOCR

/// The `、。` under a column's foot, below the box the detector drew.
@Suite struct VerticalColumnFootTests {
  typealias Ink = VerticalColumnInkTests
  /// Four characters, the box's foot after the last (row 170), and an empty cell below it.
  static let foot = 170

  static func mark(_ grey: VerticalColumn.Grey, inColumn: Bool = false) -> String? {
    VerticalColumn.markUnderFoot(
      grey, foot: foot, empty: 1.05, remnant: 0.75, longest: 1.6, inColumn: inColumn)
  }

  @Test func aRingOrAStrokeUnderTheFootIsTheMark() {
    var ring = Ink.column(cells: 4, rows: 220)
    Ink.ring(&ring, x: 29, y: 10 + 160 + 7)
    #expect(Self.mark(ring) == "。")
    var stroke = Ink.column(cells: 4, rows: 220)
    Ink.stroke(&stroke, x: 24, y: 10 + 160 + 1)
    #expect(Self.mark(stroke) == "、")
  }

  @Test func anEmptyFootOrACharacterBelowIsNoMark() {
    // The column ends: nothing under its foot.
    #expect(Self.mark(Ink.column(cells: 4, rows: 220)) == nil)
    // A ring left of the axis is part of a character, not a mark.
    var left = Ink.column(cells: 4, rows: 220)
    Ink.ring(&left, x: 12, y: 10 + 160 + 7)
    #expect(Self.mark(left) == nil)
    // The next character right under the foot: no mark's cell between.
    #expect(Self.mark(Ink.column(cells: 6)) == nil)
  }

  @Test func aCropTooShortToHoldTheCellTellsNothing() {
    var grey = Ink.column(cells: 4, rows: 178)
    Ink.ring(&grey, x: 29, y: 10 + 160 + 4)
    #expect(Self.mark(grey) == nil)
  }

  @Test func anEmptyCellBeforeTheRestOfTheColumnIsAMarkOnlyWithinAColumn() {
    // The rest of the column, a mark's empty cell below the foot: a mark where other columns run on
    // past it; the next tier's column where none do.
    let grey = Ink.column(cells: 7, blank: [4])
    #expect(Self.mark(grey, inColumn: true) == "。")
    #expect(Self.mark(grey, inColumn: false) == nil)
  }
}
