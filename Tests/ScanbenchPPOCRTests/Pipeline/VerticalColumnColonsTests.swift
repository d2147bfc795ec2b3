import Testing

@testable import ScanbenchPPOCR

/// The colons found in a column's ink (`：` turned: two dots side by side across it), and read
/// where a reading took them for another mark's dots.
@Suite struct VerticalColumnColonsTests {
  /// A dot 5 pixels square from (`x`, `y`).
  static func dot(_ grey: inout VerticalColumn.Grey, x: Int, y: Int) {
    for dy in 0..<5 {
      for dx in 0..<5 { grey[x + dx, y + dy] = 20 }
    }
  }

  @Test func twoDotsSideBySideAcrossTheColumnAreAColon() {
    // Cell 2 blank but for two dots either side of the axis (x 22), level.
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&grey, x: 13, y: 10 + 80 + 15)
    Self.dot(&grey, x: 26, y: 10 + 80 + 15)
    let colons = VerticalColumn.colonsInInk(grey)
    #expect(colons.map(\.text) == ["："])
    #expect(colons.first?.gap == 105..<110)
  }

  @Test func dotsDownTheColumnOrBesideACharacterAreNoColon() {
    // Down the axis (the dots of `…`).
    var down = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&down, x: 20, y: 10 + 80 + 5)
    Self.dot(&down, x: 20, y: 10 + 80 + 20)
    #expect(VerticalColumn.colonsInInk(down).isEmpty)
    // Not level: one high, one low.
    var slanting = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&slanting, x: 13, y: 10 + 80 + 5)
    Self.dot(&slanting, x: 26, y: 10 + 80 + 20)
    #expect(VerticalColumn.colonsInInk(slanting).isEmpty)
    // In a character's rows (a voicing mark's two strokes beside its kana).
    var beside = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&beside, x: 13, y: 10 + 80 + 15)
    Self.dot(&beside, x: 26, y: 10 + 80 + 15)
    VerticalColumnInkTests.ink(&beside, x: 5..<9, y: (10 + 80 + 12)..<(10 + 80 + 22))
    #expect(VerticalColumn.colonsInInk(beside).isEmpty)
  }

  @Test func theDotsReadForAColonAreTheColon() {
    let colon = VerticalColumn.InkMark(text: "：", gap: 20..<23, centre: 21.5)
    func read(_ text: String) -> String {
      let reading = VerticalColumnPiecesTests.reading(text, pitch: 10)
      return VerticalColumn.withInkColons([colon], into: reading, height: reading.contentColumns, pitch: 10)
        .text
    }
    #expect(read("注意…こ") == "注意：こ")
    #expect(read("注意。こ") == "注意：こ")
    // Read as nothing: it goes in between its neighbours.
    let lost = VerticalColumnRunsTests.reading("注意こ", start: 1, pitch: 10, content: 42)
    var spaced = lost
    spaced.characters[2].firstColumn = 31
    spaced.characters[2].lastColumn = 31
    #expect(VerticalColumn.withInkColons([colon], into: spaced, height: 42, pitch: 10).text == "注意：こ")
    // Read already, read as a character, or a colon between digits set sideways: kept.
    #expect(read("注意：こ") == "注意：こ")
    #expect(read("注意をこ") == "注意をこ")
    #expect(read("12:30") == "12:30")
  }

  @Test func twoDotsDownTheAxisInTheMiddleOfTheirGapAreAnUprightColon() {
    // Cell 2 blank but for two dots on the axis (x 22), as much paper above them as below.
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&grey, x: 20, y: 98)
    Self.dot(&grey, x: 20, y: 110)
    #expect(VerticalColumn.colonsInInk(grey).isEmpty)
    let colons = VerticalColumn.colonsInInk(grey, uprightColons: true)
    #expect(colons.map(\.text) == ["："])
    #expect(colons.first?.gap == 98..<115)
  }

  @Test func dotsOfAnEllipsisDownTheAxisAreNoUprightColon() {
    // All three dots of `…`, down the middle of the gap.
    var three = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in [92, 104, 116] { Self.dot(&three, x: 20, y: y) }
    #expect(VerticalColumn.colonsInInk(three, uprightColons: true).isEmpty)
    // Two of them, the third lost: the pair stands off the gap's middle.
    var two = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in [92, 104] { Self.dot(&two, x: 20, y: y) }
    #expect(VerticalColumn.colonsInInk(two, uprightColons: true).isEmpty)
    // Off the axis (the dots of a kana set small beside it).
    var aside = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in [98, 110] { Self.dot(&aside, x: 30, y: y) }
    #expect(VerticalColumn.colonsInInk(aside, uprightColons: true).isEmpty)
  }

  @Test func anUprightColonOffItsGapsMiddleWithinTheBalanceIsAColon() {
    // More paper below the pair than above it (the character under it starts low in its cell).
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    Self.dot(&grey, x: 20, y: 96)
    Self.dot(&grey, x: 20, y: 108)
    #expect(VerticalColumn.colonsInInk(grey, uprightColons: true).isEmpty)
    #expect(VerticalColumn.colonsInInk(grey, uprightColons: true, balance: 0.25).map(\.text) == ["："])
    // Two of an ellipsis's dots, the third lost, stand further off the middle still.
    var two = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in [92, 104] { Self.dot(&two, x: 20, y: y) }
    #expect(VerticalColumn.colonsInInk(two, uprightColons: true, balance: 0.25).isEmpty)
  }

  @Test func anUprightColonUnderAColumnsLastCharacterIsAColonWithAtFoot() {
    // Cells 0 and 1 inked, the pair under cell 1, then only paper to the crop's foot.
    var grey = VerticalColumnInkTests.column(cells: 2, rows: 140)
    Self.dot(&grey, x: 20, y: 96)
    Self.dot(&grey, x: 20, y: 108)
    #expect(VerticalColumn.colonsInInk(grey, uprightColons: true).isEmpty)
    #expect(VerticalColumn.colonsInInk(grey, uprightColons: true, atFoot: true).map(\.text) == ["："])
    // Not at the column's head, paper above it to the crop's top.
    var head = VerticalColumn.Grey(width: 44, height: 140, value: 255)
    VerticalColumnInkTests.ink(&head, x: 5..<39, y: 60..<94)
    VerticalColumnInkTests.ink(&head, x: 5..<39, y: 100..<134)
    Self.dot(&head, x: 20, y: 30)
    Self.dot(&head, x: 20, y: 42)
    #expect(VerticalColumn.colonsInInk(head, uprightColons: true, atFoot: true).isEmpty)
  }
}
