/// xoshiro256** seeded through SplitMix64: a small, fast generator whose sequence depends only on the
/// seed, so that a bootstrap gives the same interval on every machine and every Swift version.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  public init(seed: UInt64) {
    var splitMix = seed
    func nextSplitMix() -> UInt64 {
      splitMix &+= 0x9E37_79B9_7F4A_7C15
      var z = splitMix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (nextSplitMix(), nextSplitMix(), nextSplitMix(), nextSplitMix())
  }

  public mutating func next() -> UInt64 {
    let result = rotateLeft(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotateLeft(state.3, 45)
    return result
  }

  /// A number in `0..<bound` (`bound` > 0), by the high half of a 128-bit product: no division, and a
  /// bias below `bound / 2⁶⁴`, far under anything a bootstrap of images can see.
  public mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "the bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
