import Testing

@testable import ScanbenchPPOCR

/// The recognition cascade (``PPOCRPipeline/Options/Cascade``) with the real recognizers, tiny
/// first and small after: a clean English line stays with the tiny one, a Japanese line (which the
/// tiny one reads as Chinese characters) goes to the small one, whose reading it keeps.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct CascadeModelTests {
  @Test func aConfidentLineStaysWithTheTinyRecognizerAndADoubtfulOneGoesToTheSmall() throws {
    let path = { (file: PPOCRModelLocator.File) throws -> String in try #require(Installed.path(file)) }
    let pipeline = PPOCRPipeline(
      detector: nil, recognizer: try ONNXModel(path: path(.recognizerSmall)),
      firstRecognizer: (
        try ONNXModel(path: path(.recognizerTiny)), try PPOCRDictionary.load(path: path(.dictionaryTiny))
      ),
      dictionary: try PPOCRDictionary.load(path: path(.dictionarySmall)))
    let text = "Order 5521"
    let (english, _) = try PipelineModelTests.render(
      width: 300, height: 60, fontSize: 10, lines: [(text, 10, 40)])
    #expect(try pipeline.recognize(english, singleLine: true).text == text)
    #expect(pipeline.timings.linesReadFirst == 1 && pipeline.timings.linesReadAgain == 0)

    let (japanese, groundTruth) = try PipelineModelTests.sample(
      try PipelineModelTests.corpus("jpn-lines"), "jpn-line-001")
    let read = try pipeline.recognize(japanese, singleLine: true).text
    #expect(pipeline.timings.linesReadFirst == 2 && pipeline.timings.linesReadAgain == 1)
    #expect(PipelineModelTests.cer(groundTruth, read, ignoreSpaces: true) < 0.05, "\(read)")
  }
}
