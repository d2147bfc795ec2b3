import Dispatch
import Foundation
import ScanbenchScoring
import Synchronization

/// The batch: one reader streams the inputs into a bounded queue; `jobs` long-lived workers, each
/// with its own engine, recognize; results meet their ground truth, are scored and appended to the
/// store as each finishes.
public final class BatchRunner: Sendable {
  public let configuration: RunConfiguration
  private let onEvent: @Sendable (RunEvent) -> Void
  private let cancelled = Atomic<Bool>(false)

  public init(_ configuration: RunConfiguration, onEvent: @escaping @Sendable (RunEvent) -> Void) {
    self.configuration = configuration
    self.onEvent = onEvent
  }

  /// Stops taking new images; those being recognized finish and are written.
  public func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// Set when a store write failed: the run stops as if cancelled, then `run()` throws.
  private let storeFailed = Atomic<Bool>(false)

  private var shouldStop: Bool { isCancelled || storeFailed.load(ordering: .relaxed) }

  struct WorkItem: Sendable {
    var source: String
    var entry: String
    var data: Data
    var stem: String
    var index: InputIndex
  }

  /// What the reader thread reports back when it is done.
  private struct ReaderOutcome {
    var errors: [ArchiveError] = []
    /// The reader stopped before the end of its inputs (`--max-total-bytes`, or no worker left).
    var stoppedEarly = false
  }

  /// Runs to the end (or cancellation). Throws for problems found before any work starts (no
  /// readable input, missing models, an unusable store) and when the store cannot be written.
  public func run() throws -> RunOutcome {
    let started = DispatchTime.now()
    let profile = configuration.profile
    let engines = EngineLoader(count: max(1, configuration.jobs), make: profile.makeEngine)
    let engineIdentity = try profile.engineIdentity()

    var indexes: [InputIndex] = []
    var inputErrors: [ArchiveError] = []
    for input in configuration.inputs where !isCancelled {
      do {
        let index = try InputIndex.scan(input, shard: configuration.shard) { self.isCancelled }
        if index.imageCount == 0, index.error == nil, !isCancelled {
          let scope = configuration.shard.map { " for shard \($0)" } ?? ""
          onEvent(.warning("\(input): no images\(scope) (an empty archive or folder?)"))
        }
        indexes.append(index)
      } catch let error as ArchiveError {
        inputErrors.append(error)
        onEvent(.warning(error.description))
      }
    }
    if indexes.isEmpty, let first = inputErrors.first { throw first }
    try engines.check()
    let readable = indexes
    onEvent(.counted(images: indexes.reduce(0) { $0 + $1.imageCount }))

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
    let done = try configuration.resume ? ResumeSet.load(from: configuration.store) : ResumeSet()
    let context = RunContext(
      runID: Self.makeRunID(), profile: profile, engine: engineIdentity,
      identityKey: ResumeSet.key(engineIdentity),
      scoring: configuration.scoring, writer: writer, done: done, onEvent: onEvent,
      onStoreFailure: { self.storeFailed.store(true, ordering: .relaxed) })

    let queue = BoundedQueue<WorkItem>(
      capacity: configuration.queueCapacity ?? max(2, configuration.jobs * 2))
    let readerOutcome = Mutex(ReaderOutcome())
    let readerFinished = DispatchSemaphore(value: 0)
    let reader = Thread { [self] in
      var budget = ReadBudget(limit: self.configuration.maxTotalBytes)
      for index in readable {
        let stop = self.read(index, into: queue, context: context, budget: &budget)
        if let error = stop.error { readerOutcome.withLock { $0.errors.append(error) } }
        if stop.early { readerOutcome.withLock { $0.stoppedEarly = true } }
        if self.shouldStop || stop.early { break }
      }
      queue.close()
      readerFinished.signal()
    }
    reader.name = "scanbench-reader"
    reader.start()

    let workerFailures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: max(1, configuration.jobs)) { worker in
      let engine: Engine
      let scanner: BarcodeScanner?
      let detector = LazyOrientationDetector(profile)
      do {
        engine = try engines.take(worker)
        scanner = self.configuration.barcodes ? try BarcodeScanner() : nil
      } catch {
        workerFailures.withLock { $0.append(String(describing: error)) }
        return
      }
      while !self.shouldStop, let item = queue.take() {
        self.process(item, engine: engine, scanner: scanner, detector: detector, context: context)
      }
    }
    // Whatever ended the workers, the reader must not stay blocked on a full queue: what is still
    // queued is dropped unrecorded, so --resume does it.
    queue.cancel()
    readerFinished.wait()
    let failures = workerFailures.withLock { $0 }
    for failure in failures { onEvent(.warning("a worker could not start: \(failure)")) }
    let reading = readerOutcome.withLock { $0 }
    let waiting = context.board.drainWaiting()
    if shouldStop || reading.stoppedEarly || failures.count >= max(1, configuration.jobs) {
      // Their ground truth lies further on, where reading stopped: written now they would be
      // unscored, and --resume would skip them for good.
      if !waiting.isEmpty {
        onEvent(
          .warning(
            "\(waiting.count) results waiting for their ground truth were not written; --resume redoes them"))
      }
    } else {
      for record in waiting { context.emit(record) }
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
    inputErrors += reading.errors
    let summary = context.summary(
      sources: configuration.inputs, jobs: configuration.jobs, shard: configuration.shard, wallSeconds: wall,
      interrupted: isCancelled)
    try writer.append(summary)
    writer.synchronize()
    return RunOutcome(summary: summary, inputErrors: inputErrors)
  }

