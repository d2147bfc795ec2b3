import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

@Suite struct EditScriptTests {
  /// Replays the steps on the ground truth; returns the recognized text they produce and their cost.
  private func replay(_ steps: [EditStep], _ groundTruth: [Int32], _ recognized: [Int32]) -> (
    groundTruth: [Int32], recognized: [Int32], cost: Int
  )? {
    var rebuiltGroundTruth: [Int32] = []
    var rebuiltRecognized: [Int32] = []
    var groundTruthPosition = 0
    var recognizedPosition = 0
    var cost = 0
    for step in steps {
      switch step {
      case .equal, .substitute:
        guard groundTruthPosition < groundTruth.count, recognizedPosition < recognized.count else {
          return nil
        }
        if step == .equal && groundTruth[groundTruthPosition] != recognized[recognizedPosition] { return nil }
        if step == .substitute && groundTruth[groundTruthPosition] == recognized[recognizedPosition] {
          return nil
        }
        rebuiltGroundTruth.append(groundTruth[groundTruthPosition])
        rebuiltRecognized.append(recognized[recognizedPosition])
        groundTruthPosition += 1
        recognizedPosition += 1
        if step == .substitute { cost += 1 }
      case .insert:
        guard recognizedPosition < recognized.count else { return nil }
        rebuiltRecognized.append(recognized[recognizedPosition])
        recognizedPosition += 1
        cost += 1
      case .delete:
        guard groundTruthPosition < groundTruth.count else { return nil }
        rebuiltGroundTruth.append(groundTruth[groundTruthPosition])
        groundTruthPosition += 1
        cost += 1
      }
    }
    return (rebuiltGroundTruth, rebuiltRecognized, cost)
  }

  private func checkOptimal(
    _ a: [Int32], _ b: [Int32], denseLimit: Int = PatternMatchTable.defaultDenseLimit, recordLimit: Int,
    _ label: String
  ) {
    let (steps, distance) = Scorer.editSteps(a, b, denseLimit: denseLimit, recordLimit: recordLimit)
    let reference = EditDistance.referenceDistance(a, b)
    #expect(distance == reference, "\(label): distance")
    guard let replayed = replay(steps, a, b) else {
      Issue.record("\(label): the steps do not replay")
      return
    }
    #expect(replayed.groundTruth == a, "\(label): ground truth side")
    #expect(replayed.recognized == b, "\(label): recognized side")
    #expect(replayed.cost == reference, "\(label): cost of the steps")
  }

  /// Small pieces are traced back directly.
  @Test func directTracebackIsOptimal() {
    var generator = SeededGenerator(seed: 11)
    for round in 0..<400 {
      let alphabet: Int32 = [2, 5, 26][round % 3]
      let a = RandomText.symbols(
        length: Int.random(in: 0...150, using: &generator), alphabet: alphabet, using: &generator)
      let edits = round % 2 == 0 ? Int.random(in: 0...5, using: &generator) : a.count + 3
      let b = RandomText.editedSymbols(a, edits: edits, alphabet: alphabet, using: &generator)
      checkOptimal(a, b, recordLimit: EditScriptBuilder.defaultRecordLimit, "round \(round)")
    }
  }

  /// A record limit of a few block-columns forces Hirschberg's splits all the way down, through multi-block
  /// bands and the hashed pattern table.
  @Test(arguments: [PatternMatchTable.defaultDenseLimit, 0])
  func hirschbergSplitsAreOptimal(denseLimit: Int) {
    var generator = SeededGenerator(seed: UInt64(12 + denseLimit % 7))
    for round in 0..<60 {
      let alphabet: Int32 = [3, 26][round % 2]
      let a = RandomText.symbols(
        length: Int.random(in: 60...300, using: &generator), alphabet: alphabet, using: &generator)
      let edits = [2, 20, a.count][round % 3]
      let b = RandomText.editedSymbols(a, edits: edits, alphabet: alphabet, using: &generator)
      checkOptimal(a, b, denseLimit: denseLimit, recordLimit: 8, "round \(round)")
    }
  }

