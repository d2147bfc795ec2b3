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
        lines: try layout.lines.map { try Self.checked($0, of: "a line") })
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

  private static func checked(_ box: TextBox, of owner: String) throws -> TextBox {
    var box = box
    box.confidence = try confidence(box.confidence, of: owner)
    let fits =
      PixelRange.coordinates.contains(box.x) && PixelRange.coordinates.contains(box.y)
      && PixelRange.sizes.contains(box.width) && PixelRange.sizes.contains(box.height)
    guard fits else {
      throw EngineError(
        message: "the engine gave \(owner) the box x \(box.x), y \(box.y), w \(box.width), h \(box.height), "
          + "beyond any image", kind: "engine-output")
    }
    return box
  }
}
