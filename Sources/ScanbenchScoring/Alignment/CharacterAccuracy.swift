/// Accuracy character by character and by class of character, as ocreval's `accuracy` report gives
/// it: for each, how often it is in the ground truth, how often it was missed (deleted, or read as
/// something else), and how often the OCR put it where the ground truth has something else or
/// nothing (the OCR side of substitutions and insertions).
public struct CharacterAccuracy: Sendable, Equatable {
  /// The classes OCR engineers look at first; every character is in exactly one.
  public enum CharacterClass: String, Sendable, CaseIterable, Comparable {
    case upper, lower, digits, punctuation, whitespace, kana, kanji, other

    public static func < (left: Self, right: Self) -> Bool {
      allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
    }

    public init(_ character: Character) {
      if character.isWhitespace {
        self = .whitespace
      } else if let scalar = character.unicodeScalars.first, Self.isKana(scalar) {
        self = .kana
      } else if let scalar = character.unicodeScalars.first, Self.isKanji(scalar) {
        self = .kanji
      } else if character.isNumber {
        self = .digits
      } else if character.isUppercase {
        self = .upper
      } else if character.isLowercase {
        self = .lower
      } else if character.isPunctuation || character.isSymbol {
        self = .punctuation
      } else {
        self = .other
      }
    }

    /// Hiragana, katakana (with the prolonged sound mark), their phonetic extensions and half-width
    /// katakana.
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true
      default: false
      }
    }

    /// CJK unified ideographs (the basic block, extensions A to H, compatibility ideographs) and the
    /// iteration mark 々.
    static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x3005, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF: true
      default: false
      }
    }
  }

  public struct Counts: Sendable, Equatable {
    /// Occurrences in the ground truth.
    public var count = 0
    /// Of those, how many the OCR did not give back.
    public var missed = 0
    /// Occurrences in the OCR where the ground truth has another character or none.
    public var inserted = 0

    public init(count: Int = 0, missed: Int = 0, inserted: Int = 0) {
      self.count = count
      self.missed = missed
      self.inserted = inserted
    }

    /// The share of the ground truth's occurrences read right; nil when there are none.
    public var rightRate: Double? { count > 0 ? Double(count - missed) / Double(count) : nil }

    static func += (left: inout Counts, right: Counts) {
      left.count += right.count
      left.missed += right.missed
      left.inserted += right.inserted
    }
  }

  /// By character (a grapheme, or a code point when the metric counts code points).
  public private(set) var characters: [String: Counts] = [:]

  public init() {}

  /// By class, summed from `characters`.
  public var classes: [CharacterClass: Counts] {
    var classes: [CharacterClass: Counts] = [:]
    for (text, counts) in characters {
      guard let character = text.first else { continue }
      classes[CharacterClass(character), default: Counts()] += counts
    }
    return classes
  }

  /// Adds one image's alignment; `unit` is how its metric cut the texts.
  public mutating func add(_ alignment: Alignment, unit: ScoringOptions.Unit) {
    func units(_ text: String) -> [String] {
      switch unit {
      case .grapheme: text.map(String.init)
      case .codepoint: text.unicodeScalars.map(String.init)
      }
    }
    for operation in alignment.operations {
      switch operation {
      case .equal(let text):
        for character in units(text) { characters[character, default: Counts()].count += 1 }
      case .delete(let text):
        for character in units(text) {
          characters[character, default: Counts()].count += 1
          characters[character, default: Counts()].missed += 1
        }
      case .substitute(let groundTruth, let recognized):
        for character in units(groundTruth) {
          characters[character, default: Counts()].count += 1
          characters[character, default: Counts()].missed += 1
        }
        for character in units(recognized) { characters[character, default: Counts()].inserted += 1 }
      case .insert(let text):
        for character in units(text) { characters[character, default: Counts()].inserted += 1 }
      }
    }
  }

  public mutating func add(_ other: CharacterAccuracy) {
    for (character, counts) in other.characters { characters[character, default: Counts()] += counts }
  }
}
