/// A recognized word or line and where it is: pixel coordinates of the image as recognized (after
/// any orientation correction), origin at the top-left corner.
public struct TextBox: Codable, Sendable, Equatable {
  public var text: String
  /// Tesseract's confidence for this item, 0–100.
  public var confidence: Double
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(text: String, confidence: Double, x: Int, y: Int, width: Int, height: Int) {
    self.text = text
    self.confidence = confidence
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  enum CodingKeys: String, CodingKey {
    case text
    case confidence = "conf"
    case x, y
    case width = "w"
    case height = "h"
  }

  /// Whether the box lies wholly inside an image of this size.
  public func isInside(width imageWidth: Int, height imageHeight: Int) -> Bool {
    x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= imageWidth && y + height <= imageHeight
  }
}

/// Every word and line Tesseract found in one image (`--boxes`).
public struct TextLayout: Codable, Sendable, Equatable {
  public var words: [TextBox]
  public var lines: [TextBox]

  public init(words: [TextBox], lines: [TextBox]) {
    self.words = words
    self.lines = lines
  }
}
