import Testing

@testable import ScanbenchPPOCR

/// The marks a column's cells reading read put into its turned reading, where that one is kept.
@Suite struct VerticalColumnMarksTests {
  static func reading(_ text: String, probabilities: [Int: Float] = [:]) -> DecodedLine {
    VerticalColumnPiecesTests.reading(
      text, pitch: 10, probabilities: (0..<text.count).map { probabilities[$0] ?? 0.98 })
  }

  static func withMarks(cells: String, turned: String, probabilities: [Int: Float] = [:]) -> String {
    VerticalColumn.withMarks(
      of: reading(cells, probabilities: probabilities), into: reading(turned), surerThan: 0.5
    )
    .text
  }

  @Test func theMarksTheTurnedReadingDroppedAreTakenFromTheCells() {
    // `立ち止まった。ボタンを押すと、`: the cells, their phase lost, misread `立` as `ー` and `押` as
    // `抑`; the turned reading has both but neither mark.
    #expect(
      Self.withMarks(cells: "ーち止まった。ボタンを抑すと、", turned: "立ち止まったボタンを押すと")
        == "立ち止まった。ボタンを押すと、")
  }

  @Test func aMarkGoesBesideTheNeighbourItStandsAgainst() {
    // `」。` against `る`, `「` against `ち`; between them the cells misread what the turned reading
    // holds (`ぐ` for `と`).
    #expect(Self.withMarks(cells: "走る」。ぐ「ちよっと", turned: "走るとちよっと") == "走る」。と「ちよっと")
  }

  @Test func aMarkTheTurnedReadingHasIsNotAddedAgain() {
    #expect(Self.withMarks(cells: "読める、サー", turned: "読める。サー") == "読める。サー")
  }

  @Test func aMarkInThePlaceOfACharacterIsLeftOut() {
    // An upright `J` read in cells as `」`; `。` read turned as `°`.
    #expect(Self.withMarks(cells: "定は」SONで", turned: "定はJSONで") == "定はJSONで")
    #expect(Self.withMarks(cells: "む。Python", turned: "む°Python") == "む°Python")
  }

  @Test func noColumnBeginsWithAClosingMarkOrEndsWithAnOpeningOne() {
    // The cells read the `、` of the column before (`し、Linux`) at the top of this one, and a speck
    // at its foot as `「`.
    #expect(Self.withMarks(cells: "」しLinux「", turned: "しLinux") == "しLinux")
    #expect(Self.withMarks(cells: "「しLinux。", turned: "しLinux") == "「しLinux。")
  }

  @Test func aDoubtfulMarkIsLeftOut() {
    #expect(Self.withMarks(cells: "仕様は予告なく、変", turned: "仕様は予告なく変", probabilities: [7: 0.3]) == "仕様は予告なく変")
  }

  @Test func aMarkAmongCharactersTheReadingsDoNotShareIsLeftOut() {
    // `x、y` in the cells, `pq` in the turned reading between the same anchors: no place for it.
    #expect(Self.withMarks(cells: "あx、yい", turned: "あpqい") == "あpqい")
  }

  @Test func onlyTheMarksATurnedReadingDropsAreTaken() {
    // A speck read as `'` or `!` is no mark the turned reading lost.
    #expect(Self.withMarks(cells: "確認!の画面'", turned: "確認の画面") == "確認の画面")
  }

  @Test func withoutASharedCharacterTheTurnedReadingStands() {
    #expect(Self.withMarks(cells: "あい。", turned: "かき") == "かき")
  }

  @Test func theMarksColumnsAreInTheTurnedReadingsScale() {
    // Cells: ten columns a character; turned: twenty.
    let cells = Self.reading("はずだった。")
    let turned = VerticalColumnRunsTests.reading(
      "はずだった", start: 2, pitch: 20, content: 2 * cells.contentColumns)
    let result = VerticalColumn.withMarks(of: cells, into: turned, surerThan: 0.5)
    #expect(result.text == "はずだった。")
    #expect(result.characters.last?.firstColumn == 2 * cells.characters[5].firstColumn)
    #expect(result.contentColumns == turned.contentColumns)
  }
}

/// The reading a 1-bit page's column keeps, of its page's and its restored copies', with the
/// marks the others read.
@Suite struct VerticalColumnMarksFromEveryReadingTests {
  static func kept(_ readings: [String], keeping kept: Int) -> String {
    VerticalColumn.withMarks(
      of: readings.map { VerticalColumnMarksTests.reading($0) }, keeping: kept, surerThan: 0.5
    ).text
  }

  @Test func theReadingKeptTakesTheMarksEachOtherReadingRead() {
    // `Bluetoothがつながった。まさか！`: the page read `。` in specks, the copy kept ran it into `た`;
    // the other copy read the `、` of `か、` the first lost.
    #expect(
      Self.kept(["Bluetoothがつながった。まさか", "Bluetoohがつながったまさか", "Bluetoohがつながったまさか、"], keeping: 1)
        == "Bluetoohがつながった。まさか、")
    // Read by the kept reading already, a mark is not taken again.
    #expect(Self.kept(["響いた。その", "響いた。その"], keeping: 1) == "響いた。その")
  }
}
