/// The tiers (段) of a vertical page, read one after the other.
///
/// A book page set in two or three tiers puts columns of every tier at the same places across the
/// page; read right to left over the whole page they interleave, a column of the upper tier, then
/// one of the lower. The tiers are the bands of columns that stand over the same rows, separated by
/// horizontal whitespace: each is read on its own (its columns right to left), top to bottom.
enum VerticalTiers {
  /// An item's extent down the page: its words' boxes'.
  static func rows(_ item: Layout.Item) -> (top: Double, bottom: Double)? {
    guard let first = item.words.first?.box else { return nil }
    let box = item.words.dropFirst().reduce(first) { $0.union($1.box) }
    return (Double(box.y), Double(box.y + box.height))
  }

  /// A tier's rows and its columns; `joined` once a broken piece was joined to it.
  typealias Tier = (top: Double, bottom: Double, items: [Layout.Item], joined: Bool)

  /// An item's extent across the page: its words' boxes'.
  static func across(_ item: Layout.Item) -> (left: Double, right: Double)? {
    guard let first = item.words.first?.box else { return nil }
    let box = item.words.dropFirst().reduce(first) { $0.union($1.box) }
    return (Double(box.x), Double(box.x + box.width))
  }

  /// `items` in bands from the top of the page: each tier of vertical columns (the columns sharing
  /// more than half their height with the tier's rows), each horizontal item not within a tier a
  /// band of its own. nil when there are not two tiers of two columns or more, or when most items
  /// are not vertical: then the page has no tiers to read apart. With `joinWithin`, a tier broken
  /// where the scan lost a mark is joined again (``joiningBrokenTiers(_:within:)``). With
  /// `tallestFirst`, the tallest columns make the tiers and the shorter ones join them: a column's
  /// head found apart (a character or two over the rest of the column) would otherwise, taken
  /// first from the top, make a tier of its own that the tier beside it overlaps, and the page
  /// would have no tiers at all.
  static func bands(_ items: [Layout.Item], joinWithin: Double? = nil, tallestFirst: Bool = false)
    -> [[Layout.Item]]?
  {
    let vertical = items.filter(\.isVertical)
    guard vertical.count * 2 > items.count else { return nil }
    var tiers: [Tier] = []
    let extents: [(Layout.Item, (top: Double, bottom: Double))] = vertical.compactMap { item in
      rows(item).map { (item, $0) }
    }
    func height(_ extent: (top: Double, bottom: Double)) -> Double { extent.bottom - extent.top }
    let sorted = extents.sorted { a, b in
      let (first, second) = (height(a.1), height(b.1))
      return tallestFirst && first != second ? first > second : a.1.top < b.1.top
    }
    for (item, extent) in sorted {
      let height = max(extent.bottom - extent.top, 1)
      if let slot = tiers.firstIndex(where: {
        min($0.bottom, extent.bottom) - max($0.top, extent.top) > 0.5 * height
      }) {
        tiers[slot].top = min(tiers[slot].top, extent.top)
        tiers[slot].bottom = max(tiers[slot].bottom, extent.bottom)
        tiers[slot].items.append(item)
      } else {
        tiers.append((extent.top, extent.bottom, [item], false))
      }
    }
    guard tiers.filter({ $0.items.count >= 2 }).count >= 2 else { return nil }
    // Tiers that overlap each other are not apart: no tiers then.
    var ordered = tiers.sorted { $0.top < $1.top }
    for (upper, lower) in zip(ordered, ordered.dropFirst())
    where lower.top < upper.bottom - 0.1 * (upper.bottom - upper.top) {
      return nil
    }
    if let joinWithin {
      ordered = joiningBrokenTiers(ordered, within: joinWithin)
      guard ordered.filter({ $0.items.count >= 2 }).count >= 2 else { return nil }
    }
    var bands = ordered.map { (top: $0.top, items: $0.items, joined: $0.joined) }
    for item in items where !item.isVertical {
      guard let extent = rows(item) else { continue }
      let middle = (extent.top + extent.bottom) / 2
      if let slot = ordered.firstIndex(where: { middle >= $0.top && middle <= $0.bottom }) {
        bands[slot].items.append(item)
      } else {
        bands.append((extent.top, [item], false))
      }
    }
    // A joined tier's pieces lie in rows of their own across it (the blank a lost mark left), which
    // the reading order would cut across first: its columns are read one at a time instead.
    return bands.sorted { $0.top < $1.top }.flatMap { $0.joined ? columns($0.items) : [$0.items] }
  }

