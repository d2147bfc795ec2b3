/// The page's structure: a recursive XY cut over the regions that finds blocks (columns, headings,
/// captions), their paragraphs and their lines, in the order a person reads them.
///
/// A set of regions is divided, in this order of preference:
/// 0. under a wide horizontal gap below which something runs across a gutter of everything above
///    (footnotes under columns they do not all span): the rest, then that foot;
/// 1. at a vertical gap that looks like a column gutter (both sides several lines of text, the gap
///    narrow): the columns are read left to right;
/// 2. at wide horizontal gaps (between blocks: a heading across the columns and the columns under
///    it), top to bottom;
/// 3. at a gutter that a few narrow regions cross — a caption or a pull quote set between two
///    columns: the columns are read, then what crossed (a caption does not split a column);
/// 4. at any horizontal gap (between lines), top to bottom;
/// 5. a set that no gap divides is grouped into rows: a receipt's label and price, ragged, stay one
///    line, since no gutter is found between them (the prices are no column of text).
///
/// Every set is read in its own orientation, the one most of its regions have: a vertical page is
/// laid out in reading space (`x` down a column, `y` from right to left), where step 1 becomes
/// tiers stacked down the page (any wide gap across every column) and columns come right to left; a
/// horizontal heading over vertical columns is its own tier, and read as a horizontal line.
extension Layout {
  /// What the records' engine settings call this reading order: a change to it that can change
  /// what a page reads changes this, so resume and the gate tell the runs apart.
  static let method =
    "xy-cut 4 (gutters of ink, blocks, crossed gutters, narrow columns of prose, feet under the block above)"

  /// A block of the page in reading order: its paragraphs, each its lines, each the indices of its
  /// items in reading order.
  struct Block: Equatable {
    var paragraphs: [[[Int]]]
    var isVertical: Bool

    var lines: [[Int]] { paragraphs.flatMap { $0 } }
    var items: [Int] { lines.flatMap { $0 } }
  }

  /// Every item's rectangle in both reading spaces, skew undone in each, and its number of words.
  struct Spaces {
    var horizontal: [Rect]
    var vertical: [Rect]
    var isVertical: [Bool]
    /// Each item's words of letters (two or more: `work`, `GNU`, not `6.40`, `S` or `1x`); empty when
    /// only the geometry is known (then a narrow strip is no column).
    var words: [Int]
    /// The detected region each item is (a piece of): pieces of one region lie side by side.
    var regions: [Int]

    init(_ items: [Item]) {
      isVertical = items.map(\.isVertical)
      words = items.map { item in
        item.words.filter { word in word.text.reduce(0) { $0 + ($1.isLetter ? 1 : 0) } >= 2 }.count
      }
      regions = items.map(\.region)
      func rects(vertical: Bool) -> [Rect] {
        let skew = Layout.skew(items.filter { $0.isVertical == vertical }, vertical: vertical)
        // An item of the other orientation is only its words' box: its centre line runs across.
        return items.map {
          $0.isVertical == vertical
            ? Layout.deskewedRect($0, vertical: vertical, skew: skew) : $0.rect(vertical: vertical)
        }
      }
      horizontal = rects(vertical: false)
      vertical = rects(vertical: true)
    }

    /// Page boxes (each in both spaces, nothing deskewed) and, when known, their numbers of words.
    init(boxes: [PPOCRBox], isVertical: [Bool], words: [Int] = []) {
      horizontal = boxes.map { Rect($0, vertical: false) }
      vertical = boxes.map { Rect($0, vertical: true) }
      self.isVertical = isVertical
      self.words = words
      regions = Array(boxes.indices)
    }

    init(rects: [Rect], vertical: Bool) {
      horizontal = rects
      self.vertical = rects
      isVertical = Array(repeating: vertical, count: rects.count)
      words = []
      regions = Array(rects.indices)
    }

    func rects(vertical: Bool) -> [Rect] { vertical ? self.vertical : horizontal }

    /// Whether most of `set` is vertical (a tie keeps `current`).
    func majorityVertical(_ set: [Int], current: Bool) -> Bool {
      let count = set.filter { isVertical[$0] }.count
      return count * 2 == set.count ? current : count * 2 > set.count
    }
  }

  /// The blocks of `items` in reading order.
  static func blocks(_ items: [Item], parameters: Parameters = Parameters()) -> [Block] {
    let spaces = Spaces(items)
    let set = Array(items.indices)
    return cut(set, spaces, vertical: spaces.majorityVertical(set, current: false), parameters)
  }

