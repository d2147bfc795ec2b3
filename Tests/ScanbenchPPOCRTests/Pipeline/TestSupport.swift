@testable import ScanbenchPPOCR

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
