extension PPOCRPipeline {
  /// `regions` with every horizontal one that crosses a column gutter cut there (``Gutters``), the
  /// pieces in its place, left to right; nothing else changes.
  func splitAtGutters(_ image: RGBImage, regions: [TextRegion]) -> [TextRegion] {
    let parameters = options.gutterSplit
    let level = regions.map { region in
      !region.isVertical
        && abs(region.quad.topRight.y - region.quad.topLeft.y) <= parameters.maxSlope * region.quad.length
    }
    // A gutter needs a line to cut and enough lines beside it on each side.
    guard level.filter({ $0 }).count > 2 * parameters.minLines, let map = InkMap(image) else {
      return regions
    }
    let lines = regions.indices.map { index -> Gutters.Line? in
      guard level[index] else { return nil }
      let box = PPOCRBox(
        covering: regions[index].quad.points, imageWidth: image.width, imageHeight: image.height)
      return Gutters.Line(box: box, in: map)
    }
    let cuts = Gutters.cuts(lines, map: map, parameters: parameters)
    var result: [TextRegion] = []
    for (region, gaps) in zip(regions, cuts) {
      if gaps.isEmpty {
        result.append(region)
      } else {
        result.append(contentsOf: Self.pieces(of: region, at: gaps, margin: parameters.margin))
      }
    }
    return result
  }

  /// `region` cut at each of `gaps` (page columns without ink, left to right), each piece keeping
  /// `margin` of its thickness of the gap beside its ink (at most half the gap).
  static func pieces(of region: TextRegion, at gaps: [ClosedRange<Int>], margin: Double) -> [TextRegion] {
    let quad = region.quad
    let start = (quad.topLeft.x + quad.bottomLeft.x) / 2
    let end = (quad.topRight.x + quad.bottomRight.x) / 2
    guard end > start else { return [region] }
    func fraction(_ x: Double) -> Double { min(1, max(0, (x - start) / (end - start))) }
    var bounds: [(from: Double, to: Double)] = []
    var from = 0.0
    for gap in gaps {
      let keep = min(margin * quad.thickness, Double(gap.count) / 2)
      let to = fraction(Double(gap.lowerBound) + keep)
      let next = fraction(Double(gap.upperBound + 1) - keep)
      guard to > from, next > to else { continue }
      bounds.append((from, to))
      from = next
    }
    guard !bounds.isEmpty, from < 1 else { return [region] }
    bounds.append((from, 1))
    return bounds.map { bound in
      var piece = region
      piece.quad = quad.slice(from: bound.from, to: bound.to)
      return piece
    }
  }
}
