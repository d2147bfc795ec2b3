import Testing

@testable import ScanbenchScoring

@Suite struct TextNormalizerTests {
  private func normalize(_ text: String, _ options: ScoringOptions = .default) -> [Unicode.Scalar] {
    Array(TextNormalizer.normalize(text, options).unicodeScalars)
  }

  private func scalars(_ text: String) -> [Unicode.Scalar] {
    Array(text.unicodeScalars)
  }

  @Test func byteOrderMarkIsRemovedOnlyAtTheStart() {
    let keep = ScoringOptions(whitespace: .keep)
    #expect(normalize("\u{FEFF}abc", keep) == scalars("abc"))
    #expect(normalize("a\u{FEFF}b", keep) == scalars("a\u{FEFF}b"))
  }

  @Test func carriageReturnLineFeedBecomesLineFeed() {
    let keep = ScoringOptions(whitespace: .keep)
    #expect(normalize("a\r\nb\r\n", keep) == scalars("a\nb\n"))
    #expect(normalize("a\rb", keep) == scalars("a\rb"), "a lone CR stays")
    #expect(normalize("a\r\r\nb\r", keep) == scalars("a\nb\r"), "CR CR LF is one line break")
    #expect(normalize("\u{FEFF}a\r\n\r\nb", .default) == scalars("a b"))
  }

  @Test func canonicalComposition() {
    #expect(normalize("e\u{301}") == scalars("\u{E9}"))
    #expect(normalize("\u{212B}") == scalars("\u{C5}"), "Ångström sign to Å")
    #expect(normalize("ＡＢＣ１") == scalars("ＡＢＣ１"), "NFC keeps fullwidth forms")
  }

  @Test func compatibilityComposition() {
    let nfkc = ScoringOptions(form: .nfkc)
    #expect(normalize("ＡＢＣ１２３", nfkc) == scalars("ABC123"))
    #expect(normalize("ﬁne", nfkc) == scalars("fine"))
    #expect(normalize("ｶﾞ", nfkc) == scalars("ガ"), "halfwidth kana compose")
  }

  @Test func caseFolding() {
    let fold = ScoringOptions(caseFold: true)
    #expect(normalize("Straße ÉCOLE", fold) == scalars("strasse école"))
    #expect(normalize("Straße", .default) == scalars("Straße"), "off by default")
  }

  @Test func punctuationRemoval() {
    let noPunctuation = ScoringOptions(ignorePunctuation: true)
    #expect(normalize("Hello, world! (a-b) «c»", noPunctuation) == scalars("Hello world ab c"))
    #expect(normalize("a , b", noPunctuation) == scalars("a b"))
    #expect(normalize("$5 + 3", noPunctuation) == scalars("$5 + 3"), "symbols are not punctuation")
    #expect(normalize("日本。語、", noPunctuation) == scalars("日本語"))
    #expect(normalize("a, b", .default) == scalars("a, b"), "off by default")
  }

  @Test func whitespaceCollapse() {
    #expect(normalize("  a \t b\n\nc  ") == scalars("a b c"))
    #expect(normalize("a\u{A0}\u{2003}b") == scalars("a b"), "every kind of space")
    #expect(normalize(" \n\t ") == [])
  }

  @Test func whitespaceIgnore() {
    #expect(normalize(" a b\tc\n", ScoringOptions(whitespace: .ignore)) == scalars("abc"))
  }

  @Test func whitespaceKeep() {
    let keep = ScoringOptions(whitespace: .keep, dropCJKSpaces: false)
    #expect(normalize(" a  b\t\n", keep) == scalars(" a  b\t\n"))
  }

