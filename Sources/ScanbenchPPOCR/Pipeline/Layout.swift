/// Reading order: recognized regions into lines, lines into paragraphs and blocks, blocks into the
/// order a person reads them (the cut itself is in `Layout+Cut.swift`).
///
/// Regions are first cut where their words leave a gap wider than half the line's thickness (the
/// detector sometimes runs one box across a narrow column gutter; rows put the pieces together again
/// where no gutter is found). Everything is measured after undoing the page's skew (the
/// length-weighted median slope of the regions), so a photographed receipt's item and price, tilted,
/// are one row.
enum Layout {
  /// An axis-aligned rectangle in reading space: `x` along the lines, `y` across them (down the page
  /// for horizontal text; for a vertical page, `x` runs down a column and `y` from right to left).
  struct Rect: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var height: Double { maxY - minY }
    var centerY: Double { (minY + maxY) / 2 }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }

    /// A page box in reading space.
    init(_ box: PPOCRBox, vertical: Bool) {
      let (x0, y0) = (Double(box.x), Double(box.y))
      let (x1, y1) = (Double(box.x + box.width), Double(box.y + box.height))
      self =
        vertical
        ? Rect(minX: y0, minY: -x1, maxX: y1, maxY: -x0) : Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }
  }

  typealias Parameters = PPOCRPipeline.Options.ReadingOrder

  /// A recognized region (or a piece of one) with what the layout needs of it.
  struct Item {
    var words: [PPOCRResult.Word]
    var isVertical: Bool
    var probabilitySum: Double
    var characterCount: Int
    /// The region's thickness across its text, in pixels.
    var thickness: Double
    /// The region's centre line, from the middle of its start edge to the middle of its end edge.
    var start: Point
    var end: Point
    /// Which detected region of the page it is (a piece of), once numbered (``Layout/result``).
    var region = 0

    init(quad: Quad, isVertical: Bool, line: DecodedLine, imageWidth: Int, imageHeight: Int) {
      words = Words.words(of: line, in: quad, imageWidth: imageWidth, imageHeight: imageHeight)
      self.isVertical = isVertical
      let counted = line.characters.filter { !Words.isSpace($0.text) }
      probabilitySum = counted.reduce(0.0) { $0 + Double($1.probability) }
      characterCount = counted.count
      thickness = quad.thickness
      start = quad.topLeft.interpolated(to: quad.bottomLeft, by: 0.5)
      end = quad.topRight.interpolated(to: quad.bottomRight, by: 0.5)
    }

    /// A piece of `parent`: some of its words, on its centre line.
    init(words: [PPOCRResult.Word], of parent: Item) {
      self.words = words
      isVertical = parent.isVertical
      region = parent.region
      thickness = parent.thickness
      start = parent.start
      end = parent.end
      // Word confidences are mean character probabilities: weigh them by their lengths again.
      characterCount = words.reduce(0) { $0 + $1.text.count }
      probabilitySum = words.reduce(0.0) { $0 + $1.confidence / 100 * Double($1.text.count) }
    }

    var text: String { words.map(\.text).joined(separator: " ") }

    /// The union of the words' boxes in reading space.
    func rect(vertical: Bool) -> Rect {
      let rects = words.map { Rect($0.box, vertical: vertical) }
      return Rect(
        minX: rects.map(\.minX).min() ?? 0, minY: rects.map(\.minY).min() ?? 0,
        maxX: rects.map(\.maxX).max() ?? 0, maxY: rects.map(\.maxY).max() ?? 0)
    }

    /// The centre line's direction in reading space as a slope (`dy / dx`), and its length.
    func slope(vertical: Bool) -> (slope: Double, length: Double) {
      let a = vertical ? Point(x: start.y, y: -start.x) : start
      let b = vertical ? Point(x: end.y, y: -end.x) : end
      let dx = b.x - a.x
      guard dx > 0 else { return (0, 0) }
      return ((b.y - a.y) / dx, a.distance(to: b))
    }

    /// The item cut where consecutive words are more than `gap` times its thickness apart.
    func split(gap: Double) -> [Item] {
      guard words.count > 1 else { return [self] }
      var pieces: [Item] = []
      var current: [PPOCRResult.Word] = [words[0]]
      for word in words.dropFirst() {
        let previous = Rect(current[current.count - 1].box, vertical: isVertical)
        let next = Rect(word.box, vertical: isVertical)
        if next.minX - previous.maxX > gap * thickness {
          pieces.append(Item(words: current, of: self))
          current = []
        }
        current.append(word)
      }
      if pieces.isEmpty { return [self] }
      pieces.append(Item(words: current, of: self))
      return pieces
    }
  }

  /// The page's skew in reading space: the median slope of the items' centre lines, each counted by
  /// its length (long lines say more), between −0.3 and 0.3.
  static func skew(_ items: [Item], vertical: Bool) -> Double {
    let slopes = items.map { $0.slope(vertical: vertical) }.filter { $0.length > 0 }.sorted {
      $0.slope < $1.slope
    }
    let total = slopes.reduce(0) { $0 + $1.length }
    guard total > 0 else { return 0 }
    var running = 0.0
    for entry in slopes {
      running += entry.length
      if running >= total / 2 { return min(0.3, max(-0.3, entry.slope)) }
    }
    return 0
  }

  /// An item's rectangle in reading space with the skew undone: along as its words span, across its
  /// thickness about its centre line where the words' middle is.
  static func deskewedRect(_ item: Item, vertical: Bool, skew: Double) -> Rect {
    let rect = item.rect(vertical: vertical)
    let middle = (rect.minX + rect.maxX) / 2
    let a = vertical ? Point(x: item.start.y, y: -item.start.x) : item.start
    let b = vertical ? Point(x: item.end.y, y: -item.end.x) : item.end
    // The centre line's height where the words' middle is, then the skew taken out there.
    let t = b.x != a.x ? (middle - a.x) / (b.x - a.x) : 0.5
    let center = a.y + (b.y - a.y) * t - skew * middle
    return Rect(
      minX: rect.minX, minY: center - item.thickness / 2, maxX: rect.maxX, maxY: center + item.thickness / 2)
  }

  /// Lines of a set of rectangles that no gap divides: a rectangle joins the line whose first member
  /// it overlaps most across (by at least half the smaller height) unless it overlaps one of that
  /// line's members along by half the shorter; lines top to bottom, members left to right.
  static func rows(_ set: [Int], _ rects: [Rect]) -> [[Int]] {
    let sorted = set.sorted {
      rects[$0].centerY != rects[$1].centerY ? rects[$0].centerY < rects[$1].centerY : $0 < $1
    }
    var lines: [[Int]] = []
    var ranges: [(minY: Double, maxY: Double)] = []
    for index in sorted {
      let rect = rects[index]
      var best = -1
      var bestOverlap = 0.0
      for (line, range) in ranges.enumerated() {
        let overlap = min(range.maxY, rect.maxY) - max(range.minY, rect.minY)
        let needed = 0.5 * min(range.maxY - range.minY, rect.height)
        if overlap < needed || overlap <= bestOverlap { continue }
        // Detected boxes grow past their text, so neighbours on a line overlap a little: only
        // an overlap of half the shorter one is another line.
        let collides = lines[line].contains { member in
          min(rects[member].maxX, rect.maxX) - max(rects[member].minX, rect.minX)
            > 0.5 * min(rects[member].maxX - rects[member].minX, rect.maxX - rect.minX)
        }
        if !collides {
          best = line
          bestOverlap = overlap
        }
      }
      if best >= 0 {
        // The line keeps its first member's range, so lines do not grow into each other.
        lines[best].append(index)
      } else {
        lines.append([index])
        ranges.append((rect.minY, rect.maxY))
      }
    }
    return lines.map { line in line.sorted { rects[$0].minX < rects[$1].minX } }
  }
}