  /// The groups of `rects` as lines in reading order (each line its members in order): the blocks'
  /// lines, one after the other.
  static func order(_ rects: [Rect], vertical: Bool = false, parameters: Parameters = Parameters()) -> [[Int]]
  {
    guard !rects.isEmpty else { return [] }
    let spaces = Spaces(rects: rects, vertical: vertical)
    return cut(Array(rects.indices), spaces, vertical: vertical, parameters).flatMap(\.lines)
  }

  /// The recursive cut of `set`, read in the orientation most of it has.
  static func cut(_ set: [Int], _ spaces: Spaces, vertical current: Bool, _ parameters: Parameters) -> [Block]
  {
    if set.isEmpty { return [] }
    let vertical = spaces.majorityVertical(set, current: current)
    if set.count == 1 { return [Block(paragraphs: [[set]], isVertical: vertical)] }
    let rects = spaces.rects(vertical: vertical)
    let heights = set.map { rects[$0].height }.sorted()
    let height = heights[heights.count / 2]
    func recurse(_ parts: [[Int]]) -> [[Block]] {
      parts.filter { !$0.isEmpty }.map { cut($0, spaces, vertical: vertical, parameters) }
    }
    // 0. A foot under columns that runs across a gutter of theirs (footnotes under a page whose
    // columns it does not all span): read after all of them, not after the columns it lies under.
    if !vertical, let (rest, foot) = foot(set, rects, height: height, parameters) {
      return joined(recurse([rest, foot]), rects, vertical: vertical)
    }
    // 1. Columns (tiers on a vertical page).
    let across = gaps(set, rects, along: true)
    if !across.isEmpty {
      let divided = strips(set, rects, at: across)
      let gutters = across.indices.filter { index in
        vertical
          ? across[index].1 - across[index].0 >= parameters.blockGap * height
            || isOtherOrientation(divided[index], spaces, vertical: vertical)
            || isOtherOrientation(divided[index + 1], spaces, vertical: vertical)
          : isGutter(
            across[index], left: divided[index], right: divided[index + 1], rects, spaces, height: height,
            parameters)
      }.map { across[$0] }
      if !gutters.isEmpty { return recurse(strips(set, rects, at: gutters)).flatMap { $0 } }
    }
    // 2. Blocks one above the other.
    let bands = gaps(set, rects, along: false)
    // Vertical columns stand further apart than lines do: there a block gap is also half again the
    // usual gap between columns.
    let spacing = bands.map { $0.1 - $0.0 }.sorted()
    let usual = vertical && spacing.count >= 3 ? 1.5 * spacing[spacing.count / 2] : 0
    let wide = bands.filter { $0.1 - $0.0 >= max(parameters.blockGap * height, usual) }
    if !wide.isEmpty {
      return joined(recurse(pieces(set, rects, at: wide, along: false)), rects, vertical: vertical)
    }
    // 3. Columns with a caption between them.
    if !vertical,
      let (gutters, floats) = crossedGutters(set, rects, spaces, height: height, parameters)
    {
      let rest = set.filter { !floats.contains($0) }
      // What crosses above every column is a heading over them (below every column, a footer):
      // read first (last), cut off where it ends.
      let top = rest.map { rects[$0].minY }.min() ?? 0
      let bottom = rest.map { rects[$0].maxY }.max() ?? 0
      let heads = floats.filter { rects[$0].centerY < top }.map { rects[$0].maxY }
      let feet = floats.filter { rects[$0].centerY > bottom }.map { rects[$0].minY }
      if let head = heads.max() ?? feet.min() {
        let upper = set.filter { heads.isEmpty ? rects[$0].centerY < head : rects[$0].centerY <= head }
        if !upper.isEmpty && upper.count < set.count {
          let isUpper = Set(upper)
          return joined(recurse([upper, set.filter { !isUpper.contains($0) }]), rects, vertical: vertical)
        }
      }
      return recurse(strips(rest, rects, at: gutters)).flatMap { $0 }
        + cut(set.filter { floats.contains($0) }, spaces, vertical: vertical, parameters)
    }
    // 4. Lines one above the other.
    if !bands.isEmpty {
      return paragraphs(recurse(pieces(set, rects, at: bands, along: false)), rects, parameters)
    }
    // 5. Rows.
    return paragraphs([[Block(paragraphs: [rows(set, rects)], isVertical: vertical)]], rects, parameters)
  }

