import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

@Suite struct AlignmentTests {
  @Test func operationsAreMergedRuns() {
    let alignment = Scorer.align(groundTruth: "the modern cat", recognized: "the modem cat!")
    // The traceback runs from the end and prefers substitutions, so the n is read as m and the r lost.
    #expect(
      alignment.operations == [
        .equal("the mode"), .delete("r"), .substitute(gt: "n", ocr: "m"), .equal(" cat"), .insert("!"),
      ])
    #expect(alignment.edits == EditCounts(substitutions: 1, insertions: 1, deletions: 1))
    #expect(alignment.groundTruthLength == 14)
    #expect(alignment.recognizedLength == 14)
    #expect(alignment.metric == ScoringOptions.default.descriptor)
  }

  @Test func confusionsMergeAdjacentDifferences() {
    let alignment = Scorer.align(groundTruth: "burn the corn", recognized: "bum the com")
    #expect(alignment.confusions == [Confusion(groundTruth: "rn", recognized: "m", count: 2)])
    let mixed = Scorer.align(groundTruth: "a rn b rn c", recognized: "a m b m c!")
    #expect(
      mixed.confusions == [
        Confusion(groundTruth: "rn", recognized: "m", count: 2),
        Confusion(groundTruth: "", recognized: "!", count: 1),
      ])
    let dropped = Scorer.align(groundTruth: "abc", recognized: "ac")
    #expect(dropped.confusions == [Confusion(groundTruth: "b", recognized: "", count: 1)])
  }

  @Test func emptySides() {
    let empty = Scorer.align(groundTruth: "", recognized: "")
    #expect(empty.operations.isEmpty)
    #expect(empty.confusions.isEmpty)
    let inserted = Scorer.align(groundTruth: "", recognized: "ab")
    #expect(inserted.operations == [.insert("ab")])
    let deleted = Scorer.align(groundTruth: "ab", recognized: "")
    #expect(deleted.operations == [.delete("ab")])
    #expect(deleted.edits.deletions == 2)
  }

  @Test func unitsInOperations() {
    let graphemes = Scorer.align(groundTruth: "q\u{301}", recognized: "q")
    #expect(graphemes.operations == [.substitute(gt: "q\u{301}", ocr: "q")])
    let codepoints = Scorer.align(
      groundTruth: "q\u{301}", recognized: "q", options: ScoringOptions(unit: .codepoint))
    #expect(codepoints.operations.count == 2)
    #expect(codepoints.operations.first == .equal("q"))
    #expect(codepoints.edits == EditCounts(substitutions: 0, insertions: 0, deletions: 1))
  }

  /// The operations replay both normalized texts exactly, count as many edits as the distance, and agree
  /// with `Scorer.score`; adjacent operations never have the same kind.
  @Test(arguments: [
    ScoringOptions.default, ScoringOptions(unit: .codepoint),
    ScoringOptions(whitespace: .keep, dropCJKSpaces: false),
    ScoringOptions(form: .nfkc, whitespace: .ignore, caseFold: true, ignorePunctuation: true),
  ])
  func operationsReplayBothTexts(options: ScoringOptions) {
    var generator = SeededGenerator(seed: UInt64(options.descriptor.utf8.count))
    for round in 0..<50 {
      let groundTruth = RandomText.text(length: Int.random(in: 0...300, using: &generator), using: &generator)
      let recognized =
        round % 4 == 0
        ? RandomText.text(length: Int.random(in: 0...300, using: &generator), using: &generator)
        : RandomText.edited(groundTruth, edits: Int.random(in: 0...30, using: &generator), using: &generator)
      let alignment = Scorer.align(groundTruth: groundTruth, recognized: recognized, options: options)
      let normalizedGroundTruth = TextNormalizer.normalize(groundTruth, options)
      let normalizedRecognized = TextNormalizer.normalize(recognized, options)
      #expect(
        alignment.groundTruth.unicodeScalars.elementsEqual(normalizedGroundTruth.unicodeScalars),
        "round \(round)")
      #expect(
        alignment.recognized.unicodeScalars.elementsEqual(normalizedRecognized.unicodeScalars),
        "round \(round)")

      var encoder = UnitEncoder(unit: options.unit)
      let a = encoder.encode(normalizedGroundTruth, keepingBoundaries: false).symbols
      let b = encoder.encode(normalizedRecognized, keepingBoundaries: false).symbols
      #expect(alignment.edits.total == EditDistance.distance(a, b), "round \(round)")
      #expect(
        alignment.edits
          == Scorer.score(groundTruth: groundTruth, recognized: recognized, options: options).edits)

      for (left, right) in zip(alignment.operations, alignment.operations.dropFirst()) {
        #expect(kind(left) != kind(right), "round \(round): runs are merged")
      }
      #expect(alignment.confusions.reduce(0) { $0 + $1.count } <= alignment.edits.total)
    }
  }

  private func kind(_ operation: AlignmentOperation) -> Int {
    switch operation {
    case .equal: 0
    case .substitute: 1
    case .insert: 2
    case .delete: 3
    }
  }
}
