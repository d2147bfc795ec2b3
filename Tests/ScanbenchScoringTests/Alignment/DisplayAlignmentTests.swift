import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

/// What a report shows: the texts as written, marked by the alignment that was counted.
@Suite struct DisplayAlignmentTests {
  func shown(_ side: DisplayAlignment.Side) -> String { side.runs.map(\.text).joined() }

  func marked(_ side: DisplayAlignment.Side) -> [String] {
    side.runs.filter { $0.mark != .plain }.map(\.text)
  }

  @Test func lineBreaksAndCaseAreShownWhileCaseFoldedCollapsedTextIsCounted() {
    let options = ScoringOptions(caseFold: true)
    let display = DisplayAlignment(
      groundTruth: "TOTAL  RM 12.00\nTHANK YOU\n", recognized: "Total RM 12.0O\nThank you", options: options)
    #expect(shown(display.groundTruth) == "TOTAL  RM 12.00\nTHANK YOU\n", "the original, line breaks and all")
    #expect(display.groundTruth.isOriginal)
    #expect(shown(display.recognized) == "Total RM 12.0O\nThank you")
    // Case is not an error under --case-fold; only the O read for a 0 is.
    #expect(marked(display.groundTruth) == ["0"])
    #expect(marked(display.recognized) == ["O"])
    #expect(display.groundTruth.runs.contains { $0.mark == .substituted(by: "o") })
  }

  @Test func insertionsAndDeletionsLeaveGapsOnTheOtherSide() {
    let display = DisplayAlignment(groundTruth: "to the shop", recognized: "to shop!", options: .default)
    #expect(marked(display.groundTruth) == ["the "])
    #expect(marked(display.recognized) == ["!"])
    #expect(display.recognized.gaps.values.flatMap { $0 } == ["the "])
    #expect(display.groundTruth.gapsAtEnd == ["!"])
  }

  @Test func wordsAreAlignedAndShownAsWritten() {
    let display = DisplayAlignment(
      groundTruth: "The QUICK brown fox", recognized: "the quick brovn fox jumps",
      options: ScoringOptions(caseFold: true))
    let kinds = display.words.map(\.kind)
    #expect(kinds == [.equal, .substitute, .equal, .insert])
    #expect(display.words[0].groundTruth == ["The", "QUICK"])
    #expect(display.words[0].recognized == ["the", "quick"])
    #expect(display.words[1].groundTruth == ["brown"])
    #expect(display.words[3].recognized == ["jumps"])
  }

  @Test func untraceableNormalizationFallsBackToTheNormalizedText() {
    // dinglehopper's substitutions turn two characters into one: shown normalized, still marked.
    let display = DisplayAlignment(
      groundTruth: "a==b", recognized: "a–c", options: ScoringOptions(form: .sbb))
    #expect(!display.groundTruth.isOriginal)
    #expect(shown(display.groundTruth) == "a–b")
    #expect(marked(display.groundTruth) == ["b"])
  }

  /// Property: whatever the options, the shown side is the original (or the normalized text), and
  /// its marked characters are as many as the edits that touch it.
  @Test func shownTextIsAlwaysTheOriginalOrTheNormalized() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let truth = RandomText.text(length: Int.random(in: 0...30, using: &random), using: &random) + "\n x"
      let ocr = RandomText.edited(truth, edits: 4, using: &random)
      for options in [
        ScoringOptions.default, ScoringOptions(whitespace: .keep), ScoringOptions(caseFold: true),
        ScoringOptions(whitespace: .ignore, ignorePunctuation: true), ScoringOptions(whitespace: .lines),
      ] {
        let display = DisplayAlignment(groundTruth: truth, recognized: ocr, options: options)
        let expected =
          display.groundTruth.isOriginal
          ? TextNormalizer.removingBOMAndCarriageReturns(truth) : TextNormalizer.normalize(truth, options)
        #expect(
          shown(display.groundTruth) == expected, "\(Array(truth.unicodeScalars)) \(options.descriptor)")
      }
    }
  }
}
