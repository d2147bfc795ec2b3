import Synchronization

/// One `OrtSessionOptions`: how a session is built (threads, optimization, memory arena).
final class ONNXSessionOptions {
  let handle: OpaquePointer
  let runtime: ONNXRuntime

  init(runtime: ONNXRuntime, options: ONNXModel.Options) throws {
    let api = runtime.api
    var handle: OpaquePointer?
    try api.check(api.createSessionOptions(&handle), "creating session options")
    guard let handle else {
      throw ONNXRuntimeError(
        kind: .library, message: "no session options", operation: "creating session options")
    }
    self.handle = handle
    self.runtime = runtime
    runtime.liveHandles.add(1, ordering: .relaxed)
    try api.check(
      api.setIntraOpNumThreads(handle, Int32(clamping: options.intraOpThreads)), "setting intra-op threads")
    if options.intraOpThreads > 1 && !options.spinning {
      try api.check(
        api.addSessionConfigEntry(handle, "session.intra_op.allow_spinning", "0"),
        "turning off the intra-op threads' spinning")
    }
    // Inter-op threads only serve ORT_PARALLEL, and execution is sequential.
    try api.check(api.setInterOpNumThreads(handle, 1), "setting inter-op threads")
    try api.check(api.setSessionExecutionMode(handle, 0), "setting sequential execution")  // ORT_SEQUENTIAL
    try api.check(
      api.setSessionGraphOptimizationLevel(handle, options.optimization.rawValue),
      "setting the optimization level")
    if !options.memoryPattern {
      try api.check(api.disableMemPattern(handle), "disabling memory patterns")
    }
    if !options.memoryArena {
      try api.check(api.disableCpuMemArena(handle), "disabling the CPU memory arena")
    } else if options.sharedArena {
      try runtime.registerSharedArena()
      try api.check(
        api.addSessionConfigEntry(handle, "session.use_env_allocators", "1"), "sharing the runtime's arena")
    }
  }

  deinit {
    runtime.api.releaseSessionOptions(handle)
    runtime.liveHandles.subtract(1, ordering: .relaxed)
  }
}

@available(*, unavailable)
extension ONNXSessionOptions: Sendable {}
