import Foundation
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
    let turned = try Self.page().turned(by: degrees)
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

  /// A page lying three quarter turns round, read by a caller that reads a turned page again
  /// turned, is read only as far as its longest lines, which read as detected are garbage and tell
  /// the turn: the rest is not read the wrong way round. A quarter turn round (its lines read as
  /// detected are upright, and the caller compares the whole page's readings) or upright, or read
  /// by a caller that does not turn pages, it is read whole.
  @Test(arguments: [0, 90, 270])
  func aPageThreeQuarterTurnsRoundIsReadOnlyAsFarAsItsTurn(degrees: Int) throws {
    let turned = try Self.page().turned(by: degrees)
    let pipeline = try PipelineModelTests.pipeline()
    let result = try pipeline.recognize(turned, stoppingWhenTurned: true)
    #expect(result.readInPart == (degrees == 270))
    #expect(pipeline.timings.pagesReadInPart == (degrees == 270 ? 1 : 0))
    #expect(result.pageTurn?.degrees == degrees)
    #expect(result.detectedRegions ?? 0 >= Self.lines.count)
    let whole = try pipeline.recognize(turned)
    #expect(!whole.readInPart && whole.pageTurn?.degrees == degrees)
    #expect(whole.detectedRegions == result.detectedRegions)
    // Read in part, the page's turn is the whole reading's; read whole, so is its text.
    #expect(result.pageTurn?.degrees == whole.pageTurn?.degrees)
    if degrees != 270 { #expect(result.text == whole.text) }
  }

  /// A page lying on its side and photographed at a slant: its lines lean a few degrees off upright
  /// and are still tall lines that tell the turn. Ordered as PaddleOCR orders a box's corners, each
  /// was a line across the page running up it, read as garbage, and the page seemed upright.
  @Test(arguments: [90, 270])
  func aPageOnItsSideLeaningAFewDegreesSaysSo(degrees: Int) throws {
    let turned = try Self.page().turned(by: degrees)
    let result = try PipelineModelTests.pipeline().recognize(Self.leaning(turned, degrees: 4))
    let turn = try #require(result.pageTurn, "the tall lines read both ways tell the turn")
    #expect(turn.degrees == degrees)
    #expect(turn.margin >= PPOCRPipeline.Options().pageTurnMargin)
  }

  /// `image` turned `degrees` clockwise about its centre onto a white canvas that holds all of it
  /// (nearest pixel: the detector sees the same slant either way).
  static func leaning(_ image: RGBImage, degrees: Double) -> RGBImage {
    let angle = degrees * Double.pi / 180
    let (c, s) = (cos(angle), sin(angle))
    let (w, h) = (Double(image.width), Double(image.height))
    let width = Int((w * c + h * s).rounded(.up))
    let height = Int((w * s + h * c).rounded(.up))
    var pixels = [UInt8](repeating: 255, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        // The canvas pixel turned back onto the source, about both centres.
        let dx = Double(x) - Double(width) / 2
        let dy = Double(y) - Double(height) / 2
        let sx = Int((dx * c + dy * s + w / 2).rounded(.down))
        let sy = Int((-dx * s + dy * c + h / 2).rounded(.down))
        guard sx >= 0, sy >= 0, sx < image.width, sy < image.height else { continue }
        let source = (sy * image.width + sx) * 3
        let target = (y * width + x) * 3
        pixels[target] = image.pixels[source]
        pixels[target + 1] = image.pixels[source + 1]
        pixels[target + 2] = image.pixels[source + 2]
      }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  @Test func aLineReadAsOneLineTellsNoTurn() throws {
    let (image, _) = try PipelineModelTests.render(
      width: 1600, height: 80, fontSize: 12, lines: [(Self.lines[0], 20, 55)])
    let result = try PipelineModelTests.pipeline().recognize(image.rotatedHalfTurn(), singleLine: true)
    #expect(result.pageTurn == nil)
    #expect(result.detectedRegions == nil)
  }
}

extension RGBImage {
  /// The image turned clockwise by `degrees`, a multiple of a quarter turn: a page as it lies when
  /// a reader must turn it that far back.
  func turned(by degrees: Int) -> RGBImage {
    switch degrees {
    case 90: rotatedHalfTurn().rotatedCounterClockwise()
    case 180: rotatedHalfTurn()
    case 270: rotatedCounterClockwise()
    default: self
    }
  }
}
