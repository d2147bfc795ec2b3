import Dispatch
import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// The batch: one reader streams the inputs into a bounded queue (`BatchRunner+Reading`); `jobs`
/// long-lived workers, each with its own engine, take images through the page pipeline
/// (`BatchRunner+Recognizing`); results meet their ground truth, are scored and appended to the store
/// as each finishes.
public final class BatchRunner: Sendable {
  public let configuration: RunConfiguration
  let onEvent: @Sendable (RunEvent) -> Void
  private let cancelled = Atomic<Bool>(false)

  public init(_ configuration: RunConfiguration, onEvent: @escaping @Sendable (RunEvent) -> Void) {
    self.configuration = configuration
    self.onEvent = onEvent
  }

  /// Stops taking new images; those being recognized finish and are written. Returns false when the
  /// run had not yet opened its store (it was loading engines, hashing models, reading headers):
  /// nothing is written then, and never will be, so the caller may end the process at once rather
  /// than wait for an engine that takes a minute to say what it is.
  @discardableResult
  public func cancel() -> Bool {
    cancelled.store(true, ordering: .relaxed)
    return hasOpenedStore.withLock { $0 }
  }

  /// Set, under its lock, just before the store is opened, unless the run was cancelled by then.
  private let hasOpenedStore = Mutex(false)

  /// Thrown when the run was cancelled before it opened its store.
  public struct CancelledBeforeWork: Error, CustomStringConvertible {
    public var description: String { "interrupted before any work started: nothing was written" }
  }

  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// Set when a store write failed: the run stops as if cancelled, then `run()` throws.
  private let storeFailed = Atomic<Bool>(false)

  var shouldStop: Bool { isCancelled || storeFailed.load(ordering: .relaxed) }

  /// Set when a stop left work undone (an entry unread, a queued image dropped, a page of a PDF
  /// not rendered, a result not written): only then is the run `interrupted`, for `--resume`.
  private let leftUndone = Atomic<Bool>(false)

  func markLeftUndone() { leftUndone.store(true, ordering: .relaxed) }

  struct WorkItem: Sendable {
    var source: String
    var entry: String
    var data: Data
    var stem: String
    var index: InputIndex
    /// The input's place among the run's inputs: ground truth pairs within one input only.
    var ordinal: Int
    /// The name as stored, when `entry` was decoded from a legacy encoding.
    var rawName: RawName?
    /// The entry a hard link names, when this one is a link.
    var linkOf: String?
  }

  /// What the reader thread reports back when it is done.
  private struct ReaderOutcome {
    var errors: [ArchiveError] = []
    /// The reader stopped before the end of its inputs (`--max-total-bytes`, or no worker left).
    var stoppedEarly = false
  }

  /// Runs to the end (or cancellation). Throws for problems found before any work starts (no
  /// readable input, no image in any input, missing models, an unusable store) and when the store
  /// cannot be written.
  public func run() throws -> RunOutcome {
    let started = DispatchTime.now()
    let recognition = configuration.recognition
    let engines = EngineLoader(count: max(1, configuration.jobs), backend: recognition.backend) {
      worker, message in
      self.onEvent(.warning("worker \(worker + 1): \(message)"))
    }
    let engineIdentity = try recognition.identity()

    let (indexes, scanErrors) = try scanInputs()
    try engines.check()
    onEvent(.counted(images: indexes.reduce(0) { $0 + $1.imageCount }))

    try hasOpenedStore.withLock { opened in
      if isCancelled { throw CancelledBeforeWork() }
      opened = true
    }
    // The lock comes before reading the store for --resume: a run that waited for another to finish
    // then skips what that one wrote.
    let storePath = configuration.store.path
    let writer = try StoreWriter(
      url: configuration.store, lockPolicy: configuration.lockPolicy,
      onRepair: { removed in
        self.onEvent(.warning("repaired the store: removed a torn last line of \(removed) bytes"))
      },
      onWait: {
        self.onEvent(.warning("waiting for another scanbench process to finish writing to \(storePath)…"))
      },
      isCancelled: { self.isCancelled })
    let identity = ResultIdentity(
      profile: configuration.profile, lang: configuration.language, engine: engineIdentity,
      settings: configuration.settings, scanbenchVersion: configuration.scanbench.version)
    let done =
      try configuration.resume
      ? ResumeSet.load(from: configuration.store, identity: identity, inputs: configuration.inputs)
      : ResumeSet()
    let context = RunContext(
      runID: done.continuedRun ?? RunID.make(), profile: configuration.profile,
      language: configuration.language,
      engine: engineIdentity, settings: configuration.settings, scanbench: configuration.scanbench,
      scoring: configuration.scoring, writer: writer, done: done, onEvent: onEvent,
      onStoreFailure: { self.storeFailed.store(true, ordering: .relaxed) })

    let queue = BoundedQueue<WorkItem>(
      capacity: configuration.queueCapacity ?? max(2, configuration.jobs * 2))
    let readerOutcome = Mutex(ReaderOutcome())
    let readerFinished = DispatchSemaphore(value: 0)
    let reader = Thread { [self] in
      var budget = ReadBudget(limit: self.configuration.maxTotalBytes)
      for (ordinal, index) in indexes.enumerated() {
        let stop = self.read(index, ordinal: ordinal, into: queue, context: context, budget: &budget)
        if let error = stop.error { readerOutcome.withLock { $0.errors.append(error) } }
        if stop.early { readerOutcome.withLock { $0.stoppedEarly = true } }
        if stop.early { self.markLeftUndone() }
        if self.shouldStop || stop.early {
          if ordinal < indexes.count - 1 { self.markLeftUndone() }
          break
        }
      }
      queue.close()
      readerFinished.signal()
    }
    reader.name = "scanbench-reader"
    reader.start()

    let workerFailures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: max(1, configuration.jobs)) { worker in
      let pipeline: PagePipeline
      do {
        pipeline = PagePipeline(
          engine: try engines.take(worker), recognition: recognition,
          scanner: self.configuration.barcodes ? try BarcodeScanner() : nil, boxes: self.configuration.boxes)
      } catch {
        workerFailures.withLock { $0.append(String(describing: error)) }
        return
      }
      while !self.shouldStop, let item = queue.take() {
        self.process(item, pipeline: pipeline, context: context)
      }
    }
    // Whatever ended the workers, the reader must not stay blocked on a full queue: what is still
    // queued is dropped unrecorded, so --resume does it.
    if queue.cancel() > 0 { markLeftUndone() }
    readerFinished.wait()
    let failures = workerFailures.withLock { $0 }
    for failure in failures { onEvent(.warning("a worker could not start: \(failure)")) }
    let reading = readerOutcome.withLock { $0 }
    let waiting = context.board.drainWaiting()
    if shouldStop || reading.stoppedEarly || failures.count >= max(1, configuration.jobs) {
      // Their ground truth lies further on, where reading stopped: written now they would be
      // unscored, and --resume would skip them for good.
      if !waiting.isEmpty {
        markLeftUndone()
        onEvent(
          .warning(
            "\(waiting.count) results waiting for their ground truth were not written; --resume redoes them"))
      }
    } else {
      for record in waiting { context.emitUnscored(record) }
    }
    if let failure = context.failedWrite {
      throw StoreError(
        path: failure.path,
        message:
          "\(failure.message); the run stopped after \(context.recordsWritten) records, which are kept: "
          + "fix the cause and run again with --resume")
    }
    if failures.count >= max(1, configuration.jobs) {
      throw EngineStartError(message: "no worker could start an engine: \(failures[0])")
    }

