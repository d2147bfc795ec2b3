import ScanbenchSeam
import ScanbenchSupport

extension RecognizedText {
  /// An engine's numbers come from outside too — a model's output, a library's: a confidence that
  /// is not a number (a broken model computes NaN) or a box beyond what an image holds is the
  /// image's recorded failure (`engine-output`), never a record the store cannot write or a reader
  /// would refuse. A finite confidence a hair outside 0–100 (float rounding) is clamped.
  func checked() throws -> RecognizedText {
    var text = self
    text.confidence = try Self.confidence(confidence, of: "the page")
    if let layout {
      text.layout = TextLayout(
        words: try layout.words.map { try Self.checked($0, of: "a word") },
        lines: try layout.lines.map { try Self.checked($0, of: "a line") },
        blocks: try layout.blocks.map { try $0.map(Self.checked) })
    }
    if let inference = inferenceMilliseconds, !(inference.isFinite && inference >= 0) {
      text.inferenceMilliseconds = nil
    }
    return text
  }

  private static func confidence(_ value: Double, of owner: String) throws -> Double {
    guard value.isFinite else {
      throw EngineError(
        message: "the engine gave \(owner) a confidence of \(value), not a number (a broken model?)",
        kind: "engine-output")
    }
    return min(100, max(0, value))
  }

  /// A block's and its paragraphs' boxes, and the paragraphs' line ranges, within what a record holds.
  private static func checked(_ block: TextBlock) throws -> TextBlock {
    try checkBox(x: block.x, y: block.y, width: block.width, height: block.height, of: "a block")
    for paragraph in block.paragraphs {
      try checkBox(
        x: paragraph.x, y: paragraph.y, width: paragraph.width, height: paragraph.height, of: "a paragraph")
      guard paragraph.firstLine >= 0, paragraph.lineCount >= 0,
        paragraph.firstLine <= Int(Int32.max) - paragraph.lineCount
      else {
        throw EngineError(
          message: "the engine gave a paragraph the lines \(paragraph.firstLine) + \(paragraph.lineCount)",
          kind: "engine-output")
      }
    }
    return block
  }

  private static func checkBox(x: Int, y: Int, width: Int, height: Int, of owner: String) throws {
    let fits =
      PixelRange.coordinates.contains(x) && PixelRange.coordinates.contains(y)
      && PixelRange.sizes.contains(width) && PixelRange.sizes.contains(height)
    guard fits else {
      throw EngineError(
        message: "the engine gave \(owner) the box x \(x), y \(y), w \(width), h \(height), beyond any image",
        kind: "engine-output")
    }
  }

  private static func checked(_ box: TextBox, of owner: String) throws -> TextBox {
    var box = box
    box.confidence = try confidence(box.confidence, of: owner)
    try checkBox(x: box.x, y: box.y, width: box.width, height: box.height, of: owner)
    return box
  }
}
