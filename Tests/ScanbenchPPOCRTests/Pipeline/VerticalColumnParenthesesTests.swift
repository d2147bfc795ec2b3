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
}
