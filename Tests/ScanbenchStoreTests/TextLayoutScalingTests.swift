import ScanbenchSeam
import Testing

/// A layout read from a reduced image, recorded in the whole image's pixels.
struct TextLayoutScalingTests {
  @Test func boxesGrowOutwardsToWholePixelsWithinTheImage() {
    let word = TextBox(text: "a", confidence: 90, x: 3, y: 5, width: 10, height: 7)
    let edge = TextBox(text: "b", confidence: 80, x: 990, y: 740, width: 10, height: 10)
    let layout = TextLayout(
      words: [word, edge], lines: [word],
      blocks: [
        TextBlock(
          x: 3, y: 5, width: 10, height: 7,
          paragraphs: [TextParagraph(x: 3, y: 5, width: 10, height: 7, firstLine: 0, lineCount: 1)])
      ])
    // A 1000 × 750 image read for one of 3999 × 2999 (a side of libjpeg's reductions rounds up).
    let scaled = layout.scaled(x: 3999 / 1000, y: 2999 / 750, within: 3999, height: 2999)
    let box = { (b: TextBox) in [b.x, b.y, b.width, b.height] }
    // 3 × 3.999 = 11.997 down to 11; (3 + 10) × 3.999 = 51.987 up to 52.
    #expect(box(scaled.words[0]) == [11, 19, 41, 29])
    #expect(box(scaled.words[1]) == [3959, 2959, 40, 40], "within the image")
    #expect(scaled.words.map(\.text) == ["a", "b"] && scaled.words.map(\.confidence) == [90, 80])
    #expect(scaled.lines.map(box) == [box(scaled.words[0])])
    let block = scaled.blocks?.first
    #expect(block.map { [$0.x, $0.y, $0.width, $0.height] } == [11, 19, 41, 29])
    #expect(
      block?.paragraphs.map { [$0.x, $0.y, $0.width, $0.height, $0.firstLine, $0.lineCount] } == [
        [11, 19, 41, 29, 0, 1]
      ])
  }

  @Test func aLayoutWithoutBlocksStaysWithout() {
    let layout = TextLayout(words: [], lines: [], blocks: nil)
    #expect(layout.scaled(x: 2, y: 2, within: 10, height: 10).blocks == nil)
  }
}
