import Foundation
import ScanbenchSeam
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchTesseract

/// `--boxes`: every word and line Tesseract found, where it found it.
struct TextBoxTests {
  static let page = RenderedPage.threeLines

  static func recognize(_ png: Data, boxes: Bool = true) throws -> (
    output: RecognizedText, width: Int, height: Int
  ) {
    try PhotoFixtures.recognizePage(png, boxes: boxes)
  }

  @Test func wordBoxesLieWhereTheWordsWereDrawn() throws {
    let (output, width, height) = try Self.recognize(Self.page.png)
    let layout = try #require(output.layout)
    #expect(layout.words.map(\.text) == Self.page.words.map(\.text), "every word, in reading order")
    for box in layout.words + layout.lines {
      #expect(box.isInside(width: width, height: height), "\(box) lies inside the \(width)×\(height) image")
      #expect(box.width > 0 && box.height > 0)
      #expect((0...100).contains(box.confidence))
    }
    for drawn in Self.page.words {
      let found = try #require(layout.words.first { $0.text == drawn.text })
      // The box covers the word's ink: its centre is inside what was drawn, and it does not stray
      // more than a few pixels beyond it on any side.
      #expect(
        drawn.contains(x: found.x + found.width / 2, y: found.y + found.height / 2), "\(found) vs \(drawn)")
      let slack = 6
      #expect(
        found.x >= drawn.x - slack && found.x + found.width <= drawn.x + drawn.width + slack,
        "\(found) vs \(drawn)")
      #expect(
        found.y >= drawn.y - slack && found.y + found.height <= drawn.y + drawn.height + slack,
        "\(found) vs \(drawn)")
      #expect(found.width >= drawn.width * 3 / 4, "\(found) covers most of \(drawn)")
    }
  }

  @Test func lineBoxesHoldTheirWords() throws {
    let (output, _, _) = try Self.recognize(Self.page.png)
    let layout = try #require(output.layout)
    #expect(layout.lines.map(\.text) == ["HARBOUR LANTERN MEADOW", "quiet river stones", "Copper kettle"])
    for word in layout.words {
      let holders = layout.lines.filter {
        word.x >= $0.x && word.y >= $0.y && word.x + word.width <= $0.x + $0.width
          && word.y + word.height <= $0.y + $0.height
      }
      #expect(holders.count == 1, "\(word.text) lies in exactly one line box")
      #expect(holders.first?.text.split(separator: " ").contains(Substring(word.text)) == true)
    }
  }

  @Test func withoutBoxesNothingIsCollected() throws {
    let output = try Self.recognize(Self.page.png, boxes: false).output
    #expect(output.layout == nil)
    #expect(output.text.contains("LANTERN"))
  }

  @Test func boxesRoundTripThroughTheStoreFormat() throws {
    let box = TextBox(text: "kettle", confidence: 93.4, x: 1, y: 2, width: 30, height: 12)
    let json = String(decoding: try JSONEncoder().encode(box), as: UTF8.self)
    for key in ["\"conf\"", "\"w\"", "\"h\"", "\"x\"", "\"y\"", "\"text\""] { #expect(json.contains(key)) }
    #expect(try JSONDecoder().decode(TextBox.self, from: Data(json.utf8)) == box)
  }
}
