import Foundation
import Testing

@testable import ScanbenchPPOCR

/// A column of upright letters read set across whole (``PPOCRPipeline/Options/columnsOfLettersReadAcross``)
/// and hyphens inside words kept from the brackets of the ink (``PPOCRPipeline/Options/hyphensInWordsKept``),
/// on constructed readings.
@Suite struct VerticalColumnAcrossTests {
  static func reading(_ text: String, probabilities: [Float]) -> DecodedLine {
    VerticalColumnRunsTests.reading(
      text, pitch: 10, content: Double(10 * text.count), probabilities: probabilities)
  }

  /// Mostly letters: three ASCII letters or more, no fewer than the other characters.
  @Test func aColumnIsMostlyLettersWhereLettersAreAtLeastHalfOfIt() {
    #expect(
      VerticalColumn.isMostlyLetters(
        Self.reading("PostgresOL", probabilities: Array(repeating: 0.9, count: 10))))
    #expect(
      VerticalColumn.isMostlyLetters(Self.reading("b..n,u", probabilities: Array(repeating: 0.9, count: 6))))
    #expect(
      !VerticalColumn.isMostlyLetters(Self.reading("の横にBluの", probabilities: Array(repeating: 0.9, count: 7)))
    )
    #expect(
      !VerticalColumn.isMostlyLetters(Self.reading("AIが", probabilities: Array(repeating: 0.9, count: 3))))
  }

  /// The word read across is kept where it reads one character a cell (one more or fewer), mostly
  /// letters, surely enough and surer than the column's reading; not otherwise.
  @Test func theWordReadAcrossIsKeptOnlyWhereItIsSurerAndFitsTheCells() {
    let before = Self.reading("PostgresOL", probabilities: [1, 1, 1, 1, 1, 0.94, 1, 0.89, 0.63, 0.91])
    let across = Self.reading("PostgreSQL", probabilities: [1, 1, 1, 1, 1, 0.99, 1, 0.99, 0.83, 0.98])
    #expect(VerticalColumn.keepsAcross(across, over: before, cells: 10, atLeast: 0.9))
    // As sure as the column's reading: not kept.
    #expect(!VerticalColumn.keepsAcross(before, over: before, cells: 10, atLeast: 0.9))
    // Two characters fewer than the cells: the line across lost or ran letters together.
    #expect(!VerticalColumn.keepsAcross(across, over: before, cells: 12, atLeast: 0.9))
    // Not sure enough on the whole.
    #expect(!VerticalColumn.keepsAcross(across, over: before, cells: 10, atLeast: 0.99))
    // Kana read across (a column of kana or sideways letters set across): not a column of letters.
    let kana = Self.reading("ミミョにまとめ", probabilities: Array(repeating: 1, count: 7))
    #expect(!VerticalColumn.keepsAcross(kana, over: before, cells: 7, atLeast: 0.9))
  }

  /// The characters read across are placed along the column, one a cell, in order.
  @Test func theWordReadAcrossLiesAlongTheColumnOneCharacterACell() {
    let across = Self.reading("Ubuntu", probabilities: Array(repeating: 0.99, count: 6))
    let rows = (0..<6).map { ($0 * 40)..<($0 * 40 + 36) }
    let placed = VerticalColumn.alongColumn(across: across, cellRows: rows, columnLength: 240, content: 60)
    #expect(placed.text == "Ubuntu")
    #expect(placed.characters.map(\.firstColumn) == [0, 10, 20, 30, 40, 50])
    #expect(placed.contentColumns == 60)
  }

  /// As many characters both ways: each is the one read more surely, so a letter the column read
  /// surely keeps its form where the line across reads its lookalike less surely (`l`, `I`).
  @Test func characterForCharacterTheSurerReadingIsKept() {
    let before = Self.reading("PostgresOL", probabilities: [1, 1, 1, 1, 1, 0.94, 1, 0.89, 0.63, 0.99])
    let across = Self.reading("PostgreSQI", probabilities: [1, 1, 1, 1, 1, 0.99, 1, 0.99, 0.83, 0.6])
    let rows = (0..<10).map { ($0 * 40)..<($0 * 40 + 36) }
    let kept = VerticalColumn.withAcross(across, into: before, cellRows: rows, columnLength: 400)
    #expect(kept.text == "PostgreSQL")
    #expect(kept.characters.map(\.firstColumn) == before.characters.map(\.firstColumn))
    // A character fewer across: the line across whole, one character a cell.
    let shorter = Self.reading("Ubuntu", probabilities: Array(repeating: 0.99, count: 6))
    let garbage = Self.reading("b..n,u,", probabilities: Array(repeating: 0.5, count: 7))
    #expect(
      VerticalColumn.withAcross(shorter, into: garbage, cellRows: Array(rows.prefix(6)), columnLength: 400)
        .text
        == "Ubuntu")
  }

  /// Kana and marks stay as the column read them, however surely the line across reads others (a
  /// `、` set in its vertical cell's top right reads `っ` across); a bar before a letter is the thin
  /// letter the word across reads. A line across of another count replaces no column with kana.
  @Test func kanaAndMarksStayAndABarBeforeALetterIsTheThinLetter() {
    let rows = (0..<9).map { ($0 * 40)..<($0 * 40 + 36) }
    let marks = Self.reading("き、Package", probabilities: [1, 0.5, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9])
    let readAcross = Self.reading("きっPackage", probabilities: Array(repeating: 1, count: 9))
    #expect(
      VerticalColumn.withAcross(readAcross, into: marks, cellRows: rows, columnLength: 400).text
        == "き、Package")
    let bar = Self.reading("cronがーog", probabilities: [1, 1, 1, 1, 1, 0.5, 1, 1])
    let word = Self.reading("cronがlog", probabilities: Array(repeating: 1, count: 8))
    #expect(
      VerticalColumn.withAcross(word, into: bar, cellRows: Array(rows.prefix(8)), columnLength: 400).text
        == "cronがlog")
    let longer = Self.reading("1+はarXivに", probabilities: Array(repeating: 1, count: 9))
    let kana = Self.reading("は、arXivに", probabilities: Array(repeating: 0.9, count: 8))
    #expect(
      VerticalColumn.withAcross(longer, into: kana, cellRows: rows, columnLength: 400).text == "は、arXivに")
  }

  /// A hyphen between two letters that the ink's brackets made `「` is a hyphen again; a bar
  /// beside a kana, or at a word's end, stays the bracket.
  @Test func aHyphenBetweenLettersIsNoBracket() {
    let ones = Array(repeating: Float(1), count: 9)
    let before = Self.reading("にBlu-rayの", probabilities: ones)
    var bracketed = before
    bracketed.characters[4].text = "「"
    #expect(VerticalColumn.withHyphensInWords(of: before, into: bracketed).text == "にBlu-rayの")
    let kana = Self.reading("た。ーそれ", probabilities: Array(ones.prefix(5)))
    var opened = kana
    opened.characters[2].text = "「"
    #expect(VerticalColumn.withHyphensInWords(of: kana, into: opened).text == "た。「それ")
    let end = Self.reading("Blu-の", probabilities: Array(ones.prefix(5)))
    var closed = end
    closed.characters[3].text = "」"
    #expect(VerticalColumn.withHyphensInWords(of: end, into: closed).text == "Blu」の")
  }
}

