import Dispatch
import Synchronization

/// A model shared by every worker that runs for at most `runsAtOnce` of them at a time: the others
/// wait.
///
/// For the detector on whole pages, whose activations, not its weights, are most of the process's
/// memory (hundreds of MB for a page at 2000 pixels in float): each run at once holds its own, and
/// ONNX Runtime's arena keeps the peak. With one run at a time the workers fall into step (one
/// detects while the other recognizes); where detection is most of a page's work (photos), a run
/// takes more than one thread (``SharedModels/detectorOptions(workers:)``), so that a worker waiting
/// leaves no core idle, but a run on two threads keeps fewer than two cores busy at times. A
/// detector whose activations are small enough (int8) takes two runs at once
/// (``PPOCRBackend/Size/detectorRunsAtOnce``). The time waited is counted.
final class LimitedRuns: TensorModel, Sendable {
  let model: any TensorModel & Sendable
  /// How many callers may run the model at once.
  let runsAtOnce: Int
  private let turns: DispatchSemaphore
  /// Nanoseconds callers spent waiting for another's run to end, summed.
  private let waited = Atomic<Int>(0)

  init(_ model: any TensorModel & Sendable, runsAtOnce: Int = 1) {
    self.model = model
    self.runsAtOnce = max(1, runsAtOnce)
    turns = DispatchSemaphore(value: self.runsAtOnce)
  }

  func run(_ input: Tensor) throws -> Tensor {
    let start = ContinuousClock.now
    turns.wait()
    defer { turns.signal() }
    let wait = ContinuousClock.now - start
    waited.add(
      Int(wait.components.seconds) * 1_000_000_000 + Int(wait.components.attoseconds / 1_000_000_000),
      ordering: .relaxed)
    return try model.run(input)
  }

  /// Seconds callers spent waiting for the turn, summed over all of them.
  var secondsWaited: Double { Double(waited.load(ordering: .relaxed)) / 1e9 }
}
