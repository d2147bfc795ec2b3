/// A normalized text cut into units, each unit given a symbol for the distance algorithms.
struct EncodedText {
  var text: String
  var symbols: [Int32]
  /// `symbols.count + 1` UTF-8 offsets: unit i is the text's bytes `boundaries[i]..<boundaries[i + 1]`.
  /// Empty when the encoder was asked not to keep them, and when every unit is one byte (ASCII without
  /// CRLF), where unit i is byte i: four bytes a unit that a long Latin text does not need.
  var boundaries: [UInt32]
  var unitsAreBytes = false

  func units(_ range: Range<Int>) -> Substring {
    let utf8 = text.utf8
    let start = unitsAreBytes ? range.lowerBound : Int(boundaries[range.lowerBound])
    let end = unitsAreBytes ? range.upperBound : Int(boundaries[range.upperBound])
    return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
  }
}

/// Gives equal units equal symbols, across all the texts one encoder sees.
///
/// A unit that is a single scalar (nearly all of them) is its scalar value, found without hashing;
/// longer grapheme clusters (a letter with a combining mark that has no precomposed form, an emoji ZWJ
/// sequence) are numbered from 0x110000 up, past the last scalar value.
struct UnitEncoder {
  let unit: ScoringOptions.Unit
  private var clusterSymbols: [Substring: Int32] = [:]
  private static let firstClusterSymbol: Int32 = 0x11_0000

  init(unit: ScoringOptions.Unit) {
    self.unit = unit
  }

  mutating func encode(_ text: String, keepingBoundaries wanted: Bool) -> EncodedText {
    precondition(text.utf8.count < UInt32.max, "a text to score must be shorter than 4 GiB")
    // CR LF is the one cluster of ASCII scalars; the normalizer leaves none.
    let unitsAreBytes = text.utf8.allSatisfy { $0 < 0x80 } && (unit == .codepoint || !text.utf8.contains(13))
    let keepingBoundaries = wanted && !unitsAreBytes
    var symbols: [Int32] = []
    var boundaries: [UInt32] = []
    symbols.reserveCapacity(unitsAreBytes ? text.utf8.count : text.unicodeScalars.count)
    if keepingBoundaries { boundaries.reserveCapacity(text.utf8.count + 1) }
    func offset(_ index: String.Index) -> UInt32 {
      UInt32(text.utf8.distance(from: text.utf8.startIndex, to: index))
    }
    switch unit {
    case .codepoint:
      let scalars = text.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        if keepingBoundaries { boundaries.append(offset(index)) }
        symbols.append(Int32(bitPattern: scalars[index].value))
        index = scalars.index(after: index)
      }
    case .grapheme:
      let scalars = text.unicodeScalars
      var index = text.startIndex
      while index < text.endIndex {
        if keepingBoundaries { boundaries.append(offset(index)) }
        let next = text.index(after: index)
        if scalars.index(after: index) == next {
          symbols.append(Int32(bitPattern: scalars[index].value))
        } else {
          symbols.append(clusterSymbol(text[index..<next]))
        }
        index = next
      }
    }
    if keepingBoundaries { boundaries.append(offset(text.endIndex)) }
    return EncodedText(
      text: text, symbols: symbols, boundaries: boundaries, unitsAreBytes: wanted && unitsAreBytes)
  }

  private mutating func clusterSymbol(_ cluster: Substring) -> Int32 {
    if let known = clusterSymbols[cluster] { return known }
    let symbol = Self.firstClusterSymbol + Int32(clusterSymbols.count)
    clusterSymbols[cluster] = symbol
    return symbol
  }
}
