import Dispatch
import Foundation
import Synchronization

/// Loads every worker's engine at once, each on a thread of its own, while the run hashes its models
/// and scans its inputs. Loading is CPU-bound (most of it Tesseract building its table of ambiguous
/// characters, even for the LSTM engine): loaded one after another, before and then inside the
/// workers, a core sat idle for the length of one load and the first worker waited for two.
final class EngineLoader: Sendable {
  private final class Slot: Sendable {
    let engine = Mutex<Result<Engine, any Error>?>(nil)
    let loaded = DispatchSemaphore(value: 0)
  }

  private let slots: [Slot]
  private let make: @Sendable () throws -> Engine

  /// Loads `min(count, cores)` engines ahead: `concurrentPerform` runs no more workers than cores at
  /// once, and a later worker loads its own (`--jobs 64` must not hold 64 models in memory).
  init(count: Int, make: @escaping @Sendable () throws -> Engine) {
    self.make = make
    slots = (0..<max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))).map { _ in Slot() }
    for (index, slot) in slots.enumerated() {
      let thread = Thread {
        // Nothing reads the slot before `loaded` is signalled, so loading under its lock costs no wait.
        slot.engine.withLock { $0 = Result { try make() } }
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
  func take(_ index: Int) throws -> Engine {
    guard index < slots.count else { return try make() }
    slots[index].loaded.wait()
    return try slots[index].engine.withLock { slot in
      defer { slot = nil }
      switch slot {
      case .success(let engine): return engine
      case .failure(let error): throw error
      case nil: throw EngineError(message: "engine \(index) was already taken")
      }
    }
  }
}
