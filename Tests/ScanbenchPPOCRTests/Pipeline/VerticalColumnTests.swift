import Testing

@testable import ScanbenchPPOCR

@Suite struct VerticalColumnTests {
  /// A column 48 pixels across of ten cells of 40 rows: full-size "characters" (32 × 32 squares) in
  /// every cell but the fifth, which holds only a mark in its top right, as `、` is set vertically.
  static func column(ink: UInt8 = 0, paper: UInt8 = 255) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 48, height: 410, value: paper)
    for cell in 0..<10 {
      let top = 5 + cell * 40
      let (xs, ys) = cell == 4 ? (32..<40, (top + 2)..<(top + 10)) : (8..<40, (top + 4)..<(top + 36))
      for y in ys { for x in xs { grey[x, y] = ink } }
    }
    return grey
  }

  /// The ink of `slot` in the line, as (columns, rows) within the slot, or nil when it has none.
  static func inkBounds(_ line: VerticalColumn.Line, slot: Int) -> (ClosedRange<Int>, ClosedRange<Int>)? {
    var xs: [Int] = []
    var ys: [Int] = []
    for y in 0..<line.image.height {
      for x in 0..<line.cellSize where line.image[line.margin + slot * line.cellSize + x, y] < 128 {
        xs.append(x)
        ys.append(y - line.margin)
      }
    }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return (x0...x1, y0...y1)
  }

  @Test func aColumnBecomesALineOfItsCellsWithTheMarkAtTheBottomLeft() throws {
    let line = try #require(VerticalColumn.line(Self.column()))
    #expect(line.cellStarts.count == 10)
    #expect(abs(line.pitch - 40) <= 1, "the grid's pitch is the column's: \(line.pitch)")
    #expect(line.image.width == 2 * line.margin + 10 * line.cellSize)
    // Each cell starts a pitch below the one before.
    for (earlier, later) in zip(line.cellStarts, line.cellStarts.dropFirst()) {
      #expect(abs(later - earlier - line.pitch) <= 1)
    }
    // The mark, in the top right of its cell down the column, sits at the bottom left of its slot.
    let (markXs, markYs) = try #require(Self.inkBounds(line, slot: 4))
    #expect(
      markXs.upperBound < line.cellSize / 2 && markYs.lowerBound > line.cellSize / 2, "\(markXs) \(markYs)")
    // A full-size character fills its slot.
    let (xs, ys) = try #require(Self.inkBounds(line, slot: 3))
    #expect(xs.count > line.cellSize * 3 / 4 && ys.count > line.cellSize * 3 / 4)
  }

  @Test func lightOnDarkIsSetDarkOnLight() throws {
    let dark = try #require(VerticalColumn.line(Self.column(ink: 250, paper: 20)))
    let light = try #require(VerticalColumn.line(Self.column()))
    #expect(dark.cellStarts == light.cellStarts)
    #expect(Self.inkBounds(dark, slot: 4).map { "\($0)" } == Self.inkBounds(light, slot: 4).map { "\($0)" })
  }

  @Test func aPositionAlongTheLineMapsBackDownTheColumn() throws {
    let line = try #require(VerticalColumn.line(Self.column()))
    let width = Double(line.image.width)
    // The middle of the line's fourth slot lies in the fourth cell of the column.
    let middle = (Double(line.margin) + 3.5 * Double(line.cellSize)) / width
    let along = line.columnFraction(ofLineFraction: middle) * line.columnLength
    #expect(along > line.cellStarts[3] && along < line.cellStarts[3] + line.pitch, "\(along)")
  }

  /// A column of eleven characters whose cells move up after the fifth: 32 × 32 squares a cell of
  /// 40 rows apart, then a small kana (16 × 14) set proportionally in a cell of 20 rows, then five
  /// squares more — the grid's phase holds for one half only.
  static func columnWhosePhaseMoves() -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 48, height: 450, value: 255)
    var top = 5
    for cell in 0..<11 {
      if cell == 5 {
        for y in (top + 3)..<(top + 17) { for x in 16..<32 { grey[x, y] = 0 } }
        top += 20
        continue
      }
      for y in (top + 4)..<(top + 36) { for x in 8..<40 { grey[x, y] = 0 } }
      top += 40
    }
    return grey
  }

  /// Whether every slot of `line` but the small kana's holds a whole square (not a piece of one).
  static func everySquareWhole(_ line: VerticalColumn.Line, small: Int) -> Bool {
    (0..<line.cellStarts.count).allSatisfy { slot in
      guard slot != small else { return true }
      guard let (xs, ys) = inkBounds(line, slot: slot) else { return false }
      return xs.count >= 30 && ys.count >= 30
    }
  }

  @Test func cellsAlongTheGapsFollowAPhaseThatMoves() throws {
    let column = Self.columnWhosePhaseMoves()
    let following = try #require(VerticalColumn.line(column, followingGaps: true))
    #expect(following.followsGaps)
    #expect(following.cellStarts.count == 11, "\(following.cellStarts)")
    #expect(Self.everySquareWhole(following, small: 5), "\(following.cellStarts)")
    // The small kana, in its own cell, keeps its size.
    let (smallXs, smallYs) = try #require(Self.inkBounds(following, slot: 5))
    #expect(smallXs.count == 16 && smallYs.count == 14, "\(smallXs) \(smallYs)")
    // One grid cuts the squares of one half in two.
    let grid = try #require(VerticalColumn.line(column))
    #expect(!Self.everySquareWhole(grid, small: 5), "\(grid.cellStarts)")
  }

  @Test func theGapsPitchIsTheDistanceBetweenCharacters() {
    // Ink rows: characters of 30 rows, 10 rows of gap between them, five times.
    var rows: [Double] = []
    for _ in 0..<5 { rows += [Double](repeating: 0, count: 10) + [Double](repeating: 20, count: 30) }
    #expect(VerticalColumn.Grid.gapPitch(rows, em: 38) == 40)
    // Too few gaps to tell.
    #expect(VerticalColumn.Grid.gapPitch(Array(rows.prefix(80)), em: 38) == nil)
  }

  @Test func aBlankColumnHasNoLine() {
    #expect(VerticalColumn.line(VerticalColumn.Grey(width: 48, height: 400, value: 255)) == nil)
  }
}

