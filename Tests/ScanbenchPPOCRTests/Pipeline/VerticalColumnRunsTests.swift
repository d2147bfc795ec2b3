import Testing

@testable import ScanbenchPPOCR

@Suite struct VerticalColumnRunsTests {
  /// A reading of `text`, one character every `pitch` output columns from `start`, each read with
  /// `probability` (or the one given for it), over `content` columns.
  static func reading(
    _ text: String, start: Double = 0, pitch: Double, content: Double, probability: Float = 0.95,
    probabilities: [Float]? = nil
  ) -> DecodedLine {
    let characters = text.enumerated().map { slot, character in
      let column = Int(start + Double(slot) * pitch)
      return DecodedCharacter(
        text: String(character), firstColumn: column, lastColumn: column,
        probability: probabilities?[slot] ?? probability)
    }
    return DecodedLine(characters: characters, contentColumns: content)
  }

  /// A column of 14 ems, `Coordinator` lying sideways over ems 3–8 (11 letters of about half an em):
  /// read in cells, the letters' slices come out as three doubtful kana; read turned, the word is
  /// right and the marks are lost.
  @Test func aSidewaysLatinWordOfTheTurnedReadingReplacesTheKanaTheCellsSaw() {
    // Cells: 遷移は at ems 0–2, ミミョ at ems 3, 5, 7 (doubtful), にまとめ、 at ems 9–13; ten columns an em.
    var cells = Self.reading("遷移は", start: 5, pitch: 10, content: 140)
    cells.characters += Self.reading("ミミョ", start: 35, pitch: 20, content: 140, probability: 0.55).characters
    cells.characters += Self.reading("にまとめ、", start: 95, pitch: 10, content: 140).characters
    // Turned: 遷移は at ems 0–2, the eleven letters every half em from 3, にまとめ (no `、`); 20 columns an em.
    var turned = Self.reading("遷移は", start: 10, pitch: 20, content: 280)
    turned.characters +=
      Self.reading("Coordinator", start: 64, pitch: 10, content: 280, probability: 0.97)
      .characters
    turned.characters += Self.reading("にまとめ", start: 190, pitch: 20, content: 280).characters
    let joined = VerticalColumn.spliced(cells: cells, turned: turned)
    #expect(joined.text == "遷移はCoordinatorにまとめ、")
    // The letters' columns are in the cells reading's scale, in order.
    let columns = joined.characters.map(\.firstColumn)
    #expect(columns == columns.sorted())
  }

  @Test func lettersTheCellsReadUprightStand() {
    // `UIKit` set upright, a letter a cell: the turned reading sees the letters on their sides.
    let cells = Self.reading("UIKitで", start: 5, pitch: 10, content: 60)
    let turned = Self.reading("UlK1tで", start: 10, pitch: 20, content: 120, probability: 0.97)
    #expect(VerticalColumn.spliced(cells: cells, turned: turned).text == "UIKitで")
  }

  @Test func aThinLetterReadAsABarIsReadAgainStanding() {
    // The `i` of `UIKit` set as a bar turned back reads `-`; with bars standing it reads `i`.
    let cells = Self.reading(
      "UIK-tで", start: 5, pitch: 10, content: 60, probabilities: [0.95, 0.9, 0.95, 0.6, 0.95, 0.95])
    let standing = Self.reading("UIKitで", start: 5, pitch: 10, content: 60, probability: 0.96)
    #expect(VerticalColumn.spliced(cells: cells, turned: standing, keepingLatinCells: false).text == "UIKitで")
  }

  @Test func kanaTheCellsReadSurelyAreNotRunOver() {
    // `Pythonのscript` sideways: the cells read the letters' slices as doubtful kana and `の` surely;
    // the turned reading runs the whole stretch into one word, `Fscript`. The `の` stands.
    let cells = Self.reading(
      "ミミのミョ", start: 5, pitch: 25, content: 130, probabilities: [0.6, 0.6, 0.97, 0.6, 0.6])
    let turned = Self.reading("Fscript", start: 10, pitch: 36, content: 260, probability: 0.9)
    #expect(VerticalColumn.spliced(cells: cells, turned: turned).text == "ミミのミョ")
  }