  /// `items` as columns from the right: the vertical items standing over more than half the
  /// narrower one's width of each other, each horizontal one on its own after them.
  static func columns(_ items: [Layout.Item]) -> [[Layout.Item]] {
    var columns: [(left: Double, right: Double, items: [Layout.Item])] = []
    var others: [[Layout.Item]] = []
    for item in items {
      guard item.isVertical, let extent = across(item) else {
        others.append([item])
        continue
      }
      let width = max(extent.right - extent.left, 1)
      if let slot = columns.firstIndex(where: {
        min($0.right, extent.right) - max($0.left, extent.left)
          > 0.5 * min(width, $0.right - $0.left)
      }) {
        columns[slot].left = min(columns[slot].left, extent.left)
        columns[slot].right = max(columns[slot].right, extent.right)
        columns[slot].items.append(item)
      } else {
        columns.append((extent.left, extent.right, [item]))
      }
    }
    return columns.sorted { $0.right > $1.right }.map(\.items) + others
  }

  /// A tier may stand no taller than this share of the page's tallest other tier once a broken
  /// piece is joined to it: two tiers of a page together are nearly twice a tier's height.
  static let joinedTierHeight = 1.1

  /// `tiers` (from the top) with each one that is the rest of the tier above it joined to it. A
  /// 1-bit or faded scan loses a thin mark (`。`, `（`, `」`) and the detector cuts the column there;
  /// where the pieces below all start lower than the other columns end, they make a tier of their
  /// own, read after the whole tier above it: the columns' halves come out of order. The rest of a
  /// tier starts before the tier above it ends (the shorter columns beside it end higher up, so the
  /// rows overlap), or it starts fewer than `within` ems (the columns' median width) below and the
  /// two together are no taller than the page's tallest other tier (``joinedTierHeight``): a true
  /// tier is as tall as the others and leaves a tier's gap above it.
  static func joiningBrokenTiers(_ tiers: [Tier], within ems: Double) -> [Tier] {
    let widths = tiers.flatMap { $0.items.map(\.thickness) }.sorted()
    guard !widths.isEmpty else { return tiers }
    let em = widths[widths.count / 2]
    var joined = tiers
    var slot = 1
    while slot < joined.count {
      let (upper, lower) = (joined[slot - 1], joined[slot])
      let (top, bottom) = (min(upper.top, lower.top), max(upper.bottom, lower.bottom))
      let tallestOther = joined.indices.filter { $0 != slot - 1 && $0 != slot }
        .map { joined[$0].bottom - joined[$0].top }.max()
      let overlapping = lower.top < upper.bottom
      let rest =
        lower.top - upper.bottom < ems * em
        && tallestOther.map { bottom - top <= joinedTierHeight * $0 } ?? false
      if overlapping || rest {
        joined[slot - 1] = (top, bottom, upper.items + lower.items, true)
        joined.remove(at: slot)
      } else {
        slot += 1
      }
    }
    return joined
  }

  /// The results of the bands one after the other: lines in order, blocks' line ranges moved on.
  static func joined(_ parts: [PPOCRResult]) -> PPOCRResult {
    var lines: [PPOCRResult.Line] = []
    var blocks: [PPOCRResult.Block] = []
    for part in parts {
      let offset = lines.count
      lines += part.lines
      blocks += part.blocks.map { block in
        var block = block
        block.paragraphs = block.paragraphs.map {
          PPOCRResult.Paragraph(
            box: $0.box, lines: ($0.lines.lowerBound + offset)..<($0.lines.upperBound + offset))
        }
        return block
      }
    }
    return PPOCRResult(lines: lines, blocks: blocks)
  }
}

extension VerticalColumn {
  /// Where a detected column is two (a column of each of two tiers, which the detector joins across
  /// a narrow gap between tiers): the fractions down it of the middles of its runs of empty rows at
  /// least `minGap` ems long, between ink. Characters in a column are never that far apart.
  static func tierGaps(_ column: Grey, minGap: Double = 1.0) -> [Double] {
    tierGapSpans(column, minGap: minGap).map { ($0.from + $0.to) / 2 }
  }

