import Foundation

/// The functions of ONNX Runtime's C API that scanbench calls, read once from the `OrtApi` table.
///
/// Neither Debian nor PyPI packages ONNX Runtime's headers, so, as ONNX Runtime's own C# binding does
/// (`csharp/src/Microsoft.ML.OnnxRuntime/NativeMethods.shared.cs`), the binding declares each function
/// it uses by its C signature and its position in `struct OrtApi`, a table of function pointers that
/// `OrtGetApiBase()->GetApi(ORT_API_VERSION)` returns. The table only ever grows at its end, so a
/// position never changes once a version has it.
///
/// The positions were counted in `include/onnxruntime/core/session/onnxruntime_c_api.h` of
/// `microsoft/onnxruntime` (the copy declaring `ORT_API_VERSION 13`; every function used here but
/// `CreateAndRegisterAllocator` is in the table since API version 3 or earlier) and agree with the positions other bindings of versions
/// 1.19 to 1.27 use. The library is 1.32.0, whose table is version 32. The tests call every function
/// declared here and check its result, so a wrong position fails a test.
///
/// Handles are `OpaquePointer`s (the C types are incomplete structs); `size_t` is `Int`, C enums are
/// `Int32`, and every `OrtStatus*` result is nil on success.
struct OrtAPI {
  typealias Status = OpaquePointer?
  typealias Out = UnsafeMutablePointer<OpaquePointer?>
  typealias Release = @convention(c) (OpaquePointer?) -> Void

  /// `ORT_API_VERSION` of the pinned library.
  static let version: UInt32 = 32

  /// The positions in `struct OrtApi` (0-based) of the functions declared below.
  enum Position: Int, CaseIterable {
    case getErrorCode = 1
    case getErrorMessage = 2
    case createEnv = 3
    case createEnvWithCustomLogger = 4
    case createSession = 7
    case run = 9
    case createSessionOptions = 10
    case setSessionExecutionMode = 13
    case disableMemPattern = 17
    case disableCpuMemArena = 19
    case setSessionGraphOptimizationLevel = 23
    case setIntraOpNumThreads = 24
    case setInterOpNumThreads = 25
    case addSessionConfigEntry = 130
    case sessionGetInputCount = 30
    case sessionGetOutputCount = 31
    case sessionGetInputTypeInfo = 33
    case sessionGetOutputTypeInfo = 34
    case sessionGetInputName = 36
    case sessionGetOutputName = 37
    case createTensorWithDataAsOrtValue = 49
    case getTensorMutableData = 51
    case castTypeInfoToTensorInfo = 55
    case getTensorElementType = 60
    case getDimensionsCount = 61
    case getDimensions = 62
    case getTensorTypeAndShape = 65
    case createCpuMemoryInfo = 69
    case allocatorFree = 76
    case getAllocatorWithDefaultOptions = 78
    case releaseEnv = 92
    case releaseStatus = 93
    case releaseMemoryInfo = 94
    case releaseSession = 95
    case releaseValue = 96
    case releaseTypeInfo = 98
    case releaseTensorTypeAndShapeInfo = 99
    case releaseSessionOptions = 100
    case sessionGetModelMetadata = 111
    case modelMetadataLookupCustomMetadataMap = 116
    case releaseModelMetadata = 118
    case createAndRegisterAllocator = 144
  }

  // OrtStatus
  /// `OrtErrorCode GetErrorCode(const OrtStatus*)`
  let getErrorCode: @convention(c) (OpaquePointer) -> Int32
  /// `const char* GetErrorMessage(const OrtStatus*)`
  let getErrorMessage: @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
  let releaseStatus: Release