extension VerticalColumnTests {
  /// A thin tall glyph in a picture `width` pixels across, inked in `rows` (columns 10–14).
  static func thinGlyph(rows: [Range<Int>], width: Int = 30, height: Int = 40) -> (
    VerticalColumn.Glyph, [Bool]
  ) {
    var ink = [Bool](repeating: false, count: width * height)
    for range in rows {
      for y in range { for x in 10..<15 { ink[y * width + x] = true } }
    }
    let top = rows.map(\.lowerBound).min() ?? 0
    let bottom = rows.map(\.upperBound).max() ?? 0
    return (VerticalColumn.Glyph(minX: 10, minY: top, maxX: 15, maxY: bottom), ink)
  }

  @Test func aStrokeWithADotUnderItIsAnExclamationMark() {
    // `！`: a stroke of 20 rows, paper, a dot of 5.
    let (mark, ink) = Self.thinGlyph(rows: [2..<22, 26..<31])
    #expect(VerticalColumn.isExclamationMark(mark, ink: ink, width: 30))
    #expect(
      VerticalColumn.kind(of: mark, cellTop: 0, cellHeight: 36, axis: 12.5, em: 32, ink: ink, width: 30)
        == .upright)
  }

  @Test func aBarDotsOrADotOverAStrokeIsNoExclamationMark() {
    // `ー` set vertically: one stroke, turned back as a bar.
    let (bar, barInk) = Self.thinGlyph(rows: [4..<30])
    #expect(!VerticalColumn.isExclamationMark(bar, ink: barInk, width: 30))
    #expect(
      VerticalColumn.kind(of: bar, cellTop: 0, cellHeight: 36, axis: 12.5, em: 32, ink: barInk, width: 30)
        == .bar)
    // `︙`: dots of one size; an upright `i`: its dot on top.
    for rows in [[2..<7, 14..<19, 26..<31], [2..<7, 11..<31]] {
      let (glyph, ink) = Self.thinGlyph(rows: rows)
      #expect(!VerticalColumn.isExclamationMark(glyph, ink: ink, width: 30))
    }
  }
}
