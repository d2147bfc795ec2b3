/// A recognized word or line and where it is: pixel coordinates of the image as recognized (after
/// any orientation correction), origin at the top-left corner.
public struct TextBox: Codable, Sendable, Equatable {
  public var text: String
  /// The engine's confidence in this item, 0–100: Tesseract's own, PP-OCR's mean character
  /// probability × 100, an external engine's as it reports it.
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

/// Every word and line an engine found in one image (`--boxes`), and the blocks and paragraphs its
/// layout put the lines in.
public struct TextLayout: Codable, Sendable, Equatable {
  public var words: [TextBox]
  public var lines: [TextBox]
  /// The lines' blocks in reading order, each with its paragraphs; nil from an engine (or a store)
  /// that does not say.
  public var blocks: [TextBlock]?

  public init(words: [TextBox], lines: [TextBox], blocks: [TextBlock]? = nil) {
    self.words = words
    self.lines = lines
    self.blocks = blocks
  }
}

/// A block of text the layout found — a column, a heading, a caption — and its paragraphs, in
/// reading order. Pixel coordinates as `TextBox`'s.
public struct TextBlock: Codable, Sendable, Equatable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int
  public var paragraphs: [TextParagraph]

  public init(x: Int, y: Int, width: Int, height: Int, paragraphs: [TextParagraph]) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.paragraphs = paragraphs
  }

  enum CodingKeys: String, CodingKey {
    case x, y
    case width = "w"
    case height = "h"
    case paragraphs
  }
}

/// A paragraph of a block: `lineCount` consecutive lines of the layout's (and the record's) `lines`,
/// from `firstLine`.
public struct TextParagraph: Codable, Sendable, Equatable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int
  public var firstLine: Int
  public var lineCount: Int

  public init(x: Int, y: Int, width: Int, height: Int, firstLine: Int, lineCount: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.firstLine = firstLine
    self.lineCount = lineCount
  }

  enum CodingKeys: String, CodingKey {
    case x, y
    case width = "w"
    case height = "h"
    case firstLine = "first_line"
    case lineCount = "line_count"
  }

  /// Its lines' indices in the layout's `lines`.
  public var lines: Range<Int> { firstLine..<(firstLine + max(0, lineCount)) }
}

extension Array where Element == TextBlock {
  /// Whether the blocks' paragraphs take `lineCount` lines in order, each once: what an exporter
  /// can walk (a store line from elsewhere may say anything).
  public func covers(lineCount: Int) -> Bool {
    var next = 0
    for paragraph in flatMap(\.paragraphs) {
      guard paragraph.firstLine == next, paragraph.lineCount > 0 else { return false }
      next += paragraph.lineCount
    }
    return next == lineCount
  }
}
