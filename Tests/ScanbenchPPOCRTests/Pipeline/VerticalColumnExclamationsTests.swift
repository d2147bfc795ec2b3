import Testing

@testable import ScanbenchPPOCR

/// The exclamation marks found in a column's ink (`！` upright: a stroke tapering down the axis,
/// a dot under it), and read where a reading took them for a bar.
@Suite struct VerticalColumnExclamationsTests {
  /// Cell 2 of a five-cell column blank but for a stroke down the axis (x 22), rows 88–109, four
  /// pixels wide tapering to `footWidth` in its last four rows, and a piece `dotWidth` wide in rows
  /// 113–118 under it; the paper between them, rows 110–112 as wide as the dot, is `between`.
  static func column(footWidth: Int, dotWidth: Int, between: UInt8 = 255) -> VerticalColumn.Grey {
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in 88..<110 {
      let strokeWidth = y >= 106 ? footWidth : 4
      for x in (22 - strokeWidth / 2)..<(22 - strokeWidth / 2 + strokeWidth) { grey[x, y] = 20 }
    }
    let dot = (22 - dotWidth / 2)..<(22 - dotWidth / 2 + dotWidth)
    for y in 110..<113 {
      for x in dot { grey[x, y] = between }
    }
    VerticalColumnInkTests.ink(&grey, x: dot, y: 113..<119)
    return grey
  }

  @Test func aTaperingStrokeWithADotUnderItIsAnExclamationMark() {
    let marks = VerticalColumn.exclamationMarksInInk(Self.column(footWidth: 2, dotWidth: 6))
    #expect(marks.map(\.text) == ["！"])
    #expect(marks.first?.gap == 88..<119)
  }

  @Test func anExclamationMarkWhoseDotTheBlurJoinsToItsStrokeIsFoundInTheDarkerInk() {
    // The paper between the stroke and the dot grey: at the column's threshold one run of rows,
    // too long for the mark; in the darker ink, stroke and dot apart.
    let joined = Self.column(footWidth: 2, dotWidth: 6, between: 120)
    #expect(VerticalColumn.exclamationMarksInInk(joined).isEmpty)
    let parted = VerticalColumn.exclamationMarksInInk(joined, parted: true)
    #expect(parted.map(\.text) == ["！"])
    #expect(parted.allSatisfy { $0.gap.lowerBound >= 86 && $0.gap.upperBound <= 121 })
    // Apart on white paper, found once either way.
    #expect(
      VerticalColumn.exclamationMarksInInk(Self.column(footWidth: 2, dotWidth: 6), parted: true).count == 1)
    // A bar of one width broken by the scan, its break grey, is no mark in the darker ink either.
    let bar = Self.column(footWidth: 4, dotWidth: 4, between: 120)
    #expect(VerticalColumn.exclamationMarksInInk(bar, parted: true).isEmpty)
  }

  @Test func aBarBrokenByTheScanIsNoExclamationMark() {
    // A long vowel bar of one width, a piece of its foot broken off: no dot wider than the foot.
    #expect(VerticalColumn.exclamationMarksInInk(Self.column(footWidth: 4, dotWidth: 4)).isEmpty)
    // A dot on top of the stroke (`i` set upright).
    var upright = VerticalColumnInkTests.column(cells: 5, blank: [2])
    VerticalColumnInkTests.ink(&upright, x: 19..<25, y: 88..<94)
    VerticalColumnInkTests.ink(&upright, x: 21..<23, y: 97..<119)
    #expect(VerticalColumn.exclamationMarksInInk(upright).isEmpty)
  }

  @Test func theBarReadForAnExclamationMarkIsTheMark() {
    let mark = VerticalColumn.InkMark(text: "！", gap: 30..<39, centre: 34.5)
    func read(_ text: String) -> String {
      let reading = VerticalColumnPiecesTests.reading(text, pitch: 10)
      return VerticalColumn.withInkExclamationMarks(
        [mark], into: reading, height: reading.contentColumns, pitch: 10
      )
      .text
    }
    #expect(read("まさか一本当") == "まさか！本当")
    #expect(read("まさかー本当") == "まさか！本当")
    // Read already, read as another character, or a letter within a Latin word: kept.
    #expect(read("まさか！本当") == "まさか！本当")
    #expect(read("まさかの本当") == "まさかの本当")
    #expect(read("ABClDE") == "ABClDE")
  }
}