  @Test func unbalancedLengths() {
    var generator = SeededGenerator(seed: 13)
    let long = RandomText.symbols(length: 500, alphabet: 20, using: &generator)
    let short = Array(long[200..<210])
    checkOptimal(long, short, recordLimit: 4, "long ground truth")
    checkOptimal(short, long, recordLimit: 4, "long recognized")
    checkOptimal(long, [], recordLimit: 4, "empty recognized")
    checkOptimal([], long, recordLimit: 4, "empty ground truth")
  }

  /// Splitting by diagonal transition gives exactly the steps the band gives (the lowest of the
  /// cheapest rows, whichever computed it), on texts with edits at either end, empty sides, combining
  /// marks, emoji and Japanese, with splits forced all the way down.
  @Test(arguments: [ScoringOptions.Unit.grapheme, .codepoint])
  func diagonalSplitsGiveTheBandsSteps(unit: ScoringOptions.Unit) {
    var generator = SeededGenerator(seed: unit == .grapheme ? 21 : 22)
    var encoder = UnitEncoder(unit: unit)
    for round in 0..<300 {
      let length = Int.random(in: 0...(round % 5 == 0 ? 400 : 120), using: &generator)
      let groundTruth = RandomText.text(length: length, using: &generator)
      var recognized: String
      switch round % 4 {
      case 0:
        recognized = RandomText.edited(
          groundTruth, edits: Int.random(in: 0...4, using: &generator), using: &generator)
      case 1: recognized = RandomText.edited(groundTruth, edits: length / 4 + 1, using: &generator)
      case 2:
        // Edits at both ends.
        recognized = "x" + RandomText.edited(groundTruth, edits: 1, using: &generator).dropFirst() + "日本"
      default:
        recognized = RandomText.text(length: Int.random(in: 0...length, using: &generator), using: &generator)
      }
      if round % 25 == 0 { recognized = "" }
      let a = encoder.encode(groundTruth, keepingBoundaries: false).symbols
      let b = encoder.encode(recognized, keepingBoundaries: false).symbols
      for recordLimit in [2, 8, EditScriptBuilder.defaultRecordLimit] {
        let band = Scorer.editSteps(a, b, recordLimit: recordLimit, diagonalWorkFactor: 0)
        let diagonal = Scorer.editSteps(a, b, recordLimit: recordLimit, diagonalWorkFactor: 1 << 20)
        #expect(diagonal.distance == band.distance, "round \(round), limit \(recordLimit): distance")
        #expect(diagonal.steps == band.steps, "round \(round), limit \(recordLimit): steps")
      }
      checkOptimal(a, b, recordLimit: 2, "round \(round)")
    }
  }

  /// Sparse edits in a text long enough for the default limits to split it: the default path (diagonal
  /// transition where it is cheap) gives the band's steps.
  @Test func longTextWithSparseEditsGivesTheBandsSteps() {
    var generator = SeededGenerator(seed: 23)
    let words = ["the", "of", "and", "to", "in", "is", "was", "for", "on", "that"]
    var text: [Int32] = []
    while text.count < 150_000 {
      text += words[Int.random(in: 0..<words.count, using: &generator)].unicodeScalars.map {
        Int32($0.value)
      }
      text.append(32)
    }
    var edited = text
    for position in stride(from: 500, to: edited.count, by: 1000) { edited[position] = 35 }
    edited.insert(35, at: 0)
    edited.removeLast(3)
    let band = Scorer.editSteps(text, edited, diagonalWorkFactor: 0)
    let fast = Scorer.editSteps(text, edited)
    #expect(fast.distance == band.distance)
    #expect(fast.steps == band.steps)
  }

  @Test func substitutionsArePreferredAtTies() {
    let (steps, distance) = Scorer.editSteps([1, 2, 3], [1, 9, 3])
    #expect(distance == 1)
    #expect(steps == [.equal, .substitute, .equal])
  }
}
