import Testing

@testable import ScanbenchPPOCR

/// Letters of a sideways Latin word read again from the column's ink: `c` and `e` by the bar along
/// the middle of the letter lying down, the case of `x` and its like by the width of its ink
/// across the column against the run's capitals.
@Suite struct VerticalColumnSidewaysLettersTests {
  /// A column 40 pixels across, an em of about 30: a kana (a hollow square 28 across) at its head
  /// and foot, and between them `shapes` lying down from row 40, each 16 rows long with 3 rows
  /// between; a shape's ink starts 10 pixels from the left (its baseline) and is `width` across.
  static func column(_ shapes: [(kind: Character, width: Int)]) -> (VerticalColumn.Grey, [Int]) {
    let height = 40 + 19 * shapes.count + 40
    var grey = VerticalColumn.Grey(width: 40, height: height, value: 255)
    func fill(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) {
      for y in ys { for x in xs { grey[x, y] = 0 } }
    }
    for top in [4, height - 34] {
      fill(6...33, top...(top + 2))
      fill(6...33, (top + 25)...(top + 27))
      fill(6...8, top...(top + 27))
      fill(31...33, top...(top + 27))
    }
    var middles: [Int] = []
    for (slot, shape) in shapes.enumerated() {
      let top = 40 + 19 * slot
      let (left, right) = (10, 10 + shape.width - 1)
      switch shape.kind {
      case "c", "e":
        // The letter's back along the top, its top and baseline down either side, its mouth below.
        fill(left...right, top...(top + 2))
        fill(left...(left + 2), top...(top + 15))
        fill((right - 2)...right, top...(top + 15))
        if shape.kind == "e" { fill((left + right) / 2...(left + right) / 2 + 1, top...(top + 15)) }
      default:
        // A letter of crossed strokes (`X`, `T`, `x`) filling its box.
        fill(left...right, (top + 7)...(top + 8))
        fill((left + right) / 2...(left + right) / 2 + 1, top...(top + 15))
        fill(left...(left + 1), top...(top + 15))
      }
      middles.append(top + 8)
    }
    return (grey, middles)
  }

  /// A reading of `text` over the column's rows (a column a row): the kana at the head and foot,
  /// each letter at the middle of its shape.
  static func reading(_ text: String, middles: [Int], height: Int) -> DecodedLine {
    let rows = [18] + middles + [height - 20]
    let characters = zip(text, rows).map { character, row in
      DecodedCharacter(text: String(character), firstColumn: row, lastColumn: row, probability: 0.95)
    }
    return DecodedLine(characters: characters, contentColumns: Double(height))
  }

  @Test func anELyingDownWithoutItsBarIsAC() {
    let (column, middles) = Self.column([("c", 15), ("e", 15), ("c", 15), ("e", 15)])
    // Read `eecc`: the first and third have no bar, the second and fourth have one.
    let read = Self.reading("のeeccの", middles: middles, height: column.height)
    #expect(VerticalColumn.sidewaysLettersFromInk(read, column: column).text == "のceceの")
    // Read right, it stays.
    let right = Self.reading("のceceの", middles: middles, height: column.height)
    #expect(VerticalColumn.sidewaysLettersFromInk(right, column: column) == right)
  }

  @Test func aLetterTakesTheCaseOfItsWidthAcrossAgainstTheRunsCapitals() {
    // `T`, then `X` as wide read `x`, then `x` two thirds as wide read `X`.
    let (column, middles) = Self.column([("T", 21), ("X", 21), ("x", 14)])
    let read = Self.reading("のTxXの", middles: middles, height: column.height)
    #expect(VerticalColumn.sidewaysLettersFromInk(read, column: column).text == "のTXxの")
  }

  @Test func lettersStandingOneAnEmOrNotMatchingTheInkAreLeft() {
    let (column, middles) = Self.column([("c", 15), ("e", 15), ("c", 15), ("e", 15)])
    // The same letters spread an em apart along the column: upright letters, left as read.
    let spread = DecodedLine(
      characters: "eecc".enumerated().map { slot, character in
        DecodedCharacter(
          text: String(character), firstColumn: 10 + 40 * slot, lastColumn: 10 + 40 * slot, probability: 0.95)
      }, contentColumns: Double(column.height))
    #expect(VerticalColumn.sidewaysLettersFromInk(spread, column: column) == spread)
    // A letter's middle off its own rows (the reading and the ink disagree): the run is left.
    var shifted = Self.reading("のeeccの", middles: middles, height: column.height)
    shifted.characters[2].firstColumn = middles[0] + 2
    shifted.characters[2].lastColumn = middles[0] + 2
    #expect(VerticalColumn.sidewaysLettersFromInk(shifted, column: column) == shifted)
    // A letter more than the ink holds (a kana beside the word read as one): the run is left.
    let more = Self.reading("のeecceの", middles: middles + [middles[3] + 10], height: column.height)
    #expect(VerticalColumn.sidewaysLettersFromInk(more, column: column) == more)
  }
}
