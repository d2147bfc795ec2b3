import Foundation
import Testing

@testable import ScanbenchScoring

@Suite struct RunScoreAccumulatorTests {
  @Test func microAndMacro() throws {
    var run = RunScoreAccumulator(metric: ScoringOptions.default.descriptor)
    #expect(run.cerMicro == nil)
    #expect(run.cerMacro == nil)
    // 1 edit in 10 graphemes (CER 0.1) and 2 edits in 2 (CER 1.0).
    run.add(Scorer.score(groundTruth: "abcdefghij", recognized: "abcdefghiX"))
    run.add(Scorer.score(groundTruth: "xy", recognized: "ab"))
    #expect(run.images == 2)
    #expect(run.groundTruthLength == 12)
    #expect(run.edits == 3)
    #expect(try #require(run.cerMicro) == 3.0 / 12.0)
    #expect(abs(try #require(run.cerMacro) - 0.55) < 1e-12)
    #expect(run.editCounts.substitutions == 3)
  }

  @Test func emptyGroundTruthCountsInMicroOnly() throws {
    var run = RunScoreAccumulator(metric: ScoringOptions.default.descriptor)
    run.add(Scorer.score(groundTruth: "abcd", recognized: "abcd"))
    run.add(Scorer.score(groundTruth: "", recognized: "zz"))
    #expect(run.images == 2)
    #expect(run.imagesWithoutGroundTruth == 1)
    #expect(try #require(run.cerMicro) == 0.5)
    #expect(run.cerMacro == 0)
    #expect(run.editCounts.insertions == 2)
  }

  @Test func wordRates() throws {
    var run = RunScoreAccumulator(metric: ScoringOptions.default.descriptor)
    run.add(Scorer.score(groundTruth: "one two three four", recognized: "one two three for"))
    run.add(Scorer.score(groundTruth: "five", recognized: "five"))
    #expect(run.groundTruthWords == 5)
    #expect(run.wordEdits == 1)
    #expect(try #require(run.werMicro) == 0.2)
    #expect(try #require(run.werMacro) == 0.125)
  }

  @Test func scoresOfAnotherMetricAreRefused() {
    var run = RunScoreAccumulator(metric: ScoringOptions.default.descriptor)
    run.add(Scorer.score(groundTruth: "a", recognized: "b", options: ScoringOptions(unit: .codepoint)))
    #expect(run.images == 0)
    #expect(run.mismatchedScores == 1)
    #expect(run.cerMicro == nil)
  }

  @Test func mergingWorkersEqualsAddingEverything() throws {
    let scores = [
      Scorer.score(groundTruth: "abc", recognized: "abd"), Scorer.score(groundTruth: "", recognized: "x"),
      Scorer.score(groundTruth: "hello world", recognized: "hello"),
    ]
    let metric = ScoringOptions.default.descriptor
    var all = RunScoreAccumulator(metric: metric)
    scores.forEach { all.add($0) }
    var first = RunScoreAccumulator(metric: metric)
    var second = RunScoreAccumulator(metric: metric)
    first.add(scores[0])
    second.add(scores[1])
    second.add(scores[2])
    first.merge(second)
    #expect(first == all)
    let decoded = try JSONDecoder().decode(RunScoreAccumulator.self, from: JSONEncoder().encode(all))
    #expect(decoded == all)
  }
}
