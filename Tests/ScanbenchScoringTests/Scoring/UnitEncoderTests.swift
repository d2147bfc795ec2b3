import Testing

@testable import ScanbenchScoring

@Suite struct UnitEncoderTests {
  @Test func graphemesAndCodePoints() {
    let text = "q\u{301}👩\u{200D}💻a"
    var graphemes = UnitEncoder(unit: .grapheme)
    let byGrapheme = graphemes.encode(text, keepingBoundaries: true)
    #expect(byGrapheme.symbols.count == 3)
    #expect(byGrapheme.units(0..<1) == "q\u{301}")
    #expect(byGrapheme.units(1..<3) == "👩\u{200D}💻a")
    #expect(byGrapheme.symbols[2] == Int32(UInt8(ascii: "a")))

    var codepoints = UnitEncoder(unit: .codepoint)
    let byCodepoint = codepoints.encode(text, keepingBoundaries: true)
    #expect(byCodepoint.symbols.count == 6)
    #expect(byCodepoint.units(1..<2).unicodeScalars.elementsEqual(["\u{301}"]))
  }

  @Test func equalClustersShareASymbolAcrossTexts() {
    var encoder = UnitEncoder(unit: .grapheme)
    let first = encoder.encode("x👍🏽y", keepingBoundaries: false).symbols
    let second = encoder.encode("👍🏽👍", keepingBoundaries: false).symbols
    #expect(first[1] == second[0])
    #expect(second[0] != second[1])
    #expect(first[1] >= 0x11_0000, "clusters are numbered past the last scalar value")
  }

  @Test func boundariesAreSkippedWhenNotWanted() {
    var encoder = UnitEncoder(unit: .grapheme)
    #expect(encoder.encode("abé", keepingBoundaries: false).boundaries.isEmpty)
    #expect(encoder.encode("abé", keepingBoundaries: true).boundaries == [0, 1, 2, 4])
  }

  /// One byte a unit needs no boundaries; either way the units are the same.
  @Test(arguments: [ScoringOptions.Unit.grapheme, .codepoint])
  func unitsAreCutAtTheirBoundaries(unit: ScoringOptions.Unit) {
    var encoder = UnitEncoder(unit: unit)
    let ascii = encoder.encode("ab c", keepingBoundaries: true)
    #expect(ascii.boundaries.isEmpty && ascii.unitsAreBytes)
    #expect(ascii.units(1..<3) == "b ")
    let crlf = encoder.encode("a\r\nb", keepingBoundaries: true)
    #expect(crlf.unitsAreBytes == (unit == .codepoint), "CR LF is one grapheme of two bytes")
    #expect(crlf.units(1..<2) == (unit == .grapheme ? "\r\n" : "\r"))
    let mixed = encoder.encode("e\u{301}日x", keepingBoundaries: true)
    #expect(mixed.units(0..<1) == (unit == .grapheme ? "e\u{301}" : "e"))
    #expect(mixed.units(mixed.symbols.count - 2..<mixed.symbols.count) == "日x")
  }
}
