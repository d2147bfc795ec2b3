import Dispatch
import Synchronization
import Testing

@testable import ScanbenchPPOCR

@Suite struct LimitedRunsTests {
  /// Counts how many runs are inside at once; each run takes a while, and doubles its input.
  final class Probe: TensorModel, Sendable {
    let inside = Atomic<Int>(0)
    let most = Atomic<Int>(0)

    func run(_ input: Tensor) throws -> Tensor {
      let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
      _ = most.max(now, ordering: .sequentiallyConsistent)
      var sum = 0.0
      for index in 0..<200_000 { sum += Double(index % 7) }
      inside.subtract(1, ordering: .sequentiallyConsistent)
      return Tensor(shape: input.shape, values: input.values.map { $0 * 2 + Float(sum * 0) })
    }
  }

  @Test func runsOneCallerAtATimeAndGivesEachItsOwnResult() throws {
    let probe = Probe()
    let shared = LimitedRuns(probe)
    let results = Mutex([Int: [Float]]())
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let output = try? shared.run(Tensor(shape: [1], values: [Float(index)]))
      results.withLock { $0[index] = output?.values }
    }
    #expect(probe.most.load(ordering: .sequentiallyConsistent) == 1)
    #expect(
      results.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, [Float($0 * 2)]) }))
  }

  @Test func runsAtMostTheGivenNumberOfCallersAtOnce() throws {
    let probe = Probe()
    let shared = LimitedRuns(probe, runsAtOnce: 2)
    let results = Mutex([Int: [Float]]())
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let output = try? shared.run(Tensor(shape: [1], values: [Float(index)]))
      results.withLock { $0[index] = output?.values }
    }
    #expect((1...2).contains(probe.most.load(ordering: .sequentiallyConsistent)))
    #expect(
      results.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, [Float($0 * 2)]) }))
  }
}
