import Foundation

/// Entry names that are not UTF-8 in archives whose format leaves the encoding to the writer's
/// code page: a zip entry without the UTF-8 flag made on Japanese Windows is CP932 (Shift_JIS with
/// Microsoft's extensions).
///
/// Decoded only when the result reads as Japanese, since the same bytes are also valid CP932 for
/// many CP437 or Latin-1 names (`crème` in CP437 is `cr確e` in CP932): at least one kana or
/// kanji (or two half-width katakana in a row), every non-ASCII character Japanese or a CP932
/// symbol, and no kana or kanji squeezed between two Latin letters. Anything else stays escaped
/// (`\x8A`), which loses nothing.
enum LegacyEntryName {
  /// The name's text when its bytes read as Japanese in CP932, else nil.
  static func japanese(_ bytes: [UInt8]) -> String? {
    guard bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil,
      let text = String(data: Data(bytes), encoding: .shiftJIS)
    else { return nil }
    let scalars = Array(text.unicodeScalars)
    var japanese = false
    for (index, scalar) in scalars.enumerated() where !scalar.isASCII {
      guard isJapaneseOrSymbol(scalar) else { return nil }
      let halfWidth = isHalfWidthKatakana(scalar)
      if isKanaOrKanji(scalar) || (halfWidth && index > 0 && isHalfWidthKatakana(scalars[index - 1])) {
        japanese = true
      }
      if isKanaOrKanji(scalar) || halfWidth, index > 0, index + 1 < scalars.count,
        isLatinLetter(scalars[index - 1]), isLatinLetter(scalars[index + 1])
      {
        return nil
      }
    }
    return japanese ? text : nil
  }

  private static func isKanaOrKanji(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: true
    default: false
    }
  }

  private static func isHalfWidthKatakana(_ scalar: Unicode.Scalar) -> Bool {
    (0xFF66...0xFF9F).contains(scalar.value)
  }

  /// What CP932 holds besides ASCII: JIS X 0208 (kana, kanji, full-width forms, Greek, Cyrillic,
  /// symbols), half-width katakana and the NEC and IBM extensions.
  private static func isJapaneseOrSymbol(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFFEF: true
    case 0x2010...0x2BFF, 0x3200...0x33FF: true  // punctuation, arrows, maths, circled numbers, units
    case 0x0391...0x03C9, 0x0401...0x0451: true  // Greek, Cyrillic
    case 0x00A7, 0x00A8, 0x00B0, 0x00B1, 0x00B4, 0x00B6, 0x00D7, 0x00F7: true
    default: false
    }
  }

  private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && scalar.properties.isAlphabetic
  }
}
