import Testing

@testable import ScanbenchPPOCR

/// The corner brackets found in a column's ink, and read where a reading took them for a bar.
@Suite struct VerticalColumnBracketsTests {
  /// A piece `width` × `height` inked where `inked` says (x, y from the top left).
  static func piece(width: Int, height: Int, _ inked: (Int, Int) -> Bool) -> [Bool] {
    var pixels = [Bool](repeating: false, count: width * height)
    for y in 0..<height {
      for x in 0..<width where inked(x, y) { pixels[y * width + x] = true }
    }
    return pixels
  }

  @Test func aBarWithAStrokeDownItsRightEndIsAnOpeningBracket() {
    // `﹁`: a bar 3 rows thick along the top, a stroke 3 columns thick down the right end.
    let opening = Self.piece(width: 22, height: 9) { x, y in y < 3 || x >= 19 }
    #expect(VerticalColumn.bracketShape(opening, width: 22, height: 9, em: 36) == "「")
    // `﹂`: the same turned half a turn, the bar along the bottom, the stroke up the left end.
    let closing = Self.piece(width: 22, height: 9) { x, y in y >= 6 || x < 3 }
    #expect(VerticalColumn.bracketShape(closing, width: 22, height: 9, em: 36) == "」")
  }

  @Test func aBarAloneOrWithInkInItsCornerIsNoBracket() {
    // `一`: a bar alone is too thin to hold a stroke.
    let one = Self.piece(width: 30, height: 3) { _, _ in true }
    #expect(VerticalColumn.bracketShape(one, width: 30, height: 3, em: 36) == nil)
    // A Mincho `一`: the serif at its right end stands above the bar, not below it.
    let serif = Self.piece(width: 30, height: 8) { x, y in y >= 5 || (x >= 25 && y >= 1) }
    #expect(VerticalColumn.bracketShape(serif, width: 30, height: 8, em: 36) == nil)
    // `コ`: a second bar closes the corner.
    let ko = Self.piece(width: 22, height: 14) { x, y in y < 3 || y >= 11 || x >= 19 }
    #expect(VerticalColumn.bracketShape(ko, width: 22, height: 14, em: 36) == nil)
    // A stroke that sweeps back into the corner (`フ`): ink under the bar.
    let fu = Self.piece(width: 22, height: 12) { x, y in y < 3 || x >= 19 || (y >= 8 && x >= 8 && x < 19) }
    #expect(VerticalColumn.bracketShape(fu, width: 22, height: 12, em: 36) == nil)
    // A stroke down a bar's middle (`丁`'s head), not its end.
    let tee = Self.piece(width: 22, height: 9) { x, y in y < 3 || (x >= 9 && x < 12) }
    #expect(VerticalColumn.bracketShape(tee, width: 22, height: 9, em: 36) == nil)
  }

  /// A column 44 pixels across of solid characters 34 pixels square, one a cell of 40 rows, with a
  /// `﹁` in the foot of cell 2 and a `﹂` in the head of cell 5, those cells otherwise blank.
  static func columnWithBrackets() -> VerticalColumn.Grey {
    var grey = VerticalColumnInkTests.column(cells: 8, blank: [2, 5])
    for y in 0..<10 {
      for x in 12..<34 where y < 3 || x >= 31 { grey[x, 10 + 80 + 22 + y] = 20 }
    }
    for y in 0..<10 {
      for x in 12..<34 where y >= 7 || x < 15 { grey[x, 10 + 200 + y] = 20 }
    }
    return grey
  }

  @Test func theBracketsOfAColumnAreFoundInItsInk() {
    let brackets = VerticalColumn.bracketsInInk(Self.columnWithBrackets())
    #expect(brackets.map(\.text) == ["「", "」"])
    #expect(brackets.first?.gap == 112..<122)
    #expect(brackets.last?.gap == 210..<220)
    // The characters' squares and the gaps between them hold none.
    #expect(VerticalColumn.bracketsInInk(VerticalColumnInkTests.column(cells: 8)).isEmpty)
  }

  @Test func aBracketShapeInTheMiddleOfItsCellIsNoBracket() {
    // As far from the character above as from the one below: it stands against neither (a faint
    // `一` whose serif and noise look a stroke).
    var grey = VerticalColumnInkTests.column(cells: 5, blank: [2])
    for y in 0..<10 {
      for x in 12..<34 where y < 3 || x >= 31 { grey[x, 10 + 80 + 12 + y] = 20 }
    }
    #expect(VerticalColumn.bracketsInInk(grey).isEmpty)
  }

  /// A reading of `texts`, one character a cell of 40 rows in a column of `cells` cells (one output
  /// column a row).
  static func reading(_ texts: [String], cells: Int) -> DecodedLine {
    DecodedLine(
      characters: texts.enumerated().map { cell, text in
        DecodedCharacter(
          text: text, firstColumn: 10 + 40 * cell + 5, lastColumn: 10 + 40 * cell + 25, probability: 0.9)
      },
      contentColumns: Double(40 * cells + 20))
  }

