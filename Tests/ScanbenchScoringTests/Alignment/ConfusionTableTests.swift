import Foundation
import Testing

@testable import ScanbenchScoring

@Suite struct ConfusionTableTests {
  @Test func countsMergeAcrossImages() {
    let alignments = [
      Scorer.align(groundTruth: "modern corn", recognized: "modem com"),
      Scorer.align(groundTruth: "burn all", recognized: "bum a11"),
      Scorer.align(groundTruth: "O", recognized: "0"),
    ]
    let top = ConfusionTable.top(alignments, limit: 2)
    #expect(
      top == [
        Confusion(groundTruth: "rn", recognized: "m", count: 3),
        Confusion(groundTruth: "O", recognized: "0", count: 1),
      ])
    #expect(ConfusionTable.top(alignments, limit: 10).count == 3)
    #expect(ConfusionTable.top(alignments, limit: 0).isEmpty)
  }

  @Test func tiesAreOrderedByText() {
    let confusions = [
      Confusion(groundTruth: "b", recognized: "x", count: 2),
      Confusion(groundTruth: "a", recognized: "y", count: 1),
      Confusion(groundTruth: "a", recognized: "x", count: 1),
      Confusion(groundTruth: "a", recognized: "y", count: 1),
    ]
    #expect(
      ConfusionTable.top(confusions, limit: 5) == [
        Confusion(groundTruth: "a", recognized: "y", count: 2),
        Confusion(groundTruth: "b", recognized: "x", count: 2),
        Confusion(groundTruth: "a", recognized: "x", count: 1),
      ])
  }

  @Test func tallyCountsAsTheTableDoes() throws {
    let alignments = [
      Scorer.align(groundTruth: "modern corn", recognized: "modem com"),
      Scorer.align(groundTruth: "burn O", recognized: "bum 0"),
    ]
    var tally = ConfusionTally()
    alignments.forEach { tally.add($0) }
    #expect(tally.distinctCount == 2)
    #expect(tally.top(limit: 5) == ConfusionTable.top(alignments, limit: 5))
    #expect(tally.top(limit: 1) == [Confusion(groundTruth: "rn", recognized: "m", count: 3)])
    let decoded = try JSONDecoder().decode(ConfusionTally.self, from: JSONEncoder().encode(tally))
    #expect(decoded == tally)
  }
}
