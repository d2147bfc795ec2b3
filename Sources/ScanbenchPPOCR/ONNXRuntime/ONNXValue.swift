/// One `OrtValue` holding a tensor: an input over the caller's floats, or an output ONNX Runtime made.
final class ONNXValue {
  let handle: OpaquePointer
  let runtime: ONNXRuntime

  /// Takes ownership of a value ONNX Runtime returned.
  init(owning handle: OpaquePointer, runtime: ONNXRuntime) {
    self.handle = handle
    self.runtime = runtime
  }

  /// A float32 tensor over `buffer`, which must outlive the value (ONNX Runtime does not copy it).
  init(
    wrapping buffer: UnsafeMutableBufferPointer<Float>, shape: [Int], memory: ONNXMemoryInfo, path: String
  ) throws {
    let api = memory.runtime.api
    guard let base = buffer.baseAddress else {
      throw ONNXRuntimeError(kind: .model, message: "an empty input tensor", operation: "running", path: path)
    }
    // One spare element, so that even a scalar's (empty) shape has an address.
    let dimensions = shape.map(Int64.init) + [0]
    var handle: OpaquePointer?
    try dimensions.withUnsafeBufferPointer { dims in
      try api.check(
        api.createTensorWithDataAsOrtValue(
          memory.handle, UnsafeMutableRawPointer(base), buffer.count * MemoryLayout<Float>.stride,
          dims.baseAddress.unsafelyUnwrapped, shape.count, ONNXTensorInfo.float, &handle),
        "making an input tensor of shape \(shape) for", path: path)
    }
    guard let handle else {
      throw ONNXRuntimeError(
        kind: .library, message: "no value", operation: "making an input tensor for", path: path)
    }
    self.handle = handle
    self.runtime = memory.runtime
  }

  deinit {
    runtime.api.releaseValue(handle)
  }

  /// The tensor's element type and shape.
  func tensorInfo(path: String) throws -> ONNXTensorInfo {
    let api = runtime.api
    var info: OpaquePointer?
    try api.check(api.getTensorTypeAndShape(handle, &info), "reading an output's shape from", path: path)
    guard let info else {
      throw ONNXRuntimeError(
        kind: .library, message: "no shape", operation: "reading an output of", path: path)
    }
    defer { api.releaseTensorTypeAndShapeInfo(info) }
    return try ONNXTensorInfo(info, api: api, path: path)
  }

  /// The tensor's float32 elements, copied.
  func floats(count: Int, path: String) throws -> [Float] {
    let api = runtime.api
    var data: UnsafeMutableRawPointer?
    try api.check(api.getTensorMutableData(handle, &data), "reading an output of", path: path)
    guard count > 0 else { return [] }
    guard let data else {
      throw ONNXRuntimeError(
        kind: .library, message: "no output data", operation: "reading an output of", path: path)
    }
    return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
  }
}

@available(*, unavailable)
extension ONNXValue: Sendable {}

/// A tensor's element type and shape (`OrtTensorTypeAndShapeInfo`, read and released at once).
struct ONNXTensorInfo: Sendable, Equatable {
  /// `ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT`.
  static let float: Int32 = 1

  /// `ONNXTensorElementDataType`: 1 is float32.
  var elementType: Int32
  /// The dimensions; -1 for one the model leaves free.
  var shape: [Int]

  init(elementType: Int32, shape: [Int]) {
    self.elementType = elementType
    self.shape = shape
  }

  /// Reads a `const OrtTensorTypeAndShapeInfo*` (which the caller releases, or its type info owns).
  init(_ info: OpaquePointer, api: OrtAPI, path: String) throws {
    var type: Int32 = 0
    try api.check(api.getTensorElementType(info, &type), "reading a tensor's element type in", path: path)
    var count = 0
    try api.check(api.getDimensionsCount(info, &count), "reading a tensor's rank in", path: path)
    var dimensions = [Int64](repeating: 0, count: count)
    if count > 0 {
      try dimensions.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        try api.check(api.getDimensions(info, base, count), "reading a tensor's dimensions in", path: path)
      }
    }
    self.init(elementType: type, shape: dimensions.map { Int($0) })
  }
}