  /// The runs of empty rows ``tierGaps(_:minGap:)`` finds, whole: the fractions down the column
  /// where each starts and ends, and its length in ems (the column's width of ink).
  static func tierGapSpans(_ column: Grey, minGap: Double = 1.0) -> [(from: Double, to: Double, ems: Double)]
  {
    guard let (inked, em) = inkedRows(column),
      let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true)
    else { return [] }
    var gaps: [(from: Double, to: Double, ems: Double)] = []
    var y = first
    while y < last {
      if inked[y] {
        y += 1
        continue
      }
      let start = y
      while y < last && !inked[y] { y += 1 }
      if Double(y - start) >= minGap * em {
        gaps.append(
          (Double(start) / Double(column.height), Double(y) / Double(column.height), Double(y - start) / em))
      }
    }
    return gaps
  }

  /// Which of `column`'s rows hold ink (specks left out), and its em (its width of ink) in rows; nil
  /// when it holds no ink or is too small to tell.
  static func inkedRows(_ column: Grey) -> (inked: [Bool], em: Double)? {
    guard column.width >= 4, column.height >= 4 else { return nil }
    let blurred = blur(column)
    guard let split = InkBounds.otsu(histogram(blurred)) else { return nil }
    var inkMask = blurred.pixels.map { $0 <= UInt8(split) }
    if inkMask.lazy.filter({ $0 }).count * 2 > inkMask.count { inkMask = inkMask.map { !$0 } }
    var across = [Int](repeating: 0, count: column.width)
    for y in 0..<column.height {
      for x in 0..<column.width where inkMask[y * column.width + x] { across[x] += 1 }
    }
    guard let busiest = across.max(), busiest > 0,
      let left = across.firstIndex(where: { $0 * 10 >= busiest }),
      let right = across.lastIndex(where: { $0 * 10 >= busiest }), right - left >= 2
    else { return nil }
    let em = Double(right + 1 - left) / inkPerEm
    let ink = dropSpecks(
      inkMask, width: column.width, height: column.height, em: em, left: left, right: right + 1)
    var inked = [Bool](repeating: false, count: column.height)
    for y in 0..<column.height {
      for x in left...right where ink[y * column.width + x] {
        inked[y] = true
        break
      }
    }
    return (inked, em)
  }

  /// A run of ink at `column`'s foot standing apart from the rest of it, past empty rows at least
  /// `minGap` ems long: the fractions down the column where that gap starts, where the run's ink
  /// starts and ends, and the run's length in ems; nil when the foot is not apart.
  static func footApart(_ column: Grey, minGap: Double) -> (
    gap: Double, from: Double, to: Double, ems: Double
  )? {
    guard let (inked, em) = inkedRows(column), let last = inked.lastIndex(of: true) else { return nil }
    var start = last
    while start > 0 && inked[start - 1] { start -= 1 }
    var gap = start
    while gap > 0 && !inked[gap - 1] { gap -= 1 }
    guard gap > 0, Double(start - gap) >= minGap * em else { return nil }
    let height = Double(column.height)
    return (
      Double(gap) / height, Double(start) / height, Double(last + 1) / height, Double(last + 1 - start) / em
    )
  }
}

