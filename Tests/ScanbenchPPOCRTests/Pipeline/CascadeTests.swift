import Testing

@testable import ScanbenchPPOCR

/// The recognition cascade (``PPOCRPipeline/Options/Cascade``) with stand-in recognizers: which
/// lines the first recognizer's reading leaves to the recognizer, and whose reading each line keeps.
@Suite struct CascadeTests {
  static func line(_ characters: [(String, Float)]) -> DecodedLine {
    DecodedLine(
      characters: characters.enumerated().map {
        DecodedCharacter(text: $1.0, firstColumn: $0, lastColumn: $0, probability: $1.1)
      }, contentColumns: Double(characters.count))
  }

  @Test func doubtfulReadingsAreReadAgain() {
    var cascade = PPOCRPipeline.Options.Cascade()
    cascade.minCharacterProbability = 0.5
    cascade.minColumnProbability = 0.6
    // Confident Latin, digits and punctuation: kept.
    #expect(!cascade.readsAgain(Self.line([("T", 0.99), ("o", 0.98), ("1", 0.97), ("—", 0.95)])))
    // Nothing read.
    #expect(cascade.readsAgain(Self.line([])))
    // One character below its threshold, however sure the others.
    #expect(cascade.readsAgain(Self.line([("a", 0.99), ("b", 0.99), ("c", 0.99), ("d", 0.99), ("e", 0.45)])))
    #expect(
      !cascade.readsAgain(Self.line([("a", 0.99), ("b", 0.99), ("c", 0.99), ("d", 0.99), ("e", 0.55)])))
    // Every character sure, but a column between them (a blank) below its threshold.
    var halfSeen = Self.line([("a", 0.99), ("b", 0.99)])
    halfSeen.leastSureColumn = 0.55
    #expect(cascade.readsAgain(halfSeen))
    halfSeen.leastSureColumn = 0.65
    #expect(!cascade.readsAgain(halfSeen))
    // A Chinese character or a kana, however sure: the first recognizer reads no Japanese.
    #expect(cascade.readsAgain(Self.line([("A", 0.99), ("甲", 0.99)])))
    #expect(cascade.readsAgain(Self.line([("の", 0.99)])))
    // Latin-1 and the punctuation below CJK are the first recognizer's own.
    #expect(!cascade.readsAgain(Self.line([("é", 0.99), ("€", 0.99), ("“", 0.99)])))
  }

  /// A recognizer of `dictionary` that reads `read(darkest)` in each crop, from its darkest value
  /// (−1 black, 1 white), each character in its own column with its probability.
  static func recognizer(dictionary: [String], read: @escaping (Float) -> [(Int, Float)]) -> FakeModel {
    PipelineTests.recognizer(classes: dictionary.count + 2, firstColumn: 1, blank: 0.99, read: read)
  }

  @Test func theRecognizerReadsOnlyTheLinesTheFirstOneDoubts() throws {
    // The first recognizer reads "xy": surely in black ink, doubtfully in light grey; in dark grey,
    // surely, but with a Chinese character. The recognizer reads "cd" wherever it is asked.
    let first = Self.recognizer(dictionary: ["x", "y", "甲"]) { darkest in
      darkest < -0.7 ? [(1, 0.99), (2, 0.99)] : darkest < 0 ? [(1, 0.99), (3, 0.99)] : [(1, 0.6), (2, 0.6)]
    }
    let second = Self.recognizer(dictionary: PipelineTests.dictionary) { _ in [(3, 0.9), (4, 0.9)] }
    let pipeline = PPOCRPipeline(
      detector: PipelineTests.thresholdDetector(), recognizer: second,
      firstRecognizer: (first, ["x", "y", "甲"]), dictionary: PipelineTests.dictionary)
    var grey = [UInt8](repeating: 255, count: 736 * 736)
    for (rows, level) in [(100..<120, UInt8(10)), (200..<220, 160), (300..<320, 60)] {
      for y in rows { for x in 50..<350 { grey[y * 736 + x] = level } }
    }
    let result = try pipeline.recognize(RGBImage(width: 736, height: 736, grey: grey))
    #expect(result.lines.map(\.text) == ["xy", "cd", "cd"])
    #expect(first.inputs.count == 3)
    #expect(second.inputs.count == 2)
    #expect(pipeline.timings.linesReadFirst == 3 && pipeline.timings.linesReadAgain == 2)
  }

  @Test func withoutAFirstRecognizerTheRecognizerReadsEveryLine() throws {
    let second = Self.recognizer(dictionary: PipelineTests.dictionary) { _ in [(3, 0.9), (4, 0.9)] }
    let pipeline = PPOCRPipeline(
      detector: PipelineTests.thresholdDetector(), recognizer: second, dictionary: PipelineTests.dictionary)
    var grey = [UInt8](repeating: 255, count: 736 * 736)
    for y in 100..<120 { for x in 50..<350 { grey[y * 736 + x] = 10 } }
    let result = try pipeline.recognize(RGBImage(width: 736, height: 736, grey: grey))
    #expect(result.lines.map(\.text) == ["cd"])
    #expect(pipeline.timings.linesReadFirst == 0 && pipeline.timings.linesReadAgain == 0)
  }
}
