import Testing

@testable import ScanbenchPPOCR

/// Characters a column of vertical Japanese does not hold read as those it does: letters without
/// the accents a cell's room invites, `×` and `0` among letters, `°` and `'` among kana, and the
/// case of a letter read alone in its cell from the height of its ink.
@Suite struct VerticalColumnLookalikesTests {
  static func reading(_ text: String) -> DecodedLine {
    VerticalColumnPiecesTests.reading(text, pitch: 10)
  }

  @Test func lettersReadInCellsLoseTheirAccents() {
    #expect(VerticalColumn.bareLetters(Self.reading("きっřaćkagēを")).text == "きっrackageを")
    #expect(VerticalColumn.bareLetters(Self.reading("Linu×の上")).text == "Linuxの上")
    #expect(VerticalColumn.bareLetters(Self.reading("定はJS0Nで")).text == "定はJSONで")
  }

  @Test func lookalikesAmongOtherCharactersStay() {
    // A times sign between digits, a zero in a number, kana with their own marks.
    let line = Self.reading("3×4は10でがぱ")
    #expect(VerticalColumn.bareLetters(line) == line)
    #expect(VerticalColumn.bareLetters(Self.reading("A0")).text == "A0")
  }

  @Test func aZeroLeadingACapitalAndAnEllInTwoCapitalsAreLetters() {
    #expect(VerticalColumn.bareLetters(Self.reading("った。0Sを入")).text == "った。OSを入")
    #expect(VerticalColumn.bareLetters(Self.reading("のmac0Sで")).text == "のmacOSで")
    #expect(VerticalColumn.bareLetters(Self.reading("た。Alが書")).text == "た。AIが書")
    #expect(VerticalColumn.bareLetters(Self.reading("はlTの")).text == "はITの")
    // A zero in a number, after a capital at a word's end, or before a small letter; an `l` in a
    // longer word, or beside a small letter.
    for text in ["は10Sで", "A0の", "の0x1Fを", "のW10Sで", "のAlpsで", "のSQlで", "のalで"] {
      #expect(VerticalColumn.bareLetters(Self.reading(text)).text == text)
    }
  }

  @Test func aRingBesideALetterAndABarAfterACapitalAreLettersOfTheTurnedReading() {
    // Read turned, `OS` comes out with the kanji zero and `AI` with the long vowel mark.
    #expect(VerticalColumn.lettersFromLookalikes(Self.reading("た〇Sを入")).text == "たOSを入")
    #expect(VerticalColumn.lettersFromLookalikes(Self.reading("のmac○Sで")).text == "のmacOSで")
    #expect(VerticalColumn.lettersFromLookalikes(Self.reading("た。Aーが書")).text == "た。AIが書")
    #expect(VerticalColumn.lettersFromLookalikes(Self.reading("はA一の")).text == "はAIの")
  }

  @Test func ringsAndBarsAmongJapaneseStay() {
    // A kanji zero among kanji numerals, a long vowel after a katakana, a bar after a small
    // letter or inside a word (`Type-C`, `X-ray`), a capital inside a longer word.
    for text in ["二〇二〇年", "〇をつける", "データーを", "Typeーの", "Xーray", "は、ABーの", "コーヒー"] {
      #expect(VerticalColumn.lettersFromLookalikes(Self.reading(text)).text == text)
    }
  }

  @Test func aBarEndingAWordAfterASmallLetterIsAnL() {
    #expect(VerticalColumn.barsEndingWordsAsL(Self.reading("をPixeーのカメ")).text == "をPixelのカメ")
    #expect(VerticalColumn.barsEndingWordsAsL(Self.reading("でhtm|に")).text == "でhtmlに")
    #expect(VerticalColumn.barsEndingWordsAsL(Self.reading("Gmaiー")).text == "Gmail")
    // A hyphen inside a word, a bar after a capital or after one letter alone, the kanji one
    // after a word, and the long vowel after a katakana stay.
    for text in ["eーmail", "TypeーC", "AIのAーが", "はxーの", "iPad一台", "データーを", "コーヒー"] {
      #expect(VerticalColumn.barsEndingWordsAsL(Self.reading(text)).text == text)
    }
  }

