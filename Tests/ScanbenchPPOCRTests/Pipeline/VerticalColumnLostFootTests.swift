import Testing

@testable import ScanbenchPPOCR

/// The characters at a column's foot the cells read as nothing, from the turned reading.
@Suite struct VerticalColumnLostFootTests {
  static func reading(_ text: String, pitch: Double, probabilities: [Int: Float] = [:]) -> DecodedLine {
    VerticalColumnRunsTests.reading(
      text, start: pitch / 2, pitch: pitch, content: pitch * 12,
      probabilities: (0..<text.count).map { probabilities[$0] ?? 0.97 })
  }

  static func footed(
    cells: String, turned: String, unread: Int, _ turnedProbabilities: [Int: Float] = [:]
  ) -> String {
    VerticalColumn.withFoot(
      of: reading(turned, pitch: 20, probabilities: turnedProbabilities),
      into: reading(cells, pitch: 10), unreadCells: unread, surerThan: 0.35
    ).text
  }

  @Test func theTurnedReadingsFootGoesInWhereTheCellsReadItsInkAsNothing() {
    // `10分ご`: the cells read nothing in the last cell, which holds ink; turned, `ご` is read.
    #expect(Self.footed(cells: "が10分", turned: "が10分ご", unread: 1, [4: 0.5]) == "が10分ご")
    #expect(Self.footed(cells: "が10分", turned: "が10分ごと", unread: 2) == "が10分ごと")
    // A mark the cells read after the last shared character stays before the foot.
    #expect(Self.footed(cells: "Promiseで、", turned: "Promiseで待", unread: 1) == "Promiseで、待")
  }

  @Test func theFootStaysOutWithoutInkTheCellsLeftUnreadOrReadDoubtfully() {
    // No cell past the cells' last character holds ink: the turned reading's foot is a neighbour's.
    #expect(Self.footed(cells: "が10分", turned: "が10分ご", unread: 0) == "が10分")
    // More characters than unread cells.
    #expect(Self.footed(cells: "が10分", turned: "が10分ごと", unread: 1) == "が10分")
    // Read doubtfully turned.
    #expect(Self.footed(cells: "が10分", turned: "が10分ご", unread: 1, [4: 0.2]) == "が10分")
    // Latin at the foot is the runs' to splice, not this step's.
    #expect(Self.footed(cells: "を使う", turned: "を使うSwift", unread: 2) == "を使う")
    // The cells' last character is not one both readings share.
    #expect(Self.footed(cells: "を使え", turned: "を使うと", unread: 1) == "を使え")
  }

  @Test func unreadCellsAtTheFootAreTheCellsPastTheLastCharacterHoldingACharactersInk() {
    // Three cells of 20 rows in a column 20 wide; ink in the first and the last, a speck in none.
    let (width, height) = (20, 60)
    var ink = [Bool](repeating: false, count: width * height)
    for y in 2..<18 { for x in 2..<18 { ink[y * width + x] = true } }
    for y in 45..<47 { for x in 3..<17 { ink[y * width + x] = true } }
    let picture = VerticalColumn.Grey(width: width, height: height, value: 255)
    let line = VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 70, height: 30, value: 255), cellStarts: [0, 20, 40], pitch: 20,
      cellSize: 20, margin: 5, columnLength: 60, picture: picture, ink: ink,
      cellRows: [0..<20, 20..<40, 40..<60], em: 20, axis: 10)
    // One character read, in the first cell (line columns 5–25 of 70).
    let read = DecodedLine(
      characters: [DecodedCharacter(text: "分", firstColumn: 14, lastColumn: 15, probability: 0.9)],
      contentColumns: 70)
    #expect(VerticalColumn.unreadCellsAtFoot(read, line: line) == 1)
    // Read in the last cell too: nothing is left unread.
    var both = read
    both.characters.append(DecodedCharacter(text: "一", firstColumn: 54, lastColumn: 55, probability: 0.9))
    #expect(VerticalColumn.unreadCellsAtFoot(both, line: line) == 0)
    // A speck (a tenth of an em) is no character's ink.
    var speck = ink
    for y in 45..<47 { for x in 3..<17 { speck[y * width + x] = x < 5 } }
    var specked = line
    specked.ink = speck
    #expect(VerticalColumn.unreadCellsAtFoot(read, line: specked) == 0)
  }
}
