import Dispatch
import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Synchronization
import Testing

@testable import ScanbenchArchive
@testable import ScanbenchEngines
@testable import ScanbenchRecognition
@testable import ScanbenchRunner
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// The runner's shared parts under many threads, in process so ThreadSanitizer sees them
/// (`make tsan`): the bounded queue, the ground-truth board, and a whole cancelled run.
struct ConcurrentRunnerTests {
  @Test func boundedQueueHandsEachItemToExactlyOneTaker() {
    let queue = BoundedQueue<Int>(capacity: 3)
    let taken = Mutex<[Int]>([])
    let group = DispatchGroup()
    for consumer in 0..<4 {
      DispatchQueue.global().async(group: group) {
        while let item = queue.take() { taken.withLock { $0.append(item) } }
        _ = consumer
      }
    }
    DispatchQueue.concurrentPerform(iterations: 4) { producer in
      for item in 0..<500 { queue.put(producer * 1000 + item) }
    }
    queue.close()
    #expect(group.wait(timeout: .now() + 30) == .success, "takers ended")
    let expected = (0..<4).flatMap { producer in (0..<500).map { producer * 1000 + $0 } }
    #expect(taken.withLock { $0.sorted() } == expected)
  }

  @Test func cancelUnblocksAProducerOnAFullQueueAndEveryTaker() {
    let queue = BoundedQueue<Int>(capacity: 1)
    queue.put(1)
    let refused = Atomic<Bool>(false)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      if !queue.put(2) { refused.store(true, ordering: .relaxed) }  // blocks: the queue is full
    }
    usleep(100_000)
    queue.cancel()
    for _ in 0..<3 {
      DispatchQueue.global().async(group: group) { _ = queue.take() }
    }
    #expect(group.wait(timeout: .now() + 30) == .success, "nobody stays blocked")
    let wasRefused = refused.load(ordering: .relaxed)
    #expect(wasRefused)
    #expect(queue.take() == nil, "what was queued is dropped")
  }

  @Test func groundTruthBoardGivesEveryRecordItsTextOnceWhateverComesFirst() {
    let board = GroundTruthBoard()
    let stems = (0..<200).map { "page-\($0)" }
    let scored = Mutex<[String: Int]>([:])
    // Two images per stem from two threads, the texts from a third, all at once.
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for stem in stems.shuffled() {
        if thread == 2 {
          for waiting in board.deliver(.usable(stem), key: stem, consumers: 2) {
            #expect(waiting.sha256 == stem)
            scored.withLock { $0[stem, default: 0] += 1 }
          }
        } else if let text = board.text(for: Self.record(stem), key: stem) {
          guard case .usable(let value) = text, value == stem else {
            Issue.record("\(stem) got another stem's text")
            continue
          }
          scored.withLock { $0[stem, default: 0] += 1 }
        }
      }
    }
    #expect(scored.withLock { $0 } == Dictionary(uniqueKeysWithValues: stems.map { ($0, 2) }))
    #expect(board.drainWaiting().isEmpty)
  }

  static func record(_ stem: String) -> ResultRecord {
    ResultRecord.fixture(
      stem + ".png", run: "r", time: "t", source: "s", sha256: stem, profile: "fast", lang: "eng",
      engine: EngineIdentity.schema1(version: "5", models: [:]))
  }

  static let corpus = PhotoFixtures.packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/corpora/uw3-lines")

  /// Images first, then a README, then the ground truth: the run is cancelled when the reader
  /// passes the README, so recognized images wait for texts that will not come. They must not be
  /// written unscored (a resumed run would skip them for good); the resumed run scores them all.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.path)))
  func cancelledRunWritesNoUnscoredResultAndResumeScoresEveryImage() throws {
    let folder = try TestKit.temporaryFolder("runner")
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted().prefix(6)
    for name in names {
      for file in [name, String(name.dropLast(4)) + ".gt.txt"] {
        try FileManager.default.copyItem(
          at: Self.corpus.appendingPathComponent(file), to: folder.appendingPathComponent(file))
      }
    }
    try Data("not an image".utf8).write(to: folder.appendingPathComponent("README.md"))
    let order = names + ["README.md"] + names.map { String($0.dropLast(4)) + ".gt.txt" }
    let archive = folder.appendingPathComponent("ordered.tar")
    let tar = Process()
    tar.executableURL = URL(fileURLWithPath: "/usr/bin/bsdtar")
    tar.arguments = ["-cf", archive.path, "-C", folder.path] + order
    try tar.run()
    tar.waitUntilExit()
    try #require(tar.terminationStatus == 0)

    var options = EngineOptions(level: .fast, language: "eng")
    options.pageSegmentation = 7
    options.resolution = 300
    let store = folder.appendingPathComponent("store.jsonl")
    var configuration = RunConfiguration(
      inputs: [archive.path], recognition: try EngineCatalog.setup(engine: nil, options: options),
      profile: "fast", language: "eng", jobs: 2, store: store)
    configuration.queueCapacity = 1
    let warnings = Mutex<[String]>([])
    let runner = Mutex<BatchRunner?>(nil)
    let first = BatchRunner(configuration) { event in
      switch event {
      case .ignored(let entry, _) where entry == "README.md": runner.withLock { $0?.cancel() }
      case .warning(let message): warnings.withLock { $0.append(message) }
      default: break
      }
    }
    runner.withLock { $0 = first }
    let interrupted = try first.run()
    runner.withLock { $0 = nil }  // the runner's event handler holds this box: break the cycle
    #expect(interrupted.summary.interrupted)
    #expect(
      warnings.withLock { $0 }.contains { $0.contains("waiting for their ground truth were not written") })

    configuration.resume = true
    let resumed = try BatchRunner(configuration) { _ in }.run()
    #expect(!resumed.summary.interrupted)
    var results: [ResultRecord] = []
    try StoreReader.read(store) { number, line in
      switch line {
      case .result(let record): results.append(record)
      case .summary: break
      case .invalid(let reason): Issue.record("line \(number): \(reason)")
      }
    }
    #expect(results.count == 6)
    #expect(Set(results.map(\.sha256)).count == 6, "each image once")
    #expect(results.allSatisfy { $0.cer != nil }, "every image scored")
    #expect(resumed.summary.images == 6, "the resumed run's summary counts the whole run")
    #expect(resumed.summary.skipped + (resumed.summary.recorded ?? -1) == 6)
    #expect(resumed.summary.scored == 6)
  }
}
