import Testing

@testable import ScanbenchScoring

@Suite struct CharacterAccuracyTests {
  typealias Counts = CharacterAccuracy.Counts

  /// Counted by hand: `l` read as `1` twice, the comma and the `2` lost, 本 read as 木, `!` added.
  @Test func countsEachCharacterAndClassAsCountedByHand() {
    let alignment = Scorer.align(groundTruth: "Hello, World 42 日本語です", recognized: "He11o World 4 日木語です!")
    #expect(alignment.edits.total == 6)
    var accuracy = CharacterAccuracy()
    accuracy.add(alignment, unit: .grapheme)
    let characters = accuracy.characters
    #expect(characters["l"] == Counts(count: 3, missed: 2, inserted: 0))
    #expect(characters["1"] == Counts(count: 0, missed: 0, inserted: 2))
    #expect(characters[","] == Counts(count: 1, missed: 1, inserted: 0))
    #expect(characters["2"] == Counts(count: 1, missed: 1, inserted: 0))
    #expect(characters["4"] == Counts(count: 1, missed: 0, inserted: 0))
    #expect(characters["本"] == Counts(count: 1, missed: 1, inserted: 0))
    #expect(characters["木"] == Counts(count: 0, missed: 0, inserted: 1))
    #expect(characters["!"] == Counts(count: 0, missed: 0, inserted: 1))
    #expect(characters[" "] == Counts(count: 3, missed: 0, inserted: 0))
    #expect(characters["o"] == Counts(count: 2, missed: 0, inserted: 0))

    let classes = accuracy.classes
    #expect(classes[.upper] == Counts(count: 2, missed: 0, inserted: 0))
    #expect(classes[.lower] == Counts(count: 8, missed: 2, inserted: 0))
    #expect(classes[.digits] == Counts(count: 2, missed: 1, inserted: 2))
    #expect(classes[.punctuation] == Counts(count: 1, missed: 1, inserted: 1))
    #expect(classes[.whitespace] == Counts(count: 3, missed: 0, inserted: 0))
    #expect(classes[.kana] == Counts(count: 2, missed: 0, inserted: 0))
    #expect(classes[.kanji] == Counts(count: 3, missed: 1, inserted: 1))
    #expect(classes[.other] == nil)
    #expect(classes.values.reduce(0) { $0 + $1.count } == alignment.groundTruthLength)
    #expect(
      classes.values.reduce(0) { $0 + $1.missed } == alignment.edits.substitutions + alignment.edits.deletions
    )
    #expect(
      classes.values.reduce(0) { $0 + $1.inserted } == alignment.edits.substitutions
        + alignment.edits.insertions)
    #expect(classes[.lower]?.rightRate == 6.0 / 8)
  }

  @Test func classesOfCharacters() {
    let expected: [(Character, CharacterAccuracy.CharacterClass)] = [
      ("A", .upper), ("É", .upper), ("z", .lower), ("ß", .lower), ("7", .digits), ("７", .digits),
      ("¥", .punctuation), ("、", .punctuation), (" ", .whitespace), ("\n", .whitespace), ("あ", .kana),
      ("カ", .kana), ("ー", .kana), ("ｶ", .kana), ("漢", .kanji), ("々", .kanji), ("😀", .punctuation),
      ("\u{0301}", .other),
    ]
    for (character, kind) in expected {
      #expect(CharacterAccuracy.CharacterClass(character) == kind, "\(character.unicodeScalars.map(\.value))")
    }
  }

  /// Summed over random pairs, the table's totals are the alignment's: every ground-truth unit is
  /// counted once, every edit once on each side it has.
  @Test func totalsAgreeWithTheEditCounts() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aAb1 ,かカ漢\u{301}é")
    for _ in 0..<200 {
      let groundTruth = String(
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator) ?? "a"
        })
      let recognized = String(
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator) ?? "a"
        })
      for unit in ScoringOptions.Unit.allCases {
        var options = ScoringOptions.default
        options.unit = unit
        let alignment = Scorer.align(groundTruth: groundTruth, recognized: recognized, options: options)
        var accuracy = CharacterAccuracy()
        accuracy.add(alignment, unit: unit)
        let totals = accuracy.characters.values
        #expect(totals.reduce(0) { $0 + $1.count } == alignment.groundTruthLength)
        #expect(
          totals.reduce(0) { $0 + $1.missed } == alignment.edits.substitutions + alignment.edits.deletions)
        #expect(
          totals.reduce(0) { $0 + $1.inserted } == alignment.edits.substitutions + alignment.edits.insertions)
      }
    }
  }
}
