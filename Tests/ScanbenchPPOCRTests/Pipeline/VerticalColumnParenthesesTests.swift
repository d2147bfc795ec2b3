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

  /// A column's ink a row: `before` rows of paper, `arc` rows of an arc, `gap` rows of paper, then
  /// a character of 34 rows and paper to `height`.
  static func rows(before: Int, arc: Int, gap: Int, height: Int) -> [Int] {
    var ink = [Int](repeating: 0, count: height)
    for y in before..<(before + arc) { ink[y] = 20 }
    for y in (before + arc + gap)..<min(height, before + arc + gap + 34) { ink[y] = 30 }
    return ink
  }

  @Test func anArcAtTheColumnsHeadOrFootNeedsNoPaperBeyondIt() {
    // The arch a row under the crop's top, three rows above the first character (em 37).
    let head = Self.rows(before: 1, arc: 8, gap: 3, height: 60)
    #expect(VerticalColumn.standsAtColumnEnd(opening: true, rows: 1..<9, ink: head, height: 60, em: 37))
    #expect(!VerticalColumn.standsAgainst(opening: true, rows: 1..<9, ink: head, height: 60, em: 37))
    // Far from the first character, it stands against nothing; with ink above, it is no head.
    let apart = Self.rows(before: 1, arc: 8, gap: 15, height: 60)
    #expect(!VerticalColumn.standsAtColumnEnd(opening: true, rows: 1..<9, ink: apart, height: 60, em: 37))
    var above = head
    above[0] = 5
    #expect(!VerticalColumn.standsAtColumnEnd(opening: true, rows: 1..<9, ink: above, height: 60, em: 37))
    // The bowl after the last character, a row above the crop's foot.
    let foot = Array(Self.rows(before: 1, arc: 8, gap: 3, height: 60).reversed())
    #expect(VerticalColumn.standsAtColumnEnd(opening: false, rows: 51..<59, ink: foot, height: 60, em: 37))
    #expect(!VerticalColumn.standsAtColumnEnd(opening: true, rows: 51..<59, ink: foot, height: 60, em: 37))
  }

  @Test func aKanjiOneReadForAnArcIsTheParenthesisOnlyWhenAsked() {
    let mark = VerticalColumn.InkMark(text: "（", gap: 12..<16, centre: 14)
    let one = VerticalColumnPiecesTests.reading("て一以下", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([mark], into: one, height: 40, pitch: 10).text == "て一以下")
    #expect(
      VerticalColumn.withInkParentheses([mark], into: one, height: 40, pitch: 10, overOne: true).text
        == "て（以下")
  }

  /// A column of narrow characters (solid blocks 22 pixels wide: the em they tell is 24 pixels)
  /// with a bowl 24 pixels wide two rows under the first and 20 above the second.
  static func narrowColumn() -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 44, height: 100, value: 255)
    for y in [Array(10..<32), Array(62..<84)].joined() {
      for x in 11..<33 { grey[x, y] = 0 }
    }
    let bowl = arc(up: false)
    for y in 0..<8 {
      for x in 0..<24 where bowl[y * 24 + x] { grey[10 + x, 34 + y] = 0 }
    }
    return grey
  }

  @Test func anArcWiderThanTheEmANarrowColumnTellsIsTakenUpToTheWidest() {
    let column = Self.narrowColumn()
    #expect(VerticalColumn.parenthesesInInk(column, margin: 0.05).isEmpty)
    #expect(VerticalColumn.parenthesesInInk(column, margin: 0.05, widest: 1.1).map(\.text) == ["）"])
    // A gate narrower than the arc still leaves it out.
    #expect(VerticalColumn.parenthesesInInk(column, margin: 0.05, widest: 0.98).isEmpty)
  }

  /// A character (a solid block, 28 pixels wide) with a bowl three pixels thick set against its
  /// foot, joined to it by a grey row (`join`, 255 for paper), and another character 16 rows
  /// under the bowl; with `beside`, a stroke of ink right of the bowl in its rows.
  static func bowlTouching(join: UInt8, beside: Bool = false) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 44, height: 100, value: 255)
    for y in [Array(10..<36), Array(62..<84)].joined() {
      for x in 8..<36 { grey[x, y] = 0 }
    }
    for x in 8..<36 { grey[x, 36] = join }
    for x in 0..<24 {
      let offset = Double(x) - 11.5
      let row = 8 - Int((offset * offset / (11.5 * 11.5) * 6).rounded())
      for y in max(0, row - 2)...row { grey[10 + x, 37 + y] = 0 }
    }
    if beside {
      for y in 38..<46 { for x in 37..<40 { grey[x, y] = 0 } }
    }
    return grey
  }

  @Test func aBowlTheThresholdJoinsToTheCharacterItClosesIsFoundInTheDarkerInk() {
    let joined = Self.bowlTouching(join: 150)
    #expect(VerticalColumn.parenthesesInInk(joined, margin: 0.05, widest: 1.1).isEmpty)
    let found = VerticalColumn.parenthesesInInk(joined, margin: 0.05, widest: 1.1, touching: true)
    #expect(found.map(\.text) == ["）"])
    #expect(found.allSatisfy { $0.centre > 36 && $0.centre < 46 })
    // Set apart by paper, it is found once, as before.
    let apart = Self.bowlTouching(join: 255)
    #expect(VerticalColumn.parenthesesInInk(apart, margin: 0.05, widest: 1.1, touching: true).count == 1)
    // A stroke beside it in its rows: a character's, not a parenthesis.
    let stroke = Self.bowlTouching(join: 150, beside: true)
    #expect(VerticalColumn.parenthesesInInk(stroke, margin: 0.05, widest: 1.1, touching: true).isEmpty)
  }

  @Test func aBowlIsToldFromTheFootOfAStroke() {
    // `︶`: its ends tips rising out of it.
    let bowl = Self.arc(up: false)
    #expect(VerticalColumn.isBowlRatherThanFoot(bowl, width: 24, height: 8))
    // The foot of `し` with the bottom of its stem: a bowl by its shape, but the stem runs down the
    // whole height at its left end.
    let foot = VerticalColumnBracketsTests.piece(width: 24, height: 8) { x, y in x < 2 || bowl[y * 24 + x] }
    #expect(VerticalColumn.arcShape(foot, width: 24, height: 8) == "）")
    #expect(!VerticalColumn.isBowlRatherThanFoot(foot, width: 24, height: 8))
    // The bottom of `日` parted from its top: a side down the whole height at both ends.
    let box = VerticalColumnBracketsTests.piece(width: 24, height: 8) { x, y in
      x < 2 || x >= 22 || bowl[y * 24 + x]
    }
    #expect(VerticalColumn.arcShape(box, width: 24, height: 8) == "）")
    #expect(!VerticalColumn.isBowlRatherThanFoot(box, width: 24, height: 8))
  }

  /// An arch three pixels thick set against the head of a character (a solid block) 16 rows under
  /// a character above it, joined to the one under it by a grey row: the roof of `今` parts so.
  static func archTouching() -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 44, height: 100, value: 255)
    for y in [Array(10..<30), Array(56..<84)].joined() {
      for x in 8..<36 { grey[x, y] = 0 }
    }
    for x in 8..<36 { grey[x, 55] = 150 }
    for x in 0..<24 {
      let offset = Double(x) - 11.5
      let row = Int((offset * offset / (11.5 * 11.5) * 6).rounded())
      for y in row...min(8, row + 2) { grey[10 + x, 46 + y] = 0 }
    }
    return grey
  }

  @Test func anArchPartedFromWhatItOpensIsNotTaken() {
    let column = Self.archTouching()
    #expect(VerticalColumn.parenthesesInInk(column, margin: 0.05, widest: 1.1, touching: true).isEmpty)
    // The same bowl parted from what it closes is taken.
    #expect(
      VerticalColumn.parenthesesInInk(Self.bowlTouching(join: 150), margin: 0.05, widest: 1.1, touching: true)
        .map(\.text) == ["）"])
  }

  @Test func aBowlPartedFromWhatItClosesGoesInBesideACharacterReadNearIt() {
    // Cells of 10 rows: `を`'s place at row 11, within a third of a pitch of the bowl at row 10.
    let reading = VerticalColumnPiecesTests.reading("分を配", pitch: 10)
    let bowl = VerticalColumn.InkMark(text: "）", gap: 8..<12, centre: 10)
    #expect(VerticalColumn.withInkParentheses([bowl], into: reading, height: 30, pitch: 10) == reading)
    var parted = bowl
    parted.parted = true
    #expect(VerticalColumn.withInkParentheses([parted], into: reading, height: 30, pitch: 10).text == "分）を配")
  }

  @Test func aPartedArcGoesInNowhereBesideALatinLetterOrDigit() {
    // `O` or `0` parts into an arch and a bowl in the darker ink: beside one, the arc is its stroke.
    var bowl = VerticalColumn.InkMark(text: "）", gap: 8..<12, centre: 10, parted: true)
    for text in ["OS入", "分0が", "略Yo"] {
      let reading = VerticalColumnPiecesTests.reading(text, pitch: 10)
      let read = VerticalColumn.withInkParentheses([bowl], into: reading, height: 30, pitch: 10)
      #expect(read == reading, "\(text)")
    }
    // Beside kana and kanji, the lookalike read for it is the parenthesis.
    bowl.centre = 15
    let reading = VerticalColumnPiecesTests.reading("略)だ", pitch: 10)
    #expect(VerticalColumn.withInkParentheses([bowl], into: reading, height: 30, pitch: 10).text == "略）だ")
  }
}
