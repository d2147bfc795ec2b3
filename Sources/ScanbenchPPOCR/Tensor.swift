/// A dense tensor of 32-bit floats in row-major order: what PP-OCR's models take and give.
public struct Tensor: Sendable, Equatable {
  public var shape: [Int]
  public var values: [Float]

  public init(shape: [Int], values: [Float]) {
    precondition(shape.reduce(1, *) == values.count, "a tensor's values must fill its shape")
    self.shape = shape
    self.values = values
  }
}

/// A model with one input and one output, run on one thread of its caller: the PP-OCR detector and
/// recognizer are both of this kind. Not thread-safe; each worker owns its own.
public protocol TensorModel: AnyObject {
  func run(_ input: Tensor) throws -> Tensor
}
