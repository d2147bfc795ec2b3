import Foundation
import Testing

@testable import ScanbenchPPOCR

/// Single vertical columns of the tategaki sweep (`Corpora/make_tategaki_sweep.py --seed sweep-1`)
/// read as `jpn_vert` reads them, by the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct VerticalColumnModelTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tategaki-sweep").path

  /// Small kana (`ッ`, `ュ`) whose cells do not keep the grid's phase down the column: cut along the
  /// gaps between characters, the column reads exactly; on one grid, a small kana shares its cell
  /// with a neighbour's ink and is read wrong (`キャッシコ`).
  @Test(arguments: ["col-sideways-005"])
  func aColumnWithSmallKanaIsReadExactly(page: String) throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, page)
    let expected = groundTruth.trimmingCharacters(in: .whitespacesAndNewlines)
    var options = ReadingOrderModelTests.vertical
    options.cellsAlongGaps = true
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.text == expected)
    options.cellsAlongGaps = false
    let onOneGrid = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(onOneGrid.text != expected, "the cells along the gaps are what reads it")
  }
}
