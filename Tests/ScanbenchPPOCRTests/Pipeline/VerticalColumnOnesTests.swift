import Testing

@testable import ScanbenchPPOCR

/// The kanji `一` found in a column's ink, read where a reading took it for the long vowel bar.
@Suite struct VerticalColumnOnesTests {
  /// A column of five cells (``VerticalColumnInkTests/column(cells:blank:rows:)``) whose middle cell
  /// holds only a thin bar: across the column (`一`), or along it (the long vowel bar set vertically).
  static func column(across: Bool) -> VerticalColumn.Grey {
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    if across {
      VerticalColumnInkTests.ink(&grey, x: 8..<36, y: 106..<109)
    } else {
      VerticalColumnInkTests.ink(&grey, x: 21..<24, y: 94..<120)
    }
    return grey
  }

  @Test func aBarAcrossTheColumnIsFoundAndABarAlongItIsNot() {
    let bars = VerticalColumn.barsAcrossInInk(Self.column(across: true))
    #expect(bars.map(\.text) == ["一"])
    #expect(bars.first?.gap == 106..<109)
    #expect(VerticalColumn.barsAcrossInInk(Self.column(across: false)).isEmpty)
    // The characters' squares hold none: a bar shares its rows with nothing of the column.
    #expect(VerticalColumn.barsAcrossInInk(VerticalColumnInkTests.column(cells: 5)).isEmpty)
  }

  @Test func aLongVowelReadWhereTheInkHoldsABarAcrossIsTheKanji() {
    let read = VerticalColumnBracketsTests.reading(["も", "う", "ー", "度", "だ"], cells: 5)
    let across = Self.column(across: true)
    #expect(VerticalColumn.withOnesFromInk(across, into: read, pitch: 40).text == "もう一度だ")
    // The long vowel set along the column stays.
    #expect(VerticalColumn.withOnesFromInk(Self.column(across: false), into: read, pitch: 40).text == "もうー度だ")
    // After a katakana the long vowel is at home, whatever the ink beside it.
    let katakana = VerticalColumnBracketsTests.reading(["あ", "ア", "ー", "度", "だ"], cells: 5)
    #expect(VerticalColumn.withOnesFromInk(across, into: katakana, pitch: 40).text == "あアー度だ")
    // After a Latin letter the bar is as often a letter on its side (`AI`'s `I`).
    let latin = VerticalColumnBracketsTests.reading(["あ", "A", "ー", "度", "だ"], cells: 5)
    #expect(VerticalColumn.withOnesFromInk(across, into: latin, pitch: 40).text == "あAー度だ")
    // A bar read a cell away from the ink's bar is not its.
    let away = VerticalColumnBracketsTests.reading(["も", "ー", "う", "度", "だ"], cells: 5)
    #expect(VerticalColumn.withOnesFromInk(across, into: away, pitch: 40).text == "もーう度だ")
  }
}