/// The same steps on pages of the tategaki sweep, read by the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct VerticalColumnAcrossModelTests {
  /// `PostgreSQL` set upright alone in a column (`marks-2` col-upright-008): the cells doubt each
  /// letter and read `PostgresOL`; the column's cells set across whole read the word exactly.
  @Test func aColumnOfUprightLettersIsReadAcrossAsItsWord() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(
      VerticalColumnModelTests.fixtures, "marks-2-col-upright-008")
    var options = ReadingOrderModelTests.vertical
    let read = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(VerticalColumnModelTests.withoutSpaces(read.text) == "PostgreSQL")
    #expect(groundTruth.contains("PostgreSQL"))
    options.columnsOfLettersReadAcross = nil
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(VerticalColumnModelTests.withoutSpaces(without.text) != "PostgreSQL", "the step is what reads it")
  }

  /// `Blu-ray` lying sideways in a book page (`latin-1` book-2-001): the turned reading reads the
  /// hyphen surely, and the ink beside it, the hyphen and a letter's stroke, takes a bracket's
  /// shape: without the step the hyphen becomes `「`.
  @Test func aHyphenInASidewaysWordStaysAHyphen() throws {
    let (image, _) = try PipelineModelTests.sample(VerticalColumnModelTests.fixtures, "latin-1-book-2-001")
    var options = ReadingOrderModelTests.vertical
    let lines = try PipelineModelTests.pipeline(options: options).recognize(image).lines
      .map { VerticalColumnModelTests.withoutSpaces($0.text) }
    #expect(lines.contains { $0.contains("にBlu-rayの") }, "\(lines)")
    options.hyphensInWordsKept = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image).lines
      .map { VerticalColumnModelTests.withoutSpaces($0.text) }
    #expect(without.contains { $0.contains("にBlu「rayの") }, "\(without)")
  }
}