  // OrtEnv
  /// `CreateEnv(OrtLoggingLevel, const char* logid, OrtEnv** out)`
  let createEnv: @convention(c) (Int32, UnsafePointer<CChar>, Out) -> Status
  /// `void OrtLoggingFunction(void* param, OrtLoggingLevel severity, const char* category,
  /// const char* logid, const char* code_location, const char* message)`
  typealias LoggingFunction =
    @convention(c) (
      UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
      UnsafePointer<CChar>?
    ) -> Void
  /// `CreateEnvWithCustomLogger(OrtLoggingFunction, void* logger_param, OrtLoggingLevel,
  /// const char* logid, OrtEnv** out)`: position 4, after `CreateEnv`, in every version's table.
  let createEnvWithCustomLogger:
    @convention(c) (LoggingFunction, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>, Out) -> Status
  let releaseEnv: Release
  /// `CreateAndRegisterAllocator(OrtEnv*, const OrtMemoryInfo*, const OrtArenaCfg*)`: an allocator
  /// the environment owns, which sessions with `session.use_env_allocators` share (a nil arena
  /// configuration: ONNX Runtime's defaults); position 144, after `TensorAt`.
  let createAndRegisterAllocator: @convention(c) (OpaquePointer, OpaquePointer, OpaquePointer?) -> Status

  // OrtSessionOptions
  /// `CreateSessionOptions(OrtSessionOptions** out)`
  let createSessionOptions: @convention(c) (Out) -> Status
  /// `SetSessionExecutionMode(OrtSessionOptions*, ExecutionMode)`
  let setSessionExecutionMode: @convention(c) (OpaquePointer, Int32) -> Status
  /// `DisableMemPattern(OrtSessionOptions*)`
  let disableMemPattern: @convention(c) (OpaquePointer) -> Status
  /// `DisableCpuMemArena(OrtSessionOptions*)`
  let disableCpuMemArena: @convention(c) (OpaquePointer) -> Status
  /// `SetSessionGraphOptimizationLevel(OrtSessionOptions*, GraphOptimizationLevel)`
  let setSessionGraphOptimizationLevel: @convention(c) (OpaquePointer, Int32) -> Status
  /// `SetIntraOpNumThreads(OrtSessionOptions*, int)`
  let setIntraOpNumThreads: @convention(c) (OpaquePointer, Int32) -> Status
  /// `SetInterOpNumThreads(OrtSessionOptions*, int)`
  let setInterOpNumThreads: @convention(c) (OpaquePointer, Int32) -> Status
  /// `AddSessionConfigEntry(OrtSessionOptions*, const char* key, const char* value)`
  let addSessionConfigEntry:
    @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Status
  let releaseSessionOptions: Release

