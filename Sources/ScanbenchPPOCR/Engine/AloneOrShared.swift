import Foundation
import Synchronization

/// MEASUREMENT (issue 29, branch fastphoto4): a model run on `alone` (the same model in a session
/// whose intra-op threads spin) while every other worker is idle or waiting for the detector's turn
/// (no other worker runs anything its threads would take cores from), else on `usual`.
final class AloneOrShared: TensorModel, @unchecked Sendable {
  // Safe: both sessions are ONNX Runtime sessions, whose runs are thread-safe.
  let usual: any TensorModel & Sendable
  let alone: any TensorModel & Sendable
  let spareCores: SpareCores
  let waiting: Waiting

  /// How many callers wait for the detector's turn.
  final class Waiting: Sendable {
    let count = Atomic<Int>(0)
    init() {}
  }

  init(usual: any TensorModel & Sendable, alone: any TensorModel & Sendable, spareCores: SpareCores, waiting: Waiting) {
    self.usual = usual
    self.alone = alone
    self.spareCores = spareCores
    self.waiting = waiting
  }

  static let isOn = ProcessInfo.processInfo.environment["SCANBENCH_FP4_ALONE"] == "1"
  static let used = Atomic<Int>(0)

  func run(_ input: Tensor) throws -> Tensor {
    let othersQuiet = spareCores.idleWorkers + waiting.count.load(ordering: .relaxed) >= spareCores.workers - 1
    if othersQuiet { Self.used.add(1, ordering: .relaxed) }
    return try (othersQuiet ? alone : usual).run(input)
  }
}
