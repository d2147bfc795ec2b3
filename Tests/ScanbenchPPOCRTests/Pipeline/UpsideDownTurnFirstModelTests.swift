import Testing

@testable import ScanbenchPPOCR

/// A page's longest lines read before the rest (``PPOCRPipeline/Options/upsideDownTurnFirst``), with
/// the real models: upside down, the page is read no further than those lines; upright or on its
/// side, it reads exactly as without the step.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct UpsideDownTurnFirstModelTests {
  /// A page of more lines than the turn is read from, so that reading only those is reading less.
  static func page() throws -> RGBImage {
    let lines =
      PageTurnModelTests.lines + [
        "The new shelves for the local history room arrived",
        "on Friday, and the volunteers will fill them soon.",
        "A sale of old books is planned for the first week",
        "of spring, with the takings going to the roof fund.",
        "The next meeting will be held in the reading room.",
      ]
    return try PipelineModelTests.render(
      width: 1300, height: 1250, fontSize: 12,
      lines: lines.enumerated().map { ($0.element, 60, 120 + $0.offset * 110) }
    ).image
  }

  static func pipeline(on: Bool, recognizer: String) throws -> PPOCRPipeline {
    var options = PPOCRPipeline.Options()
    options.upsideDownTurnFirst = on
    return try PipelineModelTests.pipeline(recognizer: recognizer, options: options)
  }

  /// Upside down, read by a caller that reads a turned page again turned: only the longest lines
  /// are read as the page lies, and they tell it lies half a turn round, as the whole reading does.
  @Test(arguments: ["tiny", "small"])
  func anUpsideDownPageIsReadOnlyAsFarAsItsLongestLines(recognizer: String) throws {
    let upsideDown = try Self.page().rotatedHalfTurn()
    let pipeline = try Self.pipeline(on: true, recognizer: recognizer)
    let result = try pipeline.recognize(upsideDown, stoppingWhenTurned: true)
    #expect(result.readInPart)
    #expect(result.pageTurn?.degrees == 180)
    #expect(pipeline.timings.pagesReadInPart == 1 && pipeline.timings.pagesUpsideDownReadInPart == 1)
    let regions = try #require(result.detectedRegions)
    #expect(regions >= 10)
    let lines = PPOCRPipeline.Options().pageTurnLines
    #expect(pipeline.timings.recognizerRuns == 2 * lines, "the longest lines, read both ways up")

    let off = try Self.pipeline(on: false, recognizer: recognizer)
    let whole = try off.recognize(upsideDown, stoppingWhenTurned: true)
    #expect(!whole.readInPart && whole.pageTurn?.degrees == 180)
    #expect(whole.detectedRegions == regions)
    #expect(off.timings.recognizerRuns == regions + lines, "without the step, every line read as it lies")
  }

  /// Upright, or on its side, or read by a caller that does not turn pages, the page reads the
  /// same text, and its turn, as without the step, in as many recognizer runs.
  @Test(arguments: [(0, true), (90, true), (270, true), (180, false)])
  func otherwiseThePageReadsAsWithoutTheStep(degrees: Int, stoppingWhenTurned: Bool) throws {
    let turned = try Self.page().turned(by: degrees)
    let on = try Self.pipeline(on: true, recognizer: "tiny")
    let off = try Self.pipeline(on: false, recognizer: "tiny")
    let withStep = try on.recognize(turned, stoppingWhenTurned: stoppingWhenTurned)
    let without = try off.recognize(turned, stoppingWhenTurned: stoppingWhenTurned)
    #expect(withStep.text == without.text)
    #expect(withStep.confidence == without.confidence)
    #expect(withStep.pageTurn == without.pageTurn)
    #expect(withStep.readInPart == without.readInPart)
    #expect(on.timings.pagesUpsideDownReadInPart == 0)
    #expect(on.timings.recognizerRuns == off.timings.recognizerRuns)
    #expect(on.timings.recognizerColumnsFirstPass == off.timings.recognizerColumnsFirstPass)
  }
}
