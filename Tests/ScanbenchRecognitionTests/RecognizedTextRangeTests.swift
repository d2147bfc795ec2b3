import ScanbenchSeam
import Testing

@testable import ScanbenchRecognition

/// A model's output is outside input too (`RecognizedText.checked`): NaN is the image's failure,
/// float rounding past 100 is clamped, a box beyond any image is refused.
struct RecognizedTextRangeTests {
  @Test func aConfidenceThatIsNotANumberIsAnEngineOutputFailure() {
    for value in [Double.nan, .infinity, -.infinity] {
      #expect(throws: EngineError.self) { try RecognizedText(text: "a", confidence: value).checked() }
      let layout = TextLayout(
        words: [TextBox(text: "a", confidence: value, x: 0, y: 0, width: 1, height: 1)], lines: [])
      do {
        _ = try RecognizedText(text: "a", confidence: 50, layout: layout).checked()
        Issue.record("a word's confidence \(value) was accepted")
      } catch let error as EngineError {
        #expect(error.kind == "engine-output")
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  @Test func roundingPastTheEndsIsClampedAndBadTimesDropped() throws {
    var text = RecognizedText(text: "a", confidence: 100.000_01, inferenceMilliseconds: -.infinity)
    text.layout = TextLayout(
      words: [TextBox(text: "a", confidence: -0.000_01, x: 0, y: 0, width: 1, height: 1)], lines: [])
    let checked = try text.checked()
    #expect(checked.confidence == 100)
    #expect(checked.layout?.words.first?.confidence == 0)
    #expect(checked.inferenceMilliseconds == nil)
  }

  @Test func aBoxBeyondAnyImageIsRefused() {
    for box in [
      TextBox(text: "a", confidence: 1, x: Int.max, y: 0, width: 1, height: 1),
      TextBox(text: "a", confidence: 1, x: 0, y: 0, width: -1, height: 1),
      TextBox(text: "a", confidence: 1, x: 0, y: Int(Int32.min), width: 1, height: 1),
    ] {
      #expect(throws: EngineError.self) {
        try RecognizedText(text: "a", confidence: 1, layout: TextLayout(words: [], lines: [box])).checked()
      }
    }
  }
}
