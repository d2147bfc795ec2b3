import Testing

@testable import ScanbenchPPOCR

/// What a column's two readings lose for how they were read, put back before they are weighed
/// (``VerticalColumn/withSmallKana(of:into:)``, ``VerticalColumn/withLettersOverBars(of:into:)``).
@Suite struct VerticalColumnChoiceTests {
  static let line = CellReadingChoiceTests.line

  /// `戻ってくる` read turned as `戻てくる`: the cells' doubtful `っ` goes in between `戻` and `て`,
  /// and with it the turned reading no longer sums higher for the kana it dropped.
  @Test func aSmallKanaTheTurnedReadingDroppedGoesIn() {
    let cells = Self.line([("戻", 0.99), ("っ", 0.5), ("て", 0.99), ("く", 0.99), ("る", 0.99)])
    let turned = Self.line([("戻", 0.99), ("て", 0.99), ("く", 0.99), ("る", 0.99)])
    let choice = PPOCRPipeline.Options.CellReadingChoice.summedLogProbability(credit: 0.2)
    #expect(!PPOCRPipeline.keepsCells(cells, over: turned, choice: choice, margin: 0.065))
    let spliced = VerticalColumn.withSmallKana(of: cells, into: turned)
    #expect(spliced.text == "戻ってくる")
    #expect(PPOCRPipeline.keepsCells(cells, over: spliced, choice: choice, margin: 0.065))
  }

  /// A small kana goes in after the marks both read before it, and only where the turned reading
  /// holds nothing else between the two neighbours: there it read the kana as something else.
  @Test func aSmallKanaGoesInOnlyWhereTheTurnedReadingHasNothingElse() {
    let cells = Self.line([("た", 0.99), ("。", 0.9), ("ッ", 0.4), ("ク", 0.99)])
    let turned = Self.line([("た", 0.99), ("。", 0.9), ("ク", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned).text == "た。ック")
    let misread = Self.line([("た", 0.99), ("ソ", 0.5), ("ク", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: misread).text == "たソク")
    let withIt = Self.line([("た", 0.99), ("ッ", 0.9), ("ク", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: withIt).text == "たック")
  }

  /// `ジョッキ` read turned as `ジョツキ`: the cells' small `ッ` between the same two neighbours.
  @Test func aFullSizeKanaTheCellsReadSmallIsReadSmall() {
    let cells = Self.line([("ジ", 0.99), ("ョ", 0.9), ("ッ", 0.6), ("キ", 0.99)])
    let turned = Self.line([("ジ", 0.99), ("ョ", 0.9), ("ツ", 0.9), ("キ", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned).text == "ジョッキ")
    // Another kana there is no form of it: left as read.
    let other = Self.line([("ジ", 0.99), ("ョ", 0.9), ("ソ", 0.9), ("キ", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: other).text == "ジョソキ")
  }

  /// The ink of a small kana's cell (right of the axis, small) and of a full-size kana's.
  static let smallInk = VerticalColumn.CellInk(width: 0.5, height: 0.5, right: 0.15, top: 0.1)
  static let fullInk = VerticalColumn.CellInk(width: 0.85, height: 0.9, right: 0, top: 0.05)

  /// `待つ。` read by the cells as `待っ。`: with the cells' ink, the turned reading's full-size `つ`
  /// is read small only where the cell's ink is a small kana's.
  @Test func aFullSizeKanaIsReadSmallOnlyWhereItsInkIsSmall() {
    let cells = Self.line([("で", 0.99), ("待", 0.99), ("っ", 0.6), ("。", 0.9), ("予", 0.99)])
    let turned = Self.line([("で", 0.99), ("待", 0.99), ("つ", 0.9), ("予", 0.99)])
    let fullInk: VerticalColumn.InkOfCharacter = { _, _ in Self.fullInk }
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned, smallKanaInk: fullInk).text == "で待つ予")
    let smallInk: VerticalColumn.InkOfCharacter = { _, _ in Self.smallInk }
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned, smallKanaInk: smallInk).text == "で待っ予")
    // A cell without ink tells nothing: the turned reading's kana stays.
    #expect(
      VerticalColumn.withSmallKana(of: cells, into: turned, smallKanaInk: { _, _ in nil }).text == "で待つ予")
    // Without the ink, as before: read small.
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned).text == "で待っ予")
    // A small kana the turned reading lacks goes in whatever its ink.
    let dropped = Self.line([("で", 0.99), ("待", 0.99), ("予", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: dropped, smallKanaInk: fullInk).text == "で待っ予")
  }

  /// No column starts with a small kana (kinsoku): one read at its head is not put in.
  @Test func aSmallKanaAtTheColumnsHeadIsLeftOut() {
    let cells = Self.line([("ッ", 0.4), ("ク", 0.99)])
    let turned = Self.line([("ク", 0.99)])
    #expect(VerticalColumn.withSmallKana(of: cells, into: turned).text == "ク")
  }

  /// `UIKit` cut into cells reads its upright `I` as a bar, surely; the turned reading reads `I`
  /// between the same letters, and the cells take it.
  @Test func aBarBetweenLatinLettersTakesTheTurnedLetter() {
    let cells = Self.line([("の", 0.99), ("U", 0.9), ("ー", 0.98), ("K", 0.9), ("i", 0.9), ("t", 0.9)])
    let turned = Self.line([("の", 0.99), ("U", 0.9), ("I", 0.7), ("K", 0.9), ("i", 0.9), ("t", 0.9)])
    let mended = VerticalColumn.withLettersOverBars(of: turned, into: cells)
    #expect(mended.text == "のUIKit")
    #expect(mended.characters[2].probability == 0.7)
    // A long vowel bar after kana stays.
    let kana = Self.line([("ホ", 0.99), ("ー", 0.98), ("ル", 0.99)])
    let kanaTurned = Self.line([("ホ", 0.99), ("1", 0.6), ("ル", 0.99)])
    #expect(VerticalColumn.withLettersOverBars(of: kanaTurned, into: kana).text == "ホール")
    // Where the turned reading reads no letter there, the bar stays.
    let noLetter = Self.line([("の", 0.99), ("U", 0.9), ("K", 0.9), ("i", 0.9), ("t", 0.9)])
    #expect(VerticalColumn.withLettersOverBars(of: noLetter, into: cells).text == "のUーKit")
  }
}
