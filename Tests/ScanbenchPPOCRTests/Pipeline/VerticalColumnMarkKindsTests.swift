import Testing

@testable import ScanbenchPPOCR

/// The kind of each `、。` a reading holds, read again from the column's ink where it is plain.
@Suite struct VerticalColumnMarkKindsTests {
  @Test func aRingAndAStrokeAreEachPlainButADotIsNot() {
    // Cells 2, 5 and 7 blank but for a mark in their top right: a ring, a stroke, a solid dot
    // (a ring whose hole the scan's blur filled: `。` by its roundness, but not beyond doubt).
    var grey = VerticalColumnInkTests.column(cells: 10, blank: [2, 5, 7])
    VerticalColumnInkTests.ink(&grey, x: 24..<34, y: (10 + 280 + 2)..<(10 + 280 + 12))
    VerticalColumnInkTests.ring(&grey, x: 29, y: 10 + 80 + 7)
    // A stroke four pixels thick, as a `、` is about a tenth of an em.
    for step in 0..<9 {
      for thick in 0..<4 { grey[24 + step + thick, 10 + 200 + 1 + step] = 20 }
    }
    let marks = VerticalColumn.marksInInk(grey)
    #expect(marks.map(\.text) == ["。", "、", "。"])
    #expect(marks.map(\.plain) == [true, true, false])
  }

  @Test func aShortSolidStrokeIsPlainOnlyWithShortCommas() {
    // Cell 5 blank but for a short stout stroke in its top right, down the diagonal at half its
    // slope: a `、` set small or blurred, little longer than it is thick, solid through its middle.
    var grey = VerticalColumnInkTests.column(cells: 10, blank: [2, 5, 7])
    for step in 0..<7 {
      for thick in 0..<6 { grey[24 + step / 2 + thick, 10 + 200 + 1 + step] = 20 }
    }
    let long = VerticalColumn.marksInInk(grey)
    #expect(long.map(\.text) == ["、"])
    #expect(long.map(\.plain) == [false])
    let short = VerticalColumn.marksInInk(grey, shortCommas: true)
    #expect(short.map(\.text) == ["、"])
    #expect(short.map(\.plain) == [true])
  }

  @Test func aShortCommaIsPlainOnlySolidAndDrawnOut() {
    // Solid through its middle and drawn out along the diagonal: a `、`.
    #expect(VerticalColumn.shortCommaIsPlain(ringness: 0.05, amount: 0.4))
    // Its middle lighter than its ink: a ring's, however small.
    #expect(!VerticalColumn.shortCommaIsPlain(ringness: 0.25, amount: 0.4))
    // Round: a dot, or a ring whose hole the blur filled.
    #expect(!VerticalColumn.shortCommaIsPlain(ringness: 0.05, amount: 0.2))
  }

  static func mark(_ text: String, gap: Range<Int>, plain: Bool = true) -> VerticalColumn.InkMark {
    VerticalColumn.InkMark(text: text, gap: gap, centre: Double(gap.lowerBound + 10), plain: plain)
  }

  /// `text` read as a column 1,000 rows long, its marks' kinds taken from `marks`.
  static func kinds(_ marks: [VerticalColumn.InkMark], in text: String) -> String {
    VerticalColumn.withMarkKindsFromInk(
      marks, into: VerticalColumnInkTests.reading(text), height: 1000
    ).text
  }

  @Test func aMarkReadAsTheOtherTakesTheKindTheInkShows() {
    // Characters at rows 50, 150, 250, …: the third, a mark, in the gap from row 260 to 340.
    let ring = [Self.mark("。", gap: 260..<340)]
    #expect(Self.kinds(ring, in: "出た、ラーが") == "出た。ラーが")
    let stroke = [Self.mark("、", gap: 560..<640)]
    #expect(Self.kinds(stroke, in: "エラーが出。たら") == "エラーが出、たら")
    // A half-seen mark after a kana is the ink's mark too.
    #expect(Self.kinds(ring, in: "出た・ラーが") == "出た。ラーが")
  }

  @Test func aMarkTheInkDoesNotShowPlainlyOrTwoMarksNearItStand() {
    let doubtful = [Self.mark("。", gap: 260..<340, plain: false)]
    #expect(Self.kinds(doubtful, in: "出た、ラーが") == "出た、ラーが")
    // Two marks read near the gap: which is its own is unknown.
    let ring = [Self.mark("。", gap: 260..<340)]
    #expect(Self.kinds(ring, in: "出た、、ーが") == "出た、、ーが")
    // A point inside a Latin word is the word's own.
    #expect(Self.kinds(ring, in: "Nd.js") == "Nd.js")
    // A mark far from the gap is another's.
    #expect(Self.kinds(ring, in: "出たラーが、") == "出たラーが、")
  }
}