  /// What lies under a wide horizontal gap of the set (at least `blockGap`) and runs across a
  /// vertical gap of the block just above it (a gutter between columns), with everything above:
  /// the lowest such gap (footnotes over a page number are one foot). The block above is what
  /// lies under the lowest wide gap above the foot: a heading over some of the columns bridges
  /// their gutters higher up, and would hide them from the foot.
  static func foot(_ set: [Int], _ rects: [Rect], height: Double, _ parameters: Parameters)
    -> (rest: [Int], foot: [Int])?
  {
    let bands = gaps(set, rects, along: false).filter { $0.1 - $0.0 >= parameters.blockGap * height }
    for (index, band) in bands.enumerated().reversed() {
      let foot = set.filter { rects[$0].minY >= band.1 }
      let rest = set.filter { rects[$0].minY < band.1 }
      let top = index > 0 ? bands[index - 1].1 : -Double.infinity
      let gutters = gaps(rest.filter { rects[$0].minY >= top }, rects, along: true)
      if gutters.contains(where: { gap in foot.contains { rects[$0].minX < gap.0 && rects[$0].maxX > gap.1 } }
      ) {
        return (rest, foot)
      }
    }
    return nil
  }

  /// Whether every item of a non-empty `strip` has the other orientation: a horizontal heading over
  /// vertical columns is a tier of its own, however narrow the gap its detected box leaves.
  static func isOtherOrientation(_ strip: [Int], _ spaces: Spaces, vertical: Bool) -> Bool {
    !strip.isEmpty && strip.allSatisfy { spaces.isVertical[$0] != vertical }
  }

  /// Consecutive parts of one column (each read as a single block, overlapping along the lines by at
  /// least half the narrower) are one block of several paragraphs; other parts stay blocks of
  /// their own.
  static func joined(_ parts: [[Block]], _ rects: [Rect], vertical: Bool) -> [Block] {
    var result: [Block] = []
    var lastWasSingle = false
    for part in parts {
      if part.count == 1, lastWasSingle, let previous = result.last,
        previous.isVertical == part[0].isVertical,
        overlapsAlong(previous.items, part[0].items, rects)
      {
        result[result.count - 1].paragraphs += part[0].paragraphs
      } else {
        result += part
      }
      lastWasSingle = part.count == 1
    }
    return result
  }

  /// Lines one above the other, each part read as one block of one paragraph, are one block; a
  /// paragraph starts at a line indented after one that is not.
  static func paragraphs(_ parts: [[Block]], _ rects: [Rect], _ parameters: Parameters) -> [Block] {
    var result: [Block] = []
    var lastWasSingle = false
    for part in parts {
      let single = part.count == 1 && part[0].paragraphs.count == 1
      if single, lastWasSingle, let previous = result.last, previous.isVertical == part[0].isVertical {
        result[result.count - 1].paragraphs[0] += part[0].paragraphs[0]
      } else {
        result += part
      }
      lastWasSingle = single
    }
    return result.map { block in
      guard block.paragraphs.count == 1 else { return block }
      var split = block
      split.paragraphs = indented(block.paragraphs[0], rects, parameters)
      return split
    }
  }

  /// A paragraph's lines cut before each line that starts `indent` further in than the block's
  /// usual start, where the line before it did not.
  static func indented(_ lines: [[Int]], _ rects: [Rect], _ parameters: Parameters) -> [[[Int]]] {
    guard lines.count >= 3 else { return [lines] }
    let starts = lines.map { line in line.map { rects[$0].minX }.min() ?? 0 }
    let heights = lines.flatMap { $0.map { rects[$0].height } }.sorted()
    let height = heights[heights.count / 2]
    let usual = starts.sorted()[starts.count / 2]
    let isIndented = starts.map { $0 - usual >= parameters.indent * height && $0 - usual <= 6 * height }
    var result: [[[Int]]] = [[lines[0]]]
    for index in 1..<lines.count {
      if isIndented[index] && !isIndented[index - 1] {
        result.append([lines[index]])
      } else {
        result[result.count - 1].append(lines[index])
      }
    }
    return result
  }

  /// Whether two sets overlap along the lines by at least half the narrower one's extent.
  static func overlapsAlong(_ a: [Int], _ b: [Int], _ rects: [Rect]) -> Bool {
    func extent(_ set: [Int]) -> (Double, Double) {
      (set.map { rects[$0].minX }.min() ?? 0, set.map { rects[$0].maxX }.max() ?? 0)
    }
    let (a0, a1) = extent(a)
    let (b0, b1) = extent(b)
    return min(a1, b1) - max(a0, b0) >= 0.5 * min(a1 - a0, b1 - b0)
  }

