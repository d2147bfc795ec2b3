import ScanbenchSupport
import Testing

@testable import ScanbenchScoring

@Suite struct ScorerTests {
  @Test func latinCharacterErrorRateByHand() throws {
    // "hello world" → "hel1o wor1d": two substitutions over 11 graphemes.
    let score = Scorer.score(groundTruth: "hello world", recognized: "hel1o wor1d")
    #expect(score.groundTruthLength == 11)
    #expect(score.recognizedLength == 11)
    #expect(score.edits == EditCounts(substitutions: 2, insertions: 0, deletions: 0))
    let cer = try #require(score.cer)
    #expect(abs(cer - 2.0 / 11.0) < 1e-12)
    #expect(score.metric == "cer/grapheme/nfc/ws-collapse/cjk-nospace/v1")
  }

  @Test func rnReadAsM() throws {
    // "modern" → "modem": r→m and a lost n, 2 edits over 6.
    let score = Scorer.score(groundTruth: "modern", recognized: "modem")
    #expect(score.edits.total == 2)
    #expect(score.edits.substitutions == 1)
    #expect(score.edits.deletions == 1)
    #expect(try #require(score.cer) == 2.0 / 6.0)
  }

  @Test func japaneseCharacterErrorRateByHand() throws {
    // Tesseract's spaces between Japanese characters cost nothing by default…
    let spaced = Scorer.score(groundTruth: "日本語のテキスト", recognized: "日 本 語 の テ キ ス ト")
    #expect(spaced.groundTruthLength == 8)
    #expect(spaced.edits.total == 0)
    #expect(spaced.cer == 0)
    // …and are 7 insertions when kept.
    let kept = Scorer.score(
      groundTruth: "日本語のテキスト", recognized: "日 本 語 の テ キ ス ト", options: ScoringOptions(dropCJKSpaces: false))
    #expect(kept.edits == EditCounts(substitutions: 0, insertions: 7, deletions: 0))
    // 語→話 and a lost ト: 2 edits over 8.
    let misread = Scorer.score(groundTruth: "日本語のテキスト", recognized: "日本話のテキス")
    #expect(misread.edits == EditCounts(substitutions: 1, insertions: 0, deletions: 1))
    #expect(try #require(misread.cer) == 0.25)
  }

  @Test func emptyGroundTruthHasNoRateButCountsInsertions() {
    let score = Scorer.score(groundTruth: "", recognized: "abc")
    #expect(score.cer == nil)
    #expect(score.groundTruthLength == 0)
    #expect(score.edits == EditCounts(substitutions: 0, insertions: 3, deletions: 0))
    #expect(score.words.wer == nil)
    #expect(score.words.wordEdits == 1)
    let whitespaceOnly = Scorer.score(groundTruth: " \n ", recognized: "x")
    #expect(whitespaceOnly.cer == nil, "empty after normalization")
  }

  @Test func emptyRecognizedTextIsAllDeletions() {
    let score = Scorer.score(groundTruth: "abcd", recognized: "")
    #expect(score.edits == EditCounts(substitutions: 0, insertions: 0, deletions: 4))
    #expect(score.cer == 1)
    #expect(score.words.wer == 1)
  }

  @Test func bothEmpty() {
    let score = Scorer.score(groundTruth: "", recognized: "")
    #expect(score.edits.total == 0)
    #expect(score.cer == nil)
    #expect(score.words.wer == nil)
    #expect(score.recognizedLength == 0)
  }

  @Test func unitsCountDifferently() {
    // q with an acute accent has no precomposed form: one grapheme, two code points.
    let grapheme = Scorer.score(groundTruth: "q\u{301}x", recognized: "qx")
    #expect(grapheme.groundTruthLength == 2)
    #expect(grapheme.edits == EditCounts(substitutions: 1, insertions: 0, deletions: 0))
    let codepoint = Scorer.score(
      groundTruth: "q\u{301}x", recognized: "qx", options: ScoringOptions(unit: .codepoint))
    #expect(codepoint.groundTruthLength == 3)
    #expect(codepoint.edits == EditCounts(substitutions: 0, insertions: 0, deletions: 1))
    #expect(codepoint.metric == "cer/codepoint/nfc/ws-collapse/cjk-nospace/v1")
    // An emoji ZWJ sequence is one grapheme, several code points.
    let emoji = Scorer.score(groundTruth: "👩\u{200D}💻", recognized: "👩")
    #expect(emoji.groundTruthLength == 1)
    #expect(emoji.edits.total == 1)
  }

