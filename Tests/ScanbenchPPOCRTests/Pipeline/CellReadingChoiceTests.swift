import Testing

@testable import ScanbenchPPOCR

/// Which of a column's two readings, in cells or turned, is kept
/// (``PPOCRPipeline/Options/CellReadingChoice``).
@Suite struct CellReadingChoiceTests {
  static func line(_ characters: [(String, Float)]) -> DecodedLine {
    DecodedLine(
      characters: characters.enumerated().map {
        DecodedCharacter(text: $1.0, firstColumn: $0, lastColumn: $0, probability: $1.1)
      }, contentColumns: Double(characters.count))
  }

  static func keepsCells(
    _ cells: DecodedLine, over turned: DecodedLine, _ choice: PPOCRPipeline.Options.CellReadingChoice
  ) -> Bool {
    PPOCRPipeline.keepsCells(cells, over: turned, choice: choice, margin: 0.065)
  }

  /// The cells read a doubtful `。` the turned reading dropped: the mean keeps the shorter turned
  /// reading, the summed log-probability with a credit a character the cells.
  @Test func aDoubtfulCharacterDroppedLosesItsCredit() {
    let cells = Self.line([("で", 0.99), ("す", 0.99), ("。", 0.7), ("ま", 0.99)])
    let turned = Self.line([("で", 0.99), ("す", 0.99), ("ま", 0.99)])
    #expect(!Self.keepsCells(cells, over: turned, .meanProbability))
    #expect(Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 0.5)))
    #expect(Self.keepsCells(cells, over: turned, .summedWhereLengthsDiffer(credit: 0.5)))
    // A smaller credit is outweighed by the character's doubt.
    #expect(!Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 0.2)))
    // Without a credit, a character only lowers a reading's sum: the shorter one wins.
    #expect(!Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 0)))
  }

  /// A character nobody wrote, read surely enough, is kept for its credit too: the credit is what
  /// a sum risks.
  @Test func aLongerReadingOfJunkWinsOnlyWithEnoughCredit() {
    let cells = Self.line([("と", 0.3), ("て", 0.3), ("も", 0.3)])
    let turned = Self.line([("M", 0.9)])
    #expect(!Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 0.2)))
    #expect(Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 2)))
  }

  /// Between readings as long, the variant for readings of different lengths keeps the mean and its
  /// margin, where the sum has none.
  @Test func readingsAsLongAreWeighedByTheMeanAndItsMargin() {
    let cells = Self.line([("（", 0.80), ("約", 0.99)])
    let turned = Self.line([("へ", 0.90), ("約", 0.99)])
    #expect(Self.keepsCells(cells, over: turned, .meanProbability))
    #expect(Self.keepsCells(cells, over: turned, .summedWhereLengthsDiffer(credit: 0.2)))
    #expect(!Self.keepsCells(cells, over: turned, .summedLogProbability(credit: 0.2)))
    // Beyond the margin the turned reading is kept by both.
    let surer = Self.line([("へ", 0.99), ("約", 0.99)])
    #expect(!Self.keepsCells(cells, over: surer, .meanProbability))
    #expect(!Self.keepsCells(cells, over: surer, .summedWhereLengthsDiffer(credit: 0.2)))
  }

  /// An empty reading sums to nothing: a reading of one character whose doubt its credit outweighs
  /// holds against it.
  @Test func anEmptyReadingLosesToAnySureCharacter() {
    let empty = Self.line([])
    let one = Self.line([("あ", 0.9)])
    #expect(Self.keepsCells(one, over: empty, .summedLogProbability(credit: 0.2)))
    #expect(!Self.keepsCells(empty, over: one, .summedLogProbability(credit: 0.2)))
  }
}