  /// Why reading one input ended before its end, if it did.
  private struct ReadStop {
    var error: ArchiveError?
    /// Later inputs must not be read either.
    var early = false
  }

  /// Reads one input to its end, recording entries that cannot be used.
  private func read(
    _ index: InputIndex, into queue: BoundedQueue<WorkItem>, context: RunContext, budget: inout ReadBudget
  ) -> ReadStop {
    let source: any EntrySource
    do {
      source = try InputOpener.open(index.input)
    } catch let error as ArchiveError {
      return ReadStop(error: error)
    } catch {
      return ReadStop(
        error: ArchiveError(.unreadable, input: index.input, message: String(describing: error)))
    }
    let input = index.input
    let groundTruthStems = Dictionary(
      index.groundTruth.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let isOurs = { (path: String) in self.configuration.shard?.contains(path) ?? true }
    do {
      while !shouldStop, let header = try source.nextEntry() {
        if header.kind == .directory { continue }
        switch EntryName.role(of: header.path) {
        case .image(let stem):
          guard isOurs(header.path) else { continue }
          guard header.kind == .file else {
            context.emitEntryFailure(
              source: input, entry: header.path, kind: "not-a-regular-file",
              message: "a \(header.kindDescription), not a regular file: not read")
            continue
          }
          guard
            let data = try readEntry(header, from: source, input: input, context: context, budget: &budget)
          else {
            if budget.isExhausted { return ReadStop(error: budget.error(input: input), early: true) }
            continue
          }
          let item = WorkItem(source: input, entry: header.path, data: data, stem: stem, index: index)
          // Refused only when the workers are gone (cancelled, or none could start).
          guard queue.put(item) else { return ReadStop(early: true) }
        case .groundTruth(let stem, _):
          guard header.kind == .file else {
            if index.groundTruth[stem] == nil, index.imagesPerStem[stem] != nil {
              context.emitEntryFailure(
                source: input, entry: header.path, kind: "not-a-regular-file",
                message:
                  "a \(header.kindDescription), not a regular file: its image is recognized but not scored")
            }
            continue
          }
          guard let pairedStem = groundTruthStems[header.path] else { continue }
          readGroundTruth(
            header, stem: pairedStem, source: source, index: index, context: context, budget: &budget)
          if budget.isExhausted { return ReadStop(error: budget.error(input: input), early: true) }
        case .other:
          if header.kind == .file, isOurs(header.path),
            let (kind, message) = Self.unusableKnownFormat(header.path)
          {
            context.emitEntryFailure(source: input, entry: header.path, kind: kind, message: message)
          } else {
            if header.kind == .file, isOurs(header.path) { context.countIgnored(header.path) }
            onEvent(
              .ignored(
                entry: header.path,
                reason: header.kind == .file ? "not an image or ground truth" : "a \(header.kindDescription)")
            )
          }
        }
      }
    } catch let error as ArchiveError {
      return ReadStop(error: error)
    } catch {
      return ReadStop(
        error: ArchiveError(
          .unreadable, input: input, message: String(describing: error), entriesRead: source.entriesRead))
    }
    return ReadStop()
  }

  /// Entries users put in image sets that scanbench cannot use: recorded so the gap shows.
  static func unusableKnownFormat(_ path: String) -> (kind: String, message: String)? {
    if EntryName.isArchive(path) {
      return (
        "nested-archive",
        "an archive inside the input: not opened (unpack it and give it as an input of its own)"
      )
    }
    if EntryName.isPDF(path) {
      return ("not-an-image", "a PDF, not an image: convert its pages to images first (e.g. pdftoppm -png)")
    }
    return nil
  }

  /// The entry's bytes, or nil after recording why they are not read; nil without a record when the
  /// run's byte budget is spent (the caller checks `budget.isExhausted`).
  private func readEntry(
    _ header: EntryHeader, from source: any EntrySource, input: String, context: RunContext,
    budget: inout ReadBudget
  ) throws -> Data? {
    let perEntry = configuration.maxEntryBytes
    if header.isEncrypted {
      context.emitEntryFailure(
        source: input, entry: header.path, kind: "encrypted",
        message: "encrypted (password-protected): scanbench takes no passwords; not read")
      return nil
    }
    if let declared = header.declaredSize {
      // A tar header may declare terabytes over a short or sparse body: refuse before reading any.
      if declared > Int64(perEntry) {
        context.emitEntryFailure(
          source: input, entry: header.path, kind: "too-large",
          message:
            "declares \(declared) bytes, over the limit of \(perEntry) bytes (--max-entry-bytes): not read")
        return nil
      }
      if declared > Int64(budget.remaining) {
        budget.exhaust()
        return nil
      }
    }
    let limit = min(perEntry, budget.remaining)
    do {
      let data = try source.readData(limit: limit)
      budget.spend(data.count)
      return data
    } catch let error as EntryReadError {
      if error.kind == .tooLarge, limit < perEntry {
        budget.exhaust()
        return nil
      }
      context.emitEntryFailure(
        source: input, entry: header.path, kind: error.kind.rawValue, message: error.message)
      return nil
    }
  }

  private func readGroundTruth(
    _ header: EntryHeader, stem: String, source: any EntrySource, index: InputIndex, context: RunContext,
    budget: inout ReadBudget
  ) {
    var text = GroundTruthBoard.Text.unusable
    do {
      if let data = try readEntry(header, from: source, input: index.input, context: context, budget: &budget)
      {
        text = .usable(try GroundTruthDecoder.decode(data))
      }
    } catch let error as GroundTruthDecodeError {
      context.emitEntryFailure(
        source: index.input, entry: header.path, kind: "ground-truth-encoding",
        message: "ground truth \(error.message)")
    } catch {
      context.emitEntryFailure(
        source: index.input, entry: header.path, kind: "ground-truth-unreadable",
        message: String(describing: error))
    }
    if budget.isExhausted { return }
    let waiting = context.board.deliver(text, stem: stem, consumers: index.imagesPerStem[stem] ?? 1)
    for record in waiting { context.scoreAndEmit(record, text: text) }
  }

  private func process(
    _ item: WorkItem, engine: Engine, scanner: BarcodeScanner?, detector: LazyOrientationDetector,
    context: RunContext
  ) {
    let sha256 = SHA256.hex(item.data)
    if context.done.contains(
      sha256: sha256, page: nil, profile: context.profile, identity: context.identityKey)
    {
      context.resumed(item.entry)
      return
    }
    let decodeStart = DispatchTime.now()
    let pages: [Pix]
    let orientation: ResultRecord.Orientation?
    do {
      let decoded = try ImageDecoder.decode(item.data, maxPixels: configuration.maxPixels)
      (pages, orientation) = (decoded.pages, decoded.orientation)
    } catch let error as ImageDecodeError {
      context.emitFailure(
        source: item.source, entry: item.entry, sha256: sha256, kind: error.kind.rawValue,
        message: error.message)
      return
    } catch {
      context.emitFailure(
        source: item.source, entry: item.entry, sha256: sha256, kind: "undecodable",
        message: String(describing: error))
      return
    }
    let decodeMs = Self.milliseconds(since: decodeStart) / Double(pages.count)
    for (offset, pix) in pages.enumerated() {
      let page = pages.count > 1 ? offset + 1 : nil
      if page != nil,
        context.done.contains(
          sha256: sha256, page: page, profile: context.profile, identity: context.identityKey)
      {
        context.resumed(item.entry)
        continue
      }
      var record = context.newRecord(source: item.source, entry: item.entry, sha256: sha256, page: page)
      record.orientation = orientation
      record.width = pix.width
      record.height = pix.height
      record.ms.decode = decodeMs
      let recognizeStart = DispatchTime.now()
      // The image as recognized: turned upright when orientation detection turned it.
      var recognized = pix
      do {
        let (output, upright) = try recognizeUpright(pix, engine: engine, detector: detector, record: &record)
        recognized = upright
        record.text = output.text
        record.confidence = output.confidence
        record.chars = ResultRecord.characterCount(output.text)
        record.words = output.layout?.words
        record.lines = output.layout?.lines
      } catch {
        record.error = .init(kind: "recognition", message: String(describing: error))
      }
      record.ms.recognize = Self.milliseconds(since: recognizeStart)
      if let scanner, record.error == nil {
        let scanStart = DispatchTime.now()
        do {
          record.barcodes = try scanner.scan(recognized)
        } catch {
          record.error = .init(kind: "barcodes", message: String(describing: error))
        }
        record.ms.barcodes = Self.milliseconds(since: scanStart)
      }
      let stem = page.map { "\(item.stem).page-\($0)" } ?? item.stem
      guard record.error == nil, item.index.groundTruth[stem] != nil else {
        context.emit(record)
        continue
      }
      if let text = context.board.text(for: record, stem: stem) {
        context.scoreAndEmit(record, text: text)
      }
    }
  }

  /// Recognizes the page; with orientation detection (accurate), a page read with a mean confidence
  /// under `OrientationDetector.confidenceGate` is checked, and when it lies on its side or upside
  /// down it is turned and read again, keeping the more confident reading. Upright pages, read
  /// confidently, cost nothing more (README, "Photos": the measurements behind this).
  private func recognizeUpright(
    _ pix: Pix, engine: Engine, detector: LazyOrientationDetector, record: inout ResultRecord
  ) throws -> (Engine.Output, Pix) {
    let resolution = configuration.profile.resolution
    let boxes = configuration.boxes
    let first = try engine.recognize(pix, resolution: resolution, boxes: boxes)
    guard first.confidence < OrientationDetector.confidenceGate, let detector = detector.loaded() else {
      return (first, pix)
    }
    let start = DispatchTime.now()
    let turned = try? detector.uprightPage(pix, resolution: resolution, recording: &record.orientation)
    record.ms.osd = Self.milliseconds(since: start)
    guard let turned else { return (first, pix) }
    let second = try engine.recognize(turned, resolution: resolution, boxes: boxes)
    guard second.confidence > first.confidence, let degrees = record.orientation?.osdDegrees else {
      return (first, pix)
    }
    record.orientation?.osdApplied = true
    record.orientation?.append("\(ExifOrientation.Step.rotate(quarterTurns: (360 - degrees) / 90)) (OSD)")
    record.width = turned.width
    record.height = turned.height
    return (second, turned)
  }

  static func milliseconds(since start: DispatchTime) -> Double {
    (Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 * 1000).rounded() / 1000
  }

  static func makeRunID() -> String {
    let time = Int(Date().timeIntervalSince1970)
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return "\(String(time, radix: 36))-\(random)"
  }
}

/// How many bytes of entries a run may still read (`--max-total-bytes`).
struct ReadBudget {
  let limit: Int?
  private(set) var spent = 0
  private(set) var isExhausted = false

