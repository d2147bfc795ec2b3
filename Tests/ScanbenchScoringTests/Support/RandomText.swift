import ScanbenchSupport

@testable import ScanbenchScoring

/// Random texts that mix the units that make scoring hard: ASCII, combining marks, emoji ZWJ sequences
/// and Japanese.
enum RandomText {
  static let pieces: [String] = [
    "a", "b", "c", "e", "r", "n", "m", "l", "1", "I", "O", "0", " ", ".", ",",
    "e\u{301}", "a\u{308}", "q\u{323}\u{301}", "\u{301}",
    "👩\u{200D}💻", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "👍🏽",
    "日", "本", "語", "の", "テ", "キ", "ス", "ト", "、", "。",
  ]

  static func text(length: Int, using generator: inout SeededGenerator) -> String {
    var result = ""
    for _ in 0..<length {
      result += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
    }
    return result
  }

  /// `text` with `edits` random single-piece substitutions, insertions and deletions.
  static func edited(_ text: String, edits: Int, using generator: inout SeededGenerator) -> String {
    var characters = Array(text)
    for _ in 0..<edits {
      let piece = Character(pieces[Int.random(in: 0..<pieces.count, using: &generator)])
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !characters.isEmpty:
        characters[Int.random(in: 0..<characters.count, using: &generator)] = piece
      case 1:
        characters.insert(piece, at: Int.random(in: 0...characters.count, using: &generator))
      default:
        if !characters.isEmpty {
          characters.remove(at: Int.random(in: 0..<characters.count, using: &generator))
        }
      }
    }
    return String(characters)
  }

  /// Symbols over a small alphabet, where matches are frequent and the bit vectors busy.
  static func symbols(length: Int, alphabet: Int32, using generator: inout SeededGenerator) -> [Int32] {
    (0..<length).map { _ in Int32.random(in: 0..<alphabet, using: &generator) }
  }

  static func editedSymbols(
    _ symbols: [Int32], edits: Int, alphabet: Int32, using generator: inout SeededGenerator
  ) -> [Int32] {
    var result = symbols
    for _ in 0..<edits {
      let symbol = Int32.random(in: 0..<alphabet, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !result.isEmpty:
        result[Int.random(in: 0..<result.count, using: &generator)] = symbol
      case 1:
        result.insert(symbol, at: Int.random(in: 0...result.count, using: &generator))
      default:
        if !result.isEmpty { result.remove(at: Int.random(in: 0..<result.count, using: &generator)) }
      }
    }
    return result
  }
}
