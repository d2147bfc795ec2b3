import Foundation
import Testing

@testable import ScanbenchPPOCR

/// A page whose every line reads under the line threshold
/// (``PPOCRPipeline/Options/unsureLinesWhereNoneIsSure``): its unsure lines are kept, in reading
/// order, rather than none; on a page with a sure line the unsure ones are still dropped.
@Suite struct UnsureLinesTests {
  /// A column of vertical Japanese from `left` to `left + 30` on the page, from `y` 50 down, its
  /// characters read at `probability` each.
  static func column(_ text: String, left: Double, probability: Float) -> PPOCRRegion {
    let (right, top, bottom) = (left + 30, 50.0, 50.0 + 30 * Double(text.count))
    let characters = text.enumerated().map { offset, character in
      PPOCRRegion.Character(
        text: String(character), firstColumn: offset * 4, lastColumn: offset * 4, probability: probability)
    }
    // Corners in reading order: a column's top right on the page first.
    return PPOCRRegion(
      corners: [right, top, right, bottom, left, bottom, left, top], isVertical: true, score: 0.6,
      characters: characters, contentColumns: Double(text.count * 4))
  }

  static func read(_ regions: [PPOCRRegion], options: PPOCRPipeline.Options) -> PPOCRResult {
    PPOCRPipeline.layout(regions, imageWidth: 300, imageHeight: 600, singleLine: false, options: options)
  }

  @Test func aPageWhereNoLineIsSureKeepsItsUnsureLines() throws {
    let regions = [
      Self.column("た。ＬａＴｅＸで", left: 100, probability: 0.3),
      Self.column("ＯＳを入れ直す", left: 150, probability: 0.4),
    ]
    var options = PPOCRPipeline.Options.verticalColumns
    let least = try #require(options.unsureLinesWhereNoneIsSure)
    #expect(least < 0.3 && options.minLineProbability > 0.4)
    // Right to left, as the columns are read.
    #expect(Self.read(regions, options: options).lines.map(\.text) == ["ＯＳを入れ直す", "た。ＬａＴｅＸで"])
    options.unsureLinesWhereNoneIsSure = nil
    #expect(Self.read(regions, options: options).lines.isEmpty)
  }

  @Test func aPageWithASureLineDropsItsUnsureOnes() {
    let regions = [
      Self.column("た。ＬａＴｅＸで", left: 100, probability: 0.3),
      Self.column("ＯＳを入れ直す", left: 150, probability: 0.9),
    ]
    let result = Self.read(regions, options: .verticalColumns)
    #expect(result.lines.map(\.text) == ["ＯＳを入れ直す"])
  }
}
