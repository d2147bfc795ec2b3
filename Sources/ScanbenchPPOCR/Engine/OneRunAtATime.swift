import Synchronization

/// A model shared by every worker that runs for one of them at a time: the others wait.
///
/// For the detector on whole pages, whose activations, not its weights, are most of the process's
/// memory (hundreds of MB for a page at 2000 pixels): two runs at once hold twice that, and ONNX
/// Runtime's arena keeps the peak. The workers fall into step (one detects while the other
/// recognizes); where detection is most of a page's work (photos), a run takes more than one thread
/// (``SharedModels/detectorOptions(workers:)``), so that a worker waiting leaves no core idle. The time waited
/// is counted.
/// Models that share one turn (``init(_:sharingTurnWith:)``: the detector and the coarse pass's) run
/// one at a time between them too, so their activations never add up either.
final class OneRunAtATime: TensorModel, Sendable {
  /// The turn models take: one run at a time among the models that share it.
  private final class Turn: Sendable {
    let gate = Mutex(())
    /// Nanoseconds callers spent waiting for another's run to end, summed.
    let waited = Atomic<Int>(0)
  }

  let model: any TensorModel & Sendable
  private let turn: Turn

  /// - Parameter other: a model whose turn this one shares; nil: a turn of its own.
  init(_ model: any TensorModel & Sendable, sharingTurnWith other: OneRunAtATime? = nil) {
    self.model = model
    self.turn = other?.turn ?? Turn()
  }

  func run(_ input: Tensor) throws -> Tensor {
    let start = ContinuousClock.now
    return try turn.gate.withLock { _ in
      let wait = ContinuousClock.now - start
      turn.waited.add(
        Int(wait.components.seconds) * 1_000_000_000 + Int(wait.components.attoseconds / 1_000_000_000),
        ordering: .relaxed)
      return try model.run(input)
    }
  }

  /// Seconds callers spent waiting for the turn, summed over all of them (and over every model
  /// that shares it).
  var secondsWaited: Double { Double(turn.waited.load(ordering: .relaxed)) / 1e9 }
}
