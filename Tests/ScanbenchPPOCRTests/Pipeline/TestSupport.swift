@testable import ScanbenchPPOCR

/// A small seeded generator (SplitMix64), so random tests are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A model that answers every run from a closure and remembers the shapes it was given.
final class FakeModel: TensorModel {
  var inputs: [[Int]] = []
  let answer: (Tensor) throws -> Tensor

  init(_ answer: @escaping (Tensor) throws -> Tensor) { self.answer = answer }

  func run(_ input: Tensor) throws -> Tensor {
    inputs.append(input.shape)
    return try answer(input)
  }
}