extension PPOCRPipeline {
  /// Lines under the tiers of a vertical page that the detector missed, found in that band alone
  /// with its ink set black: a page number is set small, and on a faint scan lighter than the
  /// columns, so the detector, taking the page's levels as they are, passes it by. Only the band
  /// below every region found (at least half a column's width high) is looked at, and only lines
  /// across no taller than a column is wide and at least `smallest` of it, which read a letter or a
  /// digit, are taken; what they read doubtfully is dropped later, as any line is
  /// (``Options/minLineProbability``).
  func linesUnderTheTiers(_ image: RGBImage, regions: [TextRegion], smallest: Double = 0.4) throws
    -> [TextRegion]
  {
    let columns = regions.filter(\.isVertical)
    guard columns.count >= 2 else { return [] }
    let widths = columns.map(\.quad.thickness).sorted()
    let column = widths[widths.count / 2]
    let lowest = regions.flatMap(\.quad.points).map(\.y).max() ?? Double(image.height)
    let top = max(0, min(image.height, Int(saturating: (lowest + column / 4).rounded(.up))))
    guard top < image.height, Double(image.height - top) >= column / 2 else { return [] }
    let rowBytes = image.width * 3
    let band = RGBImage(
      width: image.width, height: image.height - top, pixels: Array(image.pixels[(top * rowBytes)...]))
    // The paper is the band's commonest level; ink is anything darker by more than a blank
    // image's noise, set black.
    var counts = [Int](repeating: 0, count: 256)
    for value in band.pixels { counts[Int(value)] += 1 }
    let paper = counts.indices.max { counts[$0] < counts[$1] } ?? 255
    let level = paper - options.blankImageSpread
    guard level > 0, band.pixels.contains(where: { Int($0) < level }) else { return [] }
    let inked = RGBImage(
      width: band.width, height: band.height, pixels: band.pixels.map { Int($0) < level ? 0 : 255 })
    let found = try detect(inked).compactMap { found -> TextRegion? in
      guard !found.isVertical, found.quad.thickness <= column, found.quad.thickness >= smallest * column
      else { return nil }
      let points = found.quad.points.map { Point(x: $0.x, y: $0.y + Double(top)) }
      let quad = Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
      return TextRegion(pageQuad: quad, score: found.score, verticalAspectRatio: options.verticalAspectRatio)
    }
    guard !found.isEmpty else { return [] }
    // A speck of dust, set black, is found too, and read as a mark (`·`, `•`, `+`): a line is kept
    // when it reads a letter or a digit.
    let read = try recognizeRegions(image, regions: found)
    return zip(found, read).filter { $1.text.contains { $0.isLetter || $0.isNumber } }.map(\.0)
  }
}

extension PPOCRPipeline {
  /// `regions` with each page number the detector joined to a column cut from that column's foot
  /// and set as a line across of its own. The number stands under the column's foot past a gap
  /// (``VerticalColumn/footApart(_:minGap:)``), shorter than any character of the column, lower
  /// down the page than every other column reaches (a character at a column's foot has columns
  /// beside it), and reads digits alone, read across, as surely as a line is kept
  /// (``Options/minLineProbability``); otherwise the column stays whole.
  func numbersCutFromColumnFeet(
    _ image: RGBImage, regions: [TextRegion], cutting: Options.NumbersUnderColumnFeet
  ) throws -> [TextRegion] {
    let columns = regions.indices.filter { regions[$0].isVertical }
    guard columns.count >= 2 else { return regions }
    // Each column's foot, lowest first: the lowest point the others reach is the lowest foot but
    // a column's own.
    let feet = columns.map { (index: $0, y: regions[$0].quad.points.map(\.y).max() ?? 0) }.sorted {
      $0.y > $1.y
    }
    var cuts: [(index: Int, head: Quad, number: TextRegion)] = []
    for index in columns {
      let region = regions[index]
      guard let column = uprightColumn(image, quad: region.quad.turnedClockwise()),
        let foot = VerticalColumn.footApart(column, minGap: cutting.leastGap), foot.ems <= cutting.longestFoot
      else { continue }
      let footTop = region.quad.point(along: foot.from, across: 0.5).y
      let othersReach = feet[0].index == index ? feet[1].y : feet[0].y
      guard footTop > othersReach else { continue }
      // The number's box: the column's width across, and down as much again of the gap over it
      // under its ink as over it.
      let cut = (foot.gap + foot.from) / 2
      let end = min(1, foot.to + (foot.from - cut))
      let number = TextRegion(
        pageQuad: region.quad.slice(from: cut, to: end).uprightBounds, score: region.score,
        verticalAspectRatio: options.verticalAspectRatio)
      guard !number.isVertical else { continue }
      cuts.append((index, region.quad.slice(from: 0, to: cut), number))
    }
    guard !cuts.isEmpty else { return regions }
    let read = try recognizeRegions(image, regions: cuts.map(\.number))
    var result = regions
    for (cut, line) in zip(cuts, read)
    where !line.text.isEmpty && line.text.allSatisfy(\.isNumber)
      && line.probability >= options.minLineProbability
    {
      result[cut.index].quad = cut.head
      result.append(cut.number)
    }
    return result
  }
}
