import Synchronization

/// A model shared by every worker that runs for one of them at a time: the others wait.
///
/// For the detector on whole pages, whose activations, not its weights, are most of the process's
/// memory (hundreds of MB for a page at 2000 pixels): two runs at once hold twice that, and ONNX
/// Runtime's arena keeps the peak. The workers fall into step (one detects while the other
/// recognizes); where detection is most of a page's work (photos), a run takes more than one thread
/// (``SharedModels/detectorOptions(workers:)``), so that a worker waiting leaves no core idle. The time waited
/// is counted.
final class OneRunAtATime: TensorModel, Sendable {
  let model: any TensorModel & Sendable
  private let gate = Mutex(())
  /// Nanoseconds callers spent waiting for another's run to end, summed.
  private let waited = Atomic<Int>(0)

  init(_ model: any TensorModel & Sendable) {
    self.model = model
  }

  func run(_ input: Tensor) throws -> Tensor {
    let start = ContinuousClock.now
    return try gate.withLock { _ in
      let wait = ContinuousClock.now - start
      waited.add(
        Int(wait.components.seconds) * 1_000_000_000 + Int(wait.components.attoseconds / 1_000_000_000),
        ordering: .relaxed)
      return try model.run(input)
    }
  }

  /// Seconds callers spent waiting for the turn, summed over all of them.
  var secondsWaited: Double { Double(waited.load(ordering: .relaxed)) / 1e9 }
}
