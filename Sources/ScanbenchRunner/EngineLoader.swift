import Dispatch
import Foundation
import ScanbenchRecognition
import Synchronization

/// Loads every worker's engine at once, each on a thread of its own, while the run hashes its models
/// and scans its inputs. Loading is CPU-bound (Tesseract building its table of ambiguous
/// characters, ONNX Runtime optimizing its graphs): loaded one after another, before and then inside
/// the workers, a core sat idle for the length of one load and the first worker waited for two.
final class EngineLoader: Sendable {
  /// An engine on its way from the thread that loaded it to the worker that takes it.
  private struct Loaded: @unchecked Sendable {
    // Safe: the engine is made on the loading thread and then used only by the one worker that
    // takes it; the slot's mutex orders the hand-over.
    var engine: any RecognitionEngine
  }

  private final class Slot: Sendable {
    let engine = Mutex<Result<Loaded, any Error>?>(nil)
    let loaded = DispatchSemaphore(value: 0)
  }

  private let slots: [Slot]
  private let backend: any EngineBackend
  private let warnings: @Sendable (_ worker: Int, _ message: String) -> Void

  /// Loads `min(count, cores)` engines ahead: `concurrentPerform` runs no more workers than cores at
  /// once, and a later worker loads its own (`--jobs 64` must not hold 64 models in memory). Engine
  /// `index` reports its warnings with `index`.
  init(
    count: Int, backend: any EngineBackend,
    warnings: @escaping @Sendable (_ worker: Int, _ message: String) -> Void = { _, _ in }
  ) {
    self.backend = backend
    self.warnings = warnings
    slots = (0..<max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))).map { _ in Slot() }
    for (index, slot) in slots.enumerated() {
      let thread = Thread {
        // Nothing reads the slot before `loaded` is signalled, so loading under its lock costs no wait.
        slot.engine.withLock {
          $0 = Result { Loaded(engine: try backend.makeEngine(warnings: { warnings(index, $0) })) }
        }
        slot.loaded.signal()
      }
      thread.name = "scanbench-engine-\(index)"
      thread.start()
    }
  }

  /// Waits for the first engine and throws why it could not load: a missing or broken model is an
  /// error before any work starts, not a failure per image.
  func check() throws {
    slots[0].loaded.wait()
    slots[0].loaded.signal()
    try slots[0].engine.withLock { slot in
      if case .failure(let error) = slot { throw error }
    }
  }

  /// Waits for engine `index` and hands it over; each is taken once.
  func take(_ index: Int) throws -> any RecognitionEngine {
    guard index < slots.count else { return try backend.makeEngine(warnings: { self.warnings(index, $0) }) }
    slots[index].loaded.wait()
    return try slots[index].engine.withLock { slot in
      defer { slot = nil }
      switch slot {
      case .success(let loaded): return loaded.engine
      case .failure(let error): throw error
      case nil: throw EngineError(message: "engine \(index) was already taken")
      }
    }
  }
}
