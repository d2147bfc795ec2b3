/// Which scalars count as CJK for the two rules that need to know: dropping spaces between CJK characters
/// and counting each CJK character as a word.
///
/// Unicode's `Script` property is not exposed by the standard library, so the blocks are listed here.
/// Hangul is deliberately absent: Korean separates words with spaces, so they are real differences.
enum CJKCharacter {
  /// Han, Hiragana, Katakana, CJK symbols and punctuation, and fullwidth/halfwidth forms: the characters
  /// between which Tesseract's spaces are dropped.
  static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
    isIdeographOrKana(scalar) || isCJKPunctuationOrFullwidth(scalar)
  }

  /// Han ideographs, Hiragana and Katakana: each one is a word of its own, since these scripts do not
  /// mark word boundaries.
  static func isIdeographOrKana(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E80...0x2FDF,  // CJK radicals supplement, Kangxi radicals
      0x3005...0x3007,  // 々 〆 〇
      0x3021...0x3029, 0x3038...0x303B,  // Hangzhou numerals, 〻
      0x3040...0x30FF,  // Hiragana, Katakana
      0x31C0...0x31EF,  // CJK strokes
      0x31F0...0x31FF,  // Katakana phonetic extensions
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFF66...0xFF9F,  // halfwidth Katakana
      0x1B000...0x1B16F,  // Kana supplement and extended
      0x20000...0x2FA1F,  // CJK extensions B–F, compatibility supplement
      0x30000...0x323AF:  // CJK extensions G, H
      return true
    default:
      return false
    }
  }

  private static func isCJKPunctuationOrFullwidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x303F,  // CJK symbols and punctuation
      0x3190...0x319F,  // Kanbun
      0xFE30...0xFE4F,  // CJK compatibility forms
      0xFF00...0xFFEF:  // halfwidth and fullwidth forms
      return true
    default:
      return false
    }
  }
}
