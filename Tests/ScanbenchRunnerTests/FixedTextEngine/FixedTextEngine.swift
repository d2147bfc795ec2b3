import Foundation
import ScanbenchEngines
import ScanbenchRecognition
import ScanbenchSeam
import ScanbenchStore

/// An engine used only by tests, to show that an engine is one folder and one catalog entry: it
/// "reads" every image as the same text, each word boxed in a row across the image. With the
/// parameter `typos=N` it gets the first N letters wrong, so a test can make it worse on purpose.
struct FixedTextBackend: EngineBackend {
  static let text = "HARBOUR LANTERN MEADOW"
  var typos: Int

  init(_ options: EngineOptions) throws {
    typos = options.parameters.first { $0.0 == "typos" }.flatMap { Int($0.1) } ?? 0
  }

  static let entry = EngineEntry(
    name: "fixed-text", summary: "test engine: the same text for every image", languages: ["eng"],
    parameters: .init(summary: "typos=N: the first N letters wrong"), make: { try FixedTextBackend($0) })

  func identity() throws -> EngineIdentity {
    EngineIdentity(name: "fixed-text", version: "1", settings: ["typos": String(typos)])
  }

  func makeEngine() throws -> any RecognitionEngine { FixedTextEngine(typos: typos) }
}

final class FixedTextEngine: RecognitionEngine {
  let typos: Int

  init(typos: Int) {
    self.typos = typos
  }

  func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
    var characters = Array(FixedTextBackend.text)
    for index in characters.indices.prefix(typos) where characters[index] != " " { characters[index] = "X" }
    let text = String(characters)
    guard boxes else { return RecognizedText(text: text, confidence: 90) }
    let words = text.split(separator: " ").map(String.init)
    let width = image.width / max(words.count, 1)
    let boxes = words.enumerated().map { index, word in
      TextBox(text: word, confidence: 90, x: index * width, y: 0, width: width, height: image.height)
    }
    let line = TextBox(text: text, confidence: 90, x: 0, y: 0, width: image.width, height: image.height)
    return RecognizedText(text: text, confidence: 90, layout: TextLayout(words: boxes, lines: [line]))
  }
}
