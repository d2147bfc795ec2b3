import Testing

@testable import ScanbenchPPOCR

/// The parentheses found in a column's ink (`︵︶`, an arch and a bowl across it), and read where a
/// reading dropped them or took them for a bar.
@Suite struct VerticalColumnParenthesesTests {
  /// An arc 24 columns wide and 8 rows high, 2 rows thick: the arch `︵` when `up`, else the bowl.
  static func arc(up: Bool) -> [Bool] {
    VerticalColumnBracketsTests.piece(width: 24, height: 8) { x, y in
      let offset = Double(x) - 11.5
      let depth = Int((offset * offset / (11.5 * 11.5) * 6).rounded())
      let row = up ? depth : 7 - depth
      return y == row || y == (up ? min(7, row + 1) : max(0, row - 1))
    }
  }

  @Test func anArchIsAnOpeningParenthesisAndABowlAClosingOne() {
    #expect(VerticalColumn.arcShape(Self.arc(up: true), width: 24, height: 8) == "（")
    #expect(VerticalColumn.arcShape(Self.arc(up: false), width: 24, height: 8) == "）")
  }

  @Test func aBarACornerBracketOrABlobIsNoParenthesis() {
    // `一`: level.
    let one = VerticalColumnBracketsTests.piece(width: 24, height: 3) { _, _ in true }
    #expect(VerticalColumn.arcShape(one, width: 24, height: 3) == nil)
    // `﹁`: its left end is level with its middle.
    let bracket = VerticalColumnBracketsTests.piece(width: 24, height: 8) { x, y in y < 2 || x >= 21 }
    #expect(VerticalColumn.arcShape(bracket, width: 24, height: 8) == nil)
    // A solid piece: no thin stroke.
    let blob = VerticalColumnBracketsTests.piece(width: 24, height: 8) { _, _ in true }
    #expect(VerticalColumn.arcShape(blob, width: 24, height: 8) == nil)
    // A stroke slanting down (`ノ` lying): one end high, one low.
    let slant = VerticalColumnBracketsTests.piece(width: 24, height: 8) { x, y in y == x / 3 }
    #expect(VerticalColumn.arcShape(slant, width: 24, height: 8) == nil)
  }

  @Test func aParenthesisTakesTheBarReadInItsPlaceOrGoesInWhereNothingWasRead() {
    // Cells of 10 rows, each character's place its cell's middle; the arch's centre at row 14, in
    // cell 1 below its middle.
    let mark = VerticalColumn.InkMark(text: "（", gap: 12..<16, centre: 14)
    let bar = VerticalColumnPiecesTests.reading("てー以下", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([mark], into: bar, height: 40, pitch: 10).text == "て（以下")
    let he = VerticalColumnPiecesTests.reading("てへ以下", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([mark], into: he, height: 40, pitch: 10).text == "て（以下")
    // Read as nothing: `て` in cell 0, `以` in cell 2, the arch between them.
    let lost = VerticalColumnRunsTests.reading("て以", start: 4, pitch: 10, content: 40)
    var spaced = lost
    spaced.characters[1].firstColumn = 24
    spaced.characters[1].lastColumn = 25
    #expect(VerticalColumn.withInkParentheses([mark], into: spaced, height: 40, pitch: 10).text == "て（以")
    // Another kana read in its cell stays, and nothing goes in beside it: it may be the character.
    let kana = VerticalColumnPiecesTests.reading("てく以下", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([mark], into: kana, height: 40, pitch: 10) == kana)
  }

  /// A column of `cells` characters (34 rows of ink in cells of 40, from row `top`) in a picture
  /// `rows` tall, with `arc` (``arc(up:)``, 24 × 8) drawn from row `arcTop`.
  static func column(cells: Int, top: Int, rows: Int, arc up: Bool, arcTop: Int) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 44, height: rows, value: 255)
    for cell in 0..<cells {
      for y in (top + 40 * cell)..<(top + 40 * cell + 34) {
        for x in 5..<39 { grey[x, y] = 20 }
      }
    }
    let arc = Self.arc(up: up)
    for y in 0..<8 {
      for x in 0..<24 where arc[y * 24 + x] { grey[10 + x, arcTop + y] = 20 }
    }
    return grey
  }

  @Test func anArchAtTheColumnsHeadOrABowlAtItsFootNeedsNoPaperBeyondIt() {
    // The arch a row under the crop's top, a row above the first character: as little paper above
    // it as below, so it stands in no end of a cell; at the column's head, it opens it.
    let head = Self.column(cells: 3, top: 10, rows: 130, arc: true, arcTop: 1)
    #expect(VerticalColumn.parenthesesInInk(head).isEmpty)
    #expect(VerticalColumn.parenthesesInInk(head, atColumnEnds: true).map(\.text) == ["（"])
    // The bowl a row under the last character, a row above the crop's foot.
    let foot = Self.column(cells: 2, top: 2, rows: 93, arc: false, arcTop: 84)
    #expect(VerticalColumn.parenthesesInInk(foot).isEmpty)
    #expect(VerticalColumn.parenthesesInInk(foot, atColumnEnds: true).map(\.text) == ["）"])
    // Far from the first character, the arch stands against nothing.
    let apart = Self.column(cells: 3, top: 24, rows: 150, arc: true, arcTop: 1)
    #expect(VerticalColumn.parenthesesInInk(apart, atColumnEnds: true).isEmpty)
    // A bowl at the head, an arch at the foot: no column begins with a closing mark.
    let bowl = Self.column(cells: 3, top: 10, rows: 130, arc: false, arcTop: 1)
    #expect(VerticalColumn.parenthesesInInk(bowl, atColumnEnds: true).isEmpty)
  }

  @Test func theArcBeyondTheBoxIsTheParenthesis() {
    // The box from row 10: the arch above it.
    let head = Self.column(cells: 3, top: 10, rows: 130, arc: true, arcTop: 1)
    #expect(VerticalColumn.parenthesisBeyondBox(head, boxRows: 10..<130, opening: true) == "（")
    #expect(VerticalColumn.parenthesisBeyondBox(head, boxRows: 0..<130, opening: false) == nil)
    // The box to row 76: the bowl under it.
    let foot = Self.column(cells: 2, top: 2, rows: 130, arc: false, arcTop: 77)
    #expect(VerticalColumn.parenthesisBeyondBox(foot, boxRows: 0..<76, opening: false) == "）")
    // A bar, or nothing, beyond the box.
    var bar = VerticalColumnInkTests.column(cells: 3, rows: 130)
    for y in 2..<5 {
      for x in 10..<34 { bar[x, y] = 20 }
    }
    #expect(VerticalColumn.parenthesisBeyondBox(bar, boxRows: 10..<130, opening: true) == nil)
    let none = VerticalColumnInkTests.column(cells: 3, rows: 130)
    #expect(VerticalColumn.parenthesisBeyondBox(none, boxRows: 10..<130, opening: true) == nil)
  }

  @Test func aKanjiOneReadForAnArcIsTheParenthesisOnlyWhenAsked() {
    let mark = VerticalColumn.InkMark(text: "（", gap: 12..<16, centre: 14)
    let one = VerticalColumnPiecesTests.reading("て一以下", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([mark], into: one, height: 40, pitch: 10).text == "て一以下")
    #expect(
      VerticalColumn.withInkParentheses([mark], into: one, height: 40, pitch: 10, overOne: true).text
        == "て（以下")
  }
}
