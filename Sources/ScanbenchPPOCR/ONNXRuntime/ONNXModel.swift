import Foundation

/// One ONNX model with one float32 input and one float32 output, run by ONNX Runtime on the CPU: the
/// PP-OCR detector, recognizer and orientation classifier are all of this kind.
///
/// Thread-safe: ONNX Runtime allows concurrent `Run` calls on one session, and nothing here changes
/// after the initializer. Each run uses `intraOpThreads` threads of its caller (by default only the
/// caller's own), so a worker pool of N threads runs N models' work at once.
public final class ONNXModel: TensorModel, @unchecked Sendable {
  public struct Options: Sendable, Equatable {
    /// Threads one run may use (ONNX Runtime's intra-op threads); 1 runs on the caller's thread alone.
    public var intraOpThreads: Int
    public var optimization: GraphOptimization
    /// ONNX Runtime's CPU memory arena, which keeps freed buffers for reuse.
    public var memoryArena: Bool
    /// ONNX Runtime's memory patterns: the buffers of a run planned once per input shape and kept.
    public var memoryPattern: Bool
    /// With more than one intra-op thread: whether the threads spin while waiting for work (ONNX
    /// Runtime's default) or sleep. Spinning threads take CPU from the other workers' models.
    public var spinning: Bool
    /// With ``memoryArena``: the runtime's one arena, shared by every model whose options say so,
    /// instead of an arena of the session's own, whose peak each would otherwise keep. Models may
    /// run in it at once (the arena takes a lock); it pays where their peaks come at different
    /// moments, as the detector's (one or two runs at a time: ``LimitedRuns``), the coarse pass's (small)
    /// and the recognizers' do.
    public var sharedArena: Bool

    public init(
      intraOpThreads: Int = 1, optimization: GraphOptimization = .all, memoryArena: Bool = true,
      memoryPattern: Bool = true, spinning: Bool = true, sharedArena: Bool = false
    ) {
      self.intraOpThreads = intraOpThreads
      self.optimization = optimization
      self.memoryArena = memoryArena
      self.memoryPattern = memoryPattern
      self.spinning = spinning
      self.sharedArena = sharedArena
    }
  }

  /// ONNX Runtime's graph optimization levels (`GraphOptimizationLevel`).
  public enum GraphOptimization: Int32, Sendable, CaseIterable {
    case none = 0, basic = 1, extended = 2, all = 99
  }

  /// The model file.
  public let path: String
  public let inputName: String
  public let outputName: String
  /// The input's and output's shapes as the model declares them, -1 for a free dimension (e.g.
  /// `[-1, 3, 48, -1]` for a PP-OCR recognizer).
  public let inputShape: [Int]
  public let outputShape: [Int]
  public let options: Options

  let session: ONNXSession
  let memory: ONNXMemoryInfo

  /// Loads `path` in the process's shared runtime (or `runtime`), and checks that it has one float32
  /// input and one float32 output.
  public init(path: String, options: Options = Options(), runtime: ONNXRuntime? = nil) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ONNXRuntimeError(
        kind: .model, message: "no such model file (run 'make setup')", operation: "loading the model",
        path: path)
    }
    let runtime = try runtime ?? ONNXRuntime.shared()
    let session = try ONNXSession(path: path, options: ONNXSessionOptions(runtime: runtime, options: options))
    let inputs = try session.inputCount
    let outputs = try session.outputCount
    guard inputs == 1, outputs == 1 else {
      throw ONNXRuntimeError(
        kind: .model, message: "the model has \(inputs) inputs and \(outputs) outputs, not one of each",
        operation: "loading the model", path: path)
    }
    let input = try session.inputInfo(0)
    let output = try session.outputInfo(0)
    guard input.elementType == ONNXTensorInfo.float, output.elementType == ONNXTensorInfo.float else {
      throw ONNXRuntimeError(
        kind: .model,
        message: "the model takes element type \(input.elementType) and gives \(output.elementType), "
          + "not float32 (1)",
        operation: "loading the model", path: path)
    }
    self.path = path
    self.options = options
    self.session = session
    self.inputName = try session.inputName(0)
    self.outputName = try session.outputName(0)
    self.inputShape = input.shape
    self.outputShape = output.shape
    self.memory = try ONNXMemoryInfo(runtime: runtime)
  }

  /// Runs the model: `input` must fit ``inputShape``; the output's shape is the one the model gave.
  public func run(_ input: Tensor) throws -> Tensor {
    let output = try input.values.withUnsafeBufferPointer { values in
      // ONNX Runtime only reads its inputs; the value does not outlive this closure.
      let buffer = UnsafeMutableBufferPointer(mutating: values)
      let value = try ONNXValue(wrapping: buffer, shape: input.shape, memory: memory, path: path)
      return try session.run(input: value, inputName: inputName, outputName: outputName)
    }
    let info = try output.tensorInfo(path: path)
    guard info.elementType == ONNXTensorInfo.float else {
      throw ONNXRuntimeError(
        kind: .model, message: "the output has element type \(info.elementType), not float32 (1)",
        operation: "running", path: path)
    }
    let count = info.shape.reduce(1, *)
    return Tensor(shape: info.shape, values: try output.floats(count: count, path: path))
  }

  /// The value of `key` in the model's metadata (e.g. `character`, the dictionary RapidOCR's
  /// recognizers carry, one entry a line), nil when the model has none.
  public func metadata(_ key: String) throws -> String? {
    try session.metadata(key)
  }
}
