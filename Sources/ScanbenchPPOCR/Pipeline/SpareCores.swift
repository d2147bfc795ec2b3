import Dispatch
import Synchronization

/// The cores a run's workers leave idle, lent to the pipelines still reading: a pipeline that reads
/// its lines while fewer pipelines than workers are busy (the others have no image left, or are
/// between two) hands a share of them to helper threads. At the end of a run the last image is
/// otherwise read by one worker while every other core idles.
///
/// Every pipeline of the run holds the same one, and counts itself busy while it reads an image
/// (``busy(_:)``). Its models must be safe to run from several threads at once, as ``ONNXModel``
/// is.
public final class SpareCores: Sendable {
  /// The run's workers, each with a pipeline.
  public let workers: Int
  private let busyPipelines = Atomic<Int>(0)

  public init(workers: Int) {
    self.workers = max(1, workers)
  }

  /// Runs `body` with the calling pipeline counted busy.
  func busy<Result>(_ body: () throws -> Result) rethrows -> Result {
    busyPipelines.add(1, ordering: .relaxed)
    defer { busyPipelines.subtract(1, ordering: .relaxed) }
    return try body()
  }

  /// Helpers a busy pipeline may take now: one for each worker not busy.
  var idleWorkers: Int { max(0, workers - busyPipelines.load(ordering: .relaxed)) }

  /// Runs `task` for each of `0..<count`, on the calling thread and on as many helpers as workers
  /// are idle, each task once; returns when every task has run, with the first error thrown. Each
  /// thread gets a `Scratch` of its own from `scratch`, kept from task to task. A task is never
  /// waited for before it starts: the caller takes whatever no helper has taken, so a helper that
  /// starts late (every thread of the system's pool busy) costs nothing. Idle workers are counted
  /// again before each task the caller takes, not only at the start: a worker that runs out of
  /// images while the last page's lines are read helps with the lines left, so a run's last photo
  /// is not read on one core while the other has nothing to do.
  func forEach<Scratch>(
    _ count: Int, scratch: @escaping @Sendable () -> Scratch,
    _ task: @escaping @Sendable (Int, inout Scratch) throws -> Void
  ) throws {
    let share = Share(count: count)
    var helpers = 0
    let callHelpers = {
      while helpers < min(self.idleWorkers, count - 1), share.tasksLeft > 1 {
        helpers += 1
        DispatchQueue.global().async {
          var own = scratch()
          let done = share.take { try task($0, &own) }
          for _ in 0..<done { share.finished.signal() }
        }
      }
    }
    var own = scratch()
    let done = share.take(beforeEach: callHelpers) { try task($0, &own) }
    // The rest were taken by helpers, which are running them.
    for _ in done..<count { share.finished.wait() }
    if let error = share.failure.withLock({ $0 }) { throw error }
  }

  /// The tasks of one ``forEach(_:scratch:_:)``.
  private final class Share: Sendable {
    let count: Int
    let next = Atomic<Int>(0)
    /// Signalled once for each task a helper ran.
    let finished = DispatchSemaphore(value: 0)
    let failure = Mutex<(any Error)?>(nil)

    init(count: Int) {
      self.count = count
    }

    /// Tasks no thread has taken yet.
    var tasksLeft: Int { max(0, count - next.load(ordering: .relaxed)) }

    /// Runs tasks not yet taken until none is left, calling `beforeEach` before taking each;
    /// returns how many this thread ran.
    func take(beforeEach: () -> Void = {}, _ task: (Int) throws -> Void) -> Int {
      var done = 0
      while true {
        beforeEach()
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < count else { break }
        do {
          try task(index)
        } catch {
          failure.withLock { if $0 == nil { $0 = error } }
        }
        done += 1
      }
      return done
    }
  }
}
