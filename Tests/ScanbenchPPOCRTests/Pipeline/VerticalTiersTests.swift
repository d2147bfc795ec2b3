import Testing

@testable import ScanbenchPPOCR

@Suite struct VerticalTiersTests {
  /// A column 48 across with full-size "characters" (32 × 32 squares) at a pitch of 40 rows: five
  /// of the upper tier, then a gap of `gap` rows, then five of the lower tier.
  static func column(gap: Int) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 48, height: 10 + 10 * 40 + gap, value: 255)
    for cell in 0..<10 {
      let top = 5 + cell * 40 + (cell >= 5 ? gap : 0)
      for y in (top + 4)..<(top + 36) { for x in 8..<40 { grey[x, y] = 0 } }
    }
    return grey
  }

  @Test func aColumnOfTwoTiersIsCutInTheGapBetweenThem() throws {
    // The detector joins a column of each tier across about 1.8 em of empty paper (64 rows).
    let gaps = tierGaps(Self.column(gap: 56))
    try #require(gaps.count == 1)
    let grey = Self.column(gap: 56)
    // The cut lies in the gap: below the fifth character, above the sixth.
    let row = gaps[0] * Double(grey.height)
    #expect(row > Double(5 + 4 * 40 + 36) && row < Double(5 + 5 * 40 + 56 + 4), "\(row)")
  }

  @Test func theGapBetweenTiersIsFoundWhole() throws {
    // A wide gap (two ems and more of paper) is given from below the upper tier's last character
    // to above the lower tier's first: a column of another tier may end or start anywhere in it.
    let grey = Self.column(gap: 90)
    let spans = VerticalColumn.tierGapSpans(grey)
    try #require(spans.count == 1)
    let (from, to) = (spans[0].from * Double(grey.height), spans[0].to * Double(grey.height))
    #expect(abs(from - Double(5 + 4 * 40 + 36)) <= 2, "\(from)")
    #expect(abs(to - Double(5 + 5 * 40 + 90 + 4)) <= 2, "\(to)")
    #expect(tierGaps(grey) == [(spans[0].from + spans[0].to) / 2])
  }

  @Test func aGapIsMeasuredInEms() throws {
    // A mark the scan lost inside a tier leaves an em or two of paper, under the width a gap must
    // have to be taken whole; a gap between tiers the detector bridged is wider.
    let wide = try #require(PPOCRPipeline.Options.verticalColumns.wideTierGap)
    let narrow = VerticalColumn.tierGapSpans(Self.column(gap: 56))
    try #require(narrow.count == 1)
    #expect(narrow[0].ems > 1 && narrow[0].ems < wide, "\(narrow[0].ems)")
    let tiers = VerticalColumn.tierGapSpans(Self.column(gap: 150))
    try #require(tiers.count == 1)
    #expect(tiers[0].ems >= wide, "\(tiers[0].ems)")
  }

  /// A column of five full-size characters and, `gap` rows under its last, a page number set
  /// small across (two strokes of a `11`, 14 rows high), as the detector joins them.
  static func column(numberAfter gap: Int) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 48, height: 5 * 40 + gap + 30, value: 255)
    for cell in 0..<5 {
      let top = 5 + cell * 40
      for y in (top + 4)..<(top + 36) { for x in 8..<40 { grey[x, y] = 0 } }
    }
    let top = 5 + 4 * 40 + 36 + gap
    for x in [18, 28] { for y in top..<(top + 14) { for dx in 0..<3 { grey[x + dx, y] = 0 } } }
    return grey
  }

  @Test func aSmallNumberUnderAColumnsFootStandsApart() throws {
    let grey = Self.column(numberAfter: 30)
    let foot = try #require(VerticalColumn.footApart(grey, minGap: 0.6))
    let (gap, from) = (foot.gap * Double(grey.height), foot.from * Double(grey.height))
    #expect(abs(gap - Double(5 + 4 * 40 + 36)) <= 2, "\(gap)")
    #expect(abs(from - Double(5 + 4 * 40 + 36 + 30)) <= 2, "\(from)")
    #expect(foot.ems < 0.6, "\(foot.ems)")
    // The characters' own spacing is no gap: a column's last character is never apart.
    #expect(VerticalColumn.footApart(Self.column(gap: 0), minGap: 0.6) == nil)
    #expect(VerticalColumn.footApart(Self.column(numberAfter: 6), minGap: 0.6) == nil)
  }

  @Test func aColumnOfOneTierIsNotCut() {
    #expect(tierGaps(Self.column(gap: 0)).isEmpty)
    // Half an em between two characters (a space) is no tier.
    #expect(tierGaps(Self.column(gap: 16)).isEmpty)
  }

  /// A vertical item reading `text` (two characters) standing at `x`, from `top` to `bottom`.
  static func column(_ text: String, x: Double, top: Double, bottom: Double) -> Layout.Item {
    let quad = Quad(
      topLeft: Point(x: x, y: top), topRight: Point(x: x + 40, y: top),
      bottomRight: Point(x: x + 40, y: bottom), bottomLeft: Point(x: x, y: bottom))
    let region = TextRegion(pageQuad: quad, score: 1, verticalAspectRatio: 1.5)
    let characters = text.enumerated().map { slot, character in
      DecodedCharacter(
        text: String(character), firstColumn: 2 * slot, lastColumn: 2 * slot + 1, probability: 0.95)
    }
    return Layout.Item(
      quad: region.quad, isVertical: region.isVertical,
      line: DecodedLine(characters: characters, contentColumns: Double(2 * characters.count)),
      imageWidth: 400, imageHeight: 700)
  }

  @Test func aTwoTierPageIsReadTierByTier() throws {
    let heading = Layout.Item(
      quad: Quad(
        topLeft: Point(x: 100, y: 10), topRight: Point(x: 300, y: 10), bottomRight: Point(x: 300, y: 40),
        bottomLeft: Point(x: 100, y: 40)),
      isVertical: false,
      line: DecodedLine(
        characters: [
          DecodedCharacter(text: "見", firstColumn: 0, lastColumn: 1, probability: 0.95),
          DecodedCharacter(text: "出", firstColumn: 2, lastColumn: 3, probability: 0.95),
        ], contentColumns: 4),
      imageWidth: 400, imageHeight: 700)
    // Columns of both tiers stand at the same places across the page, the lower tier's shorter.
    var items = [heading]
    for (slot, x) in [300.0, 240, 180].enumerated() {
      items.append(Self.column("上\(slot)", x: x, top: 60, bottom: 330))
      items.append(Self.column("下\(slot)", x: x, top: 370, bottom: slot == 2 ? 500 : 640))
    }
    let bands = try #require(VerticalTiers.bands(items))
    #expect(bands.count == 3)
    let result = VerticalTiers.joined(bands.map { Layout.result($0) })
    #expect(result.lines.map(\.text) == ["見出", "上0", "上1", "上2", "下0", "下1", "下2"])
    // Every line is in one block's paragraph, once.
    let covered = result.blocks.flatMap { $0.paragraphs.flatMap { Array($0.lines) } }
    #expect(covered.sorted() == Array(0..<7))
  }

  @Test func aPageOfOneTierHasNoBands() {
    let items = [300.0, 240, 180].map { Self.column("縦書", x: $0, top: 60, bottom: 600) }
    #expect(VerticalTiers.bands(items) == nil)
  }

  /// A full upper tier of three columns, and a lower tier whose first two columns a lost mark
  /// broke: their pieces below start lower than the third column ends.
  static func brokenLowerTier() -> [Layout.Item] {
    var items = [300.0, 240, 180].enumerated().map { slot, x in
      Self.column("上\(slot)", x: x, top: 60, bottom: 330)
    }
    items += [
      Self.column("下0", x: 300, top: 370, bottom: 480), Self.column("続0", x: 300, top: 500, bottom: 640),
      Self.column("下1", x: 240, top: 370, bottom: 460), Self.column("続1", x: 240, top: 490, bottom: 630),
      Self.column("下2", x: 180, top: 370, bottom: 450),
    ]
    return items
  }

  @Test func aTierBrokenAtALostMarkIsReadWhole() throws {
    let join = try #require(PPOCRPipeline.Options.verticalColumns.brokenTiersJoinedWithin)
    let items = Self.brokenLowerTier()
    // Apart, the pieces make a tier of their own, read after the whole tier above them.
    let apart = try #require(VerticalTiers.bands(items))
    #expect(apart.count == 3)
    let bands = try #require(VerticalTiers.bands(items, joinWithin: join))
    // The upper tier, then the joined tier a column at a time: the blank rows the lost marks left
    // lie across it, where the reading order would otherwise cut first.
    #expect(bands.count == 4)
    let result = VerticalTiers.joined(bands.map { Layout.result($0) })
    #expect(result.lines.map(\.text) == ["上0", "上1", "上2", "下0", "続0", "下1", "続1", "下2"])
  }

  /// Two tiers of two columns, the right column's head (a character the scan set apart) found as
  /// a region of its own that starts above the tier's other columns. Taken first from the top, it
  /// made a tier of its own, which the tier of the columns beside it overlapped: the page had no
  /// tiers, and its columns were read across both. The tallest columns make the tiers first.
  @Test func aColumnsHeadFoundApartJoinsItsTier() throws {
    var items = [
      Self.column("頭0", x: 300, top: 55, bottom: 125), Self.column("上0", x: 300, top: 135, bottom: 330),
      Self.column("上1", x: 220, top: 60, bottom: 330),
    ]
    items += [300.0, 220].enumerated().map { slot, x in Self.column("下\(slot)", x: x, top: 380, bottom: 640) }
    #expect(VerticalTiers.bands(items) == nil)
    let bands = try #require(VerticalTiers.bands(items, tallestFirst: true))
    #expect(bands.map { $0.map(\.text).sorted() } == [["上0", "上1", "頭0"], ["下0", "下1"]])
  }

  @Test func aShortLastTierIsATierOfItsOwn() throws {
    // A third tier of two short columns, a tier's gap below the second: the two together would be
    // far taller than a tier.
    let join = try #require(PPOCRPipeline.Options.verticalColumns.brokenTiersJoinedWithin)
    var items: [Layout.Item] = []
    for (slot, x) in [300.0, 240].enumerated() {
      items.append(Self.column("一\(slot)", x: x, top: 60, bottom: 330))
      items.append(Self.column("二\(slot)", x: x, top: 370, bottom: 640))
      items.append(Self.column("三\(slot)", x: x, top: 680, bottom: 720 + 20 * Double(slot)))
    }
    let bands = try #require(VerticalTiers.bands(items, joinWithin: join))
    #expect(bands.count == 3)
  }
}

private func tierGaps(_ grey: VerticalColumn.Grey) -> [Double] { VerticalColumn.tierGaps(grey) }
