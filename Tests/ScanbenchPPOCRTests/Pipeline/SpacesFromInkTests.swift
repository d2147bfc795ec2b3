import Testing

@testable import ScanbenchPPOCR

/// Spaces the recognizer dropped, put back from the crop's ink (``SpacesFromInk``).
@Suite struct SpacesFromInkTests {
  /// A line as the recognizer reads it and the ink of its crop: each character of `text` is a
  /// glyph 6 pixels wide under one output column of 8 pixels, letters 2 pixels apart; a space in
  /// `text` is read (a space class between the glyphs), a `_` is a space the recognizer dropped,
  /// and both leave a gap of `wordGap` pixels.
  static func line(_ text: String, wordGap: Int = 12) -> (DecodedLine, [Bool]) {
    var characters: [DecodedCharacter] = []
    var ink: [Bool] = []
    for character in text {
      if character == " " || character == "_" {
        ink += [Bool](repeating: false, count: wordGap - 2)
        if character == " " {
          characters.append(
            DecodedCharacter(
              text: " ", firstColumn: ink.count / 8, lastColumn: ink.count / 8, probability: 0.9))
        }
        continue
      }
      // The glyph's column is the one its centre falls in.
      let centre = ink.count + 3
      characters.append(
        DecodedCharacter(
          text: String(character), firstColumn: centre / 8, lastColumn: centre / 8, probability: 0.9))
      ink += [Bool](repeating: true, count: 6) + [false, false]
    }
    return (DecodedLine(characters: characters, contentColumns: Double(ink.count) / 8), ink)
  }

  /// `doubt`: the space class's probability in every column without a character.
  static func mended(_ text: String, wordGap: Int = 12, share: Double = 0.6, doubt: Float = 0.2) -> String {
    let (line, ink) = line(text, wordGap: wordGap)
    let columns = (ink.count + 7) / 8
    var likelihood = [Float](repeating: doubt, count: columns)
    for character in line.characters { likelihood[character.firstColumn] = 0 }
    return SpacesFromInk.mended(
      line, ink: ink, spaceLikelihood: likelihood, height: 48, pixelsPerColumn: 8, share: share
    ).text
  }

  @Test func aDroppedSpaceBetweenWordsIsPutBack() {
    #expect(Self.mended("the gnu general_public license") == "the gnu general public license")
  }

  @Test func aLineWithOneSpaceReadIsMendedByIt() {
    #expect(Self.mended("general_public license") == "general public license")
  }

  @Test func aLineWithNoSpaceReadIsMendedByASpacesUsualWidth() {
    // A crop 48 pixels high: a space is about 12 of its pixels; gaps of 12 and of 5.
    #expect(Self.mended("general_public") == "general public")
    #expect(Self.mended("general_public", wordGap: 5) == "generalpublic")
  }

  @Test func wordsNoFartherApartThanLettersAreLeftAlone() {
    // Word gaps of 4 pixels against letters' 2: nothing tells a dropped space from a wide letter.
    #expect(Self.mended("the gnu general_public license", wordGap: 4) == "the gnu generalpublic license")
  }

  @Test func aGapNarrowerThanTheShareOfAWordGapIsNoSpace() {
    // Only the line's word gaps are 12 wide; a share of 1.5 of them is wider than any gap.
    #expect(Self.mended("the gnu general_public license", share: 1.5) == "the gnu generalpublic license")
  }

  @Test func aGapTheRecognizerSawNoSpaceInIsNoSpace() {
    #expect(Self.mended("the gnu general_public license", doubt: 0.01) == "the gnu generalpublic license")
  }

  /// The median by selection is the middle value of the sorted values, whatever their order, count
  /// (odd or even) and repeats.
  @Test func theMedianIsTheMiddleOfTheSortedValues() {
    var generator = SystemRandomNumberGenerator()
    for count in [1, 2, 3, 4, 7, 8, 64, 65, 1000, 1001] {
      for levels in [2, 5, 1000] {
        var values = (0..<count).map { _ in Float(Int.random(in: 0..<levels, using: &generator)) / 7 }
        let expected = values.sorted()[count / 2]
        #expect(SpacesFromInk.median(&values) == expected, "\(count) values of \(levels) levels")
      }
    }
    var sortedDown = (0..<101).map { Float(100 - $0) }
    #expect(SpacesFromInk.median(&sortedDown) == 50)
    var empty: [Float] = []
    #expect(SpacesFromInk.median(&empty) == 0)
  }

  @Test func inkColumnsAreThoseDarkerThanHalfwayToTheDarkestInTheMiddleRows() {
    // A crop 20 wide and 16 high, white, with ink in columns 3–5 and 12, and a neighbour's
    // descender at the top of column 8 (rows 0–1, outside the middle rows).
    let ink = SpacesFromInk.inkColumns(width: 20, height: 16) { x, y in
      if (3...5).contains(x) || x == 12 { return 0.1 }
      if x == 8 && y < 2 { return 0.1 }
      return 0.9
    }
    #expect(ink.indices.filter { ink[$0] } == [3, 4, 5, 12])
    #expect(SpacesFromInk.widestGap(ink, in: 5..<12) == 6)
  }
}
