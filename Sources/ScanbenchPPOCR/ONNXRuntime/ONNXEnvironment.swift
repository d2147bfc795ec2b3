/// One `OrtEnv`: ONNX Runtime's logging and global state. One per process, owned by ``ONNXRuntime``.
///
/// Thread-safe: sessions may be created from any thread with the same environment.
final class ONNXEnvironment: @unchecked Sendable {
  let handle: OpaquePointer
  let api: OrtAPI

  /// `ORT_LOGGING_LEVEL_ERROR`: warnings (e.g. about unused initializers) stay off stderr; errors
  /// come back as statuses anyway.
  static let loggingLevel: Int32 = 3

  init(api: OrtAPI) throws {
    var handle: OpaquePointer?
    // ONNX Runtime's own log lines go to `ONNXRuntimeLog` (scanbench's warnings), not, colour-coded,
    // to stderr.
    try api.check(
      api.createEnvWithCustomLogger(ONNXRuntimeLog.function, nil, Self.loggingLevel, "scanbench", &handle),
      "creating ONNX Runtime's environment")
    guard let handle else {
      throw ONNXRuntimeError(kind: .library, message: "no environment", operation: "creating the environment")
    }
    self.handle = handle
    self.api = api
  }

  deinit {
    api.releaseEnv(handle)
  }
}
