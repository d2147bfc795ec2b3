import Testing

@testable import ScanbenchPPOCR

@Suite struct TextMapTests {
  /// A map from rows of `#` (1.0) and `.` (0.0).
  func map(_ rows: [String]) -> (values: [Float], width: Int, height: Int) {
    let width = rows[0].count
    return (rows.flatMap { $0.map { $0 == "#" ? Float(1) : 0 } }, width, rows.count)
  }

  func regions(_ rows: [String], dilate: Bool = false) -> [TextMap.Region] {
    let (values, width, height) = map(rows)
    return values.withUnsafeBufferPointer {
      TextMap().regions(probability: $0, width: width, height: height, threshold: 0.5, dilate: dilate)
    }
  }

  @Test func regionsAreEightConnected() {
    let found = regions([
      "##......#",
      "##.....#.",
      "..#...#..",
      ".........",
      "####.....",
    ])
    // The diagonal touches the square; the anti-diagonal is one region; the bar another.
    #expect(found.count == 3)
    #expect(found.map(\.top) == [0, 0, 4])
    let bar = found[2].rect
    #expect(abs(max(bar.width, bar.height) - 3) < 1e-9 && min(bar.width, bar.height) < 1e-9)
  }

  @Test func runsThatMeetLateAreOneRegion() {
    let found = regions([
      "#.#.#..#",
      "#.#.#.#.",
      "#.#.#...",
      "#####...",
    ])
    // Three prongs that meet only in the last row, and a diagonal that touches nothing.
    #expect(found.count == 2)
  }

  @Test func dilationGrowsRightAndDown() {
    let found = regions(
      [
        "#.#",
        "...",
        "...",
      ], dilate: true)
    // The two pixels, grown by one to the right and down, touch.
    #expect(found.count == 1)
    #expect(abs(found[0].rect.area - 2) < 1e-9)
  }

  @Test func emptyMapHasNoRegions() {
    #expect(regions(["....", "...."]).isEmpty)
  }

  @Test func meanProbabilityInsideARectangle() {
    var values = [Float](repeating: 0, count: 10 * 10)
    for y in 2...5 { for x in 3...7 { values[y * 10 + x] = 1 } }
    let inside = [Point(x: 3, y: 2), Point(x: 7, y: 2), Point(x: 7, y: 5), Point(x: 3, y: 5)]
    let grown = [Point(x: 2, y: 1), Point(x: 8, y: 1), Point(x: 8, y: 6), Point(x: 2, y: 6)]
    values.withUnsafeBufferPointer { buffer in
      #expect(TextMap.meanProbability(buffer, width: 10, height: 10, inside: inside) == 1)
      #expect(abs(TextMap.meanProbability(buffer, width: 10, height: 10, inside: grown) - 20.0 / 42) < 1e-9)
    }
  }
}
