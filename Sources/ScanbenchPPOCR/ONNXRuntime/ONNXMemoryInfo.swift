import Synchronization

/// One `OrtMemoryInfo`: where a tensor's buffer lives — here always ordinary CPU memory.
///
/// Immutable once made, so a model shares one between the threads that run it.
final class ONNXMemoryInfo: @unchecked Sendable {
  let handle: OpaquePointer
  let runtime: ONNXRuntime

  /// `OrtDeviceAllocator` (0) and `OrtMemTypeDefault` (0): CPU memory the caller allocated.
  init(runtime: ONNXRuntime) throws {
    let api = runtime.api
    var handle: OpaquePointer?
    try api.check(api.createCpuMemoryInfo(0, 0, &handle), "describing CPU memory")
    guard let handle else {
      throw ONNXRuntimeError(kind: .library, message: "no memory info", operation: "describing CPU memory")
    }
    self.handle = handle
    self.runtime = runtime
    runtime.liveHandles.add(1, ordering: .relaxed)
  }

  deinit {
    runtime.api.releaseMemoryInfo(handle)
    runtime.liveHandles.subtract(1, ordering: .relaxed)
  }
}