  @Test func loneCombiningMarkInRecognizedText() {
    // No precomposed q with acute exists, so the mark stays a code point of its own.
    let score = Scorer.score(groundTruth: "qb", recognized: "q\u{301}b")
    #expect(score.edits.total == 1, "q́ against q: one grapheme substituted")
    let codepoint = Scorer.score(
      groundTruth: "qb", recognized: "q\u{301}b", options: ScoringOptions(unit: .codepoint))
    #expect(codepoint.edits == EditCounts(substitutions: 0, insertions: 1, deletions: 0))
  }

  @Test func normalizationOptionsApply() {
    #expect(Scorer.score(groundTruth: "e\u{301}", recognized: "\u{E9}").edits.total == 0)
    #expect(Scorer.score(groundTruth: "ＡＢＣ", recognized: "ABC").edits.total == 3)
    #expect(
      Scorer.score(groundTruth: "ＡＢＣ", recognized: "ABC", options: ScoringOptions(form: .nfkc)).edits.total
        == 0)
    #expect(
      Scorer.score(groundTruth: "Hello", recognized: "hello", options: ScoringOptions(caseFold: true)).edits
        .total == 0)
    #expect(
      Scorer.score(groundTruth: "a, b.", recognized: "a b", options: ScoringOptions(ignorePunctuation: true))
        .cer == 0)
    #expect(Scorer.score(groundTruth: "\u{FEFF}a\r\nb", recognized: "a b").edits.total == 0)
  }

  @Test func wordErrorRate() throws {
    let score = Scorer.score(groundTruth: "the quick brown fox", recognized: "the quack brown fox")
    #expect(score.words.groundTruthWords == 4)
    #expect(score.words.wordEdits == 1)
    #expect(try #require(score.words.wer) == 0.25)
    // Each CJK character is a word: 語→話 is one word error in three.
    let japanese = Scorer.score(groundTruth: "日本語", recognized: "日本話")
    #expect(japanese.words.groundTruthWords == 3)
    #expect(japanese.words.wordEdits == 1)
    // Words are still cut at spaces when whitespace is ignored for the CER.
    let ignored = Scorer.score(
      groundTruth: "a big cat", recognized: "a bigcat", options: ScoringOptions(whitespace: .ignore))
    #expect(ignored.edits.total == 0)
    #expect(ignored.words.groundTruthWords == 3)
    #expect(ignored.words.recognizedWords == 2)
    #expect(ignored.words.wordEdits == 2)
  }

  /// S + I + D from the alignment equals the bit-parallel distance, on texts long enough for several
  /// blocks and a Hirschberg split.
  @Test func splitAddsUpToTheDistance() {
    var generator = SeededGenerator(seed: 21)
    for round in 0..<60 {
      let groundTruth = RandomText.text(length: Int.random(in: 0...400, using: &generator), using: &generator)
      let recognized = RandomText.edited(
        groundTruth, edits: Int.random(in: 0...60, using: &generator), using: &generator)
      for unit in ScoringOptions.Unit.allCases {
        let options = ScoringOptions(unit: unit)
        let score = Scorer.score(groundTruth: groundTruth, recognized: recognized, options: options)
        var encoder = UnitEncoder(unit: unit)
        let a = encoder.encode(TextNormalizer.normalize(groundTruth, options), keepingBoundaries: false)
          .symbols
        let b = encoder.encode(TextNormalizer.normalize(recognized, options), keepingBoundaries: false)
          .symbols
        #expect(score.edits.total == EditDistance.distance(a, b), "round \(round) \(unit)")
        #expect(score.edits.insertions - score.edits.deletions == b.count - a.count)
        #expect(score.groundTruthLength == a.count)
      }
    }
  }

  @Test func scoreAndAlignAgreeWithScoreAndAlignCalledApart() {
    var generator = SeededGenerator(seed: 7)
    for options in [
      ScoringOptions.default, ScoringOptions(unit: .codepoint, whitespace: .ignore, caseFold: true),
    ] {
      for length in [0, 5, 70, 300] {
        let truth = RandomText.text(length: length, using: &generator)
        let ocr = RandomText.edited(truth, edits: length / 10 + 1, using: &generator)
        let (score, alignment) = Scorer.scoreAndAlign(groundTruth: truth, recognized: ocr, options: options)
        #expect(score == Scorer.score(groundTruth: truth, recognized: ocr, options: options))
        #expect(alignment == Scorer.align(groundTruth: truth, recognized: ocr, options: options))
      }
    }
  }
}
