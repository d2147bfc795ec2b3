import Testing

@testable import ScanbenchPPOCR

/// The characters of a column read in cells that its turned reading read better.
@Suite struct VerticalColumnCharactersTests {
  static func reading(_ text: String, probabilities: [Int: Float]) -> DecodedLine {
    VerticalColumnPiecesTests.reading(
      text, pitch: 10, probabilities: (0..<text.count).map { probabilities[$0] ?? 0.98 })
  }

  static func voted(
    cells: String, _ cellsProbabilities: [Int: Float] = [:], turned: String,
    _ turnedProbabilities: [Int: Float] = [:], voicingMargin: Double? = nil, lostSurerThan: Double? = nil
  ) -> String {
    VerticalColumn.withSurerCharacters(
      of: reading(turned, probabilities: turnedProbabilities),
      into: reading(cells, probabilities: cellsProbabilities), margin: 0.3, voicingMargin: voicingMargin,
      lostSurerThan: lostSurerThan
    )
    .text
  }

  @Test func aCharacterTheCellsLostBesideAMarkGoesInWhereTheTurnedReadingReadItSurely() {
    // `設定は、ウィンド`: the cell of `、` also held the head of `ウ`, and the next its foot and `ィ`;
    // the turned reading, which drops the `、`, read the `ウ`.
    #expect(Self.voted(cells: "設定は、ィンド", turned: "設定はウィンド", lostSurerThan: 0.9) == "設定は、ウィンド")
    // Read less surely, or never asked for, it stays out.
    #expect(
      Self.voted(cells: "設定は、ィンド", turned: "設定はウィンド", [3: 0.7], lostSurerThan: 0.9) == "設定は、ィンド")
    #expect(Self.voted(cells: "設定は、ィンド", turned: "設定はウィンド") == "設定は、ィンド")
    // At the column's ends a character only the turned reading has may be a neighbour's.
    #expect(Self.voted(cells: "設定は", turned: "設定は、ウ", lostSurerThan: 0.9) == "設定は")
  }

  @Test func aSmallKanaTheTurnedReadingReadIsTakenHoweverSure() {
    // `キッチンを出た。キャッ`: the cells read both `ッ` full size, surely; the turned reading, which
    // drops the `。`, reads them small, less surely.
    #expect(
      Self.voted(cells: "キツチンを出た。キャツ", [1: 0.94, 10: 0.53], turned: "キッチンを出たキャッ", [1: 0.76, 9: 0.77])
        == "キッチンを出た。キャッ")
  }

  @Test func aSmallKanaTheCellsReadIsKept() {
    // `ウィンドウ`: the turned reading, surer, reads the `ィ` full size.
    #expect(Self.voted(cells: "ウィンド", [1: 0.61], turned: "ウインド", [1: 0.95]) == "ウィンド")
  }

  @Test func aCharacterTheTurnedReadingReadSurerByTheMarginIsTaken() {
    #expect(Self.voted(cells: "途中で正まって", [3: 0.61], turned: "途中で止まって", [3: 0.99]) == "途中で止まって")
    #expect(Self.voted(cells: "途中で正まって", [3: 0.75], turned: "途中で止まって", [3: 0.99]) == "途中で正まって")
  }

  @Test func onlyOneCharacterBetweenSharedOnesIsTaken() {
    // Two characters against two between the same anchors: which stands for which is not known.
    #expect(Self.voted(cells: "あぞ庙い", [1: 0.3, 2: 0.3], turned: "あを使い") == "あぞ庙い")
    // One against two: the cells lost or gained a character there.
    #expect(Self.voted(cells: "あ面い", [1: 0.3], turned: "あき而い") == "あ面い")
  }

  @Test func marksDoNotCountAndLatinIsLeftToTheSplice() {
    // A mark beside the differing character (which the turned reading drops) is no character of the
    // stretch, and stays.
    #expect(Self.voted(cells: "書き直す。こ", [5: 0.5], turned: "書き直すご", [4: 0.97]) == "書き直す。ご")
    #expect(Self.voted(cells: "出た。キツ", turned: "出たキッ", [3: 0.6]) == "出た。キッ")
    // Letters and digits are the Latin splice's (``VerticalColumn/splicedAtAnchors(cells:turned:)``).
    #expect(Self.voted(cells: "サIバー", [1: 0.51], turned: "サーバー", [1: 0.96]) == "サIバー")
    #expect(Self.voted(cells: "は9件", [1: 0.2], turned: "は4件") == "は9件")
  }

  @Test func aVoicingMarkTheTurnedReadingReadSurerByTheSmallerMarginIsTaken() {
    // `集めるごとに`: the cells lost the `゛`; the turned reading read `ご`, surer by less than 0.3.
    #expect(
      Self.voted(cells: "10分ことに", [3: 0.79], turned: "10分ごとに", [3: 0.97], voicingMargin: 0.15) == "10分ごとに")
    #expect(Self.voted(cells: "サーハー", [2: 0.82], turned: "サーバー", [2: 0.99], voicingMargin: 0.15) == "サーバー")
    // `゛` for `゜`: nothing tells which reading swaps them more, so the margin of any character.
    #expect(Self.voted(cells: "ポタン", [0: 0.7], turned: "ボタン", [0: 0.9], voicingMargin: 0.15) == "ポタン")
    // Surer by less than the voicing margin: the cells' form stays.
    #expect(Self.voted(cells: "ウィンドウ", [3: 0.59], turned: "ウィントウ", [3: 0.7], voicingMargin: 0.15) == "ウィンドウ")
    // A mark the turned reading did not read may be ink it missed: it takes the margin of any
    // character (`猫である`, jpn-tategaki-04).
    #expect(Self.voted(cells: "猫である", [1: 0.75], turned: "猫てある", [1: 0.97], voicingMargin: 0.15) == "猫である")
    // Without a voicing margin, the margin of any character.
    #expect(Self.voted(cells: "10分ことに", [3: 0.79], turned: "10分ごとに", [3: 0.97]) == "10分ことに")
    // A different kana is no voicing pair, and keeps the larger margin.
    #expect(
      Self.voted(cells: "途中で正まって", [3: 0.75], turned: "途中で止まって", [3: 0.99], voicingMargin: 0.15) == "途中で正まって")
  }

  @Test func voicingPairsAreOneKanaWithAndWithoutItsMark() {
    #expect(VerticalColumn.isVoicingPair("こ", "ご"))
    #expect(VerticalColumn.isVoicingPair("ボ", "ポ"))
    #expect(VerticalColumn.isVoicingPair("ハ", "パ"))
    #expect(!VerticalColumn.isVoicingPair("ご", "ご"))
    #expect(!VerticalColumn.isVoicingPair("こ", "に"))
    #expect(!VerticalColumn.isVoicingPair("ツ", "ッ"))
    #expect(!VerticalColumn.isVoicingPair("A", "Á"))
    #expect(VerticalColumn.hasVoicingMark("ご") && VerticalColumn.hasVoicingMark("ポ"))
    #expect(!VerticalColumn.hasVoicingMark("こ"))
  }
}

