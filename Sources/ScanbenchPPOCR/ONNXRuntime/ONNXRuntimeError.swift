/// Everything that can go wrong with ONNX Runtime, with what was being done and on which file.
///
/// Printed like GRDB's errors: `ONNX Runtime error INVALID_PROTOBUF: Load model from m.onnx failed:
/// Protobuf parsing failed. - while creating a session for m.onnx`. The library throws; the command
/// line decides what to print.
public struct ONNXRuntimeError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// ONNX Runtime returned an `OrtStatus` with this `OrtErrorCode` (`ORT_INVALID_PROTOBUF` is 7).
    case status(code: Int32)
    /// The shared library is not where it should be, or is not ONNX Runtime 1.32.
    case library
    /// A model file is missing, or the model is not what the caller expects (inputs, types).
    case model
  }

  public var kind: Kind
  /// ONNX Runtime's own message, or ours when it did not report the problem.
  public var message: String
  /// What was being done, e.g. `creating a session`.
  public var operation: String
  /// The model file or library concerned, if any.
  public var path: String?

  public init(kind: Kind, message: String, operation: String, path: String? = nil) {
    self.kind = kind
    self.message = message
    self.operation = operation
    self.path = path
  }

  /// `OrtErrorCode`'s names, from `onnxruntime_c_api.h`.
  static let codeNames = [
    "OK", "FAIL", "INVALID_ARGUMENT", "NO_SUCHFILE", "NO_MODEL", "ENGINE_ERROR", "RUNTIME_EXCEPTION",
    "INVALID_PROTOBUF", "MODEL_LOADED", "NOT_IMPLEMENTED", "INVALID_GRAPH", "EP_FAIL",
  ]

  public var description: String {
    let target = path.map { " \($0)" } ?? ""
    switch kind {
    case .status(let code):
      let name =
        ONNXRuntimeError.codeNames.indices.contains(Int(code))
        ? ONNXRuntimeError.codeNames[Int(code)] : String(code)
      return "ONNX Runtime error \(name): \(message) - while \(operation)\(target)"
    case .library, .model:
      return "\(message) - while \(operation)\(target)"
    }
  }
}
