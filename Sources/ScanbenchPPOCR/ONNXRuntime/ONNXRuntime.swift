import Foundation
import ScanbenchRecognition
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// ONNX Runtime's C library, loaded with `dlopen`, its function table, and the process's one
/// environment (`OrtEnv`: logging, and the default thread pools that sessions here do not use).
///
/// Use ``shared()``: it loads `libonnxruntime.so.1.32.0` from the models folder once per process.
/// Thread-safe: the table is immutable and ONNX Runtime's environment may be used from any thread.
/// The library is never unloaded (ONNX Runtime does not support it, nor does its C# binding).
public final class ONNXRuntime: Sendable {
  /// The library's file name in the models folder.
  public static let libraryFile = "onnxruntime/libonnxruntime.so.\(pinnedVersion)"

  /// The library file this was loaded from.
  public let libraryPath: String

  /// The library's own version string (`OrtGetApiBase()->GetVersionString()`), e.g. `1.32.0`.
  public let version: String

  let api: OrtAPI
  let environment: ONNXEnvironment
  /// The session options and memory descriptions made through this runtime and not yet released:
  /// each wrapper counts itself in when ONNX Runtime hands it its handle and out when its `deinit`
  /// has released it (the tests hold a runtime of their own to zero).
  let liveHandles = Atomic<Int>(0)

  private static let sharedRuntime = Mutex<ONNXRuntime?>(nil)

  /// Whether the environment's shared CPU arena (``registerSharedArena()``) is registered yet.
  private let sharedArenaRegistered = Mutex(false)

  /// Registers, once, a CPU memory arena with the environment, for the sessions whose options ask
  /// for it (``ONNXModel/Options/sharedArena``): models that never run at once then keep one arena,
  /// as large as the largest run's, rather than one each.
  func registerSharedArena() throws {
    try sharedArenaRegistered.withLock { registered in
      guard !registered else { return }
      var info: OpaquePointer?
      // `OrtArenaAllocator` (1), `OrtMemTypeDefault` (0).
      try api.check(api.createCpuMemoryInfo(1, 0, &info), "describing the shared arena's memory")
      guard let info else {
        throw ONNXRuntimeError(
          kind: .library, message: "no memory info", operation: "describing the shared arena's memory")
      }
      defer { api.releaseMemoryInfo(info) }
      do {
        try api.check(
          api.createAndRegisterAllocator(environment.handle, info, nil), "registering the shared CPU arena")
      } catch let error as ONNXRuntimeError where error.message.contains("already") {
        // The process has one environment (``ONNXEnvironment``): another runtime registered it.
      }
      registered = true
    }
  }

  /// The process's runtime, loaded on first use from ``PPOCRModelLocator/discover(environment:)``'s
  /// folders; a failure is thrown again on each call (and retried: the library may have been installed
  /// meanwhile).
  public static func shared() throws -> ONNXRuntime {
    try sharedRuntime.withLock { runtime in
      if let runtime { return runtime }
      let loaded = try ONNXRuntime(libraryPath: PPOCRModelLocator.discover().runtimeLibrary())
      runtime = loaded
      return loaded
    }
  }

  /// Loads the library at `libraryPath` and checks that it is ONNX Runtime 1.32 (API version 32).
  public init(libraryPath: String) throws {
    guard FileManager.default.fileExists(atPath: libraryPath) else {
      throw ONNXRuntimeError(
        kind: .library, message: "ONNX Runtime is not installed (run 'make setup')",
        operation: "looking for", path: libraryPath)
    }
    try Self.checkDigest(libraryPath)
    // The PyPI build reports usage to Microsoft from Linux too (1DS, since 1.29), and leaves a
    // `.ses` file in $TMPDIR: scanbench reads people's archives and sends nothing anywhere. The
    // variable is read when the environment is created, so setting it before loading suffices.
    setenv("ORT_DISABLE_TELEMETRY", "1", 1)
    guard let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
      throw ONNXRuntimeError(
        kind: .library, message: "cannot load ONNX Runtime: \(reason) (run 'make setup')",
        operation: "loading", path: libraryPath)
    }
    // struct OrtApiBase { const OrtApi* (*GetApi)(uint32_t version); const char* (*GetVersionString)(void); }
    typealias GetApiBase = @convention(c) () -> UnsafePointer<UnsafeRawPointer?>?
    typealias GetApi = @convention(c) (UInt32) -> UnsafePointer<UnsafeRawPointer?>?
    typealias GetVersionString = @convention(c) () -> UnsafePointer<CChar>?
    guard let symbol = dlsym(handle, "OrtGetApiBase"),
      let base = unsafeBitCast(symbol, to: GetApiBase.self)(),
      let getApiEntry = base[0], let versionEntry = base[1]
    else {
      throw ONNXRuntimeError(
        kind: .library, message: "not ONNX Runtime: no OrtGetApiBase (run 'make setup')",
        operation: "loading", path: libraryPath)
    }
    let version = unsafeBitCast(versionEntry, to: GetVersionString.self)().map { String(cString: $0) } ?? "?"
    guard let table = unsafeBitCast(getApiEntry, to: GetApi.self)(OrtAPI.version) else {
      throw ONNXRuntimeError(
        kind: .library,
        message: "ONNX Runtime \(version) lacks API version \(OrtAPI.version) (\(Self.pinnedVersion) "
          + "is needed: run 'make setup')",
        operation: "loading", path: libraryPath)
    }
    let api = try OrtAPI(table: table, library: libraryPath)
    self.libraryPath = libraryPath
    self.version = version
    self.api = api
    self.environment = try ONNXEnvironment(api: api)
  }

  /// `dlopen` maps the file and trusts its headers: a library cut short (a setup interrupted) or
  /// damaged is a SIGBUS inside the loader, not an error. Its SHA-256 is checked first against the
  /// pinned one — read from the model digest cache, so only a changed file is hashed again.
  static func checkDigest(_ libraryPath: String) throws {
    let digest: String
    do {
      digest = try ModelHashCache.shared.hash(of: libraryPath)
    } catch {
      throw ONNXRuntimeError(
        kind: .library, message: "cannot read it: \(error) (run 'make setup')", operation: "checking",
        path: libraryPath)
    }
    guard digest == pinnedLibrarySHA256 else {
      throw ONNXRuntimeError(
        kind: .library,
        message: "ONNX Runtime's library is damaged, cut short (an interrupted setup?) or another build: its "
          + "SHA-256 is \(digest), not \(pinnedLibrarySHA256) (\(pinnedVersion), as 'make setup' installs "
          + "it), so it is not loaded. Remove it and run 'make setup'",
        operation: "checking", path: libraryPath)
    }
  }
}