  @Test func anEAtTheHeadOfAWordOfCapitalsIsAnH() {
    // `H` lying down is `エ`, read so by both readings at the head of `HTTP`.
    #expect(VerticalColumn.bareLetters(Self.reading("ーはエTTPで")).text == "ーはHTTPで")
    #expect(VerticalColumn.bareLetters(Self.reading("は工TTPで")).text == "はHTTPで")
    // The end of a katakana word, a capital alone after it, and small letters stay.
    for text in ["カメラエTTP", "はエAの", "はエttpで"] {
      #expect(VerticalColumn.bareLetters(Self.reading(text)).text == text)
    }
  }

  @Test func aDegreeSignAndAnApostropheAmongKanaAreMarks() {
    #expect(VerticalColumn.verticalMarks(Self.reading("る°Python")).text == "る。Python")
    #expect(VerticalColumn.verticalMarks(Self.reading("作り'Delegate")).text == "作り、Delegate")
    #expect(VerticalColumn.verticalMarks(Self.reading("だった,テスト")).text == "だった、テスト")
  }

  @Test func aFullStopAfterJapaneseIsAComma() {
    #expect(VerticalColumn.verticalMarks(Self.reading("り."), pointsAsCommas: true).text == "り、")
    #expect(VerticalColumn.verticalMarks(Self.reading("設定は.ウィン"), pointsAsCommas: true).text == "設定は、ウィン")
    // Without the option, and after Latin or a digit (`Node.js`, `1.5`), it stays.
    #expect(VerticalColumn.verticalMarks(Self.reading("り.")).text == "り.")
    for text in ["はNode.jsで", "の1.5倍"] {
      let line = Self.reading(text)
      #expect(VerticalColumn.verticalMarks(line, pointsAsCommas: true) == line)
    }
  }

  @Test func aClosingBracketAtAColumnsHeadBeforeALetterIsJ() {
    #expect(VerticalColumn.letterJAtHead(Self.reading("」avaScriptの")).text == "JavaScriptの")
    #expect(VerticalColumn.letterJAtHead(Self.reading("」SONを")).text == "JSONを")
    // Before Japanese, inside a column, or alone: the bracket stays.
    for text in ["」と言った", "は」Swiftの", "」", "」1つ"] {
      let line = Self.reading(text)
      #expect(VerticalColumn.letterJAtHead(line) == line)
    }
  }

  @Test func marksInLatinAndNumbersStay() {
    let line = Self.reading("30°でdon't,ok")
    #expect(VerticalColumn.verticalMarks(line) == line)
  }

  @Test func aQuestionOrExclamationMarkBesideJapaneseIsFullWidth() {
    #expect(VerticalColumn.fullWidthMarks(Self.reading("行くの?」と")).text == "行くの？」と")
    #expect(VerticalColumn.fullWidthMarks(Self.reading("まさか!本当")).text == "まさか！本当")
    #expect(VerticalColumn.fullWidthMarks(Self.reading("だっけ?")).text == "だっけ？")
    #expect(VerticalColumn.fullWidthMarks(Self.reading("「?」")).text == "「？」")
  }

  @Test func aQuestionOrExclamationMarkAmongLatinStays() {
    // Inside an address or a word, after a Latin word at a column's end, before Japanese after a
    // word or a number: ASCII.
    for text in ["はa.jp/?q=1を", "Hello!", "Yes?", "C#!と", "20?は", "a!b"] {
      let line = Self.reading(text)
      #expect(VerticalColumn.fullWidthMarks(line) == line)
    }
  }

