import Testing

@testable import ScanbenchPPOCR

/// The `…` found in a column's ink, put into its reading.
@Suite struct VerticalColumnEllipsesTests {
  /// A dot 4 pixels square (too small to be kept as ink in a column of an em of 37 pixels) centred
  /// at (`x`, `y`).
  static func dot(_ grey: inout VerticalColumn.Grey, x: Int, y: Int) {
    for dy in -2..<2 {
      for dx in -2..<2 { grey[x + dx, y + dy] = 20 }
    }
  }

  /// A column of solid characters (``VerticalColumnInkTests/column(cells:blank:rows:)``, axis at
  /// 22, one a cell of 40 rows) with dots 12 rows apart down the axis from row 98, `count` of them,
  /// in the cells left blank.
  static func column(cells: Int, blank: Set<Int>, dots count: Int, x: Int = 22, spacing: [Int] = [])
    -> VerticalColumn.Grey
  {
    var grey = VerticalColumnInkTests.column(cells: cells, blank: blank)
    var y = 98
    for index in 0..<count {
      dot(&grey, x: x, y: y)
      y += index < spacing.count ? spacing[index] : 12
    }
    return grey
  }

  @Test func threeDotsDownTheAxisAreAnEllipsisAndSixAreTwo() {
    let one = VerticalColumn.ellipsesInInk(Self.column(cells: 5, blank: [2], dots: 3))
    #expect(one == [VerticalColumn.InkEllipsis(count: 1, rows: 96..<124)])
    let two = VerticalColumn.ellipsesInInk(Self.column(cells: 6, blank: [2, 3], dots: 6))
    #expect(two == [VerticalColumn.InkEllipsis(count: 2, rows: 96..<160)])
  }

  @Test func dotsThatAreNoEllipsisAreNone() {
    // `：` (two dots), three dots right of the axis (specks, a `、` broken), three unevenly spaced.
    #expect(VerticalColumn.ellipsesInInk(Self.column(cells: 5, blank: [2], dots: 2)).isEmpty)
    #expect(VerticalColumn.ellipsesInInk(Self.column(cells: 5, blank: [2], dots: 3, x: 32)).isEmpty)
    #expect(
      VerticalColumn.ellipsesInInk(Self.column(cells: 5, blank: [2], dots: 3, spacing: [9, 16])).isEmpty)
    // Dots beside a character's ink: a broken stroke of it, not a cell of dots.
    #expect(VerticalColumn.ellipsesInInk(Self.column(cells: 5, blank: [], dots: 3)).isEmpty)
    // Solid characters alone hold none.
    #expect(VerticalColumn.ellipsesInInk(VerticalColumnInkTests.column(cells: 5)).isEmpty)
  }

  @Test func anEllipsisGoesInWhereItsDotsAreReadAsADotOrNothing() {
    let grey = Self.column(cells: 6, blank: [2, 3], dots: 6)
    let ellipses = VerticalColumn.ellipsesInInk(grey)
    let height = Double(grey.height)
    let lost = VerticalColumnBracketsTests.reading(["出", "る", "は", "ず"], cells: 6)
    // The reading's characters in cells 0, 1, 2, 3: put them in cells 0, 1, 4, 5.
    var placed = lost
    for index in 2..<4 {
      placed.characters[index].firstColumn += 80
      placed.characters[index].lastColumn += 80
    }
    #expect(VerticalColumn.withInkEllipses(ellipses, into: placed, height: height, em: 37).text == "出る……はず")
    // Read as `・` in the first dots' cell: taken out.
    var dotted = placed
    dotted.characters.insert(
      DecodedCharacter(text: "・", firstColumn: 10 + 80 + 5, lastColumn: 10 + 80 + 25, probability: 0.9), at: 2
    )
    #expect(VerticalColumn.withInkEllipses(ellipses, into: dotted, height: height, em: 37).text == "出る……はず")
  }

  @Test func twoCellsOfDotsSpacedApartAreOneEllipsisOfTwo() {
    // The two cells' dots further apart than each cell's: two runs, one `……` in the reading, and
    // the `……` read there kept as two.
    let grey = Self.column(cells: 6, blank: [2, 3], dots: 6, spacing: [12, 12, 18, 12, 12])
    let ellipses = VerticalColumn.ellipsesInInk(grey)
    #expect(ellipses.map(\.count) == [1, 1])
    var read = VerticalColumnBracketsTests.reading(["出", "る", "…", "…", "は", "ず"], cells: 6)
    #expect(
      VerticalColumn.withInkEllipses(ellipses, into: read, height: Double(grey.height), em: 37).text
        == "出る……はず")
    read.characters.remove(at: 3)
    read.characters.remove(at: 2)
    for index in 2..<4 {
      read.characters[index].firstColumn += 80
      read.characters[index].lastColumn += 80
    }
    #expect(
      VerticalColumn.withInkEllipses(ellipses, into: read, height: Double(grey.height), em: 37).text
        == "出る……はず")
  }

  @Test func anEllipsisAtTheHeadOfAReadingIsLeftToTheColumnAbove() {
    // The reading starts below the dots (a box the detector started under them): nothing goes in.
    let grey = Self.column(cells: 6, blank: [2, 3], dots: 6)
    let ellipses = VerticalColumn.ellipsesInInk(grey)
    var below = VerticalColumnBracketsTests.reading(["は", "ず"], cells: 6)
    for index in 0..<2 {
      below.characters[index].firstColumn += 160
      below.characters[index].lastColumn += 160
    }
    #expect(
      VerticalColumn.withInkEllipses(ellipses, into: below, height: Double(grey.height), em: 37).text == "はず")
  }

  @Test func anEllipsisUnderTheFootIsCounted() {
    // The box ends at cell 1 (row 84); the dots below it, then the column's next characters.
    let grey = Self.column(cells: 6, blank: [2, 3], dots: 6)
    #expect(VerticalColumn.ellipsisUnderFoot(grey, foot: 88) == 2)
    // The box reaches past the dots: they are the column's own, found in it, not under its foot.
    #expect(VerticalColumn.ellipsisUnderFoot(grey, foot: 175) == 0)
    // Nothing but a gap under the foot.
    #expect(
      VerticalColumn.ellipsisUnderFoot(VerticalColumnInkTests.column(cells: 6, blank: [2, 3]), foot: 88) == 0)
  }
}
