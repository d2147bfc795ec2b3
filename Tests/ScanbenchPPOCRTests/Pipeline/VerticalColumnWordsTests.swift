import Testing

@testable import ScanbenchPPOCR

/// The case of Latin letters set upright in a column, from the word they make read set across.
@Suite struct VerticalColumnWordsTests {
  /// A column `width` pixels across and `height` down, paper white, with a black box of ink across
  /// its middle over each of `inked` rows.
  static func line(width: Int = 12, height: Int, pitch: Double, inked: [Range<Int>], cells: [Range<Int>] = [])
    -> VerticalColumn.Line
  {
    var picture = VerticalColumn.Grey(width: width, height: height, value: 255)
    var ink = [Bool](repeating: false, count: width * height)
    for rows in inked {
      for y in rows {
        for x in 3..<(width - 3) {
          picture[x, y] = 0
          ink[y * width + x] = true
        }
      }
    }
    return VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 10 * max(cells.count, 1), height: 10, value: 255),
      cellStarts: cells.map { Double($0.lowerBound) }, pitch: pitch, cellSize: 10, margin: 0,
      columnLength: Double(height), picture: picture, ink: ink, cellRows: cells)
  }

  @Test func aRunOfLettersAndABarAmongThemIsAWord() {
    // `はーPhoneに`: a cell a character, ten columns a cell.
    let text = "はーPhoneに"
    let cells = (0..<text.count).map { ($0 * 10)..<($0 * 10 + 10) }
    let line = Self.line(height: 10 * text.count, pitch: 10, inked: cells, cells: cells)
    let reading = VerticalColumnRunsTests.reading(text, start: 4, pitch: 10, content: Double(10 * text.count))
    let words = VerticalColumn.uprightWords(reading, line: line)
    #expect(words.map(\.characters) == [[1, 2, 3, 4, 5, 6]])
    #expect(words.map(\.cells) == [[1, 2, 3, 4, 5, 6]])
    // Bars alone, and a letter alone, are no word.
    let bars = VerticalColumnRunsTests.reading("はーーにAの", start: 4, pitch: 10, content: 60)
    #expect(VerticalColumn.uprightWords(bars, line: line).isEmpty)
  }

  @Test func theWordReadAcrossGivesOnlyTheCase() {
    let cells = VerticalColumnRunsTests.reading("SWIft", pitch: 10, content: 50)
    let across = VerticalColumnRunsTests.reading("Swift", pitch: 10, content: 50)
    #expect(
      VerticalColumn.letters(readAcross: across, matching: cells, at: Array(0..<5))?.map(\.text) == [
        "S", "w", "i", "f", "t",
      ])
    // Other letters, a letter more, or a letter read doubtfully: nothing taken.
    let other = VerticalColumnRunsTests.reading("Swlft", pitch: 10, content: 50)
    #expect(VerticalColumn.letters(readAcross: other, matching: cells, at: Array(0..<5)) == nil)
    let longer = VerticalColumnRunsTests.reading("Swifts", pitch: 10, content: 60)
    #expect(VerticalColumn.letters(readAcross: longer, matching: cells, at: Array(0..<5)) == nil)
    let doubtful = VerticalColumnRunsTests.reading(
      "Swift", pitch: 10, content: 50, probabilities: [0.9, 0.9, 0.4, 0.9, 0.9])
    #expect(VerticalColumn.letters(readAcross: doubtful, matching: cells, at: Array(0..<5)) == nil)
  }

  @Test func aBarIsALetterOnlyWhereTheWordReadsAnI() {
    let cells = VerticalColumnRunsTests.reading("ーPhone", pitch: 10, content: 60)
    let iPhone = VerticalColumnRunsTests.reading("iPhone", pitch: 10, content: 60)
    #expect(
      VerticalColumn.letters(readAcross: iPhone, matching: cells, at: Array(0..<6))?.map(\.text).joined()
        == "iPhone")
    // `ー` in a column stands as `l` does: read so, it stays a bar.
    let lPhone = VerticalColumnRunsTests.reading("lPhone", pitch: 10, content: 60)
    #expect(VerticalColumn.letters(readAcross: lPhone, matching: cells, at: Array(0..<6)) == nil)
  }

  @Test func aLookalikeLetterTakesTheLetterTheWordReadsSurely() {
    let cells = VerticalColumnRunsTests.reading(
      "PostgresOL", pitch: 10, content: 100,
      probabilities: [1, 1, 1, 1, 1, 0.9, 1, 0.9, 0.6, 0.9])
    let across = VerticalColumnRunsTests.reading(
      "PostgreSQL", pitch: 10, content: 100,
      probabilities: [1, 1, 1, 1, 1, 1, 1, 1, 0.97, 1])
    let indices = Array(0..<10)
    #expect(
      VerticalColumn.letters(readAcross: across, matching: cells, at: indices, otherLettersSurerThan: 0.9)?
        .map(\.text).joined() == "PostgreSQL")
    // Without the option, or with the other letter read doubtfully, only the case.
    #expect(VerticalColumn.letters(readAcross: across, matching: cells, at: indices) == nil)
    var doubtful = across
    doubtful.characters[8].probability = 0.8
    #expect(
      VerticalColumn.letters(readAcross: doubtful, matching: cells, at: indices, otherLettersSurerThan: 0.9)
        == nil)
    // No more than one letter in three, and none in a word of two letters.
    let four = VerticalColumnRunsTests.reading("lPoel", pitch: 10, content: 50, probability: 0.6)
    let iPod = VerticalColumnRunsTests.reading("iPodX", pitch: 10, content: 50, probability: 1)
    #expect(
      VerticalColumn.letters(readAcross: iPod, matching: four, at: Array(0..<5), otherLettersSurerThan: 0.9)
        == nil)
    let iPodl = VerticalColumnRunsTests.reading("iPodl", pitch: 10, content: 50, probability: 1)
    #expect(
      VerticalColumn.letters(readAcross: iPodl, matching: four, at: Array(0..<5), otherLettersSurerThan: 0.9)
        == nil)
    let one = VerticalColumnRunsTests.reading("lPodl", pitch: 10, content: 50, probability: 0.6)
    #expect(
      VerticalColumn.letters(readAcross: iPodl, matching: one, at: Array(0..<5), otherLettersSurerThan: 0.9)?
        .map(\.text).joined() == "iPodl")
    let two = VerticalColumnRunsTests.reading("OS", pitch: 10, content: 20, probability: 0.6)
    #expect(
      VerticalColumn.letters(
        readAcross: VerticalColumnRunsTests.reading("QS", pitch: 10, content: 20, probability: 1),
        matching: two, at: [0, 1], otherLettersSurerThan: 0.9) == nil)
  }

  @Test func aBarAfterACapitalIsTheIThatTheWordReadsSurely() {
    let cells = VerticalColumnRunsTests.reading("Aー", pitch: 10, content: 20, probability: 0.9)
    let sure = VerticalColumnRunsTests.reading("AI", pitch: 10, content: 20, probability: 0.95)
    #expect(
      VerticalColumn.letters(readAcross: sure, matching: cells, at: [0, 1], otherLettersSurerThan: 0.9)?
        .map(\.text).joined() == "AI")
    #expect(VerticalColumn.letters(readAcross: sure, matching: cells, at: [0, 1]) == nil)
    // After a small letter, the bar stays one.
    let small = VerticalColumnRunsTests.reading("aー", pitch: 10, content: 20, probability: 0.9)
    let aI = VerticalColumnRunsTests.reading("aI", pitch: 10, content: 20, probability: 0.95)
    #expect(
      VerticalColumn.letters(readAcross: aI, matching: small, at: [0, 1], otherLettersSurerThan: 0.9) == nil)
  }

  @Test func aThinStrokeIsTheThinLetterTheWordReadsSurely() {
    // `cronがlog`: the `l` alone in its cell is a bare stroke, read `ー`; the word across reads it.
    let cells = VerticalColumnRunsTests.reading("がーog", pitch: 10, content: 40, probability: 0.6)
    let log = VerticalColumnRunsTests.reading("log", pitch: 10, content: 30, probability: 1)
    #expect(
      VerticalColumn.letters(readAcross: log, matching: cells, at: [1, 2, 3], thinLettersSurerThan: 0.9)?
        .map(\.text).joined() == "log")
    #expect(VerticalColumn.letters(readAcross: log, matching: cells, at: [1, 2, 3]) == nil)
    // `-nte-` for `Intel`, and a `1` for the `i` of `wiki`.
    for (read, word) in [("-nte-", "Intel"), ("wik1", "wiki")] {
      let content = 10 * Double(word.count)
      let upright = VerticalColumnRunsTests.reading(read, pitch: 10, content: content, probability: 0.5)
      let across = VerticalColumnRunsTests.reading(word, pitch: 10, content: content, probability: 0.95)
      #expect(
        VerticalColumn.letters(
          readAcross: across, matching: upright, at: Array(0..<word.count), thinLettersSurerThan: 0.9)?
          .map(\.text).joined() == word)
    }
    // Read doubtfully across, the stroke stays.
    let doubtful = VerticalColumnRunsTests.reading("log", pitch: 10, content: 30, probabilities: [0.8, 1, 1])
    #expect(
      VerticalColumn.letters(readAcross: doubtful, matching: cells, at: [1, 2, 3], thinLettersSurerThan: 0.9)
        == nil)
    // A bar beginning the word after a katakana is a long vowel mark.
    let katakana = VerticalColumnRunsTests.reading("データーog", pitch: 10, content: 60, probability: 0.6)
    #expect(
      VerticalColumn.letters(readAcross: log, matching: katakana, at: [3, 4, 5], thinLettersSurerThan: 0.9)
        == nil)
  }

  @Test func aOneAmongLettersIsInTheWordWithThinStrokes() {
    let text = "たwik1は"
    let cells = (0..<text.count).map { ($0 * 10)..<($0 * 10 + 10) }
    let line = Self.line(height: 10 * text.count, pitch: 10, inked: cells, cells: cells)
    let reading = VerticalColumnRunsTests.reading(text, start: 4, pitch: 10, content: Double(10 * text.count))
    #expect(VerticalColumn.uprightWords(reading, line: line).map(\.characters) == [[1, 2, 3]])
    #expect(
      VerticalColumn.uprightWords(reading, line: line, thinStrokes: true).map(\.characters) == [[1, 2, 3, 4]])
    // Strokes alone are no word.
    let strokes = VerticalColumnRunsTests.reading("た1ー1は", start: 4, pitch: 10, content: 50)
    #expect(VerticalColumn.uprightWords(strokes, line: line, thinStrokes: true).isEmpty)
  }

  @Test func aWordReadAcrossReplacesTheRunReadAsItsCellsWere() {
    let turned = VerticalColumnRunsTests.reading("はPostgresoLの", pitch: 10, content: 120)
    #expect(
      VerticalColumn.withWords([(read: "PostgresoL", word: "PostgreSQL")], into: turned).text
        == "はPostgreSQLの")
    // A run read otherwise is left.
    #expect(VerticalColumn.withWords([(read: "PostgresOI", word: "PostgreSQL")], into: turned) == turned)
  }

  @Test func aWordTakesItsCaseInTheReadingKept() {
    let turned = VerticalColumnRunsTests.reading("はswiftのasync", pitch: 10, content: 120)
    #expect(VerticalColumn.withCase(ofWords: ["Swift"], into: turned).text == "はSwiftのasync")
    // Within a longer run, a word of three letters or more found once.
    let run = VerticalColumnRunsTests.reading("はiphonexの", pitch: 10, content: 100)
    #expect(VerticalColumn.withCase(ofWords: ["iPhone"], into: run).text == "はiPhonexの")
    // Two letters only as a whole run; a word found twice, or not at all, changes nothing.
    #expect(VerticalColumn.withCase(ofWords: ["AS"], into: turned) == turned)
    let twice = VerticalColumnRunsTests.reading("swiftのswift", pitch: 10, content: 110)
    #expect(VerticalColumn.withCase(ofWords: ["Swift"], into: twice) == twice)
    #expect(VerticalColumn.withCase(ofWords: ["Mock"], into: turned) == turned)
  }

  @Test func uprightLettersOnAPitchOfTheirOwnAreBoxedOneALetter() throws {
    // Kana on a pitch of 10 rows; four letters from row 20 on a pitch of 12, each 8 rows of ink.
    let letters = (0..<4).map { (22 + 12 * $0)..<(30 + 12 * $0) }
    let line = Self.line(height: 80, pitch: 10, inked: letters)
    // The turned reading places the letters' peaks a little off their middles.
    let turned = VerticalColumnRunsTests.reading("Mock", start: 25, pitch: 12, content: 80)
    let rows = try #require(VerticalColumn.letterRows(of: 0..<4, in: turned, line: line))
    #expect(rows.count == 4)
    for (box, ink) in zip(rows, letters) {
      #expect(box.lowerBound <= ink.lowerBound && box.upperBound >= ink.upperBound, "\(box) \(ink)")
    }
    // Set across: each letter's ink side by side, its rows whole.
    let word = try #require(VerticalColumn.wordAcross(rows: rows, of: line))
    #expect(word.height == 12)
    #expect((0..<word.width).count { word[$0, 6] == 0 } == 4 * 6)
    // Letters lying sideways, half an em apart: no boxes.
    let sideways = VerticalColumnRunsTests.reading("Mock", start: 25, pitch: 5, content: 80)
    #expect(VerticalColumn.letterRows(of: 0..<4, in: sideways, line: line) == nil)
  }

  @Test func lettersBoxedPastTheColumnsEndSetNoWord() {
    // A fitted line's boxes can run past the column (a held-out book page crashed on rows below
    // it): a letter with no rows inside sets no word, and nothing traps.
    let line = Self.line(height: 80, pitch: 10, inked: [22..<30, 34..<42])
    #expect(VerticalColumn.wordAcross(rows: [70..<82, 82..<94], of: line) == nil)
    #expect(VerticalColumn.wordAcross(rows: [(-14)..<(-2), 22..<30], of: line) == nil)
  }
}
