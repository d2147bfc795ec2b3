/// A normalized text cut into units, each unit given a symbol for the distance algorithms.
struct EncodedText {
  var text: String
  var symbols: [Int32]
  /// `symbols.count + 1` positions: unit i is `text[boundaries[i]..<boundaries[i + 1]]`.
  /// Empty when the encoder was asked not to keep them.
  var boundaries: [String.Index]

  func units(_ range: Range<Int>) -> Substring {
    text[boundaries[range.lowerBound]..<boundaries[range.upperBound]]
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

  mutating func encode(_ text: String, keepingBoundaries: Bool) -> EncodedText {
    var symbols: [Int32] = []
    var boundaries: [String.Index] = []
    symbols.reserveCapacity(text.utf8.count)
    if keepingBoundaries { boundaries.reserveCapacity(text.utf8.count + 1) }
    switch unit {
    case .codepoint:
      let scalars = text.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        if keepingBoundaries { boundaries.append(index) }
        symbols.append(Int32(bitPattern: scalars[index].value))
        index = scalars.index(after: index)
      }
    case .grapheme:
      let scalars = text.unicodeScalars
      var index = text.startIndex
      while index < text.endIndex {
        if keepingBoundaries { boundaries.append(index) }
        let next = text.index(after: index)
        if scalars.index(after: index) == next {
          symbols.append(Int32(bitPattern: scalars[index].value))
        } else {
          symbols.append(clusterSymbol(text[index..<next]))
        }
        index = next
      }
    }
    if keepingBoundaries { boundaries.append(text.endIndex) }
    return EncodedText(text: text, symbols: symbols, boundaries: boundaries)
  }

  private mutating func clusterSymbol(_ cluster: Substring) -> Int32 {
    if let known = clusterSymbols[cluster] { return known }
    let symbol = Self.firstClusterSymbol + Int32(clusterSymbols.count)
    clusterSymbols[cluster] = symbol
    return symbol
  }
}
