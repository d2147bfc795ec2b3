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
    let sample = turnSample(candidates, of: regions)
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

  /// The lines of `candidates` (indices of `regions`) a page's turn is read from: the longest.
  func turnSample(_ candidates: [Int], of regions: [TextRegion]) -> [Int] {
    Array(
      candidates.sorted { regions[$0].quad.length > regions[$1].quad.length }.prefix(
        max(1, options.pageTurnLines)))
  }

  /// A page of lines across (``Options/upsideDownTurnFirst``): its longest lines across, the ones
  /// ``pageTurn(_:regions:decoded:)`` reads, read before the rest (`indices` into `regions`, and the
  /// recognizer's input columns that took), and the turn they tell; nil when most of its regions
  /// are tall (on its side, or columns), or a classifier would turn some of its lines first.
  func longestLinesFirst(_ image: RGBImage, regions: [TextRegion]) throws -> (
    indices: [Int], lines: [DecodedLine], columns: Int, turn: PageTurn?
  )? {
    guard !options.readColumnsInCells, classifier == nil else { return nil }
    let across = regions.indices.filter { !regions[$0].isVertical }
    guard across.count * 2 >= regions.count else { return nil }
    let sample = turnSample(across, of: regions)
    let columnsBefore = timings.recognizerColumns
    let read = try recognizeCascading(image, regions: sample.map { regions[$0] })
    let columns = timings.recognizerColumns - columnsBefore
    var decoded = [DecodedLine](
      repeating: DecodedLine(characters: [], contentColumns: 0), count: regions.count)
    for (slot, index) in sample.enumerated() { decoded[index] = read[slot] }
    return (sample, read, columns, try pageTurn(image, regions: regions, decoded: decoded))
  }

  /// A page on its side (most of its regions tall): its longest lines read as detected, before the
  /// rest, and the turn they tell; nil when the page is not on its side, or its tall regions are
  /// columns (vertical Japanese), or a classifier would turn some of its lines first.
  func sidewaysTurn(_ image: RGBImage, regions: [TextRegion]) throws -> (
    read: [PPOCRRegion], turn: PageTurn?
  )? {
    guard !options.readColumnsInCells, classifier == nil else { return nil }
    let tall = regions.indices.filter { regions[$0].isVertical }
    guard tall.count * 2 > regions.count else { return nil }
    let sample = turnSample(tall, of: regions).map { regions[$0] }
    let asRead = try recognizeCascading(image, regions: sample)
    let turn = try pageTurn(image, regions: sample, decoded: asRead)
    return (zip(sample, asRead).map { PPOCRRegion(region: $0, line: $1) }, turn)
  }
}
