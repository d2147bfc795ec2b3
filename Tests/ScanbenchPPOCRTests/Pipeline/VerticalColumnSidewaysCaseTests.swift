import Testing

@testable import ScanbenchPPOCR

/// The case of Latin letters lying sideways in a column, from their ink's reach across it.
@Suite struct VerticalColumnSidewaysCaseTests {
  /// A sideways letter's ink: where its foot and its top lie across the column.
  struct Letter {
    var foot: Int
    var top: Int
  }

  /// A column an em of 30 pixels across, `letters` lying sideways down it `spacing` rows apart
  /// from row 20 (each a box of ink 10 rows along the column, from its foot to its top across),
  /// and the turned reading of `text` with each character at its letter's middle.
  static func column(_ text: String, _ letters: [Letter], spacing: Int = 16) -> (
    DecodedLine, VerticalColumn.Line
  ) {
    let (width, em) = (30, 30.0)
    let height = 40 + spacing * letters.count
    var picture = VerticalColumn.Grey(width: width, height: height, value: 255)
    var ink = [Bool](repeating: false, count: width * height)
    var characters: [DecodedCharacter] = []
    for (k, (letter, character)) in zip(letters, text).enumerated() {
      let middle = 20 + spacing * k + spacing / 2
      for y in (middle - 5)..<(middle + 5) {
        for x in letter.foot...letter.top {
          picture[x, y] = 0
          ink[y * width + x] = true
        }
      }
      characters.append(
        DecodedCharacter(text: String(character), firstColumn: middle, lastColumn: middle, probability: 0.95))
    }
    let line = VerticalColumn.Line(
      image: VerticalColumn.Grey(width: 10, height: 10, value: 255), cellStarts: [], pitch: em, cellSize: 10,
      margin: 0, columnLength: Double(height), picture: picture, ink: ink, em: em)
    return (DecodedLine(characters: characters, contentColumns: Double(height)), line)
  }

  // Baseline at column 6; small letters reach 10 pixels across it, capitals and ascenders 15,
  // descenders go 4 below it.
  static let small = Letter(foot: 6, top: 16)
  static let capital = Letter(foot: 6, top: 21)
  static let descending = Letter(foot: 2, top: 16)

  @Test func aLetterAsTallAsTheWordsCapitalsIsOne() {
    // `LaTeX` read `LaTex`: its `x` reaches as far as `L` and `T`.
    let (reading, line) = Self.column(
      "LaTex", [Self.capital, Self.small, Self.capital, Self.small, Self.capital])
    #expect(VerticalColumn.casedAcrossColumn(reading, line: line).text == "LaTeX")
    // `Xcode` read `XCOde`: `c o` as far as `e`, `X` as far as `d`.
    let (xcode, line2) = Self.column(
      "XCOde", [Self.capital, Self.small, Self.small, Self.capital, Self.small])
    #expect(VerticalColumn.casedAcrossColumn(xcode, line: line2).text == "Xcode")
  }

  @Test func aWordWithSmallLettersOnlyTakesTheCapitalsHeightFromThem() {
    // `arXiv` read `arxiv`: `a r` give the x-height, over which `X` stands half as high again.
    let (reading, line) = Self.column(
      "arxiv", [Self.small, Self.small, Self.capital, Self.small, Self.small])
    #expect(VerticalColumn.casedAcrossColumn(reading, line: line).text == "arXiv")
    // `gpu` read `GPU`: `g p` hang below the baseline but still give the x-height.
    let (gpu, line2) = Self.column("gpU", [Self.descending, Self.descending, Self.small])
    #expect(VerticalColumn.casedAcrossColumn(gpu, line: line2).text == "gpu")
  }

  @Test func aWordWithNoLetterOfKnownHeightKeepsItsCase() {
    let (reading, line) = Self.column("os", [Self.capital, Self.capital])
    #expect(VerticalColumn.casedAcrossColumn(reading, line: line) == reading)
  }

  @Test func aWordWithNoLetterOfKnownHeightTakesItsCaseFromTheEm() {
    // `OS` read `os`: both reach three quarters of the em across; `os` half of it.
    let tall = Letter(foot: 4, top: 26)
    let short = Letter(foot: 4, top: 20)
    let (capitals, line) = Self.column("os", [tall, tall])
    #expect(VerticalColumn.casedAcrossColumn(capitals, line: line, inEms: true).text == "OS")
    let (smalls, line2) = Self.column("OS", [short, short])
    #expect(VerticalColumn.casedAcrossColumn(smalls, line: line2, inEms: true).text == "os")
    // Upright, one a cell: `C` alone after `Type-`, three quarters of the em high, read `c`.
    let (typeC, cells) = VerticalColumnLookalikesTests.cells("e-cで", heights: [0.5, 0.1, 0.75, 0.9])
    #expect(VerticalColumn.casedByHeight(typeC, line: cells, inEms: true).text == "e-Cで")
    #expect(VerticalColumn.casedByHeight(typeC, line: cells) == typeC)
  }

  @Test func lettersStandingUprightAreLeftToTheirCells() {
    // One letter to an em: upright letters, whose reach across is their width, not their height.
    let (reading, line) = Self.column(
      "LaTex", [Self.capital, Self.small, Self.capital, Self.small, Self.capital], spacing: 30)
    #expect(VerticalColumn.casedAcrossColumn(reading, line: line) == reading)
  }
}