/// The kana and kanji of a column the cells read as Latin letters, from its turned reading.
@Suite struct VerticalColumnKanaOverLettersTests {
  static func voted(
    cells: String, _ cellsProbabilities: [Int: Float] = [:], turned: String,
    _ turnedProbabilities: [Int: Float] = [:]
  ) -> String {
    VerticalColumn.withKanaOverLetters(
      of: VerticalColumnCharactersTests.reading(turned, probabilities: turnedProbabilities),
      into: VerticalColumnCharactersTests.reading(cells, probabilities: cellsProbabilities),
      kanaAtLeast: 0.85, letterBelow: 0.9
    )
    .text
  }

  @Test func aKanaBeforeUprightLettersReadAsALetterTakesTheTurnedReading() {
    // `る。Xcodeを`: the cells read `る` as `z` and lost the `。`; the turned reading reads `る` surely.
    #expect(Self.voted(cells: "zXcodeを", [0: 0.81], turned: "るXcodeを", [0: 1]) == "るXcodeを")
    // `た。Python`: the cells' `'` for the `。` is a mark, no character, and stays.
    #expect(Self.voted(cells: "t'Python", [0: 0.81, 1: 0.71], turned: "たPython", [0: 1]) == "た'Python")
  }

  @Test func aSureLetterOrADoubtfulKanaIsKept() {
    #expect(Self.voted(cells: "zXcodeを", [0: 0.95], turned: "るXcodeを", [0: 1]) == "zXcodeを")
    #expect(Self.voted(cells: "zXcodeを", [0: 0.5], turned: "るXcodeを", [0: 0.8]) == "zXcodeを")
  }

  @Test func onlyAHiraganaOrKanjiNotLikeALetterLyingDownIsTaken() {
    // A katakana, or a kanji of straight strokes, is what a letter on its side is read as.
    #expect(Self.voted(cells: "のIを", [1: 0.6], turned: "の工を", [1: 0.99]) == "のIを")
    #expect(Self.voted(cells: "のcを", [1: 0.6], turned: "のUを", [1: 0.99]) == "のcを")
    #expect(Self.voted(cells: "のcを", [1: 0.6], turned: "のシを", [1: 0.99]) == "のcを")
  }

  @Test func oneCharacterAgainstOneOnlyIsTaken() {
    #expect(Self.voted(cells: "zaXcode", [0: 0.5, 1: 0.5], turned: "るXcode", [0: 1]) == "zaXcode")
  }
}
