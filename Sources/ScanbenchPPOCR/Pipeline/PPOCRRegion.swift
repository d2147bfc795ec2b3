/// One detected (or whole-image) text region as the recognizer read it, before the reading order:
/// what ``PPOCRPipeline/readRegions(_:singleLine:)`` gives and ``PPOCRPipeline/layout(_:imageWidth:imageHeight:singleLine:)``
/// takes. Codable, so a measurement can keep the models' work and try reading orders on it.
public struct PPOCRRegion: Sendable, Equatable, Codable {
  /// A recognized character and the recognizer's output columns it covers.
  public struct Character: Sendable, Equatable, Codable {
    public var text: String
    public var firstColumn: Int
    public var lastColumn: Int
    public var probability: Float

    public init(text: String, firstColumn: Int, lastColumn: Int, probability: Float) {
      self.text = text
      self.firstColumn = firstColumn
      self.lastColumn = lastColumn
      self.probability = probability
    }
  }

  /// The corners in reading order, `[x0, y0, x1, y1, x2, y2, x3, y3]`: top-left, top-right,
  /// bottom-right, bottom-left of the text as read (for a vertical column, top-left is the column's
  /// top right on the page), in image pixels.
  public var corners: [Double]
  public var isVertical: Bool
  /// The detector's mean probability inside the region (1 for a whole-image line).
  public var score: Double
  public var characters: [Character]
  /// Output columns that cover the crop's content.
  public var contentColumns: Double
  /// The smallest probability of the likeliest class over those columns, blanks included.
  public var leastSureColumn: Float?

  public init(
    corners: [Double], isVertical: Bool, score: Double, characters: [Character], contentColumns: Double
  ) {
    precondition(corners.count == 8, "a region has four corners")
    self.corners = corners
    self.isVertical = isVertical
    self.score = score
    self.characters = characters
    self.contentColumns = contentColumns
  }

  /// The recognized text.
  public var text: String { characters.map(\.text).joined() }

  init(region: TextRegion, line: DecodedLine) {
    corners = region.quad.points.flatMap { [$0.x, $0.y] }
    isVertical = region.isVertical
    score = region.score
    characters = line.characters.map {
      Character(
        text: $0.text, firstColumn: $0.firstColumn, lastColumn: $0.lastColumn, probability: $0.probability)
    }
    contentColumns = line.contentColumns
    leastSureColumn = line.leastSureColumn
  }

  var quad: Quad {
    Quad(
      topLeft: Point(x: corners[0], y: corners[1]), topRight: Point(x: corners[2], y: corners[3]),
      bottomRight: Point(x: corners[4], y: corners[5]), bottomLeft: Point(x: corners[6], y: corners[7]))
  }

  var decodedLine: DecodedLine {
    DecodedLine(
      characters: characters.map {
        DecodedCharacter(
          text: $0.text, firstColumn: $0.firstColumn, lastColumn: $0.lastColumn, probability: $0.probability)
      }, contentColumns: contentColumns, leastSureColumn: leastSureColumn ?? 1)
  }
}
