import Testing

@testable import ScanbenchScoring

@Suite struct WordSegmenterTests {
  private func words(_ text: String) -> [String] {
    WordSegmenter.words(in: text).map(String.init)
  }

  @Test func latinWords() {
    #expect(words("Hello, world!") == ["Hello", "world"])
    #expect(
      words("it's the U.S. rate: 3.14 or 1,000") == ["it's", "the", "U.S", "rate", "3.14", "or", "1,000"])
    #expect(words("well-known snake_case") == ["well", "known", "snake_case"])
    #expect(words("  ") == [])
    #expect(words("") == [])
  }

  @Test func everyCJKCharacterIsAWord() {
    #expect(words("日本語のテキスト") == ["日", "本", "語", "の", "テ", "キ", "ス", "ト"])
    #expect(words("東京Tokyo大阪。") == ["東", "京", "Tokyo", "大", "阪"])
  }

  @Test func marksStayInTheirWord() {
    #expect(words("cafe\u{301} nai\u{308}ve") == ["cafe\u{301}", "nai\u{308}ve"])
    #expect(words("\u{301}x") == ["\u{301}x"])
  }

  @Test func symbolsAndEmojiSeparate() {
    #expect(words("5 € + 👍 ok") == ["5", "ok"])
  }
}
