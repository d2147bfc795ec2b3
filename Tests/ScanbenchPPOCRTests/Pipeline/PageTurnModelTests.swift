import Testing

@testable import ScanbenchPPOCR

/// A page's turn read from its own lines, with the real models: upside down and on either side,
/// and upright, which reads as upright or says nothing (never as turned).
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct PageTurnModelTests {
  static let lines = [
    "The committee met on Tuesday to discuss the budget",
    "for the coming year and the repairs to the library.",
    "Members agreed that the roof must be mended first",
    "and that the reading room should open on Sundays.",
    "The treasurer will report on the accounts next month.",
  ]

  static func page() throws -> RGBImage {
    try PipelineModelTests.render(
      width: 1300, height: 700, fontSize: 12,
      lines: lines.enumerated().map { ($0.element, 60, 120 + $0.offset * 110) }
    ).image
  }

  @Test(arguments: [0, 90, 180, 270])
  func aPageTurnedByTheseDegreesSaysSo(degrees: Int) throws {
    let upright = try Self.page()
    let turned: RGBImage =
      switch degrees {
      case 90: upright.rotatedHalfTurn().rotatedCounterClockwise()
      case 180: upright.rotatedHalfTurn()
      case 270: upright.rotatedCounterClockwise()
      default: upright
      }
    let result = try PipelineModelTests.pipeline().recognize(turned)
    if degrees == 0 {
      // Read confidently as detected: upright, with no line read again.
      #expect(result.pageTurn == PageTurn(degrees: 0, margin: 0, lines: 0))
    } else {
      let turn = try #require(result.pageTurn, "the lines read both ways tell the turn")
      #expect(turn.degrees == degrees)
      #expect(turn.margin >= PPOCRPipeline.Options().pageTurnMargin)
      #expect(turn.lines == PPOCRPipeline.Options().pageTurnLines)
    }
    #expect(result.detectedRegions ?? 0 >= Self.lines.count)
  }

  @Test func aLineReadAsOneLineTellsNoTurn() throws {
    let (image, _) = try PipelineModelTests.render(
      width: 1600, height: 80, fontSize: 12, lines: [(Self.lines[0], 20, 55)])
    let result = try PipelineModelTests.pipeline().recognize(image.rotatedHalfTurn(), singleLine: true)
    #expect(result.pageTurn == nil)
    #expect(result.detectedRegions == nil)
  }
}
