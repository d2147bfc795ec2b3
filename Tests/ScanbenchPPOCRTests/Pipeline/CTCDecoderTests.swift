import ScanbenchSupport
import Testing

@testable import ScanbenchPPOCR

@Suite struct CTCDecoderTests {
  let decoder = CTCDecoder(dictionary: ["a", "b", "c"])

  /// A `[1, columns, 5]` output whose column `i` puts `probability` on class `classes[i]` and
  /// shares the rest.
  func output(_ classes: [Int], probability: Float = 0.9) -> [Float] {
    classes.flatMap { best -> [Float] in
      (0..<5).map { $0 == best ? probability : (1 - probability) / 4 }
    }
  }

  @Test func classesAreBlankThenDictionaryThenSpace() {
    #expect(decoder.classes == ["", "a", "b", "c", " "])
  }

  @Test func blanksAreDroppedAndRunsCollapsed() {
    // a a _ a b b _ _ c (space) c
    let values = output([1, 1, 0, 1, 2, 2, 0, 0, 3, 4, 3])
    let line = values.withUnsafeBufferPointer {
      decoder.decode($0, item: 0, columns: 11, contentColumns: 11)
    }
    #expect(line.text == "aabc c")
    #expect(line.characters.map(\.firstColumn) == [0, 3, 4, 8, 9, 10])
    #expect(line.characters.map(\.lastColumn) == [1, 3, 5, 8, 9, 10])
  }

  @Test func theLeastSureColumnCountsBlanksButNotThePadding() {
    // a _ b, then two columns of padding; the blank between a and b is half a space.
    var values = output([1, 0, 2, 0, 0])
    (values[1 * 5 + 0], values[1 * 5 + 4]) = (0.55, 0.45)
    values[4 * 5 + 0] = 0.3
    for probabilities in [false, true] {
      let line = values.withUnsafeBufferPointer {
        decoder.decode($0, item: 0, columns: 5, contentColumns: 3.2, probabilities: probabilities)
      }
      #expect(line.text == "ab")
      #expect(line.leastSureColumn == 0.55)
    }
  }

  @Test func confidenceIsTheFirstColumnsProbability() {
    var values = output([2, 2, 0, 3])
    values[5 + 2] = 0.6  // the second column of the run of b: not counted
    values[0 * 5 + 2] = 0.8
    let line = values.withUnsafeBufferPointer {
      decoder.decode($0, item: 0, columns: 4, contentColumns: 4)
    }
    #expect(line.text == "bc")
    #expect(line.characters[0].probability == 0.8)
    #expect(abs(line.probability - Double((0.8 + 0.9) / 2)) < 1e-6)
  }

  @Test func itemsOfABatchAreDecodedSeparately() {
    let values = output([1, 0, 2]) + output([3, 3, 3])
    let lines = values.withUnsafeBufferPointer { buffer in
      (0..<2).map { decoder.decode(buffer, item: $0, columns: 3, contentColumns: 3) }
    }
    #expect(lines.map(\.text) == ["ab", "c"])
  }

  @Test func allBlankIsEmptyWithZeroConfidence() {
    let line = output([0, 0, 0]).withUnsafeBufferPointer {
      decoder.decode($0, item: 0, columns: 3, contentColumns: 3)
    }
    #expect(line.text.isEmpty && line.probability == 0)
  }

  @Test func argmaxMatchesAPlainScan() {
    var random = SeededGenerator(seed: 3)
    for count in [1, 5, 15, 16, 17, 33, 18710] {
      for _ in 0..<20 {
        var values = (0..<(count + 7)).map { _ in Float.random(in: 0...1, using: &random) }
        if count > 2 && Bool.random(using: &random) {
          // A tie: the first index wins.
          let high = Float(2)
          values[3 + count / 2] = high
          values[3 + count - 1] = high
        }
        let start = 3
        var expected = 0
        for index in 1..<count where values[start + index] > values[start + expected] { expected = index }
        let (index, value) = values.withUnsafeBufferPointer {
          CTCDecoder.argmax($0, from: start, count: count)
        }
        #expect(index == expected)
        #expect(value == values[start + expected])
        // As probabilities (scaled to sum to 1), the shortcut finds the same class.
        let sum = values[start..<(start + count)].reduce(0, +)
        var scaled = values.map { $0 / sum }
        if count > 1 && Bool.random(using: &random) {
          // A clear winner above one half, which the shortcut stops at.
          scaled[start + count / 3] = 0.6
        }
        var plainBest = 0
        for index in 1..<count where scaled[start + index] > scaled[start + plainBest] { plainBest = index }
        let shortcut = scaled.withUnsafeBufferPointer {
          CTCDecoder.argmax($0, from: start, count: count, probabilities: true)
        }
        #expect(shortcut.0 == plainBest)
      }
    }
  }

  @Test func aKanaKeepsHowLikelyItsOtherFormsByTheVoicingMarkWere() {
    // Classes: blank, は, ば, ぱ, a, space.
    let kana = CTCDecoder(dictionary: ["は", "ば", "ぱ", "a"])
    #expect(kana.voicingForms[1] == [2, 3])
    #expect(kana.voicingForms[4] == nil)
    // は over two columns, ば its runner-up at 0.1 then 0.3; then a.
    let values: [Float] = [
      0, 0.8, 0.1, 0.05, 0.05, 0,
      0, 0.6, 0.3, 0.05, 0.05, 0,
      0, 0.05, 0.05, 0, 0.9, 0,
    ]
    let line = values.withUnsafeBufferPointer {
      kana.decode($0, item: 0, columns: 3, contentColumns: 3, probabilities: true)
    }
    #expect(line.text == "はa")
    #expect(
      line.characters[0].voicingAlternatives == [
        VoicingAlternative(text: "ば", probability: 0.3), VoicingAlternative(text: "ぱ", probability: 0.05),
      ])
    #expect(line.characters[1].voicingAlternatives.isEmpty)
  }
}