  /// `JSON` lying sideways in a small column, read turned among kana lying on their sides as `こS`
  /// (doubtful) and `で` dropped nowhere: that stretch is read alone; a stretch of kana read surely
  /// is not. A word dropped whole leaves its neighbours more than two ems apart: that gap is read
  /// alone too.
  @Test func aDoubtfulOrLatinStretchOfTheTurnedReadingIsReadAlone() {
    // 20 output columns an em over a column of 16 ems (320 columns).
    var turned = Self.reading("設定は", start: 10, pitch: 20, content: 320)
    turned.characters +=
      Self.reading("こS", start: 66, pitch: 10, content: 320, probabilities: [0.39, 0.82])
      .characters
    turned.characters += Self.reading("で保存し", start: 110, pitch: 20, content: 320).characters
    // `Linux` dropped: nothing read from 190 to 270.
    turned.characters += Self.reading("の上", start: 270, pitch: 20, content: 320).characters
    let em = 20.0 / 320
    let stretches = VerticalColumn.stretchesToReadAlone(turned, em: em)
    #expect(stretches.map(\.run) == [3..<5, 9..<9])
    // A mark dropped leaves its neighbours two ems apart: no stretch.
    let markDropped = Self.reading("だ向", start: 10, pitch: 40, content: 60)
    #expect(VerticalColumn.stretchesToReadAlone(markDropped, em: 20.0 / 60).isEmpty)
    // The run's stretch reaches past its characters but stops half an em short of `は`'s middle.
    let first = stretches[0]
    #expect(first.from < 66.0 / 320 && first.from >= 50.5 / 320 + 0.5 * em - 1e-9)
    #expect(first.to > 77.0 / 320 && first.to <= 110.5 / 320 - 0.5 * em + 1e-9)
    #expect(
      VerticalColumn.stretchesToReadAlone(Self.reading("設定は", pitch: 20, content: 60), em: 1 / 3.0).isEmpty)
  }

  /// `AIが書` read turned as `こが書`, the `こ` doubtful: with the step, one doubtful character is a
  /// stretch to read alone, and the word read alone goes in only where it holds a letter.
  @Test func aLoneDoubtfulCharacterIsReadAloneForAWordWithALetter() throws {
    let turned = Self.reading(
      "。こが書", start: 4, pitch: 20, content: 80, probabilities: [0.9, 0.19, 1, 1])
    let em = 20.0 / 80
    #expect(VerticalColumn.stretchesToReadAlone(turned, em: em).isEmpty)
    let stretches = VerticalColumn.stretchesToReadAlone(turned, em: em, loneDoubtfulCharacters: true)
    #expect(stretches.map(\.run) == [1..<2])
    let first = try #require(stretches.first)
    let word = Self.reading("AI", start: 8, pitch: 12, content: 40, probability: 0.95)
    #expect(
      VerticalColumn.withRunReadAlone(turned, run: first.run, from: first.from, to: first.to, alone: word)
        .text
        == "。AIが書")
    let longer = Self.reading("AIR", start: 8, pitch: 10, content: 40, probability: 0.95)
    #expect(
      VerticalColumn.withRunReadAlone(turned, run: first.run, from: first.from, to: first.to, alone: longer)
        == turned)
    let digits = Self.reading("11", start: 8, pitch: 12, content: 40, probability: 0.95)
    #expect(
      VerticalColumn.withRunReadAlone(turned, run: first.run, from: first.from, to: first.to, alone: digits)
        == turned)
  }

  @Test func aRunReadAloneReplacesTheTurnedOnesWhenSurer() {
    let turned = Self.reading(
      "はこSで", start: 10, pitch: 20, content: 80, probabilities: [0.99, 0.39, 0.82, 0.99])
    // The stretch of `こS` (columns 20–60 of 80) read alone: `JSON`, surely, over 40 columns.
    let alone = Self.reading("JSON", start: 5, pitch: 10, content: 40, probability: 0.99)
    let read = VerticalColumn.withRunReadAlone(turned, run: 1..<3, from: 0.25, to: 0.75, alone: alone)
    #expect(read.text == "はJSONで")
    let columns = read.characters.map(\.firstColumn)
    #expect(columns == columns.sorted() && columns[1] >= 20 && columns[4] < 60)
    // Read alone as kana, or less surely, the turned reading stands.
    let kana = Self.reading("こら", start: 5, pitch: 20, content: 40, probability: 0.99)
    #expect(VerticalColumn.withRunReadAlone(turned, run: 1..<3, from: 0.25, to: 0.75, alone: kana) == turned)
    // In a gap (no run), digits alone are a dropped mark read so (`。` as `10`); a word stands.
    let gap = Self.reading("はで", start: 10, pitch: 60, content: 80)
    let digits = Self.reading("10", start: 5, pitch: 10, content: 40, probability: 0.86)
    #expect(VerticalColumn.withRunReadAlone(gap, run: 1..<1, from: 0.25, to: 0.75, alone: digits) == gap)
    let word = VerticalColumn.withRunReadAlone(gap, run: 1..<1, from: 0.25, to: 0.75, alone: alone)
    #expect(word.text == "はJSONで")
    let doubtful = Self.reading("JSON", start: 5, pitch: 10, content: 40, probability: 0.55)
    #expect(
      VerticalColumn.withRunReadAlone(turned, run: 1..<3, from: 0.25, to: 0.75, alone: doubtful) == turned)
  }

  @Test func aNumberSetAcrossTheColumnReplacesTheOneCellItFills() {
    // `第12章`: the cells read the one cell of `12` as `に`, surely; turned, `12` is read surely.
    let cells = Self.reading("第に章", start: 5, pitch: 10, content: 30, probabilities: [0.99, 0.97, 0.99])
    let turned = Self.reading(
      "第12章", start: 10, pitch: 15, content: 60, probabilities: [0.99, 0.98, 0.9, 0.99])
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "第12章")
    // Read doubtfully, the number does not replace the cell.
    let doubtful = Self.reading(
      "第12章", start: 10, pitch: 15, content: 60, probabilities: [0.99, 0.6, 0.6, 0.99])
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: doubtful).text == "第に章")
  }

  @Test func aNumberLyingBesideABracketReplacesTheOneCellItFills() {
    // `表（11月`: the cells lost the `（` and read the one cell of `11` lying in the column as `二`,
    // surely; turned, the bracket and the number are read surely.
    let cells = Self.reading("表二月", start: 5, pitch: 10, content: 40, probabilities: [0.99, 0.99, 0.99])
    let turned = Self.reading(
      "表（11月", start: 10, pitch: 15, content: 80, probabilities: [0.99, 0.95, 0.98, 0.97, 0.99])
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "表（11月")
    // Read doubtfully, the number does not replace the cell.
    let doubtful = Self.reading(
      "表（11月", start: 10, pitch: 15, content: 80, probabilities: [0.99, 0.95, 0.6, 0.6, 0.99])
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: doubtful).text == "表二月")
  }

  @Test func aColumnWithoutLatinIsTheCellsReading() {
    let cells = Self.reading("ある日の暮方の事である。", start: 5, pitch: 10, content: 120)
    let turned = Self.reading("ある日の暮方の事である", start: 10, pitch: 20, content: 240, probability: 0.99)
    #expect(VerticalColumn.spliced(cells: cells, turned: turned) == cells)
  }

  @Test func rubyBesideAColumnIsFoundAndNothingElse() {
    // Two body columns 40 across; furigana 16 across right of the left one, over 確認; a narrow
    // column of kanji (a note) and a narrow kana column away from any column are not ruby.
    let columns: [(box: PPOCRBox, text: String)] = [
      (PPOCRBox(x: 200, y: 50, width: 40, height: 600), "ボタンを押すと、確認の画面が出る"),
      (PPOCRBox(x: 120, y: 50, width: 40, height: 600), "確認の画面が出る"),
      (PPOCRBox(x: 162, y: 60, width: 16, height: 60), "かくにん"),
      (PPOCRBox(x: 162, y: 300, width: 16, height: 60), "注記"),
      (PPOCRBox(x: 20, y: 300, width: 16, height: 60), "かな"),
    ]
    #expect(VerticalColumn.rubyColumns(columns) == [2])
  }

  @Test func rubyGivenAMarkByItsOtherReadingIsStillRuby() {
    // `しょう` right of the left column, given a `」` from its cells reading.
    let columns: [(box: PPOCRBox, text: String)] = [
      (PPOCRBox(x: 200, y: 50, width: 40, height: 600), "と、確認の画面が出る……はずだっ"),
      (PPOCRBox(x: 120, y: 50, width: 40, height: 600), "た。この機能は試験中です。仕様"),
      (PPOCRBox(x: 162, y: 60, width: 16, height: 60), "」しょう"),
    ]
    #expect(VerticalColumn.rubyColumns(columns) == [2])
  }

  @Test func rubyTheScanBlurredIsLeftOutWhenReadDoubtfullyWithoutKanji() {
    // Blurred furigana read as digits and marks, doubtfully, right of the left column; a narrow
    // column read as doubtfully but holding a kanji, and one read surely as digits, are kept.
    let columns: [(box: PPOCRBox, text: String)] = [
      (PPOCRBox(x: 200, y: 50, width: 40, height: 600), "翌朝、ジョッキを洗ってからキッ"),
      (PPOCRBox(x: 120, y: 50, width: 40, height: 600), "チンを出た。翌朝、ジョッキを"),
      (PPOCRBox(x: 162, y: 60, width: 16, height: 60), "12:<|あ|3"),
      (PPOCRBox(x: 162, y: 300, width: 16, height: 60), "12注"),
      (PPOCRBox(x: 162, y: 450, width: 16, height: 60), "12:3"),
    ]
    let probabilities = [0.98, 0.98, 0.72, 0.7, 0.95]
    #expect(VerticalColumn.rubyColumns(columns, probabilities: probabilities) == [2])
    // Without the readings' probabilities, only kana is ruby.
    #expect(VerticalColumn.rubyColumns(columns).isEmpty)
  }

  /// A reading of `characters` (text, output column, probability) over `content` columns.
  static func placed(_ characters: [(String, Int, Float)], content: Double) -> DecodedLine {
    DecodedLine(
      characters: characters.map {
        DecodedCharacter(text: $0.0, firstColumn: $0.1, lastColumn: $0.1, probability: $0.2)
      },
      contentColumns: content)
  }

  /// `Pythonのscript` set sideways (s1's col-sideways-004): the cells read the word's slices as
  /// kana and `の` surely; turned, `の` lies on its side among the letters and reads `S`.
  static let cellsOfPythonNoScript = placed(
    [
      ("マ", 3, 0.88), ("ヨ", 6, 0.69), ("ミ", 10, 0.69), ("の", 14, 0.99), ("2", 18, 0.55),
      ("コ", 22, 0.58), ("ヨ", 26, 0.39), ("か", 31, 0.66), ("3", 35, 0.18),
    ], content: 38)
  static let turnedPythonNoScript = placed(
    [
      ("P", 2, 0.99), ("y", 4, 0.99), ("t", 6, 0.99), ("h", 7, 0.99), ("o", 10, 0.99), ("n", 12, 0.99),
      ("S", 14, 0.93), ("s", 17, 0.99), ("c", 19, 0.9), ("r", 21, 0.99), ("i", 23, 0.99), ("p", 25, 0.99),
      ("t", 27, 0.99), ("1", 33, 0.99), ("0", 35, 0.98),
    ], content: 37)

  @Test func aKanaBesideASidewaysWordTheTurnedReadingReadAsALetterIsTheCellsOne() {
    let read = VerticalColumn.withSureKana(of: Self.cellsOfPythonNoScript, into: Self.turnedPythonNoScript)
    #expect(read.text == "Pythonのscript10")
    #expect(read.characters.count == Self.turnedPythonNoScript.characters.count)
  }

  @Test func aKanaTheCellsReadDoubtfullyOrOffTheLettersChangesNothing() {
    let turned = Self.turnedPythonNoScript
    // The cells' `の` doubtful: nothing is put back.
    var doubtful = Self.cellsOfPythonNoScript
    doubtful.characters[3].probability = 0.8
    #expect(VerticalColumn.withSureKana(of: doubtful, into: turned) == turned)
    // A katakana, however sure, is as often a slice of a letter lying down (`ミ` of `m`).
    var katakana = Self.cellsOfPythonNoScript
    katakana.characters[3].text = "ミ"
    #expect(VerticalColumn.withSureKana(of: katakana, into: turned) == turned)
    // A sure kana half a letter or more from any letter of the run stands where no letter is.
    var between = Self.cellsOfPythonNoScript
    between.characters[3].firstColumn = 30
    between.characters[3].lastColumn = 30
    #expect(VerticalColumn.withSureKana(of: between, into: turned) == turned)
  }

  @Test func aSureKanaNearARunsEndIsNotPutBack() {
    // `はiPhoneにも`: the cells lost their phase at the word and read `は` twice, the second over
    // the `i`; the turned reading read `iPhone` right.
    let cells = Self.placed(
      [("は", 2, 0.99), ("は", 6, 0.95), ("ル", 10, 0.6), ("ミ", 14, 0.5), ("に", 18, 0.99), ("も", 22, 0.99)],
      content: 25)
    let turned = Self.placed(
      [
        ("は", 2, 0.99), ("i", 6, 0.97), ("P", 8, 0.99), ("h", 10, 0.99), ("o", 12, 0.99), ("n", 14, 0.99),
        ("e", 16, 0.99), ("に", 18, 0.99), ("も", 22, 0.99),
      ], content: 25)
    #expect(VerticalColumn.withSureKana(of: cells, into: turned) == turned)
  }

  @Test func aReadingWithoutALatinRunOrTheCellsWithoutSureKanaIsKept() {
    let kana = Self.reading("ある日の暮方の事である", start: 5, pitch: 10, content: 110)
    #expect(VerticalColumn.withSureKana(of: Self.cellsOfPythonNoScript, into: kana) == kana)
    let noKana = Self.placed([("マ", 3, 0.99), ("ヨ", 6, 0.99), ("ミ", 10, 0.99)], content: 38)
    let turned = Self.turnedPythonNoScript
    #expect(VerticalColumn.withSureKana(of: noKana, into: turned) == turned)
  }

  /// `AI` lying sideways in one cell (a marks-bank book page): the cells read it as `こ`, surely;
  /// turned, it reads `AI` surely between the kana both readings share.
  static let cellsOfAI = placed(
    [("す", 2, 0.99), ("る", 6, 0.99), ("こ", 11, 0.93), ("が", 15, 0.99), ("書", 19, 0.98)], content: 22)
  static let turnedAI = placed(
    [("す", 2, 0.97), ("る", 6, 0.99), ("A", 10, 0.99), ("I", 12, 0.93), ("が", 15, 0.99), ("書", 19, 0.66)],
    content: 22)

  @Test func aShortSidewaysWordTheCellsReadAsOneKanaIsTheTurnedReadingsWord() {
    let spliced = VerticalColumn.splicedAtAnchors(
      cells: Self.cellsOfAI, turned: Self.turnedAI, shortWordsAtLeast: 0.5)
    #expect(spliced.text == "するAIが書")
    // Without the step, the cells' sure kana stands.
    #expect(VerticalColumn.splicedAtAnchors(cells: Self.cellsOfAI, turned: Self.turnedAI).text == "するこが書")
  }

  @Test func aShortWordOverOneCellTakesItsPlaceFromALowerBound() {
    // `AI` turned with its `I` at 0.84, where the cells read one `こ` surely.
    let cells = Self.placed(
      [("す", 2, 0.99), ("る", 6, 0.99), ("こ", 11, 0.96), ("が", 15, 0.99), ("書", 19, 0.97)], content: 22)
    let turned = Self.placed(
      [("す", 2, 0.97), ("る", 6, 0.99), ("A", 10, 1.0), ("I", 12, 0.84), ("が", 15, 0.99), ("書", 19, 0.66)],
      content: 22)
    #expect(
      VerticalColumn.splicedAtAnchors(cells: cells, turned: turned, shortWordsAtLeast: 0.5).text == "するこが書")
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: cells, turned: turned, shortWordsAtLeast: 0.5, shortWordOverOneCell: 0.8
      ).text == "するAIが書")
    // A letter below that bound, or two characters in the cells: the cells' sure kana stands.
    var doubtful = turned
    doubtful.characters[3].probability = 0.7
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: cells, turned: doubtful, shortWordsAtLeast: 0.5, shortWordOverOneCell: 0.8
      ).text == "するこが書")
    let two = Self.placed(
      [("す", 2, 0.99), ("る", 6, 0.99), ("こ", 10, 0.96), ("と", 12, 0.96), ("が", 15, 0.99), ("書", 19, 0.97)],
      content: 22)
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: two, turned: turned, shortWordsAtLeast: 0.5, shortWordOverOneCell: 0.8
      ).text == "することが書")
  }

  @Test func aShortWordWithADoubtfulLetterReplacesCellsReadLessSurely() {
    // `OSを入れ直す`: turned, `S` is doubtful (no run of two sure ends); the cells read `へ` less
    // surely than the word.
    let cells = Self.placed(
      [("へ", 2, 0.66), ("を", 10, 0.99), ("入", 15, 0.99), ("れ", 20, 0.99), ("直", 25, 0.99)], content: 30)
    let turned = Self.placed(
      [("O", 2, 0.86), ("S", 6, 0.76), ("を", 10, 0.98), ("入", 15, 0.9), ("れ", 20, 0.99), ("直", 25, 0.97)],
      content: 30)
    #expect(
      VerticalColumn.splicedAtAnchors(cells: cells, turned: turned, shortWordsAtLeast: 0.5).text == "OSを入れ直")
    #expect(VerticalColumn.splicedAtAnchors(cells: cells, turned: turned).text == "へを入れ直")
    // Read more surely in cells than the word turned, the cells' kana stands.
    var sure = cells
    sure.characters[0].probability = 0.9
    #expect(
      VerticalColumn.splicedAtAnchors(cells: sure, turned: turned, shortWordsAtLeast: 0.5).text == "へを入れ直")
    // A letter below the least probability: no word.
    var doubtful = turned
    doubtful.characters[1].probability = 0.4
    #expect(
      VerticalColumn.splicedAtAnchors(cells: cells, turned: doubtful, shortWordsAtLeast: 0.5).text == "へを入れ直")
  }

  @Test func whatIsNoShortWordOrNoWordTheCellsLostStands() {
    // Thin strokes only (a kana on its side read `ll`), or no capital: no short word.
    #expect(
      !VerticalColumn.isShortWord(
        Self.placed([("l", 0, 0.99), ("I", 2, 0.99)], content: 4).characters[...], atLeast: 0.5))
    #expect(
      !VerticalColumn.isShortWord(
        Self.placed([("c", 0, 0.99), ("m", 2, 0.99)], content: 4).characters[...], atLeast: 0.5))
    #expect(
      !VerticalColumn.isShortWord(
        Self.placed([("U", 0, 0.99), ("S", 2, 0.99), ("B", 4, 0.99), ("s", 6, 0.99)], content: 8).characters[
          ...], atLeast: 0.5))
    #expect(
      VerticalColumn.isShortWord(
        Self.placed([("0", 0, 0.6), ("S", 2, 0.99)], content: 4).characters[...], atLeast: 0.5))
    let word = Self.turnedAI.characters[2..<4]
    // Letters the cells read upright, surely, one a cell, stand; so does a mark, and a stretch the
    // cells read as three characters or none.
    #expect(
      !VerticalColumn.cellsLostShortWord(
        word, cells: Self.placed([("A", 0, 0.95), ("I", 4, 0.95)], content: 8).characters))
    #expect(
      !VerticalColumn.cellsLostShortWord(word, cells: Self.placed([("。", 0, 0.5)], content: 4).characters))
    #expect(
      !VerticalColumn.cellsLostShortWord(
        word, cells: Self.placed([("こ", 0, 0.5), ("い", 2, 0.5), ("と", 4, 0.5)], content: 8).characters))
    #expect(!VerticalColumn.cellsLostShortWord(word, cells: []))
    #expect(
      VerticalColumn.cellsLostShortWord(word, cells: Self.placed([("こ", 0, 0.99)], content: 4).characters))
    #expect(
      VerticalColumn.cellsLostShortWord(
        word, cells: Self.placed([("っ", 0, 0.23), ("い", 2, 0.5)], content: 4).characters))
  }

  @Test func aDoubtfulLetterGivesWayToAKanaTheCellsReadLessSurely() {
    // `Pythonのscript`, the `の` read `S` doubtfully turned, and by the cells at 0.6 a little off.
    var turned = Self.turnedPythonNoScript
    turned.characters[6].probability = 0.38
    var cells = Self.cellsOfPythonNoScript
    cells.characters[3].probability = 0.6
    cells.characters[3].firstColumn = 15
    cells.characters[3].lastColumn = 15
    let doubtful = (letterBelow: Float(0.9), kanaAtLeast: Float(0.4), reach: 1.5)
    #expect(
      VerticalColumn.withSureKana(of: cells, into: turned, doubtful: doubtful).text == "Pythonのscript10")
    #expect(VerticalColumn.withSureKana(of: cells, into: turned) == turned)
    // A sure letter stays under a doubtful kana.
    #expect(
      VerticalColumn.withSureKana(of: cells, into: Self.turnedPythonNoScript, doubtful: doubtful)
        == Self.turnedPythonNoScript)
    // A kana read less surely than the least, or too far from the letter, changes nothing.
    var faint = cells
    faint.characters[3].probability = 0.3
    #expect(VerticalColumn.withSureKana(of: faint, into: turned, doubtful: doubtful) == turned)
    var far = cells
    far.characters[3].firstColumn = 16
    far.characters[3].lastColumn = 16
    #expect(VerticalColumn.withSureKana(of: far, into: turned, doubtful: doubtful) == turned)
  }

  /// `JavaScriptのPromise` set sideways: turned, the `の` lying among the letters reads as a
  /// doubtful `O`, every letter of the two words read surely.
  static let turnedJavaScriptNoPromise = placed(
    [
      ("J", 2, 0.99), ("a", 3, 0.99), ("v", 4, 0.99), ("a", 5, 0.99), ("S", 6, 0.99), ("c", 7, 0.98),
      ("r", 8, 0.99), ("i", 9, 0.99), ("p", 10, 0.99), ("t", 11, 0.99), ("O", 13, 0.42), ("P", 15, 0.99),
      ("r", 16, 0.99), ("o", 17, 0.99), ("m", 18, 0.99), ("i", 19, 0.99), ("s", 20, 0.99), ("e", 21, 0.99),
      ("で", 23, 0.99),
    ], content: 40)

  @Test func aDoubtfulLetterInsideALongRunIsReadAgainUpright() {
    let letters = VerticalColumn.doubtfulLettersToReadUpright(
      Self.turnedJavaScriptNoPromise, letterBelow: 0.9)
    #expect(letters.map(\.index) == [10])
    // Its middle along the column: output column 13 of 40, half a column wide.
    #expect(abs((letters.first?.middle ?? 0) - 13.5 / 40) < 1e-9)
    // Read surely throughout, or doubtful within three characters of a run's end: nothing to read.
    var sure = Self.turnedJavaScriptNoPromise
    sure.characters[10].probability = 0.95
    #expect(VerticalColumn.doubtfulLettersToReadUpright(sure, letterBelow: 0.9).isEmpty)
    var nearEnd = Self.turnedJavaScriptNoPromise
    nearEnd.characters[10].probability = 0.95
    nearEnd.characters[16].probability = 0.5
    #expect(VerticalColumn.doubtfulLettersToReadUpright(nearEnd, letterBelow: 0.9).isEmpty)
  }

  /// `PostgreSQLのVACUUM` read turned as `PostgreSQL S VACUUM`: the upright `の` between the two
  /// sideways words leaves a gap either side, where the recognizer sets spaces, and reads it as a
  /// doubtful letter of no run of its own.
  static let turnedPostgreSQLSpacedVACUUM = placed(
    [
      ("P", 1, 1), ("o", 2, 1), ("s", 3, 1), ("t", 4, 1), ("g", 5, 1), ("r", 6, 1), ("e", 7, 1),
      ("S", 8, 0.99), ("Q", 9, 1), ("L", 10, 1), (" ", 11, 0.67), ("S", 12, 0.58), (" ", 13, 0.79),
      ("V", 14, 1), ("A", 15, 1), ("C", 16, 1), ("U", 17, 1), ("U", 18, 1), ("M", 19, 1),
    ], content: 21)
  /// `JavaScriptの` at a column's foot, the line broken after the kana, read turned `JavaScriptS`.
  static let turnedJavaScriptNoAtFoot = placed(
    [
      ("J", 1, 1), ("a", 2, 1), ("v", 3, 1), ("a", 4, 1), ("S", 5, 1), ("c", 6, 1), ("r", 7, 1),
      ("i", 8, 1), ("p", 9, 1), ("t", 10, 1), ("S", 12, 0.56),
    ], content: 14)

  @Test func aDoubtfulLetterBetweenSpacedWordsOrAtAColumnsFootIsReadAgainUpright() {
    let spaced = VerticalColumn.doubtfulLettersToReadUpright(
      Self.turnedPostgreSQLSpacedVACUUM, letterBelow: 0.9, atFootAndBetweenSpacedWords: true)
    #expect(spaced.map(\.index) == [11])
    #expect(abs((spaced.first?.middle ?? 0) - 12.5 / 21) < 1e-9)
    let foot = VerticalColumn.doubtfulLettersToReadUpright(
      Self.turnedJavaScriptNoAtFoot, letterBelow: 0.9, atFootAndBetweenSpacedWords: true)
    #expect(foot.map(\.index) == [10])
    // Without the option, neither: the letter is in no run of seven, or at the run's very end.
    #expect(
      VerticalColumn.doubtfulLettersToReadUpright(Self.turnedPostgreSQLSpacedVACUUM, letterBelow: 0.9).isEmpty
    )
    #expect(
      VerticalColumn.doubtfulLettersToReadUpright(Self.turnedJavaScriptNoAtFoot, letterBelow: 0.9).isEmpty)
    // The letters found inside a long run stay found, once.
    #expect(
      VerticalColumn.doubtfulLettersToReadUpright(
        Self.turnedJavaScriptNoPromise, letterBelow: 0.9, atFootAndBetweenSpacedWords: true
      ).map(\.index) == [10])
  }

  @Test func aSureLetterOrOneNearTheEndsOfSpacedWordsOrAShortWordAtTheFootStays() {
    var sure = Self.turnedPostgreSQLSpacedVACUUM
    sure.characters[11].probability = 0.95
    #expect(
      VerticalColumn.doubtfulLettersToReadUpright(sure, letterBelow: 0.9, atFootAndBetweenSpacedWords: true)
        .isEmpty)
    // A doubtful letter of the words' own, within three characters of the spaced run's ends.
    var nearEnd = Self.turnedPostgreSQLSpacedVACUUM
    nearEnd.characters[11].probability = 0.95
    nearEnd.characters[17].probability = 0.6
    #expect(
      VerticalColumn.doubtfulLettersToReadUpright(
        nearEnd, letterBelow: 0.9, atFootAndBetweenSpacedWords: true
      )
      .isEmpty)
    // At the foot: the last letter read surely, or a doubtful one after fewer than three of its run's
    // characters (`はOS`, `S` doubtful), or not the reading's last character.
    var sureFoot = Self.turnedJavaScriptNoAtFoot
    sureFoot.characters[10].probability = 0.95
    let shortWord = Self.placed([("は", 1, 1), ("O", 3, 0.96), ("S", 4, 0.6)], content: 6)
    var notLast = Self.turnedJavaScriptNoAtFoot
    notLast.characters.append(DecodedCharacter(text: "で", firstColumn: 13, lastColumn: 13, probability: 1))
    for reading in [sureFoot, shortWord, notLast] {
      #expect(
        VerticalColumn.doubtfulLettersToReadUpright(
          reading, letterBelow: 0.9, atFootAndBetweenSpacedWords: true
        )
        .isEmpty, "\(reading.text)")
    }
  }

  @Test func latinRunsAcrossSpacesRunFromLetterToLetter() {
    let runs = VerticalColumn.latinRunsAcrossSpaces(Self.turnedPostgreSQLSpacedVACUUM.characters)
    #expect(runs == [0..<19])
    let apart = Self.placed(
      [("A", 1, 1), (" ", 2, 1), ("B", 3, 1), ("の", 4, 1), ("-", 5, 1), ("C", 6, 1), (" ", 7, 1)], content: 8)
    #expect(VerticalColumn.latinRunsAcrossSpaces(apart.characters) == [0..<3, 5..<6])
  }

  @Test func aHiraganaReadUprightSurelyAloneReplacesTheDoubtfulLetter() {
    let turned = Self.turnedJavaScriptNoPromise
    let no = Self.placed([("の", 5, 0.93)], content: 10)
    let read = VerticalColumn.withKanaReadUpright(turned, at: 10, upright: no, kanaAtLeast: 0.7)
    #expect(read.text == "JavaScriptのPromiseで")
    #expect(read.characters.count == turned.characters.count)
    // A doubtful kana, a katakana or a letter (a slice of the word lying down), or more than one
    // character read in the cell, leaves the letter as it was.
    for upright in [
      Self.placed([("の", 5, 0.6)], content: 10), Self.placed([("ミ", 5, 0.99)], content: 10),
      Self.placed([("o", 5, 0.99)], content: 10), Self.placed([("t", 2, 0.9), ("の", 6, 0.9)], content: 10),
    ] {
      #expect(
        VerticalColumn.withKanaReadUpright(turned, at: 10, upright: upright, kanaAtLeast: 0.7) == turned)
    }
  }

  /// `JavaScriptのPromiseで、` at a column's foot, read `…Promise、`: the `で` after the word lost by
  /// both readings; an em is 2 output columns of 40 (0.05 of the column).
  @Test func anEmBesideALatinRunWhereNoCharacterStandsIsReadAgain() {
    var lost = Self.turnedJavaScriptNoPromise
    lost.characters[10] = DecodedCharacter(text: "の", firstColumn: 13, lastColumn: 13, probability: 0.9)
    lost.characters[18] = DecodedCharacter(text: "、", firstColumn: 25, lastColumn: 25, probability: 0.9)
    let stretches = VerticalColumn.stretchesBesideLatinRuns(lost, inkFrom: 0.04, inkTo: 1, em: 0.05)
    // `Promise` ends at 21.5 / 40; the `、` sits in the top of its cell, at 25.5 / 40.
    #expect(stretches.map(\.insertAt) == [18])
    #expect(abs((stretches.first?.from ?? 0) - 22 / 40) < 1e-9)
    // Read right, the `で` stands where the em is: nothing is read again.
    #expect(
      VerticalColumn.stretchesBesideLatinRuns(
        Self.turnedJavaScriptNoPromise, inkFrom: 0.04, inkTo: 1, em: 0.05
      ).isEmpty)
    // The column's ink starts above the word's first letter by more than an em: that em too.
    let head = VerticalColumn.stretchesBesideLatinRuns(
      Self.placed(
        Array(
          Self.turnedJavaScriptNoPromise.characters[11...17].map { ($0.text, $0.firstColumn, $0.probability) }
        ), content: 40),
      inkFrom: 0.3, inkTo: 0.56, em: 0.05)
    #expect(head.map(\.insertAt) == [0])
  }

  @Test func aHiraganaReadSurelyInTheEmBesideARunIsPutIn() {
    var lost = Self.turnedJavaScriptNoPromise
    lost.characters[18] = DecodedCharacter(text: "、", firstColumn: 25, lastColumn: 25, probability: 0.9)
    let de = Self.placed([("で", 5, 0.97)], content: 10)
    let read = VerticalColumn.withKanaPutIn(lost, at: 18, from: 0.55, em: 0.05, upright: de, kanaAtLeast: 0.9)
    #expect(read.text == "JavaScriptOPromiseで、")
    #expect(read.characters[18].firstColumn == 23)
    // Read doubtfully, or the same kana as its neighbour there (placed off its cell): nothing goes in.
    let doubtful = Self.placed([("で", 5, 0.8)], content: 10)
    #expect(
      VerticalColumn.withKanaPutIn(lost, at: 18, from: 0.55, em: 0.05, upright: doubtful, kanaAtLeast: 0.9)
        == lost)
    #expect(
      VerticalColumn.withKanaPutIn(
        Self.turnedJavaScriptNoPromise, at: 18, from: 0.55, em: 0.05, upright: de, kanaAtLeast: 0.9)
        == Self.turnedJavaScriptNoPromise)
  }

  /// `USBのType-Cで充電する。` as m1's book-3-017 reads its last column (the word at its head): the
  /// cells read the sideways word's slices as `で よ` before the `で` after it; turned, the word and
  /// the `で` read right.
  static let cellsOfTypeCDe = placed(
    [
      ("で", 3, 0.62), ("よ", 12, 0.73), ("で", 16, 1), ("充", 21, 0.98), ("電", 25, 1), ("す", 29, 1),
      ("る", 34, 1), ("。", 38, 0.99),
    ], content: 39)
  static let turnedTypeCDe = placed(
    [
      ("T", 2, 1), ("y", 4, 0.99), ("p", 6, 1), ("e", 8, 0.99), ("-", 10, 0.93), ("C", 12, 0.75),
      ("で", 15, 0.79), ("充", 19, 0.9), ("電", 23, 1), ("す", 27, 0.99), ("る", 31, 1), ("。", 34, 0.62),
    ], content: 36)

  @Test func aKanaTheCellsReadTwiceAnchorsWhereItLies() {
    let (t, c) = (Self.turnedTypeCDe.characters, Self.cellsOfTypeCDe.characters)
    let first = VerticalColumn.anchors(t, c) { !VerticalColumn.isLatin($0) }
    let nearest = VerticalColumn.anchors(
      t, c, counting: { !VerticalColumn.isLatin($0) }, nearestInPlace: (36, 39))
    // The turned `で` (at 15.5 of 36) to the cells' first `で` (at 3.5 of 39), or to the second (at 16.5).
    #expect(first.first.map { [$0.first, $0.second] } == [6, 0])
    #expect(nearest.first.map { [$0.first, $0.second] } == [6, 2])
    // The rest of the subsequence is the same, as long.
    #expect(nearest.count == first.count)
    #expect(nearest.dropFirst().map(\.second) == first.dropFirst().map(\.second))
    // Anchored to the slice, the word goes in before it and its slices stay.
    #expect(
      VerticalColumn.splicedAtAnchors(cells: Self.cellsOfTypeCDe, turned: Self.turnedTypeCDe).text
        == "Type-Cでよで充電する。")
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: Self.cellsOfTypeCDe, turned: Self.turnedTypeCDe, anchorsNearestInPlace: true
      ).text == "Type-Cで充電する。")
  }

  @Test func aKanaReadOnceAnchorsAsBeforeWhereverItLies() {
    // One `で` in the cells, however far off its place: it is the anchor all the same.
    var cells = Self.cellsOfTypeCDe
    cells.characters.remove(at: 2)
    let (t, c) = (Self.turnedTypeCDe.characters, cells.characters)
    #expect(
      VerticalColumn.anchors(t, c, counting: { !VerticalColumn.isLatin($0) }, nearestInPlace: (36, 39)).map(
        \.second)
        == VerticalColumn.anchors(t, c) { !VerticalColumn.isLatin($0) }.map(\.second))
    // Without places, or with a reading of no columns, the first that will do.
    #expect(
      VerticalColumn.anchors(
        Self.turnedTypeCDe.characters, Self.cellsOfTypeCDe.characters,
        counting: { !VerticalColumn.isLatin($0) },
        nearestInPlace: (0, 39)
      ).first?.second == 0)
  }

  /// `テスト用のMockを作り、` as sweep-1's book-3-012 reads its first column: the cells lost their
  /// phase at the sideways word, read its slices as `で ロ` and its last slice, which holds the top
  /// of the `を` after it, as `を` too, surely; turned, the word reads right.
  static let cellsOfMockWo = placed(
    [
      ("テ", 4, 1), ("ス", 8, 1), ("ト", 12, 1), ("用", 16, 1), ("の", 21, 1), ("で", 25, 0.17),
      ("ロ", 29, 0.47), ("を", 33, 0.99), ("を", 37, 1), ("作", 43, 1), ("り", 47, 1), ("、", 50, 1),
    ], content: 51)
  static let turnedMockWo = placed(
    [
      ("テ", 2, 0.98), ("ス", 7, 1), ("ト", 11, 1), ("用", 15, 1), ("の", 19, 1), ("M", 23, 1),
      ("o", 27, 1), ("c", 29, 1), ("k", 31, 1), ("を", 35, 1), ("作", 39, 1), ("り", 43, 1), ("、", 46, 0.87),
    ], content: 48)

  @Test func aNeighbourTheCellsReadTwiceAtAWordIsNoSureKana() {
    // Anchored where it lies, the turned `を` (at 35.5 of 48) is the cells' second (at 37.5 of 51):
    // the first falls in the word's stretch, a sure hiragana, and kept the word out.
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: Self.cellsOfMockWo, turned: Self.turnedMockWo, anchorsNearestInPlace: true
      ).text == "テスト用のでロをを作り、")
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: Self.cellsOfMockWo, turned: Self.turnedMockWo, anchorsNearestInPlace: true,
        neighbourReadTwiceNoWord: true
      ).text == "テスト用のMockを作り、")
  }

  @Test func aSureKanaInAWordsStretchThatIsNoNeighbourReadTwiceStillKeepsTheWordOut() {
    // The sure kana is not the anchor's character (`で` before `を`): a kana the turned reading ran
    // the word over, which stays.
    var cells = Self.cellsOfMockWo
    cells.characters[7].text = "で"
    #expect(
      VerticalColumn.splicedAtAnchors(
        cells: cells, turned: Self.turnedMockWo, anchorsNearestInPlace: true, neighbourReadTwiceNoWord: true
      ).text == "テスト用のでロでを作り、")
    // The turned reading holds the kana twice there too (`Mocをを`): the cells' second is no slice.
    var turned = Self.turnedMockWo
    turned.characters[8].text = "を"
    let inside = 5..<8
    #expect(
      VerticalColumn.neighbourReadTwice(
        (turned: 5..<9, cells: 5..<8), inside: inside, cells: Self.cellsOfMockWo.characters,
        turned: turned.characters
      ).isEmpty)
    #expect(
      VerticalColumn.neighbourReadTwice(
        (turned: 5..<9, cells: 5..<8), inside: inside, cells: Self.cellsOfMockWo.characters,
        turned: Self.turnedMockWo.characters) == [7])
  }
}