  /// Gutters that a few narrow regions cross (a caption set between two columns), and those
  /// regions: each gutter an interval where at most `floatShare` of the set's regions cover the
  /// page, as wide as a gutter is, with columns of text on both sides once they are taken out.
  static func crossedGutters(
    _ set: [Int], _ rects: [Rect], _ spaces: Spaces, height: Double, _ parameters: Parameters
  ) -> (gutters: [(Double, Double)], floats: Set<Int>)? {
    let limit = Int(saturating: parameters.floatShare * Double(set.count))
    guard limit >= 1 else { return nil }
    // The coverage of the x axis, interval by interval between the set's first and last edge.
    var edges: [(x: Double, change: Int)] = []
    for index in set {
      edges.append((rects[index].minX, 1))
      edges.append((rects[index].maxX, -1))
    }
    edges.sort { $0.x != $1.x ? $0.x < $1.x : $0.change < $1.change }
    var intervals: [(from: Double, to: Double, count: Int)] = []
    var count = 0
    for index in 0..<(edges.count - 1) {
      count += edges[index].change
      if edges[index + 1].x > edges[index].x { intervals.append((edges[index].x, edges[index + 1].x, count)) }
    }
    let setMin = edges.first?.x ?? 0
    let setMax = edges.last?.x ?? 0
    // The narrowest crossing first: runs covered at most once, then at most twice, and so on.
    for crossingLimit in 1...limit {
      var runs: [(Double, Double)] = []
      for interval in intervals where interval.count <= crossingLimit {
        if let last = runs.last, last.1 == interval.from {
          runs[runs.count - 1].1 = interval.to
        } else {
          runs.append((interval.from, interval.to))
        }
      }
      var gutters: [(Double, Double)] = []
      var floats = Set<Int>()
      for run in runs where run.1 - run.0 >= parameters.minGutter * height {
        let crossing = set.filter { rects[$0].maxX > run.0 && rects[$0].minX < run.1 }
        guard !crossing.isEmpty, crossing.count <= limit else { continue }
        let from = crossing.map { rects[$0].minX }.min() ?? 0
        let to = crossing.map { rects[$0].maxX }.max() ?? 0
        guard to - from <= parameters.floatWidth * (setMax - setMin) else { continue }
        let left = set.filter { rects[$0].maxX <= run.0 }
        let right = set.filter { rects[$0].minX >= run.1 }
        guard isGutter(run, left: left, right: right, rects, spaces, height: height, parameters) else {
          continue
        }
        gutters.append(run)
        floats.formUnion(crossing)
      }
      if !gutters.isEmpty { return (gutters, floats) }
    }
    return nil
  }

  /// The set divided at vertical gaps: each rectangle goes to the strip that holds its middle.
  static func strips(_ set: [Int], _ rects: [Rect], at cuts: [(Double, Double)]) -> [[Int]] {
    var result = [[Int]](repeating: [], count: cuts.count + 1)
    for index in set {
      let middle = (rects[index].minX + rects[index].maxX) / 2
      result[cuts.filter { middle >= ($0.0 + $0.1) / 2 }.count].append(index)
    }
    return result
  }

  /// The empty intervals between the rectangles' projections on the `x` axis (`along`) or `y`.
  static func gaps(_ set: [Int], _ rects: [Rect], along: Bool) -> [(Double, Double)] {
    let intervals = set.map { along ? (rects[$0].minX, rects[$0].maxX) : (rects[$0].minY, rects[$0].maxY) }
      .sorted { $0.0 < $1.0 }
    var result: [(Double, Double)] = []
    var end = intervals[0].1
    for (start, stop) in intervals.dropFirst() {
      if start > end { result.append((end, start)) }
      end = max(end, stop)
    }
    return result
  }

