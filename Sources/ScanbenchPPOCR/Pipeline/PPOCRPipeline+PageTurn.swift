extension PPOCRPipeline {
  /// How far a page lies turned as its own lines tell it: its longest lines read the way detection
  /// found them and the other way, and the likelier way taken when it is clearly likelier. Lines
  /// across the page are read also half a turn round (an upside-down page); where most lines are
  /// tall (a page on its side), they are read as turned either way. Costs a few lines' recognition,
  /// where Tesseract's orientation detection costs a pass over the whole page.
  func pageTurn(_ image: RGBImage, regions: [TextRegion], decoded: [DecodedLine]) throws -> PageTurn? {
    let tall = regions.indices.filter { regions[$0].isVertical }
    let sideways = tall.count * 2 > regions.count
    // Vertical Japanese is tall by nature: its columns say nothing about the page's turn.
    if sideways && options.readColumnsInCells { return nil }
    let candidates = sideways ? tall : regions.indices.filter { !regions[$0].isVertical }
    let sample = candidates.sorted { regions[$0].quad.length > regions[$1].quad.length }
      .prefix(max(1, options.pageTurnLines))
    guard !sample.isEmpty else { return nil }
    let asRead = sample.reduce(0.0) { $0 + decoded[$1].probability } / Double(sample.count)
    // Lines across the page read confidently are the right way up: nothing to read again (most
    // pages). Tall ones read either way when the page lies on its side, so they are always read.
    if !sideways && asRead >= options.pageTurnBelow { return PageTurn(degrees: 0, margin: 0, lines: 0) }
    let otherWay = try recognizeRegions(
      image,
      regions: sample.map { index -> TextRegion in
        var region = regions[index]
        region.quad = region.quad.turnedHalfTurn()
        return region
      })
    let turned = otherWay.reduce(0.0) { $0 + $1.probability } / Double(otherWay.count)
    // Regions that read as text neither way (edges in a photo of no text) tell nothing.
    guard abs(turned - asRead) >= options.pageTurnMargin, max(turned, asRead) >= options.minLineProbability
    else { return nil }
    // A tall line read as detection turned it (counter-clockwise) is upright when the page lies a
    // quarter turn clockwise; read the other way, when it lies three.
    let degrees = sideways ? (turned > asRead ? 270 : 90) : (turned > asRead ? 180 : 0)
    return PageTurn(degrees: degrees, margin: abs(turned - asRead), lines: sample.count)
  }
}