  // OrtSession
  /// `CreateSession(const OrtEnv*, const char* model_path, const OrtSessionOptions*, OrtSession** out)`
  let createSession: @convention(c) (OpaquePointer, UnsafePointer<CChar>, OpaquePointer, Out) -> Status
  /// `Run(OrtSession*, const OrtRunOptions*, const char* const* input_names,
  /// const OrtValue* const* inputs, size_t input_len, const char* const* output_names,
  /// size_t output_names_len, OrtValue** outputs)`
  let run:
    @convention(c) (
      OpaquePointer, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<OpaquePointer?>,
      Int, UnsafePointer<UnsafePointer<CChar>?>, Int, Out
    ) -> Status
  /// `SessionGetInputCount(const OrtSession*, size_t* out)`, and the same for outputs.
  let sessionGetInputCount: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>) -> Status
  let sessionGetOutputCount: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>) -> Status
  /// `SessionGetInputTypeInfo(const OrtSession*, size_t index, OrtTypeInfo** out)`, and for outputs.
  let sessionGetInputTypeInfo: @convention(c) (OpaquePointer, Int, Out) -> Status
  let sessionGetOutputTypeInfo: @convention(c) (OpaquePointer, Int, Out) -> Status
  /// `SessionGetInputName(const OrtSession*, size_t index, OrtAllocator*, char** value)`, and for
  /// outputs; the name is allocated with the allocator and freed with `AllocatorFree`.
  let sessionGetInputName:
    @convention(c) (OpaquePointer, Int, OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
      -> Status
  let sessionGetOutputName:
    @convention(c) (OpaquePointer, Int, OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
      -> Status
  /// `SessionGetModelMetadata(const OrtSession*, OrtModelMetadata** out)`
  let sessionGetModelMetadata: @convention(c) (OpaquePointer, Out) -> Status
  let releaseSession: Release

  // OrtModelMetadata
  /// `ModelMetadataLookupCustomMetadataMap(const OrtModelMetadata*, OrtAllocator*, const char* key,
  /// char** value)`: value is nil when the key is absent, else freed with `AllocatorFree`.
  let modelMetadataLookupCustomMetadataMap:
    @convention(c) (
      OpaquePointer, OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Status
  let releaseModelMetadata: Release

  // OrtTypeInfo, OrtTensorTypeAndShapeInfo
  /// `CastTypeInfoToTensorInfo(const OrtTypeInfo*, const OrtTensorTypeAndShapeInfo** out)`: out is
  /// owned by the type info (nil when it is not a tensor).
  let castTypeInfoToTensorInfo: @convention(c) (OpaquePointer, Out) -> Status
  let releaseTypeInfo: Release
  /// `GetTensorElementType(const OrtTensorTypeAndShapeInfo*, ONNXTensorElementDataType* out)`
  let getTensorElementType: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>) -> Status
  /// `GetDimensionsCount(const OrtTensorTypeAndShapeInfo*, size_t* out)`
  let getDimensionsCount: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>) -> Status
  /// `GetDimensions(const OrtTensorTypeAndShapeInfo*, int64_t* dim_values, size_t dim_values_length)`
  let getDimensions: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int64>, Int) -> Status
  let releaseTensorTypeAndShapeInfo: Release

  // OrtMemoryInfo, OrtAllocator
  /// `CreateCpuMemoryInfo(OrtAllocatorType, OrtMemType, OrtMemoryInfo** out)`
  let createCpuMemoryInfo: @convention(c) (Int32, Int32, Out) -> Status
  let releaseMemoryInfo: Release
  /// `GetAllocatorWithDefaultOptions(OrtAllocator** out)`: ONNX Runtime's own, never freed.
  let getAllocatorWithDefaultOptions: @convention(c) (Out) -> Status
  /// `AllocatorFree(OrtAllocator*, void* p)`
  let allocatorFree: @convention(c) (OpaquePointer, UnsafeMutableRawPointer?) -> Status

  // OrtValue
  /// `CreateTensorWithDataAsOrtValue(const OrtMemoryInfo*, void* p_data, size_t p_data_len,
  /// const int64_t* shape, size_t shape_len, ONNXTensorElementDataType, OrtValue** out)`: the value
  /// points into the caller's buffer, which must outlive it.
  let createTensorWithDataAsOrtValue:
    @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int, UnsafePointer<Int64>, Int, Int32, Out)
      -> Status
  /// `GetTensorMutableData(OrtValue*, void** out)`
  let getTensorMutableData:
    @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>)
      -> Status
  /// `GetTensorTypeAndShape(const OrtValue*, OrtTensorTypeAndShapeInfo** out)`
  let getTensorTypeAndShape: @convention(c) (OpaquePointer, Out) -> Status
  let releaseValue: Release

  /// The table itself (`const OrtApi*`), owned by the library.
  let table: UnsafePointer<UnsafeRawPointer?>

  /// Reads every function above from `table`; a nil entry is an error.
  init(table: UnsafePointer<UnsafeRawPointer?>, library: String) throws {
    self.table = table
    func entry<F>(_ position: Position) throws -> F {
      guard let pointer = table[position.rawValue] else {
        throw ONNXRuntimeError(
          kind: .library, message: "OrtApi entry \(position.rawValue) (\(position)) is empty",
          operation: "reading ONNX Runtime's function table from", path: library)
      }
      return unsafeBitCast(pointer, to: F.self)
    }
    getErrorCode = try entry(.getErrorCode)
    getErrorMessage = try entry(.getErrorMessage)
    releaseStatus = try entry(.releaseStatus)
    createEnv = try entry(.createEnv)
    createEnvWithCustomLogger = try entry(.createEnvWithCustomLogger)
    releaseEnv = try entry(.releaseEnv)
    createAndRegisterAllocator = try entry(.createAndRegisterAllocator)
    createSessionOptions = try entry(.createSessionOptions)
    setSessionExecutionMode = try entry(.setSessionExecutionMode)
    disableMemPattern = try entry(.disableMemPattern)
    disableCpuMemArena = try entry(.disableCpuMemArena)
    setSessionGraphOptimizationLevel = try entry(.setSessionGraphOptimizationLevel)
    setIntraOpNumThreads = try entry(.setIntraOpNumThreads)
    setInterOpNumThreads = try entry(.setInterOpNumThreads)
    addSessionConfigEntry = try entry(.addSessionConfigEntry)
    releaseSessionOptions = try entry(.releaseSessionOptions)
    createSession = try entry(.createSession)
    run = try entry(.run)
    sessionGetInputCount = try entry(.sessionGetInputCount)
    sessionGetOutputCount = try entry(.sessionGetOutputCount)
    sessionGetInputTypeInfo = try entry(.sessionGetInputTypeInfo)
    sessionGetOutputTypeInfo = try entry(.sessionGetOutputTypeInfo)
    sessionGetInputName = try entry(.sessionGetInputName)
    sessionGetOutputName = try entry(.sessionGetOutputName)
    sessionGetModelMetadata = try entry(.sessionGetModelMetadata)
    releaseSession = try entry(.releaseSession)
    modelMetadataLookupCustomMetadataMap = try entry(.modelMetadataLookupCustomMetadataMap)
    releaseModelMetadata = try entry(.releaseModelMetadata)
    castTypeInfoToTensorInfo = try entry(.castTypeInfoToTensorInfo)
    releaseTypeInfo = try entry(.releaseTypeInfo)
    getTensorElementType = try entry(.getTensorElementType)
    getDimensionsCount = try entry(.getDimensionsCount)
    getDimensions = try entry(.getDimensions)
    releaseTensorTypeAndShapeInfo = try entry(.releaseTensorTypeAndShapeInfo)
    createCpuMemoryInfo = try entry(.createCpuMemoryInfo)
    releaseMemoryInfo = try entry(.releaseMemoryInfo)
    getAllocatorWithDefaultOptions = try entry(.getAllocatorWithDefaultOptions)
    allocatorFree = try entry(.allocatorFree)
    createTensorWithDataAsOrtValue = try entry(.createTensorWithDataAsOrtValue)
    getTensorMutableData = try entry(.getTensorMutableData)
    getTensorTypeAndShape = try entry(.getTensorTypeAndShape)
    releaseValue = try entry(.releaseValue)
  }

  /// Turns a status into a thrown error carrying ONNX Runtime's message, and releases it.
  func check(_ status: Status, _ operation: @autoclosure () -> String, path: String? = nil) throws {
    guard let status else { return }
    defer { releaseStatus(status) }
    // ONNX Runtime's messages may run over several lines; errors print on one.
    let message = (getErrorMessage(status).map { String(cString: $0) } ?? "(no message)")
      .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
        separator: " ")
    throw ONNXRuntimeError(
      kind: .status(code: getErrorCode(status)), message: message, operation: operation(), path: path)
  }

  /// A string ONNX Runtime allocated with its default allocator, copied and freed.
  func take(_ string: UnsafeMutablePointer<CChar>?, allocator: OpaquePointer) -> String? {
    guard let string else { return nil }
    defer { _ = allocatorFree(allocator, string).map { releaseStatus($0) } }
    return String(cString: string)
  }
}

// Immutable C function pointers into a library that is never unloaded.
extension OrtAPI: @unchecked Sendable {}
