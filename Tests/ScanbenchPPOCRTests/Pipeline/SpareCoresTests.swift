import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ScanbenchPPOCR

@Suite struct SpareCoresTests {
  struct Failure: Error, Equatable {}

  /// Each task runs once, whether the other workers are idle (helpers take a share) or busy (the
  /// caller runs them all, on its own thread).
  @Test func everyTaskRunsOnceAndOnlyTheCallerWhileEveryWorkerIsBusy() throws {
    let spare = SpareCores(workers: 3)
    for busyOthers in [0, 2] {
      let runs = Mutex([Int: Int]())
      let threads = Mutex(Set<String>())
      let caller = "\(Thread.current)"
      try spare.nested(busy: busyOthers) {
        try spare.forEach(50, scratch: { 0 }) { index, count in
          count += 1
          runs.withLock { $0[index, default: 0] += 1 }
          threads.withLock { _ = $0.insert("\(Thread.current)") }
        }
      }
      #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, 1) }))
      if busyOthers == 2 { #expect(threads.withLock { $0 } == [caller]) }
    }
    #expect(spare.idleWorkers == 3)
  }

  /// While another worker is idle, a helper reads a share: the caller's first task waits until
  /// another thread has run one.
  @Test func anIdleWorkersCoreTakesAShare() throws {
    let spare = SpareCores(workers: 2)
    let helped = DispatchSemaphore(value: 0)
    let caller = "\(Thread.current)"
    let sawHelp = Mutex(false)
    try spare.nested(busy: 0) {
      try spare.forEach(4, scratch: { () }) { index, _ in
        if "\(Thread.current)" != caller {
          helped.signal()
        } else if index == 0 {
          sawHelp.withLock { $0 = helped.wait(timeout: .now() + 30) == .success }
        }
      }
    }
    #expect(sawHelp.withLock { $0 })
  }

  /// A worker that falls idle once the tasks have begun (the run's last image, its lines read
  /// while the other worker takes no image more) takes a share of the tasks left: a task runs on
  /// another thread (the caller's next task waits for one, once). Counted only at the start, no
  /// helper would start, every other worker being busy then.
  @Test func aWorkerThatFallsIdleMidwayTakesAShare() throws {
    let spare = SpareCores(workers: 2)
    let (entered, leave, left) = (
      DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
    )
    DispatchQueue.global().async {
      spare.busy {
        entered.signal()
        leave.wait()
      }
      left.signal()
    }
    entered.wait()
    let helped = DispatchSemaphore(value: 0)
    let caller = "\(Thread.current)"
    let helperRan = Atomic<Bool>(false)
    let waited = Atomic<Bool>(false)
    try spare.busy {
      #expect(spare.idleWorkers == 0)
      try spare.forEach(4, scratch: { () }) { index, _ in
        if "\(Thread.current)" != caller {
          helperRan.store(true, ordering: .relaxed)
          helped.signal()
        } else if index == 0 {
          leave.signal()
          left.wait()
        } else if !waited.exchange(true, ordering: .relaxed) {
          // Once: the caller's later tasks need not wait.
          _ = helped.wait(timeout: .now() + 30)
        }
      }
    }
    let ranOnHelper = helperRan.load(ordering: .relaxed)
    #expect(ranOnHelper)
  }

  /// A task's error is thrown once every task has run.
  @Test func aTasksErrorIsThrownAfterEveryTaskRan() {
    let spare = SpareCores(workers: 2)
    let runs = Atomic<Int>(0)
    #expect(throws: Failure.self) {
      try spare.nested(busy: 0) {
        try spare.forEach(20, scratch: { () }) { index, _ in
          runs.add(1, ordering: .relaxed)
          if index == 3 { throw Failure() }
        }
      }
    }
    #expect(runs.load(ordering: .relaxed) == 20)
  }

  /// A pipeline with spare cores reads every line as one without: a batch reads the same whoever
  /// reads it.
  @Test func aPipelineReadsTheSameLinesWithSpareCores() throws {
    let regions = (0..<12).map { row -> TextRegion in
      let (top, bottom, right) = (Double(row * 20 + 2), Double(row * 20 + 16), Double(60 + row * 7))
      let quad = Quad(
        topLeft: Point(x: 4, y: top), topRight: Point(x: right, y: top),
        bottomRight: Point(x: right, y: bottom), bottomLeft: Point(x: 4, y: bottom))
      return TextRegion(pageQuad: quad, score: 0.9, verticalAspectRatio: 1.5)
    }
    var grey = [UInt8](repeating: 255, count: 200 * 250)
    for row in 0..<12 {
      for y in (row * 20 + 5)..<(row * 20 + 12) {
        for x in 8..<(50 + row * 7) { grey[y * 200 + x] = UInt8(row * 20) }
      }
    }
    let image = RGBImage(width: 200, height: 250, grey: grey)
    let alone = PPOCRPipeline(
      detector: nil, recognizer: PipelineTests.recognizer(text: [1, 2, 3]),
      dictionary: PipelineTests.dictionary)
    let spare = SpareCores(workers: 2)
    let helped = PPOCRPipeline(
      detector: nil, recognizer: LockedModel(PipelineTests.recognizer(text: [1, 2, 3])),
      dictionary: PipelineTests.dictionary, spareCores: spare)
    let expected = try alone.recognizeRegions(image, regions: regions)
    #expect(expected.contains { !$0.characters.isEmpty })
    #expect(try spare.busy { try helped.recognizeRegions(image, regions: regions) } == expected)
  }
}

extension SpareCores {
  /// Runs `body` with `count` other pipelines counted busy, and the caller's own.
  fileprivate func nested(busy count: Int, _ body: () throws -> Void) throws {
    guard count > 0 else { return try busy(body) }
    try busy { try nested(busy: count - 1, body) }
  }
}

/// A fake model made safe to run from several threads: one run at a time.
final class LockedModel: TensorModel, @unchecked Sendable {
  // Safe: `model` is used only under `lock`.
  private let model: FakeModel
  private let lock = NSLock()

  init(_ model: FakeModel) { self.model = model }

  func run(_ input: Tensor) throws -> Tensor {
    lock.lock()
    defer { lock.unlock() }
    return try model.run(input)
  }
}