  /// dinglehopper's reading of a text file, `[line.strip() for line in f.readlines()]` joined by LF,
  /// worked out by hand from Python's rules for each case.
  @Test func whitespaceLinesTrimsEachLineAsDinglehopperReadsText() {
    let lines = ScoringOptions(whitespace: .lines, dropCJKSpaces: false)
    #expect(normalize("  a  b \n\tc\n", lines) == scalars("a  b\nc"), "the final line break ends a line")
    #expect(normalize("a\n\n", lines) == scalars("a\n"), "an empty last line stays")
    #expect(normalize("a\r\nb\rc", lines) == scalars("a\nb\nc"), "CRLF and a lone CR are line breaks")
    #expect(normalize("\n a\u{3000}\n", lines) == scalars("\na"), "an ideographic space is whitespace")
    #expect(normalize("", lines).isEmpty)
    #expect(normalize(" \n ", lines) == scalars("\n"), "two lines, both empty")
    #expect(ScoringOptions(descriptor: lines.descriptor) == lines)
    #expect(lines.descriptor == "cer/grapheme/nfc/ws-lines/cjk-keep/v1")
    // CJK spaces are dropped inside a line; a line break between CJK lines stays, as in `keep`.
    #expect(normalize(" 日 本\n語 ", ScoringOptions(whitespace: .lines)) == scalars("日本\n語"))
  }

  /// dinglehopper's `substitute_equivalences` on the same strings, worked out from its tables.
  @Test func sbbMakesDinglehoppersSubstitutions() {
    let sbb = ScoringOptions(form: .sbb, whitespace: .keep, dropCJKSpaces: false)
    #expect(normalize("=======6", sbb) == scalars("–––=6"), "left to right, as str.replace")
    #expect(normalize("ﬁne — it’s ⸗", sbb) == scalars("fine – it's -"))
    #expect(normalize("a\u{364}o\u{364}u\u{364} \u{F50E}", sbb) == scalars("äöü q\u{301}"))
    #expect(normalize("e\u{301}", sbb) == scalars("é"), "NFC first")
    #expect(normalize("plain", sbb) == scalars("plain"))
    #expect(ScoringOptions(descriptor: sbb.descriptor) == sbb)
  }

  @Test func spacesBetweenCJKCharactersAreDropped() {
    #expect(normalize("日 本 語 の テ キ ス ト") == scalars("日本語のテキスト"))
    #expect(normalize("日本\u{3000}語") == scalars("日本語"), "ideographic space")
    #expect(normalize("東京 Tokyo 大阪") == scalars("東京 Tokyo 大阪"), "spaces next to Latin stay")
    #expect(normalize("「 日本 」") == scalars("「日本」"), "CJK punctuation")
    #expect(normalize("ＡＢ ＣＤ") == scalars("ＡＢＣＤ"), "fullwidth forms")
    #expect(normalize("한국 어") == scalars("한국 어"), "Hangul separates words with spaces")
    #expect(normalize("日本\n語") == scalars("日本語"), "collapsed line breaks too")
  }

  @Test func spacesBetweenCJKCharactersAreKeptOnRequest() {
    #expect(normalize("日 本  語", ScoringOptions(dropCJKSpaces: false)) == scalars("日 本 語"))
  }

  @Test func keepModeDropsCJKSpacesButNotLineBreaks() {
    let keep = ScoringOptions(whitespace: .keep)
    #expect(normalize("日 本\n語", keep) == scalars("日本\n語"))
  }

  @Test func loneCombiningMarksSurvive() {
    #expect(normalize("a \u{301}b") == scalars("a \u{301}b"), "a mark on a space is content")
    #expect(normalize("\u{301}") == scalars("\u{301}"))
    #expect(normalize("\u{301}", ScoringOptions(whitespace: .ignore)) == scalars("\u{301}"))
  }

  @Test func removingWhitespaceRecomposes() {
    // Conjoining jamo that a space kept apart compose once it is gone.
    #expect(normalize("\u{1100} \u{1161}", ScoringOptions(whitespace: .ignore)) == scalars("\u{AC00}"))
  }

  @Test func emptyAndUnchangedTexts() {
    #expect(normalize("") == [])
    #expect(normalize("plain ascii") == scalars("plain ascii"))
  }
}