  @Test func aBarReadWhereTheInkHoldsABracketIsTheBracket() {
    let grey = Self.columnWithBrackets()
    let brackets = VerticalColumn.bracketsInInk(grey)
    let read = Self.reading(["あ", "る", "-", "試", "験", "ー", "と", "書"], cells: 8)
    let result = VerticalColumn.withInkBrackets(brackets, into: read, height: Double(grey.height), pitch: 40)
    #expect(result.text == "ある「試験」と書")
    // A character read as other than a bar keeps its reading; a bar away from every bracket too.
    let other = Self.reading(["あ", "る", "二", "試", "験", "と", "一", "書"], cells: 8)
    #expect(
      VerticalColumn.withInkBrackets(brackets, into: other, height: Double(grey.height), pitch: 40).text
        == "ある二試験と一書")
  }

  @Test func aKanjiOneIsLeftAsRead() {
    // `一` is text as often as a bracket's bar: only the bar a column cannot hold across it is taken.
    let solid = Self.columnWithBrackets()
    let both = Self.reading(["あ", "る", "一", "試", "験", "ー", "と", "書"], cells: 8)
    #expect(VerticalColumn.withBracketsFromInk(solid, into: both, pitch: 40).text == "ある一試験」と書")
  }

  /// The reading of ``columnWithBrackets()`` with `texts` in cells 0, 1, 3, 4, 6, 7 (2 and 5 hold
  /// the brackets).
  static func readingAroundBrackets(_ texts: [String]) -> DecodedLine {
    var read = reading(texts, cells: 8)
    for (index, cell) in [0, 1, 3, 4, 6, 7].enumerated() where index < read.characters.count {
      read.characters[index].firstColumn = 10 + 40 * cell + 5
      read.characters[index].lastColumn = 10 + 40 * cell + 25
    }
    return read
  }

  @Test func anOpeningBracketLostAfterAFullStopIsPutIn() {
    let grey = Self.columnWithBrackets()
    let lost = Self.readingAroundBrackets(["あ", "。", "試", "験", "と", "書"])
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40, openingAfterFullStops: true).text
        == "あ。「試験と書")
    #expect(VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40).text == "あ。試験と書")
  }

  @Test func anOpeningBracketLostAfterAClosingOneIsPutIn() {
    let grey = Self.columnWithBrackets()
    let lost = Self.readingAroundBrackets(["あ", "」", "試", "験", "と", "書"])
    #expect(
      VerticalColumn.withBracketsFromInk(
        grey, into: lost, pitch: 40, openingAfterFullStops: true, openingAfterClosing: true
      ).text == "あ」「試験と書")
    // Without it, only after a full stop.
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40, openingAfterFullStops: true).text
        == "あ」試験と書")
  }

  @Test func aBracketLostElsewhereOrReadIsNotPutIn() {
    let grey = Self.columnWithBrackets()
    let brackets = VerticalColumn.bracketsInInk(grey)
    let height = Double(grey.height)
    func putIn(_ read: DecodedLine) -> String {
      VerticalColumn.withOpeningBracketsAfterFullStops(brackets, into: read, height: height, pitch: 40).text
    }
    // After a character other than `。` (the head of `ア`, a Latin letter on its side), before a
    // Latin letter, and the closing bracket: none goes in.
    #expect(putIn(Self.readingAroundBrackets(["あ", "る", "試", "験", "と", "書"])) == "ある試験と書")
    #expect(putIn(Self.readingAroundBrackets(["あ", "。", "P", "y", "と", "書"])) == "あ。Pyと書")
    // Read already, as itself, as `一 二`, or as a bar.
    for read in ["「", "一", "二", "ー"] {
      let text = putIn(Self.reading(["あ", "。", read, "試", "験", "と", "書"], cells: 8))
      #expect(text == "あ。\(read)試験と書")
    }
    // After the reading's last character: the box ended at it, and the bracket is the next box's.
    #expect(putIn(Self.readingAroundBrackets(["あ", "。"])) == "あ。")
  }

  @Test func aClosingBracketLostAfterAQuestionMarkIsPutIn() {
    let grey = Self.columnWithBrackets()
    let lost = Self.readingAroundBrackets(["あ", "る", "試", "？", "と", "書"])
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40, closingAfterMarks: true).text
        == "ある試？」と書")
    #expect(VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40).text == "ある試？と書")
    // After a kana: the head of a character may take the bracket's shape.
    let kana = Self.readingAroundBrackets(["あ", "る", "試", "験", "と", "書"])
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: kana, pitch: 40, closingAfterMarks: true).text
        == "ある試験と書")
  }

  @Test func aDoubleBracketReadWhereTheInkHoldsASingleOneIsTheSingle() {
    let grey = Self.columnWithBrackets()
    let double = Self.reading(["あ", "る", "『", "試", "験", "』", "と", "書"], cells: 8)
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: double, pitch: 40, singleOverDouble: true).text
        == "ある「試験」と書")
    #expect(VerticalColumn.withBracketsFromInk(grey, into: double, pitch: 40).text == "ある『試験』と書")
  }

  /// A `﹂` in the head of cell 3 of an 8-cell column (40 rows a cell) and a `﹁` in its foot, back
  /// to back (`」「`), as ``VerticalColumn/bracketsInInk(_:)`` gives them.
  static let bracketsBackToBack = [
    VerticalColumn.InkMark(text: "」", gap: 130..<140, centre: 135),
    VerticalColumn.InkMark(text: "「", gap: 153..<163, centre: 158),
  ]

  @Test func bracketsBackToBackReadAsOneCharacterAreReadAsBoth() {
    let brackets = Self.bracketsBackToBack
    let height = 340.0
    for read in ["二", "一", "ー"] {
      let one = Self.reading(["あ", "る", "？", read, "試", "験", "と", "書"], cells: 8)
      let text = VerticalColumn.withBracketsBackToBack(brackets, into: one, height: height, pitch: 40).text
      #expect(text == "ある？」「試験と書")
    }
    // A kanji `二` where the ink holds no brackets, and a pair already read, are left as read.
    let plain = VerticalColumnInkTests.column(cells: 8)
    let kanji = Self.reading(["あ", "る", "？", "二", "試", "験", "と", "書"], cells: 8)
    #expect(
      VerticalColumn.withBracketsFromInk(plain, into: kanji, pitch: 40, backToBack: true).text == "ある？二試験と書")
    var both = Self.reading(["あ", "る", "？", "」", "二", "験", "と", "書"], cells: 8)
    both.characters[3].firstColumn = 10 + 40 * 3 + 2
    both.characters[3].lastColumn = 10 + 40 * 3 + 8
    #expect(
      VerticalColumn.withBracketsBackToBack(brackets, into: both, height: height, pitch: 40).text
        == "ある？」二験と書")
  }

  @Test func anOpeningBracketReadAsOneAfterAFullStopOrAClosingBracketIsTheBracket() {
    let grey = Self.columnWithBrackets()
    let brackets = VerticalColumn.bracketsInInk(grey)
    let height = Double(grey.height)
    for (before, read) in [("。", "一"), ("」", "二"), ("』", "一")] {
      let one = Self.reading(["あ", before, read, "試", "験", "と", "書"], cells: 8)
      #expect(
        VerticalColumn.withOpeningBracketsReadAsOnes(brackets, into: one, height: height, pitch: 40).text
          == "あ\(before)「試験と書")
    }
    // After a kana, `一` is a kanji as often (`る一方`): left as read; so is a `一` where the ink
    // holds no bracket.
    let kana = Self.reading(["あ", "る", "一", "試", "験", "と", "書"], cells: 8)
    #expect(
      VerticalColumn.withOpeningBracketsReadAsOnes(brackets, into: kana, height: height, pitch: 40).text
        == "ある一試験と書")
    let plain = VerticalColumnInkTests.column(cells: 8)
    let stop = Self.reading(["あ", "。", "一", "試", "験", "と", "書"], cells: 8)
    #expect(
      VerticalColumn.withBracketsFromInk(plain, into: stop, pitch: 40, backToBack: true).text == "あ。一試験と書")
  }

  @Test func anOpeningBracketLostBesideTheClosingOneIsPutIn() {
    // `」「` back to back, the cell read as `」` alone: the `」` lies within a pitch of the `「`.
    let brackets = Self.bracketsBackToBack
    let height = 340.0
    var read = Self.reading(["あ", "る", "？", "」", "試", "験", "と", "書"], cells: 8)
    read.characters[3].firstColumn = 10 + 40 * 3 + 2
    read.characters[3].lastColumn = 10 + 40 * 3 + 8
    func putIn(beside: Bool) -> String {
      VerticalColumn.withOpeningBracketsAfterFullStops(
        brackets, into: read, height: height, pitch: 40, afterClosingBrackets: true, besideTheClosing: beside
      ).text
    }
    #expect(putIn(beside: true) == "ある？」「試験と書")
    #expect(putIn(beside: false) == "ある？」試験と書")
  }

  /// ``columnWithBrackets()`` from the middle of cell 2 to the foot of cell 5: a column that opens
  /// with the `﹁` alone in its first cell, two characters, and closes with the `﹂` alone in its last.
  static func columnBetweenBrackets() -> VerticalColumn.Grey {
    let whole = columnWithBrackets()
    let rows = 90..<250
    return VerticalColumn.Grey(
      width: whole.width, height: rows.count,
      pixels: Array(whole.pixels[(rows.lowerBound * whole.width)..<(rows.upperBound * whole.width)]))
  }

  /// A reading of `texts`, each at the rows of `places` (its middle) in a column of `height` rows.
  static func reading(_ texts: [String], at places: [Int], height: Int) -> DecodedLine {
    DecodedLine(
      characters: zip(texts, places).map { text, place in
        DecodedCharacter(text: text, firstColumn: place - 10, lastColumn: place + 10, probability: 0.9)
      },
      contentColumns: Double(height))
  }

  @Test func bracketsLostAtTheColumnsEndsArePutIn() {
    let grey = Self.columnBetweenBrackets()
    #expect(VerticalColumn.bracketsInInk(grey).map(\.text) == ["「", "」"])
    // The characters in their cells, rows 40–74 and 80–114; the brackets more than half a pitch
    // beyond them.
    let lost = Self.reading(["試", "験"], at: [57, 97], height: grey.height)
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40, atColumnEnds: true).text == "「試験」")
    #expect(VerticalColumn.withBracketsFromInk(grey, into: lost, pitch: 40).text == "試験")
  }

  @Test func aBracketShapeBesideTheColumnsEndCharacterIsNotPutIn() {
    let grey = Self.columnBetweenBrackets()
    // Read within half a pitch of the end character's place, the shape is a stroke of it (`こ`).
    let near = Self.reading(["こ", "験", "た"], at: [40, 97, 110], height: grey.height)
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: near, pitch: 40, atColumnEnds: true).text == "こ験た")
    // Beside a Latin letter on its side, which a bracket's stroke is read as.
    let latin = Self.reading(["P", "y"], at: [57, 97], height: grey.height)
    #expect(
      VerticalColumn.withBracketsFromInk(grey, into: latin, pitch: 40, atColumnEnds: true).text == "Py")
  }

  /// A column of four cells of 40 rows, the last blank but for a `こ` set in it: a bar 3 rows
  /// thick across its head (rows 138–140), and under it, 7 rows of paper apart, a stroke turned up
  /// at its left end (rows 148–157): the `﹂` shape. With `ring`, a `。` stands there in place of
  /// the bar.
  static func columnEndingInKo(ring: Bool = false) -> VerticalColumn.Grey {
    var grey = VerticalColumnInkTests.column(cells: 4, blank: [3])
    if ring {
      VerticalColumnInkTests.ring(&grey, x: 22, y: 136)
    } else {
      VerticalColumnInkTests.ink(&grey, x: 14..<30, y: 138..<141)
    }
    for y in 148..<158 {
      for x in 12..<34 where y >= 155 || x < 15 { grey[x, y] = 20 }
    }
    return grey
  }

  @Test func aBracketShapeUnderAThinBarIsTheLowerStrokeOfKo() {
    let ko = Self.columnEndingInKo()
    #expect(VerticalColumn.bracketsInInk(ko).map(\.text) == ["」"])
    #expect(VerticalColumn.bracketsInInk(ko, koStrokes: true).map(\.text) == ["こ"])
    // Under a `。`, round, or under a whole character, the shape stays a closing bracket.
    #expect(
      VerticalColumn.bracketsInInk(Self.columnEndingInKo(ring: true), koStrokes: true).map(\.text) == ["」"])
    #expect(
      VerticalColumn.bracketsInInk(Self.columnBetweenBrackets(), koStrokes: true).map(\.text) == ["「", "」"])
  }

  @Test func aClosingBracketReadAtTheLowerStrokeOfKoIsKo() {
    let ko = Self.columnEndingInKo()
    // The recognizer read the stroke alone, cut from its bar, as the bracket it looks like.
    let read = Self.reading(["試", "験", "」"], at: [27, 67, 153], height: ko.height)
    #expect(VerticalColumn.withBracketsFromInk(ko, into: read, pitch: 40, koOverClosing: true).text == "試験こ")
    #expect(VerticalColumn.withBracketsFromInk(ko, into: read, pitch: 40).text == "試験」")
    // A `こ` read there already keeps the bracket read beside it.
    let both = Self.reading(["験", "こ", "」"], at: [67, 145, 160], height: ko.height)
    #expect(VerticalColumn.withBracketsFromInk(ko, into: both, pitch: 40, koOverClosing: true).text == "験こ」")
    // Nor is the stroke put in as a bracket lost at the column's foot.
    let lost = Self.reading(["試", "験"], at: [27, 67], height: ko.height)
    #expect(
      VerticalColumn.withBracketsFromInk(ko, into: lost, pitch: 40, atColumnEnds: true, koOverClosing: true)
        .text
        == "試験")
    #expect(VerticalColumn.withBracketsFromInk(ko, into: lost, pitch: 40, atColumnEnds: true).text == "試験」")
  }
}
