/// One `OrtSession`: a model file loaded and optimized, run as often as wanted.
///
/// ONNX Runtime's `Run` may be called from several threads on one session at once; everything else
/// here reads what the session was built with. Keeps its runtime (and so the environment) alive.
final class ONNXSession: @unchecked Sendable {
  let handle: OpaquePointer
  let runtime: ONNXRuntime
  let path: String

  init(path: String, options: ONNXSessionOptions) throws {
    let runtime = options.runtime
    let api = runtime.api
    var handle: OpaquePointer?
    try api.check(
      api.createSession(runtime.environment.handle, path, options.handle, &handle), "loading the model",
      path: path)
    guard let handle else {
      throw ONNXRuntimeError(
        kind: .library, message: "no session", operation: "loading the model", path: path)
    }
    self.handle = handle
    self.runtime = runtime
    self.path = path
  }

  deinit {
    runtime.api.releaseSession(handle)
  }

  /// ONNX Runtime's default allocator, which allocates the names and metadata it returns.
  private func defaultAllocator() throws -> OpaquePointer {
    let api = runtime.api
    var allocator: OpaquePointer?
    try api.check(
      api.getAllocatorWithDefaultOptions(&allocator), "getting the default allocator for", path: path)
    guard let allocator else {
      throw ONNXRuntimeError(kind: .library, message: "no allocator", operation: "reading", path: path)
    }
    return allocator
  }

  var inputCount: Int {
    get throws {
      var count = 0
      try runtime.api.check(
        runtime.api.sessionGetInputCount(handle, &count), "counting the inputs of", path: path)
      return count
    }
  }

  var outputCount: Int {
    get throws {
      var count = 0
      try runtime.api.check(
        runtime.api.sessionGetOutputCount(handle, &count), "counting the outputs of", path: path)
      return count
    }
  }

  func inputName(_ index: Int) throws -> String {
    let api = runtime.api
    let allocator = try defaultAllocator()
    var name: UnsafeMutablePointer<CChar>?
    try api.check(
      api.sessionGetInputName(handle, index, allocator, &name), "reading input \(index)'s name in", path: path
    )
    return api.take(name, allocator: allocator) ?? ""
  }

  func outputName(_ index: Int) throws -> String {
    let api = runtime.api
    let allocator = try defaultAllocator()
    var name: UnsafeMutablePointer<CChar>?
    try api.check(
      api.sessionGetOutputName(handle, index, allocator, &name), "reading output \(index)'s name in",
      path: path)
    return api.take(name, allocator: allocator) ?? ""
  }

  func inputInfo(_ index: Int) throws -> ONNXTensorInfo {
    try tensorInfo(runtime.api.sessionGetInputTypeInfo, index, "input")
  }

  func outputInfo(_ index: Int) throws -> ONNXTensorInfo {
    try tensorInfo(runtime.api.sessionGetOutputTypeInfo, index, "output")
  }

  private func tensorInfo(
    _ get: @convention(c) (OpaquePointer, Int, OrtAPI.Out) -> OrtAPI.Status, _ index: Int, _ kind: String
  ) throws -> ONNXTensorInfo {
    let api = runtime.api
    var typeInfo: OpaquePointer?
    try api.check(get(handle, index, &typeInfo), "reading \(kind) \(index)'s type in", path: path)
    guard let typeInfo else {
      throw ONNXRuntimeError(kind: .library, message: "no type info", operation: "reading", path: path)
    }
    defer { api.releaseTypeInfo(typeInfo) }
    var tensorInfo: OpaquePointer?
    try api.check(
      api.castTypeInfoToTensorInfo(typeInfo, &tensorInfo), "reading \(kind) \(index)'s type in", path: path)
    guard let tensorInfo else {
      throw ONNXRuntimeError(
        kind: .model, message: "\(kind) \(index) is not a tensor", operation: "reading", path: path)
    }
    return try ONNXTensorInfo(tensorInfo, api: api, path: path)
  }

  /// The value of `key` in the model's custom metadata (`metadata_props`), nil when absent.
  func metadata(_ key: String) throws -> String? {
    let api = runtime.api
    var metadata: OpaquePointer?
    try api.check(api.sessionGetModelMetadata(handle, &metadata), "reading the metadata of", path: path)
    guard let metadata else { return nil }
    defer { api.releaseModelMetadata(metadata) }
    let allocator = try defaultAllocator()
    var value: UnsafeMutablePointer<CChar>?
    try api.check(
      api.modelMetadataLookupCustomMetadataMap(metadata, allocator, key, &value),
      "reading the metadata '\(key)' of", path: path)
    return api.take(value, allocator: allocator)
  }

  /// Runs the model on one input and returns its one output (a value ONNX Runtime allocated).
  func run(input: ONNXValue, inputName: String, outputName: String) throws -> ONNXValue {
    let api = runtime.api
    var output: OpaquePointer?
    let inputs: [OpaquePointer?] = [input.handle]
    try inputName.withCString { inputName in
      try outputName.withCString { outputName in
        let inputNames: [UnsafePointer<CChar>?] = [inputName]
        let outputNames: [UnsafePointer<CChar>?] = [outputName]
        try api.check(
          api.run(handle, nil, inputNames, inputs, 1, outputNames, 1, &output), "running", path: path)
      }
    }
    guard let output else {
      throw ONNXRuntimeError(kind: .library, message: "no output", operation: "running", path: path)
    }
    return ONNXValue(owning: output, runtime: runtime)
  }
}
