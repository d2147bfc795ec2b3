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
    tierGapSpans(column, minGap: minGap).map { ($0.from + $0.to) / 2 }
  }

  /// The runs of empty rows ``tierGaps(_:minGap:)`` finds, whole: the fractions down the column
  /// where each starts and ends, and its length in ems (the column's width of ink).
  static func tierGapSpans(_ column: Grey, minGap: Double = 1.0) -> [(from: Double, to: Double, ems: Double)]
  {
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
