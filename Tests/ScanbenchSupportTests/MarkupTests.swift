import Testing

@testable import ScanbenchSupport

struct MarkupTests {
  /// What `escape` changes, found by its pass over the bytes (texts with nothing to escape are
  /// returned as they are): each character it must change, alone and inside other text.
  @Test func everyCharacterToEscapeIsFoundWhereverItIs() {
    let cases: [(String, String)] = [
      ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
      ("\u{0}", "\u{FFFD}"), ("\u{1}", "\u{FFFD}"), ("\u{1F}", "\u{FFFD}"), ("\u{FFFE}", "\u{FFFD}"),
      ("\u{FFFF}", "\u{FFFD}"),
    ]
    for (text, escaped) in cases {
      #expect(Markup.escape(text) == escaped)
      #expect(Markup.escape("東京 " + text + " x") == "東京 " + escaped + " x")
    }
  }

  /// Tab, line feed and carriage return stay; so do characters whose UTF-8 has the bytes of
  /// U+FFFE and U+FFFF elsewhere (U+FF7E is EF BD BE, U+FFBE is EF BE BE, U+2FBF is E2 BE BF, U+FEFF is EF BB BF).
  @Test func textWithNothingToEscapeIsUnchanged() {
    for text in ["", "plain text", "a\tb\nc\r\nd", "\u{FF7E}\u{FFBE}\u{2FBF}", "東京都の天気予報", "café \u{FEFF}"] {
      #expect(Markup.escape(text) == text)
    }
  }
}
