import Testing

@testable import ScanbenchNotes
@testable import ScanbenchSupport

extension Notes {
  @Suite struct NoteFirstLineTests {
    /// The textbook way, by `Character`: the first line that is not blank, trimmed.
    static func reference(_ text: String) -> String {
      for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        let trimmed = line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        if !trimmed.isEmpty { return String(trimmed) }
      }
      return ""
    }

    @Test func theFirstLineIsTheReferencesOnRandomTextsOfASCIIAndBeyond() {
      // Pieces that meet the byte path's edges: ASCII whitespace and newlines (CR LF one
      // character), a combining mark after an ASCII letter, Unicode newlines and spaces, emoji and
      // Japanese.
      let pieces = [
        "a", "Z", "7", ".", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{301}", "\u{85}",
        "\u{A0}", "\u{2028}", "\u{3000}", "é", "👍🏽", "会議", "ﾗ", "\u{0}",
      ]
      var random = SeededGenerator(seed: 33)
      for _ in 0..<5_000 {
        let count = Int(random.next() % 12)
        let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        #expect(Note.firstLine(of: text) == Self.reference(text), "\(Array(text.unicodeScalars))")
      }
    }

    @Test func aGridCaptionIsTheFirstLineThatIsNotBlank() {
      #expect(Note.firstLine(of: "") == "")
      #expect(Note.firstLine(of: " \t\r\n  \n") == "")
      #expect(Note.firstLine(of: "\r\n  TOTAL  42.00 \r\nnext") == "TOTAL  42.00")
      #expect(Note.firstLine(of: "\n cafe\u{301} \n") == "cafe\u{301}")
      #expect(Note.firstLine(of: "\u{A0}\n会議 ") == "会議")
    }
  }
}
