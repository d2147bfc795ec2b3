/// Reading order: recognized regions into lines, lines into the order a person reads them.
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
  }

  /// A recognized region with what the layout needs of it.
  struct Item {
    var text: String
    var words: [PPOCRResult.Word]
    var isVertical: Bool
    var probabilitySum: Double
    var characterCount: Int
    /// The region's bounds on the page.
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    init(region: TextRegion, line: DecodedLine, imageWidth: Int, imageHeight: Int) {
      words = Words.words(of: line, in: region.quad, imageWidth: imageWidth, imageHeight: imageHeight)
      text = words.map(\.text).joined(separator: " ")
      isVertical = region.isVertical
      let counted = line.characters.filter { !Words.isSpace($0.text) }
      probabilitySum = counted.reduce(0.0) { $0 + Double($1.probability) }
      characterCount = counted.count
      let points = region.quad.points
      minX = points.map(\.x).min() ?? 0
      minY = points.map(\.y).min() ?? 0
      maxX = points.map(\.x).max() ?? 0
      maxY = points.map(\.y).max() ?? 0
    }

    /// Bounds in reading space.
    func rect(vertical: Bool) -> Rect {
      vertical
        ? Rect(minX: minY, minY: -maxX, maxX: maxY, maxY: -minX)
        : Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
  }

  /// The items as lines in reading order. A page whose regions are mostly vertical columns is read
  /// as Japanese is typeset: columns from right to left.
  static func lines(_ items: [Item]) -> [PPOCRResult.Line] {
    guard !items.isEmpty else { return [] }
    let verticalCount = items.filter(\.isVertical).count
    let vertical = verticalCount * 2 > items.count
    let rects = items.map { $0.rect(vertical: vertical) }
    return order(rects).compactMap { group in
      let members = group.map { items[$0] }
      let words = members.flatMap(\.words)
      guard let first = words.first else { return nil }
      let box = words.dropFirst().reduce(first.box) { $0.union($1.box) }
      let count = members.reduce(0) { $0 + $1.characterCount }
      let probability = count > 0 ? members.reduce(0.0) { $0 + $1.probabilitySum } / Double(count) : 0
      return PPOCRResult.Line(
        text: words.map(\.text).joined(separator: " "), confidence: 100 * probability, box: box,
        words: words, isVertical: vertical)
    }
  }

  /// Groups of indices of `rects`, each group one line (its members in reading order), the groups
  /// in reading order.
  static func order(_ rects: [Rect]) -> [[Int]] {
    rows(Array(rects.indices), rects)
  }

  /// Lines of a set of rectangles: a rectangle joins the line it overlaps most across (by at least
  /// half the smaller height) unless it overlaps one of that line's members along; lines top to
  /// bottom, members left to right.
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
        let collides = lines[line].contains { member in
          min(rects[member].maxX, rect.maxX) - max(rects[member].minX, rect.minX) > 0
        }
        if !collides {
          best = line
          bestOverlap = overlap
        }
      }
      if best >= 0 {
        lines[best].append(index)
        ranges[best] = (min(ranges[best].minY, rect.minY), max(ranges[best].maxY, rect.maxY))
      } else {
        lines.append([index])
        ranges.append((rect.minY, rect.maxY))
      }
    }
    return lines.map { line in line.sorted { rects[$0].minX < rects[$1].minX } }
  }
}
