import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

@Suite struct EditDistanceTests {
  @Test func knownDistances() {
    let cases: [(String, String, Int)] = [
      ("", "", 0), ("abc", "", 3), ("", "abc", 3), ("kitten", "sitting", 3), ("flaw", "lawn", 2),
      ("rn", "m", 2), ("abc", "abc", 0), ("ab", "ba", 2),
    ]
    for (a, b, expected) in cases {
      let first = a.unicodeScalars.map { Int32($0.value) }
      let second = b.unicodeScalars.map { Int32($0.value) }
      #expect(EditDistance.distance(first, second) == expected, "\(a) / \(b)")
      #expect(EditDistance.referenceDistance(first, second) == expected, "\(a) / \(b)")
    }
  }

  /// Texts with combining marks, ZWJ emoji and Japanese, both units, light and heavy edits, lengths
  /// across one, two and several 64-unit blocks.
  @Test(arguments: [ScoringOptions.Unit.grapheme, .codepoint])
  func fastEqualsReferenceOnRandomTexts(unit: ScoringOptions.Unit) {
    var generator = SeededGenerator(seed: unit == .grapheme ? 1 : 2)
    var encoder = UnitEncoder(unit: unit)
    for round in 0..<700 {
      let length =
        round % 10 == 0
        ? Int.random(in: 120...200, using: &generator) : Int.random(in: 0...90, using: &generator)
      let groundTruth = RandomText.text(length: length, using: &generator)
      let recognized: String
      switch round % 3 {
      case 0:
        recognized = RandomText.edited(
          groundTruth, edits: Int.random(in: 0...3, using: &generator), using: &generator)
      case 1: recognized = RandomText.edited(groundTruth, edits: length / 3 + 1, using: &generator)
      default:
        recognized = RandomText.text(
          length: Int.random(in: 0...length + 5, using: &generator), using: &generator)
      }
      let a = encoder.encode(groundTruth, keepingBoundaries: false).symbols
      let b = encoder.encode(recognized, keepingBoundaries: false).symbols
      #expect(EditDistance.distance(a, b) == EditDistance.referenceDistance(a, b), "round \(round)")
    }
  }

  @Test(arguments: [Int32(2), 4, 30])
  func fastEqualsReferenceOnSmallAlphabets(alphabet: Int32) {
    var generator = SeededGenerator(seed: UInt64(alphabet))
    for round in 0..<180 {
      let length = [5, 63, 64, 65, 127, 128, 129, 200][round % 8] + Int.random(in: 0...3, using: &generator)
      let a = RandomText.symbols(length: length, alphabet: alphabet, using: &generator)
      let edits = round % 2 == 0 ? Int.random(in: 0...6, using: &generator) : length
      let b = RandomText.editedSymbols(a, edits: edits, alphabet: alphabet, using: &generator)
      #expect(EditDistance.distance(a, b) == EditDistance.referenceDistance(a, b), "round \(round)")
    }
  }

  /// Forces the hashed pattern table and the hashed renumbering (symbols far apart).
  @Test func hashedTablesAgreeWithReference() {
    var generator = SeededGenerator(seed: 99)
    for round in 0..<120 {
      let length = Int.random(in: 1...200, using: &generator)
      let a = RandomText.symbols(length: length, alphabet: 40, using: &generator).map {
        $0 * 50_000_000 - 1_000_000_000
      }
      let b = RandomText.editedSymbols(
        a, edits: Int.random(in: 0...40, using: &generator), alphabet: 40, using: &generator
      )
      .map { $0 % 50_000_000 == 0 ? $0 : $0 * 50_000_000 - 1_000_000_000 }
      let fast = a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in EditDistance.distance(a, b, denseLimit: 0) }
      }
      #expect(fast == EditDistance.referenceDistance(a, b), "round \(round)")
    }
  }

  @Test func longSequencesAcrossManyBlocks() {
    var generator = SeededGenerator(seed: 7)
    for edits in [0, 1, 17, 1000] {
      let a = RandomText.symbols(length: 1000, alphabet: 26, using: &generator)
      let b = RandomText.editedSymbols(a, edits: edits, alphabet: 26, using: &generator)
      #expect(EditDistance.distance(a, b) == EditDistance.referenceDistance(a, b), "\(edits) edits")
    }
  }
}
