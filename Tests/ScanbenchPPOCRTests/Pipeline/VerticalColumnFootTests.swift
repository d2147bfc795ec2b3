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

  @Test func aWholeRingOrStrokeUnderTheFootIsTheMark() {
    // The column's end: the ring in the top right of the cell after the last character, paper under it.
    var ring = Ink.column(cells: 4, rows: 220)
    Ink.ring(&ring, x: 29, y: 10 + 160 + 7)
    #expect(Self.mark(ring) == "。")
    var stroke = Ink.column(cells: 4, rows: 220)
    Ink.stroke(&stroke, x: 24, y: 10 + 160 + 1)
    #expect(Self.mark(stroke) == "、")
    // The detector cut the column at the mark: the rest of the column a cell below.
    var cut = Ink.column(cells: 6, blank: [4], rows: 300)
    Ink.ring(&cut, x: 29, y: 10 + 160 + 7)
    #expect(Self.mark(cut) == "。")
    // The next tier below, past a gap longer than a mark's cell: the column's end.
    var tier = Ink.column(cells: 4, rows: 300)
    Ink.ring(&tier, x: 29, y: 10 + 160 + 7)
    VerticalColumnInkTests.ink(&tier, x: 5..<39, y: 234..<268)
    #expect(Self.mark(tier) == "。")
    // The box reaching over the ring (its foot below it): the ring is no character.
    #expect(VerticalColumn.markUnderFoot(ring, foot: 190, empty: 1.05, remnant: 0.75, longest: 1.6) == "。")
    // Only with whole marks looked for.
    let without = VerticalColumn.markUnderFoot(
      ring, foot: Self.foot, empty: 1.05, remnant: 0.75, longest: 1.6, whole: false)
    #expect(without == nil)
  }

  @Test func inkUnderTheFootThatIsNoWholeMarkIsNone() {
    // A ring on the axis (`・`) or left of it: part of the next character.
    var onAxis = Ink.column(cells: 4, rows: 220)
    Ink.ring(&onAxis, x: 19, y: 10 + 160 + 7)
    #expect(Self.mark(onAxis) == nil)
    // A ring with the rest of a character right under it: the next character's first stroke.
    var top = Ink.column(cells: 4, rows: 220)
    Ink.ring(&top, x: 29, y: 10 + 160 + 7)
    VerticalColumnInkTests.ink(&top, x: 5..<39, y: 186..<220)
    #expect(Self.mark(top) == nil)
    // A ring far below the last character: not in the top of the cell after it.
    var far = Ink.column(cells: 4, rows: 240)
    Ink.ring(&far, x: 29, y: 10 + 160 + 30)
    #expect(Self.mark(far) == nil)
    // The box's last ink a bar across the axis under a gap (the second stroke of `ニ`), or a dot on
    // the axis (`…`, `・`): a character's.
    var bar = Ink.column(cells: 4, rows: 220)
    VerticalColumnInkTests.ink(&bar, x: 8..<34, y: 172..<176)
    #expect(VerticalColumn.markUnderFoot(bar, foot: 190, empty: 1.05, remnant: 0.75, longest: 1.6) == nil)
    #expect(VerticalColumn.markUnderFoot(onAxis, foot: 190, empty: 1.05, remnant: 0.75, longest: 1.6) == nil)
    // A crop that ends in the ring: what lies under it is not seen.
    var ring = Ink.column(cells: 4, rows: 220)
    Ink.ring(&ring, x: 29, y: 10 + 160 + 7)
    let short = VerticalColumn.Grey(
      width: ring.width, height: 180, pixels: Array(ring.pixels.prefix(ring.width * 180)))
    #expect(Self.mark(short) == nil)
  }

  @Test func aCropTooShortToHoldTheCellTellsNothing() {
    var grey = Ink.column(cells: 4, rows: 185)
    Ink.ring(&grey, x: 29, y: 10 + 160 + 4)
    #expect(Self.mark(Self.faded(grey)) == nil)
  }
}
