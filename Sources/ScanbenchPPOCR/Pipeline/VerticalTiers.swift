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

  /// `items` in bands from the top of the page: each tier of vertical columns (the columns sharing
  /// more than half their height with the tier's rows), each horizontal item not within a tier a
  /// band of its own. nil when there are not two tiers of two columns or more, or when most items
  /// are not vertical: then the page has no tiers to read apart.
  static func bands(_ items: [Layout.Item]) -> [[Layout.Item]]? {
    let vertical = items.filter(\.isVertical)
    guard vertical.count * 2 > items.count else { return nil }
    var tiers: [(top: Double, bottom: Double, items: [Layout.Item])] = []
    let sorted = vertical.compactMap { item in rows(item).map { (item, $0) } }.sorted { $0.1.top < $1.1.top }
    for (item, extent) in sorted {
      let height = max(extent.bottom - extent.top, 1)
      if let slot = tiers.firstIndex(where: {
        min($0.bottom, extent.bottom) - max($0.top, extent.top) > 0.5 * height
      }) {
        tiers[slot].top = min(tiers[slot].top, extent.top)
        tiers[slot].bottom = max(tiers[slot].bottom, extent.bottom)
        tiers[slot].items.append(item)
      } else {
        tiers.append((extent.top, extent.bottom, [item]))
      }
    }
    guard tiers.filter({ $0.items.count >= 2 }).count >= 2 else { return nil }
    // Tiers that overlap each other are not apart: no tiers then.
    let ordered = tiers.sorted { $0.top < $1.top }
    for (upper, lower) in zip(ordered, ordered.dropFirst())
    where lower.top < upper.bottom - 0.1 * (upper.bottom - upper.top) {
      return nil
    }
    var bands = ordered.map { (top: $0.top, items: $0.items) }
    for item in items where !item.isVertical {
      guard let extent = rows(item) else { continue }
      let middle = (extent.top + extent.bottom) / 2
      if let slot = ordered.firstIndex(where: { middle >= $0.top && middle <= $0.bottom }) {
        bands[slot].items.append(item)
      } else {
        bands.append((extent.top, [item]))
      }
    }
    return bands.sorted { $0.top < $1.top }.map(\.items)
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
    guard column.width >= 4, column.height >= 4 else { return [] }
    let blurred = blur(column)
    guard let split = InkBounds.otsu(histogram(blurred)) else { return [] }
    var inkMask = blurred.pixels.map { $0 <= UInt8(split) }
    if inkMask.lazy.filter({ $0 }).count * 2 > inkMask.count { inkMask = inkMask.map { !$0 } }
    var across = [Int](repeating: 0, count: column.width)
    for y in 0..<column.height {
      for x in 0..<column.width where inkMask[y * column.width + x] { across[x] += 1 }
    }
    guard let busiest = across.max(), busiest > 0,
      let left = across.firstIndex(where: { $0 * 10 >= busiest }),
      let right = across.lastIndex(where: { $0 * 10 >= busiest }), right - left >= 2
    else { return [] }
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
    guard let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true) else { return [] }
    var gaps: [Double] = []
    var y = first
    while y < last {
      if inked[y] {
        y += 1
        continue
      }
      let start = y
      while y < last && !inked[y] { y += 1 }
      if Double(y - start) >= minGap * em {
        gaps.append((Double(start) + Double(y)) / 2 / Double(column.height))
      }
    }
    return gaps
  }
}