    let wall = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    var summary = context.summary(
      sources: configuration.inputs, jobs: configuration.jobs, shard: configuration.shard, wallSeconds: wall,
      interrupted: isCancelled && leftUndone.load(ordering: .relaxed), command: configuration.commandLine,
      libraries: configuration.libraries)
    summary.inputDigests = configuration.inputs.map { input in
      indexes.first { $0.input == input }?.imagesDigest ?? "unread"
    }
    try writer.append(summary)
    writer.synchronize()
    if let warning = context.caseDifferenceWarning { onEvent(.warning(warning)) }
    return RunOutcome(
      summary: summary, inputErrors: scanErrors + reading.errors, continuedRun: done.continuedRun)
  }

  /// The first, header-only pass over every input. Throws when no input can be read, and when no
  /// input holds a single image (a wrong corpus path must not pass as an empty success).
  private func scanInputs() throws -> ([InputIndex], [ArchiveError]) {
    var indexes: [InputIndex] = []
    var errors: [ArchiveError] = []
    for input in configuration.inputs where !isCancelled {
      do {
        let index = try InputIndex.scan(input, shard: configuration.shard) { self.isCancelled }
        if index.imageCount == 0, index.error == nil, !isCancelled {
          let scope =
            index.imagesInAllShards > 0 ? " for shard \(configuration.shard?.description ?? "")" : ""
          onEvent(.warning("\(input): no images\(scope) (an empty archive or folder?)"))
        }
        indexes.append(index)
      } catch let error as ArchiveError {
        errors.append(error)
        onEvent(.warning(error.description))
      }
    }
    if indexes.isEmpty, let first = errors.first { throw first }
    if !isCancelled, indexes.allSatisfy({ $0.imagesInAllShards == 0 && $0.error == nil }) {
      let names = indexes.map(\.input).joined(separator: ", ")
      throw ArchiveError(
        .noImages, input: names,
        message:
          "holds no image (PNG, JPEG, TIFF, BMP, GIF, WebP, PNM, JPEG 2000, HEIC): is the path right? "
          + "\(indexes.reduce(0) { $0 + $1.groundTruth.count }) ground-truth files were found")
    }
    if !isCancelled, errors.isEmpty { try checkSomethingPairs(indexes) }
    return (indexes, errors)
  }

  /// Ground truth that pairs with no image is a misnamed corpus, not a bulk import: scored nothing,
  /// the run would report no CER and exit 0. Images without any ground truth are a bulk import.
  /// Not asked of inputs cut short, whose ground truth may lie beyond the cut.
  private func checkSomethingPairs(_ indexes: [InputIndex]) throws {
    let unpairedArguments = configuration.unpairedGroundTruth
    let groundTruth = indexes.reduce(0) { $0 + $1.groundTruthFiles } + unpairedArguments.count
    guard groundTruth > 0, indexes.allSatisfy({ $0.pairedGroundTruthFiles == 0 && $0.error == nil }) else {
      return
    }
    let truths = (indexes.flatMap(\.unpairedGroundTruthExamples) + unpairedArguments).prefix(3)
    let images = indexes.flatMap(\.imageExamples).prefix(3)
    let imageCount = indexes.reduce(0) { $0 + $1.imagesInAllShards }
    throw ArchiveError(
      .nothingPaired, input: indexes.map(\.input).joined(separator: ", "),
      message:
        "\(groundTruth) ground-truth files (\(truths.joined(separator: ", "))\(groundTruth > 3 ? ", …" : "")) "
        + "and \(imageCount) images (\(images.joined(separator: ", "))\(imageCount > 3 ? ", …" : "")), but no "
        + "ground truth pairs with an image: NAME.gt.txt (or NAME.txt) scores NAME.png beside it in the "
        + "same folder of the same input. Rename them, or give the images alone to recognize them unscored")
  }
}

/// No worker could load its engine, although the run's first engine loaded.
public struct EngineStartError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}