  /// A line of `text`, a character a cell of 10 columns (no margin), each cell's ink `heights` ems
  /// high.
  static func cells(_ text: String, heights: [Double]) -> (DecodedLine, VerticalColumn.Line) {
    let count = text.count
    let line = VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 10 * count, height: 10, value: 255),
      cellStarts: (0..<count).map { Double($0 * 10) }, pitch: 10, cellSize: 10, margin: 0,
      columnLength: Double(10 * count), inkHeights: heights)
    let reading = VerticalColumnRunsTests.reading(
      text, start: 4, pitch: 10, content: Double(10 * count))
    return (reading, line)
  }

  @Test func aLetterAloneInItsCellTakesTheCaseItsHeightGives() {
    // `Mock` read `MOCK`: `o` and `c` stand at 0.7 of `M`, `K` is no lookalike.
    let (mock, line) = Self.cells("MOCKを", heights: [0.72, 0.5, 0.5, 0.72, 0.9])
    #expect(VerticalColumn.casedByHeight(mock, line: line).text == "MocKを")
    // `xcode` where `X` stands as high as `d`.
    let (xcode, line2) = Self.cells("xcode", heights: [0.7, 0.5, 0.5, 0.72, 0.5])
    #expect(VerticalColumn.casedByHeight(xcode, line: line2).text == "Xcode")
  }

  @Test func aWordWithNoLetterOfFullHeightKeepsItsCase() {
    let (word, line) = Self.cells("SOSの", heights: [0.5, 0.5, 0.5, 0.9])
    #expect(VerticalColumn.casedByHeight(word, line: line) == word)
  }
}

