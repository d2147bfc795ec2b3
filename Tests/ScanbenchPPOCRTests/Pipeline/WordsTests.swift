import Testing

@testable import ScanbenchPPOCR

@Suite struct WordsTests {
  func character(_ text: String, _ column: Int, _ probability: Float = 0.9) -> DecodedCharacter {
    DecodedCharacter(text: text, firstColumn: column, lastColumn: column, probability: probability)
  }

  let quad = Quad(
    topLeft: Point(x: 100, y: 50), topRight: Point(x: 500, y: 50), bottomRight: Point(x: 500, y: 90),
    bottomLeft: Point(x: 100, y: 90))

  @Test func wordsSplitAtSpacesAndSitWhereTheirColumnsAre() {
    // 40 columns over 400 pixels: 10 pixels a column; characters every 2 columns.
    let line = DecodedLine(
      characters: [
        character("a", 2), character("b", 4, 0.5), character(" ", 6), character("c", 8),
        character("d", 10), character("e", 12),
      ], contentColumns: 40)
    let words = Words.words(of: line, in: quad, imageWidth: 1000, imageHeight: 1000)
    #expect(words.map(\.text) == ["ab", "cde"])
    // "ab": from column 2.5 − 1 to 4.5 + 1 → pixels 115…155.
    #expect(words[0].box == PPOCRBox(x: 115, y: 50, width: 40, height: 40))
    #expect(abs(words[0].confidence - 70) < 1e-4)
    #expect(words[1].box == PPOCRBox(x: 175, y: 50, width: 60, height: 40))
  }

  @Test func ideographicSpaceSeparatesWordsToo() {
    let line = DecodedLine(
      characters: [character("日", 1), character("\u{3000}", 3), character("本", 5)], contentColumns: 10)
    #expect(Words.words(of: line, in: quad, imageWidth: 1000, imageHeight: 1000).map(\.text) == ["日", "本"])
  }

  @Test func aVerticalRegionsWordsRunDownThePage() {
    // A column 40 wide and 400 tall at x 100…140, read top to bottom.
    let page = Quad(
      topLeft: Point(x: 100, y: 0), topRight: Point(x: 140, y: 0), bottomRight: Point(x: 140, y: 400),
      bottomLeft: Point(x: 100, y: 400))
    let region = TextRegion(pageQuad: page, score: 1, verticalAspectRatio: 1.5)
    #expect(region.isVertical)
    let line = DecodedLine(
      characters: [character("縦", 1), character(" ", 20), character("書", 38)], contentColumns: 40)
    let words = Words.words(of: line, in: region.quad, imageWidth: 1000, imageHeight: 1000)
    #expect(words.count == 2)
    #expect(words[0].box.y < words[1].box.y)
    #expect(words.allSatisfy { $0.box.x == 100 && $0.box.width == 40 })
  }

  @Test func noCharactersNoWords() {
    let line = DecodedLine(characters: [], contentColumns: 10)
    #expect(Words.words(of: line, in: quad, imageWidth: 1000, imageHeight: 1000).isEmpty)
  }
}
