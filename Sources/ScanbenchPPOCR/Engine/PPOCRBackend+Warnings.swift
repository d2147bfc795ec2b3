import ScanbenchRecognition

extension PPOCRBackend {
  /// ONNX Runtime's log lines (`ONNXRuntimeLog`) become the run's warnings: its environment is the
  /// process's, so the first worker's warnings take them for all.
  public func makeEngine(warnings: @escaping EngineWarnings) throws -> any RecognitionEngine {
    ONNXRuntimeLog.shared.route(to: warnings)
    return try makeEngine()
  }
}
