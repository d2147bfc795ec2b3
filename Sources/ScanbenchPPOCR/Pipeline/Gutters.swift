/// Column gutters found from the page's whitespace, not from where the detector's boxes end.
///
/// Under a gutter narrower than a line is high, the detector runs a line of the left column and the
/// line of the right column beside it into one region, and the recognizer reads the two columns'
/// words as one (`withinthe`): no reading order can take them apart again. So before recognition, a
/// detected line is cut where its ink leaves a gap that is a gutter: a band of columns with no ink
/// that runs on above and below the line, beside which several other lines of text end (on its left)
/// and start (on its right), each of them a stretch of prose several line heights long. A wide word
/// space of one line is no such band (the lines above and below have ink there), nor is the gap
/// between a receipt's items and prices (no lines of prose start at the prices' side), nor the gap
/// of a heading or a caption across the columns (it crosses the band, which ends at it)
/// (docs/engines.md, "Reading order").
enum Gutters {
  /// A detected horizontal line as its ink shows it.
  struct Line: Equatable {
    /// The rows of its box on the page.
    var rows: ClosedRange<Int>
    /// Its box's height, the unit of every distance here.
    var thickness: Double
    /// Its ink's runs of columns in the middle rows of its box (page x), left to right: the rows
    /// above and below may hold the ascenders and descenders of the lines next to it.
    var ink: [Range<Int>]

    var centerY: Int { (rows.lowerBound + rows.upperBound) / 2 }

    init(rows: ClosedRange<Int>, ink: [Range<Int>]) {
      self.rows = rows
      thickness = Double(rows.count)
      self.ink = ink
    }

    /// The line whose box on the page is `box` (within `map`), nil when it holds no ink.
    init?(box: PPOCRBox, in map: InkMap) {
      guard box.width >= 2, box.height >= 4, box.x + box.width <= map.width, box.y + box.height <= map.height
      else { return nil }
      let rows = box.y...(box.y + box.height - 1)
      let inset = box.height / 5
      let ink = map.inkRuns(
        rows: (rows.lowerBound + inset)...(rows.upperBound - inset), columns: box.x...(box.x + box.width - 1))
      guard !ink.isEmpty else { return nil }
      self.init(rows: rows, ink: ink)
    }
  }

  typealias Parameters = PPOCRPipeline.Options.GutterSplit

  /// For each line, the gaps of its ink that are gutters (page columns without ink, first to last),
  /// left to right; a line that is nil has none.
  static func cuts(_ lines: [Line?], map: InkMap, parameters: Parameters) -> [[ClosedRange<Int>]] {
    lines.indices.map { index in
      guard let line = lines[index] else { return [] }
      return zip(line.ink, line.ink.dropFirst()).compactMap { before, after in
        let gap = before.upperBound...(after.lowerBound - 1)
        guard Double(gap.count) >= parameters.minGap * line.thickness,
          isGutter(gap, of: index, lines, map: map, parameters: parameters)
        else { return nil }
        return gap
      }
    }
  }

  /// Whether the gap `gap` in the ink of `lines[index]` is a gutter: the middle of its columns (the
  /// band) has no ink above and below the line as far as at least ``Parameters/minLines`` other
  /// lines reach on each side of it, each ending (on its left) or starting (on its right) by the
  /// gap and running on for ``Parameters/minSideLength``.
  static func isGutter(
    _ gap: ClosedRange<Int>, of index: Int, _ lines: [Line?], map: InkMap, parameters: Parameters
  ) -> Bool {
    guard let line = lines[index] else { return false }
    // A justified line's last letter may overhang the column's edge by a few pixels, and a letter's
    // bearing leaves some space before the next column's first: only the middle of the gap is a
    // band the lines beside it keep clear.
    let sliver = max(1, Int(saturating: (0.05 * line.thickness).rounded(.down)), gap.count / 4)
    guard gap.lowerBound + sliver <= gap.upperBound - sliver else { return false }
    let band = (gap.lowerBound + sliver)...(gap.upperBound - sliver)
    let center = line.centerY
    guard center >= 0, center < map.height, !map.hasInk(row: center, columns: band) else { return false }
    var top = center
    while top > 0 && !map.hasInk(row: top - 1, columns: band) { top -= 1 }
    var bottom = center
    while bottom < map.height - 1 && !map.hasInk(row: bottom + 1, columns: band) { bottom += 1 }
    var left = 0
    var right = 0
    for (other, neighbour) in lines.enumerated() {
      guard other != index, let neighbour, (top...bottom).contains(neighbour.centerY) else { continue }
      let unit = neighbour.thickness
      let after = neighbour.ink.filter { $0.upperBound > gap.upperBound + 1 }
      if let first = after.first.map({ max($0.lowerBound, gap.upperBound + 1) }), let last = after.last,
        Double(first - gap.upperBound - 1) <= parameters.rightAlignment * unit,
        Double(last.upperBound - first) >= parameters.minSideLength * unit
      {
        right += 1
      }
      let before = neighbour.ink.filter { $0.lowerBound < gap.lowerBound }
      if let first = before.first, let end = before.last.map({ min($0.upperBound, gap.lowerBound) }),
        Double(gap.lowerBound - end) <= parameters.leftReach * unit,
        Double(end - first.lowerBound) >= parameters.minSideLength * unit
      {
        left += 1
      }
    }
    return left >= parameters.minLines && right >= parameters.minLines
  }
}

extension PPOCRPipeline.Options {
  /// When a detected line is cut at a column gutter before it is read (``Gutters``), in units of a
  /// line's thickness (the height of its box). Chosen on the column sweep and the receipts
  /// (docs/engines.md, "Reading order").
  public struct GutterSplit: Sendable, Equatable {
    /// Cut detected lines at gutters at all.
    public var isOn = true
    /// A line's ink must leave a gap at least this wide …
    public var minGap = 0.5
    /// … whose band of columns stays without ink above and below as far as at least this many
    /// other lines reach on each side of it (the lines beside a river of word spaces down a
    /// justified paragraph are a few; a gutter runs down a column) …
    public var minLines = 8
    /// … each starting within this of the band on its right (a column's lines start flush with its
    /// edge) …
    public var rightAlignment = 0.5
    /// … or ending within this of it on its left (a ragged line ends short of the gutter) …
    public var leftReach = 2.0
    /// … and running at least this far from there: prose, not a receipt's column of prices.
    public var minSideLength = 4.0
    /// Lines that slope more than this (rise over run) are not cut.
    public var maxSlope = 0.02
    /// Each piece keeps this much of the gap beside its ink (at most half the gap).
    public var margin = 0.25

    public init() {}
  }
}