  init(limit: Int?) {
    self.limit = limit
  }

  var remaining: Int { limit.map { max(0, $0 - spent) } ?? Int.max }

  mutating func spend(_ count: Int) { spent += count }

  mutating func exhaust() { isExhausted = true }

  func error(input: String) -> ArchiveError {
    ArchiveError(
      .limitReached, input: input,
      message: "stopped after reading \(spent) bytes of entries: the next one would pass --max-total-bytes "
        + "(\(limit ?? 0)); later entries and inputs were not read (raise the limit and run again with --resume)"
    )
  }
}

/// No worker could load its engine, although the run's first engine loaded.
public struct EngineStartError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

/// A worker's orientation detector, loaded the first time a page needs it: most pages read
/// confidently and never do, and loading it before the first image delayed every worker's start.
final class LazyOrientationDetector {
  private let profile: RecognitionProfile
  private var state: State = .notLoaded

  private enum State {
    case notLoaded
    case loaded(OrientationDetector?)
  }

  init(_ profile: RecognitionProfile) {
    self.profile = profile
  }

  /// The detector, or nil when the profile has none or it could not load (the page is then read as
  /// it is, as without `osd.traineddata`).
  func loaded() -> OrientationDetector? {
    if case .loaded(let detector) = state { return detector }
    let detector = try? profile.makeOrientationDetector()
    state = .loaded(detector)
    return detector
  }
}