  /// Whether the vertical gap `gap` separates two columns of text, the strips `left` and `right` on
  /// its two sides: narrow, with enough lines in each strip, most of which fill their strip's width
  /// or are long lines of text all the same (as a column's lines do, also where it narrows beside a
  /// picture, and a receipt's ragged labels and values do not). A strip narrower than
  /// `minColumnWidth`, or beside a gap wider than `maxGutter`, is a column only when its lines hold
  /// words as prose does (``isProse``): the narrow columns of a four-column page in small type
  /// under wide gutters do, a receipt's column of prices, however far from its labels, does not.
  /// Such a gap must also be one the detector saw on most lines: where most lines on its right are
  /// pieces of regions that run on to its left, it is the spaces between words of a justified
  /// paragraph lining up (a river), not a gutter.
  static func isGutter(
    _ gap: (Double, Double), left: [Int], right: [Int], _ rects: [Rect], _ spaces: Spaces, height: Double,
    _ parameters: Parameters
  ) -> Bool {
    // A strip's lines are its pieces grouped into rows (a line may have been cut at wide spaces).
    let leftLines = rows(left, rects)
    let rightLines = rows(right, rects)
    var needsProse = gap.1 - gap.0 > parameters.maxGutter * height
    func filled(_ strip: [Int], _ lines: [[Int]]) -> Bool {
      guard !strip.isEmpty, lines.count >= parameters.minColumnLines else { return false }
      let from = strip.map { rects[$0].minX }.min() ?? 0
      let to = strip.map { rects[$0].maxX }.max() ?? 0
      if to - from < parameters.minColumnWidth * height { needsProse = true }
      let long = min(parameters.columnFill * (to - from), parameters.minColumnWidth * height)
      let full = lines.filter { line in
        let start = line.map { rects[$0].minX }.min() ?? 0
        let end = line.map { rects[$0].maxX }.max() ?? 0
        return end - start >= long
      }.count
      return Double(full) >= parameters.alignedShare * Double(lines.count)
    }
    guard filled(left, leftLines) && filled(right, rightLines) else { return false }
    guard needsProse else { return true }
    guard isProse(leftLines, words: spaces.words, parameters),
      isProse(rightLines, words: spaces.words, parameters)
    else { return false }
    let leftRegions = Set(left.map { spaces.regions[$0] })
    let joined = rightLines.filter { line in line.contains { leftRegions.contains(spaces.regions[$0]) } }
    return 2 * joined.count <= rightLines.count
  }

  /// Whether `lines` (each its items) read as prose: `alignedShare` of them hold at least
  /// `minColumnWords` words of letters, as a column's lines do however narrow it is set, where a table's column of
  /// values (a receipt's prices, quantities, codes, tax letters) holds none or one. Without words,
  /// no.
  static func isProse(_ lines: [[Int]], words: [Int], _ parameters: Parameters) -> Bool {
    guard !words.isEmpty, !lines.isEmpty else { return false }
    let prose = lines.filter { line in line.reduce(0) { $0 + words[$1] } >= parameters.minColumnWords }
    return Double(prose.count) >= parameters.alignedShare * Double(lines.count)
  }

  /// The set divided at `cuts` (sorted gaps), in order.
  static func pieces(_ set: [Int], _ rects: [Rect], at cuts: [(Double, Double)], along: Bool) -> [[Int]] {
    var result = [[Int]](repeating: [], count: cuts.count + 1)
    for index in set {
      let start = along ? rects[index].minX : rects[index].minY
      result[cuts.filter { start >= $0.1 }.count].append(index)
    }
    return result.filter { !$0.isEmpty }
  }
}

extension Layout {
  /// The items read: lines in reading order, grouped into paragraphs and blocks.
  static func result(_ items: [Item], parameters: Parameters = Parameters()) -> PPOCRResult {
    let items = items.filter { !$0.words.isEmpty }.enumerated().flatMap { index, item in
      var item = item
      item.region = index
      return item.split(gap: parameters.splitGap)
    }
    guard !items.isEmpty else { return PPOCRResult(lines: []) }
    var lines: [PPOCRResult.Line] = []
    var blocks: [PPOCRResult.Block] = []
    for block in Layout.blocks(items, parameters: parameters) {
      var paragraphs: [PPOCRResult.Paragraph] = []
      for paragraph in block.paragraphs {
        let first = lines.count
        for group in paragraph {
          let members = group.map { items[$0] }
          let words = members.flatMap(\.words)
          guard let firstWord = words.first else { continue }
          let box = words.dropFirst().reduce(firstWord.box) { $0.union($1.box) }
          let count = members.reduce(0) { $0 + $1.characterCount }
          let probability = count > 0 ? members.reduce(0.0) { $0 + $1.probabilitySum } / Double(count) : 0
          lines.append(
            PPOCRResult.Line(
              text: words.map(\.text).joined(separator: " "), confidence: 100 * probability, box: box,
              words: words, isVertical: block.isVertical))
        }
        guard lines.count > first else { continue }
        let box = lines[(first + 1)..<lines.count].reduce(lines[first].box) { $0.union($1.box) }
        paragraphs.append(PPOCRResult.Paragraph(box: box, lines: first..<lines.count))
      }
      guard let firstParagraph = paragraphs.first else { continue }
      let box = paragraphs.dropFirst().reduce(firstParagraph.box) { $0.union($1.box) }
      blocks.append(PPOCRResult.Block(box: box, paragraphs: paragraphs, isVertical: block.isVertical))
    }
    return PPOCRResult(lines: lines, blocks: blocks)
  }
}
