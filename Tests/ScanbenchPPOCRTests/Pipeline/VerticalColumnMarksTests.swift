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

/// The marks another reading of a 1-bit page's column read go into the reading kept only where
/// its characters leave room for them.
@Suite struct VerticalColumnMarksWithRoomTests {
  /// A reading one character a cell of ten columns, each `_` a cell read as nothing (where the
  /// page's mark stands, which this reading lost).
  static func reading(cells: String) -> DecodedLine {
    let characters = cells.enumerated().compactMap { slot, character -> DecodedCharacter? in
      guard character != "_" else { return nil }
      return DecodedCharacter(
        text: String(character), firstColumn: 1 + 10 * slot, lastColumn: 1 + 10 * slot, probability: 0.98)
    }
    return DecodedLine(characters: characters, contentColumns: Double(10 * cells.count + 2))
  }

  static func kept(_ readings: [String], keeping kept: Int, apart: Double? = 1.4) -> String {
    VerticalColumn.withMarks(
      of: readings.map { reading(cells: $0) }, keeping: kept, surerThan: 0.5, apart: apart
    ).text
  }

  @Test func aMarkGoesInWhereTheReadingKeptLeftItsCellEmpty() {
    // `ホールに響いた。その`: the copy kept ran the ring into `た` and read nothing in its cell.
    #expect(Self.kept(["ホールに響いた。その", "ホールに浮いた_その"], keeping: 1) == "ホールに浮いた。その")
  }

  @Test func aMarkBetweenTwoCharactersACellApartIsLeftOut() {
    // The page's reading read a speck between the two kanji of `今日` as `。`, and the small `ュ`
    // of `ミュ` as `、`; the reading kept has the characters beside them a cell apart.
    #expect(Self.kept(["今。日は何曜日", "今日は何曜日"], keeping: 1) == "今日は何曜日")
    #expect(Self.kept(["だっけ？ミ、21", "だっけ？ミ21"], keeping: 1) == "だっけ？ミ21")
    // Without the test of room, both go in.
    #expect(Self.kept(["今。日は何曜日", "今日は何曜日"], keeping: 1, apart: nil) == "今。日は何曜日")
  }

  @Test func aMarkBetweenTwoLatinLettersNeverGoesIn() {
    // Even where the reading kept left a cell empty between them: one word on its side.
    #expect(Self.kept(["のSwi、ftで", "のSwi_ftで"], keeping: 1) == "のSwiftで")
  }

  @Test func aMarkBesideALatinLetterGoesInUnmeasured() {
    // `読める。Xcode`: the word spliced from the turned reading lies a cell from `る`.
    #expect(Self.kept(["から読める。Xcode", "から読めるXcode"], keeping: 1) == "から読める。Xcode")
  }

  @Test func aMarkAtTheColumnsFootGoesInWhateverTheRoom() {
    // Set close under the last character, the `。` shares its rows; nothing after it to measure.
    #expect(Self.kept(["がつながった。", "がつながった"], keeping: 1) == "がつながった。")
  }

  @Test func roomIsMeasuredInTheReadingsOwnPitch() {
    let kept = Self.reading(cells: "浮いた_その").characters
    #expect(VerticalColumn.hasRoomForMark(in: kept, at: 3, apart: 1.4))
    #expect(!VerticalColumn.hasRoomForMark(in: kept, at: 2, apart: 1.4))
    #expect(VerticalColumn.hasRoomForMark(in: kept, at: kept.count, apart: 1.4))
  }
}

/// Where a restored copy's reading of a 1-bit page's column is kept, a `。` it read where the
/// page's own reading read `、` between the same neighbours is that `、`, where the ink there is a
/// tick.
@Suite struct VerticalColumnCommasFromOwnReadingTests {
  static func kept(own: String, restored: String, isTick: (Int) -> Bool = { _ in true }) -> String {
    VerticalColumn.withCommas(
      of: VerticalColumnMarksTests.reading(own), into: VerticalColumnMarksTests.reading(restored),
      isTick: isTick
    ).text
  }

  @Test func aCommaWhoseInkIsNoTickStaysAFullStop() {
    // `人がす。YouTube`: the threshold broke the ring open, and the page's reading read its arc `、`.
    #expect(Self.kept(own: "人がす、You", restored: "人がす。You") { _ in false } == "人がす。You")
    // Each comma is weighed by its own ink: the one asked about is the page's reading's `、`.
    var asked: [Int] = []
    let read = Self.kept(own: "見返す、注意、下", restored: "見返す。注意。下") { at in
      asked.append(at)
      return at == 6
    }
    #expect(read == "見返す。注意、下")
    #expect(asked == [3, 6])
  }

  @Test func aFullStopTheOwnReadingReadAsACommaIsAComma() {
    // `言われ、ショー`: the copy kept read the comma round, and a speck before `わ` as `…`.
    #expect(Self.kept(own: "われ、", restored: "…われ。") == "…われ、")
    #expect(Self.kept(own: "応答し、Linuxのト", restored: "応答し。Linuxの上") == "応答し、Linuxの上")
    // At the column's foot, and where the copy put in a mark the page's reading has not.
    #expect(Self.kept(own: "んだ論文は、", restored: "んだ。論文は。") == "んだ。論文は、")
  }

  @Test func onlyAFullStopAloneBetweenTheSameNeighboursIsTurned() {
    // A comma the copy read where the page's reading read a full stop stays: a restoration rounds
    // a comma, it draws no tick out of a ring.
    #expect(Self.kept(own: "いた。その", restored: "いた、その") == "いた、その")
    // Between the same neighbours, more than the mark on either side: no one mark for the other.
    #expect(Self.kept(own: "いた、その", restored: "いた。」その") == "いた。」その")
    #expect(Self.kept(own: "いたx、その", restored: "いた。その") == "いた。その")
    // No comma in the page's reading there.
    #expect(Self.kept(own: "いたその", restored: "いた。その") == "いた。その")
  }
}
