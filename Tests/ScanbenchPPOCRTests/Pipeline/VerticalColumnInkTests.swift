import Testing

@testable import ScanbenchPPOCR

/// The `、。` found in a column's ink, and put into a reading of it where it has none.
@Suite struct VerticalColumnInkTests {
  /// A column 44 pixels across, its characters solid squares 34 pixels across (an em of about 37),
  /// one a cell of 40 rows from `top`, cells left blank where `blank` says.
  static func column(cells: Int, blank: Set<Int> = [], rows: Int? = nil) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 44, height: rows ?? 40 * cells + 20, value: 255)
    for cell in 0..<cells where !blank.contains(cell) {
      VerticalColumnInkTests.ink(&grey, x: 5..<39, y: (10 + 40 * cell)..<(10 + 40 * cell + 34))
    }
    return grey
  }

  /// `grey` with the rectangle of columns `x` and rows `y` inked.
  static func ink(_ grey: inout VerticalColumn.Grey, x: Range<Int>, y: Range<Int>) {
    for row in y {
      for column in x { grey[column, row] = 20 }
    }
  }

  /// A ring (`。`) of outer radius 5 and inner 3 about (`x`, `y`).
  static func ring(_ grey: inout VerticalColumn.Grey, x: Int, y: Int) {
    for dy in -6...6 {
      for dx in -6...6 {
        let r = Double(dx * dx + dy * dy).squareRoot()
        if r <= 5.2 && r >= 2.8 { grey[x + dx, y + dy] = 20 }
      }
    }
  }

  /// A stroke (`、`) three pixels thick from (`x`, `y`) down to the right, nine pixels each way.
  static func stroke(_ grey: inout VerticalColumn.Grey, x: Int, y: Int) {
    for step in 0..<9 {
      for thick in 0..<3 { grey[x + step + thick, y + step] = 20 }
    }
  }

  @Test func aRingAndAStrokeInTheTopRightOfTheirCellsAreTheMarks() {
    // Cells 2 and 5 blank but for a mark in their top right: `。` then `、`.
    var grey = Self.column(cells: 8, blank: [2, 5])
    Self.ring(&grey, x: 29, y: 10 + 80 + 7)
    Self.stroke(&grey, x: 24, y: 10 + 200 + 1)
    let marks = VerticalColumn.marksInInk(grey)
    #expect(marks.map(\.text) == ["。", "、"])
    // Each stands in the gap between the characters above and below its cell.
    #expect(marks.first?.gap == 84..<130)
    #expect(marks.last?.gap == 204..<250)
  }

  @Test func aPieceBesideACharacterIsNoMark() {
    // A ring right of a character, in its rows (a voicing mark, `゜`), is the character's.
    var grey = Self.column(cells: 4, rows: 200)
    for y in (10 + 40)..<(10 + 40 + 34) {
      for x in 5..<39 { grey[x, y] = 255 }
    }
    VerticalColumnInkTests.ink(&grey, x: 5..<25, y: (10 + 40)..<(10 + 40 + 34))
    Self.ring(&grey, x: 33, y: 10 + 40 + 7)
    #expect(VerticalColumn.marksInInk(grey).isEmpty)
  }

  @Test func aPieceOnTheAxisOrAtTheHeadOfTheColumnIsNoMark() {
    // A dot in the middle of its cell (`・`), and a ring above the first character (a column never
    // starts with a mark).
    var grey = Self.column(cells: 5, blank: [0, 2])
    Self.ring(&grey, x: 22, y: 10 + 80 + 17)
    Self.ring(&grey, x: 29, y: 10 + 7)
    #expect(VerticalColumn.marksInInk(grey).isEmpty)
  }

  static func reading(_ text: String) -> DecodedLine {
    // A character every 10 output columns of 100, a column of 1000 rows: one every 100 rows.
    let characters = text.enumerated().map { index, character in
      DecodedCharacter(
        text: String(character), firstColumn: 10 * index + 4, lastColumn: 10 * index + 5, probability: 0.98)
    }
    return DecodedLine(characters: characters, contentColumns: 100)
  }

  static func mark(_ text: String, gap: Range<Int>) -> VerticalColumn.InkMark {
    VerticalColumn.InkMark(text: text, gap: gap, centre: Double(gap.lowerBound + 10))
  }

  @Test func aMarkGoesBetweenTheCharactersAboveAndBelowItsGap() {
    // Characters at rows 50, 150, …; the gap of a `。` from row 260 to 340.
    let read = VerticalColumn.withInkMarks(
      [Self.mark("。", gap: 260..<340), Self.mark("、", gap: 560..<640)], into: Self.reading("出たエラーが出たら"),
      height: 1000)
    #expect(read.text == "出たエ。ラーが、出たら")
    #expect(read.characters[3].firstColumn == 27)
  }

  @Test func aMarkReadBesideItsGapIsNotAddedAgain() {
    let read = VerticalColumn.withInkMarks(
      [Self.mark("。", gap: 260..<340)], into: Self.reading("出たエ.ラー"), height: 1000)
    #expect(read.text == "出たエ.ラー")
  }

  @Test func noLostMarkGoesInsideALatinWord() {
    // Upright small letters stand shorter than their cells, and leave gaps between them: between
    // two letters or digits no mark goes; between a letter and a kana, or two kana, it does.
    func put(_ text: String) -> String {
      VerticalColumn.withInkMarks(
        [Self.mark("。", gap: 260..<340)], into: Self.reading(text), height: 1000,
        besides: VerticalColumn.isLookalikeOfGapMark, outsideLatinWords: true
      ).text
    }
    #expect(put("JavaScript") == "JavaScript")
    #expect(put("iOS17を") == "iOS17を")
    #expect(put("Swiftの") == "Swiftの")
    #expect(put("を使うSwift") == "を使う。Swift")
    #expect(put("出たエラー") == "出たエ。ラー")
    // Without the option, the gap takes its mark.
    #expect(
      VerticalColumn.withInkMarks(
        [Self.mark("。", gap: 260..<340)], into: Self.reading("JavaScript"), height: 1000,
        besides: VerticalColumn.isLookalikeOfGapMark
      ).text == "Jav。aScript")
  }

  @Test func noMarkGoesAtTheHeadOfTheReading() {
    let read = VerticalColumn.withInkMarks(
      [Self.mark("。", gap: 0..<40)], into: Self.reading("出たエ"), height: 1000)
    #expect(read.text == "出たエ")
  }

  // MARK: Marks the scan lost

  /// A thin ring (`。`) of outer radius 5 about (`x`, `y`), faint (grey 200 on white paper, the
  /// characters 20): too light to be ink, as a scan's faded mark is.
  static func faintRing(_ grey: inout VerticalColumn.Grey, x: Int, y: Int) {
    for dy in -6...6 {
      for dx in -6...6 {
        let r = Double(dx * dx + dy * dy).squareRoot()
        if r <= 5.2 && r >= 3.8 { grey[x + dx, y + dy] = 200 }
      }
    }
  }

  @Test func anEmptyCellBetweenCharactersIsALostMark() {
    // Cell 3 blank: a gap of 46 rows, about 1.25 em, from the ink of cell 2 to that of cell 4 (the
    // column long enough below that its ink is the minority, as on paper).
    let grey = Self.column(cells: 8, blank: [3], rows: 600)
    let marks = VerticalColumn.marksInGaps(grey, empty: 1.05, remnant: 0.75, longest: 1.6)
    #expect(marks.map(\.text) == ["。"])
    #expect(marks.first?.gap == 124..<170)
  }

  @Test func aGapShorterThanACellOrLongerThanTwoIsNoLostMark() {
    // Cell 3 holds a character half as tall, at its bottom (a gap of about 0.8 em above it); cells
    // 5 and 6 blank (a gap between tiers, about 2.3 em).
    var grey = Self.column(cells: 9, blank: [5, 6], rows: 600)
    for y in (10 + 120)..<(10 + 120 + 17) {
      for x in 5..<39 { grey[x, y] = 255 }
    }
    #expect(VerticalColumn.marksInGaps(grey, empty: 1.05, remnant: 0.75, longest: 1.6).isEmpty)
    // Nor a gap above the first character or below the last.
    let headAndFoot = Self.column(cells: 6, blank: [0, 1, 5])
    #expect(VerticalColumn.marksInGaps(headAndFoot, empty: 1.05, remnant: 0.75, longest: 1.6).isEmpty)
  }

  @Test func aShorterGapIsALostMarkWhereARingIsLeftInItsTopRight() {
    // Cell 3's character cut to its last rows (a gap of about an em above it); in the gap's top
    // right, a faint ring.
    var grey = Self.column(cells: 6, rows: 500)
    for y in (10 + 120)..<(10 + 120 + 30) {
      for x in 5..<39 { grey[x, y] = 255 }
    }
    #expect(VerticalColumn.marksInGaps(grey, empty: 1.05, remnant: 0.75, longest: 1.6).isEmpty)
    Self.faintRing(&grey, x: 29, y: 10 + 80 + 34 + 6)
    let marks = VerticalColumn.marksInGaps(grey, empty: 1.05, remnant: 0.75, longest: 1.6)
    #expect(marks.map(\.text) == ["。"])
  }

  @Test func aLostMarksFaintStrokeIsAComma() {
    // Cell 3 blank but for a faint stroke in its top right: `、`; a faint ring there instead, `。`.
    var grey = Self.column(cells: 6, blank: [3], rows: 500)
    for step in 0..<9 {
      for thick in 0..<3 { grey[24 + step + thick, 10 + 120 + 1 + step] = 200 }
    }
    #expect(VerticalColumn.marksInGaps(grey, empty: 1.05, remnant: 0.75, longest: 1.6).map(\.text) == ["、"])
    var ring = Self.column(cells: 6, blank: [3], rows: 500)
    Self.faintRing(&ring, x: 29, y: 10 + 120 + 7)
    #expect(VerticalColumn.marksInGaps(ring, empty: 1.05, remnant: 0.75, longest: 1.6).map(\.text) == ["。"])
  }

  @Test func aLostMarkGoesNowhereBesideAClosingBracketOrAnEllipsis() {
    // A closing bracket's cell is half empty below it (`」と`, or `ーと` where it is read as a bar);
    // an ellipsis's dots are too small to be kept as ink. Neither gap is a lost mark's; a bracket
    // opening after the gap is no matter.
    // Characters at rows 50, 150, …: the gap between the third and the fourth, then between the
    // second and the third.
    func put(_ text: String, gap: Range<Int> = 260..<340) -> String {
      VerticalColumn.withInkMarks(
        [Self.mark("。", gap: gap)], into: Self.reading(text), height: 1000,
        besides: VerticalColumn.isLookalikeOfGapMark
      ).text
    }
    #expect(put("走る」と書いて") == "走る」と書いて")
    #expect(put("待ってーと言") == "待ってーと言")
    #expect(put("出る…はずだ") == "出る…はずだ")
    #expect(put("ある「試験は", gap: 160..<240) == "ある。「試験は")
  }

  /// The characters a mark the ink holds may have been read as are those whose places lie within
  /// the step's reach of it; the step takes the nearest it accepts, the first of two as near.
  @Test func theNearestCharacterWithinReachIsTheFirstOfTwoAsNear() throws {
    // Their places: rows 20.5, 60.5, 100.5 and 140.5, exactly (a column of a power of two rows).
    let read = VerticalColumnBracketsTests.reading(
      ["あ", "一", "い", "ー"], at: [20, 60, 100, 140], height: 256)
    let row = try #require(read.rows(height: 256))
    func nearest(within reach: Double, of centre: Double, where accepted: (Int) -> Bool = { _ in true })
      -> Int?
    {
      VerticalColumn.nearestIndex(of: read.characters, within: reach, of: centre, row: row, where: accepted)
    }
    #expect(VerticalColumn.indices(of: read.characters, within: 20, of: 80.5, row: row) == [1, 2])
    #expect(nearest(within: 20, of: 80.5) == 1)
    #expect(nearest(within: 20, of: 85) == 2)
    #expect(nearest(within: 10, of: 80.5) == nil)
    // Only what it accepts, however far the others are nearer; at the reach's end, within it.
    #expect(nearest(within: 45, of: 80.5, where: { read.characters[$0].text == "ー" }) == nil)
    #expect(nearest(within: 60, of: 80.5, where: { read.characters[$0].text == "ー" }) == 3)
  }
}
