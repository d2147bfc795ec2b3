import Foundation
import Testing

@testable import ScanbenchPPOCR

/// The ink of a `、` read on a 1-bit column: a tick drawn through its middle, or a ring the
/// threshold broke open, an arc round an empty middle.
@Suite struct VerticalColumnTickInkTests {
  /// A 1-bit column 48 pixels wide: two characters (boxes of ink across the column, 40 rows tall)
  /// with a gap of 50 rows between them, and `mark` (x, y) drawn in it.
  static func column(mark: (Int, Int) -> Bool) -> VerticalColumn.Grey {
    var grey = VerticalColumn.Grey(width: 48, height: 140, value: 255)
    for top in [2, 92] {
      for y in top..<(top + 40) {
        for x in 4..<44 where x < 7 || x >= 41 || y < top + 3 || y >= top + 37 { grey[x, y] = 0 }
      }
    }
    for y in 0..<140 {
      for x in 0..<48 where mark(x, y) { grey[x, y] = 0 }
    }
    return grey
  }

  /// A ring round (32, 52), open where its top left was.
  static func brokenRing(_ x: Int, _ y: Int) -> Bool {
    let (dx, dy) = (Double(x - 32), Double(y - 52))
    let distance = (dx * dx + dy * dy).squareRoot()
    return distance >= 4.5 && distance <= 6.5 && !(dx < -1 && dy < -1)
  }

  /// A stroke from (28, 46) down to (36, 57), three pixels thick.
  static func tick(_ x: Int, _ y: Int) -> Bool {
    let (ax, ay, bx, by) = (28.0, 46.0, 36.0, 57.0)
    let (px, py) = (Double(x), Double(y))
    let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))
    let along = max(0, min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    let (nx, ny) = (ax + along * (bx - ax) - px, ay + along * (by - ay) - py)
    return (nx * nx + ny * ny).squareRoot() <= 1.5
  }

  @Test func aRingBrokenOpenIsNoTick() throws {
    let ink = try #require(VerticalColumn.markInk(in: Self.column(mark: Self.brokenRing), near: 60))
    #expect(!ink.middleInked)
    #expect(ink.acrossBothSides && ink.downBothSides)
    #expect(ink.isRing())
    #expect(!ink.isTick)
  }

  @Test func aStrokeThroughItsMiddleIsATick() throws {
    let ink = try #require(VerticalColumn.markInk(in: Self.column(mark: Self.tick), near: 60))
    #expect(ink.middleInked)
    #expect(!ink.isRing())
    #expect(ink.isTick)
    #expect(ink.diagonal > 0)
  }

  @Test func theMarkIsFoundFromAPlaceReadInTheCharacterBelowIt() throws {
    // The reading placed the mark's middle a few rows into the character under its gap.
    let ink = try #require(VerticalColumn.markInk(in: Self.column(mark: Self.brokenRing), near: 96))
    #expect(ink.isRing())
    #expect(try #require(VerticalColumn.markInk(in: Self.column(mark: Self.tick), near: 96)).isTick)
  }

  @Test func anEmptyGapHasNoMarkInk() {
    #expect(VerticalColumn.markInk(in: Self.column { _, _ in false }, near: 60) == nil)
  }

  /// A ring round (32, 58) whose threshold kept only two arcs in three (a thin `。` on a 1-bit
  /// page: pieces a pixel or two apart), under a character whose right-hand stroke, a piece of its
  /// own that never reaches left of the column's middle, runs down into the gap and ends two rows
  /// above the ring (as `た`'s does over `た。`).
  static func ringUnderAStrokeEnd(_ x: Int, _ y: Int) -> Bool {
    if (30..<34).contains(x) && (20..<50).contains(y) { return true }
    let (dx, dy) = (Double(x - 32), Double(y - 58))
    let distance = (dx * dx + dy * dy).squareRoot()
    let sector = Int(((atan2(dy, dx) + Double.pi) / (2 * Double.pi) * 12).rounded(.down))
    return distance >= 4.5 && distance <= 6.5 && sector % 3 != 0
  }

  /// The column of ``column(mark:)`` whose upper character is a bar left of the middle only (its
  /// rows are crossed, the mark's gap starts under it), so that `mark` draws the rest of it.
  static func columnUnderABar(mark: (Int, Int) -> Bool) -> VerticalColumn.Grey {
    var grey = column { x, y in mark(x, y) || ((8..<12).contains(x) && (2..<42).contains(y)) }
    for y in 2..<42 {
      for x in 4..<44 where !((8..<12).contains(x)) && !mark(x, y) { grey[x, y] = 255 }
    }
    return grey
  }

  @Test func aRingIsMeasuredAloneNotWithTheStrokeEndAboveIt() throws {
    let grey = Self.columnUnderABar(mark: Self.ringUnderAStrokeEnd)
    let ink = try #require(VerticalColumn.markInk(in: grey, near: 60))
    // The stroke's end in the gap is the character's, a piece that starts above the gap: the
    // bounds are the ring's alone, as tall as wide.
    #expect(abs(ink.height - ink.width) < 0.01)
    #expect(ink.height < 0.35)
    #expect(!ink.middleInked)
    #expect(ink.isRing())
    #expect(!ink.isTick)
  }

  @Test func aRingsPiecesAreOneMarkAndTheNextCharactersAreNot() {
    // Three arcs of a broken ring a pixel apart, and a bar of the next character a third of an em
    // below them, in a column whose em is 30 pixels.
    func piece(_ xs: Range<Int>, _ ys: Range<Int>, width: Int = 40) -> VerticalColumn.Piece {
      VerticalColumn.Piece(
        members: ys.flatMap { y in xs.map { y * width + $0 } }, minX: xs.lowerBound, minY: ys.lowerBound,
        maxX: xs.upperBound, maxY: ys.upperBound)
    }
    let arcs = [piece(20..<28, 10..<12), piece(19..<21, 13..<18), piece(27..<29, 13..<19)]
    let bar = piece(16..<34, 28..<30)
    let own = VerticalColumn.ownPieces(arcs + [bar], startingAbove: 20, em: 30)
    #expect(own?.count == 3)
    #expect(own?.allSatisfy { $0.minY < 20 } == true)
    #expect(VerticalColumn.ownPieces([bar], startingAbove: 20, em: 30) == nil)
  }
}