extension PPOCRPipeline.Options {
  /// The settings of the reading order (``Layout``), in units of a line's thickness (the height of
  /// its box). Chosen on pages, receipts and vertical Japanese together (docs/engines.md, "Reading order").
  public struct ReadingOrder: Sendable, Equatable {
    /// A region is cut where two of its words are further apart than this.
    public var splitGap = 0.5
    /// Horizontal gaps at least this high separate blocks and are cut first.
    public var blockGap = 0.5
    /// A column gutter is at most this wide (wider only between columns of prose, as narrow ones
    /// are held to: see `minColumnWords`) …
    public var maxGutter = 4.0
    /// … with at least this many lines on each side …
    public var minColumnLines = 3
    /// … each side at least this wide (a column of text holds a few words; a table's columns of
    /// numbers do not), or, narrower, with `alignedShare` of its lines holding at least `minColumnWords`
    /// words of letters (prose set in narrow columns, where a column of values holds none or one) …
    public var minColumnWidth = 10.0
    public var minColumnWords = 2
    /// … of which at least this share span at least `columnFill` of their side's width (or
    /// `minColumnWidth`, a column narrowed beside a picture).
    public var alignedShare = 0.6
    public var columnFill = 0.7
    /// A gutter is at least this wide.
    public var minGutter = 0.3
    /// A gutter may be crossed by at most this share of a set's regions, narrower together than
    /// `floatWidth` of the set: a caption or a pull quote between two columns, read after them.
    public var floatShare = 0.15
    public var floatWidth = 0.6
    /// A line indented by at least this, after one that is not, starts a paragraph.
    public var indent = 1.0

    public init() {}
  }
}