/// The case of a letter lying sideways in a column, from the height of its ink across the column.
@Suite struct VerticalColumnSidewaysCaseTests {
  /// A column 40 pixels wide and an em of 20 on its axis at 20, a pixel of its length a column of
  /// the turned reading: each character of `text` at its row of `rows`, and for each letter's
  /// row a block of ink half an em along the column and `heights` (in ems) across it, from the
  /// column's left (a sideways word's baseline), reaching `below` ems further left (a tail under
  /// the baseline).
  static func column(_ text: String, rows: [Int], heights: [Int: Double], below: [Int: Double] = [:]) -> (
    DecodedLine, VerticalColumn.Line
  ) {
    let (width, length, em) = (40, 20 * (rows.count + 2), 20.0)
    var picture = VerticalColumn.Grey(width: width, height: length, value: 255)
    var ink = [Bool](repeating: false, count: width * length)
    for (slot, height) in heights {
      let across = Int((height * em).rounded())
      let tail = Int(((below[slot] ?? 0) * em).rounded())
      for y in (rows[slot] - 5)..<(rows[slot] + 5) {
        for x in (8 - tail)..<(8 + across) {
          picture[x, y] = 0
          ink[y * width + x] = true
        }
      }
    }
    let characters = text.enumerated().map { slot, character in
      DecodedCharacter(
        text: String(character), firstColumn: rows[slot], lastColumn: rows[slot], probability: 0.95)
    }
    var line = VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 10, height: 10, value: 255), cellStarts: [0], pitch: em, cellSize: 10,
      margin: 0, columnLength: Double(length))
    (line.picture, line.ink, line.em, line.axis) = (picture, ink, em, 20)
    return (DecodedLine(characters: characters, contentColumns: Double(length)), line)
  }

  @Test func aSidewaysLetterTakesTheCaseItsHeightAcrossTheColumnGives() {
    // `OS` read `os`: both stand three quarters of an em across, a capital's height.
    let (os, line) = Self.column("はosを", rows: [10, 30, 42, 60], heights: [1: 0.75, 2: 0.75])
    #expect(VerticalColumn.casedAcross(os, line: line).text == "はOSを")
    // `arXiv` read `arxiv`: `x` stands half again as high as `a` and `r`; `v` as they do.
    let (arxiv, line2) = Self.column(
      "はarxivに", rows: [10, 30, 42, 54, 66, 78, 96],
      heights: [1: 0.5, 2: 0.5, 3: 0.75, 4: 0.5, 5: 0.5])
    #expect(VerticalColumn.casedAcross(arxiv, line: line2).text == "はarXivに")
    // A speck of the scan beside the word is no letter of it.
    var specked = line2
    for y in 23..<25 {
      for x in 30..<34 { specked.ink[y * 40 + x] = true }
    }
    #expect(VerticalColumn.casedAcross(arxiv, line: specked).text == "はarXivに")
    // `LaTex`: `X` as high as `L` and `T`.
    let (latex, line3) = Self.column(
      "はLaTexで", rows: [10, 30, 42, 54, 66, 78, 96],
      heights: [1: 0.74, 2: 0.5, 3: 0.74, 4: 0.5, 5: 0.72])
    #expect(VerticalColumn.casedAcross(latex, line: line3).text == "はLaTeXで")
  }

  @Test func aSmallLetterStaysSmallAndACapitalReadSmallIsMadeSmallByItsHeight() {
    // `os` half an em across stays; `OS` half an em across is small.
    let (os, line) = Self.column("はosを", rows: [10, 30, 42, 60], heights: [1: 0.5, 2: 0.5])
    #expect(VerticalColumn.casedAcross(os, line: line) == os)
    let (capitals, line2) = Self.column("はOSを", rows: [10, 30, 42, 60], heights: [1: 0.5, 2: 0.5])
    #expect(VerticalColumn.casedAcross(capitals, line: line2).text == "はosを")
  }

  @Test func aLetterAloneOrBetweenTheBoundsOrWithoutInkOfItsOwnStays() {
    // A letter alone is no word; a height between the bounds says nothing; a piece of ink longer
    // along the column than a letter is no letter of the word.
    let (alone, line) = Self.column("はoを", rows: [10, 30, 60], heights: [1: 0.75])
    #expect(VerticalColumn.casedAcross(alone, line: line) == alone)
    let (between, line2) = Self.column("はosを", rows: [10, 30, 42, 60], heights: [1: 0.61, 2: 0.61])
    #expect(VerticalColumn.casedAcross(between, line: line2) == between)
    let (long, column) = Self.column("はosを", rows: [10, 30, 42, 60], heights: [:])
    var line3 = column
    for y in 20..<52 {
      for x in 8..<23 { line3.ink[y * 40 + x] = true }
    }
    #expect(VerticalColumn.casedAcross(long, line: line3) == long)
  }

  @Test func piecesThatAreNotTheWordsLettersLeaveItAsRead() {
    // `LeS` whose small `e` stands as high as its capital `L`: the pieces are not the letters
    // read, and the short piece is no small `s`.
    let (word, line) = Self.column("はLeSを", rows: [10, 30, 42, 54, 80], heights: [1: 0.75, 2: 0.75, 3: 0.5])
    #expect(VerticalColumn.casedAcross(word, line: line) == word)
  }

  @Test func aTailBelowTheBaselineIsNoHeight() {
    // `SQL` read `sQL`: `Q`'s tail reaches a fifth of an em below the baseline. Measured whole, `Q`
    // stands highest and sets the capital bar above `S`; from the baseline it is a capital as
    // `S` and `L` are.
    let (sql, line) = Self.column(
      "はsQLを", rows: [10, 30, 42, 54, 80], heights: [1: 0.7, 2: 0.74, 3: 0.72], below: [2: 0.22])
    #expect(VerticalColumn.casedAcross(sql, line: line, fromBaseline: true).text == "はSQLを")
    #expect(VerticalColumn.casedAcross(sql, line: line).text == "はsQLを")
    // `JSON` read `JsON` in a face whose `J` descends: from the baseline `J` is a capital's height,
    // and `s` beside it no small letter.
    let (json, line2) = Self.column(
      "はJsONで", rows: [10, 30, 42, 54, 66, 90], heights: [1: 0.72, 2: 0.7, 3: 0.75, 4: 0.72],
      below: [1: 0.2])
    #expect(VerticalColumn.casedAcross(json, line: line2, fromBaseline: true).text == "はJSONで")
    #expect(VerticalColumn.casedAcross(json, line: line2).text == "はJsONで")
  }

  @Test func lettersStandingUprightOneACellStay() {
    // `US` set upright, an em apart: their ink across the column is their width, no height.
    let (upright, line) = Self.column("はusを", rows: [10, 30, 50, 80], heights: [1: 0.75, 2: 0.75])
    #expect(VerticalColumn.casedAcross(upright, line: line) == upright)
    // The same letters sideways, closer together, are capitals.
    let (sideways, line2) = Self.column("はusを", rows: [10, 30, 44, 80], heights: [1: 0.75, 2: 0.75])
    #expect(VerticalColumn.casedAcross(sideways, line: line2).text == "はUSを")
  }
}
