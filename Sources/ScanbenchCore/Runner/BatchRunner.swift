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

  struct WorkItem: Sendable {
    var source: String
    var entry: String
    var data: Data
    var stem: String
    var index: InputIndex
  }

  /// Runs to the end (or cancellation). Throws only for problems found before any work starts:
  /// no readable input, missing models, an unusable store.
  public func run() throws -> RunOutcome {
    let started = DispatchTime.now()
    let profile = configuration.profile
    let engineIdentity = try profile.engineIdentity()
    // Load one engine now so a missing or broken model is an error, not a failure per image.
    _ = try profile.makeEngine()

    var indexes: [InputIndex] = []
    var inputErrors: [ArchiveError] = []
    for input in configuration.inputs {
      do {
        let index = try InputIndex.scan(input, shard: configuration.shard)
        indexes.append(index)
      } catch let error as ArchiveError {
        inputErrors.append(error)
        onEvent(.warning(error.description))
      }
    }
    if indexes.isEmpty, let first = inputErrors.first { throw first }
    let readable = indexes
    onEvent(.counted(images: indexes.reduce(0) { $0 + $1.imageCount }))

    let done = try configuration.resume ? ResumeSet.load(from: configuration.store) : ResumeSet()
    let writer = try StoreWriter(url: configuration.store, lockPolicy: configuration.lockPolicy) { removed in
      self.onEvent(.warning("repaired the store: removed a torn last line of \(removed) bytes"))
    }
    let context = RunContext(
      runID: Self.makeRunID(), profile: profile, engine: engineIdentity, identityKey: ResumeSet.key(engineIdentity),
      scoring: configuration.scoring, writer: writer, done: done, onEvent: onEvent)

    let queue = BoundedQueue<WorkItem>(capacity: configuration.queueCapacity ?? max(2, configuration.jobs * 2))
    let readerErrors = Mutex<[ArchiveError]>([])
    let readerFinished = DispatchSemaphore(value: 0)
    let reader = Thread { [self] in
      for index in readable {
        if let error = self.read(index, into: queue, context: context) {
          readerErrors.withLock { $0.append(error) }
        }
        if self.isCancelled { break }
      }
      queue.close()
      readerFinished.signal()
    }
    reader.name = "scanbench-reader"
    reader.start()

    let workerFailures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: max(1, configuration.jobs)) { _ in
      let engine: Engine
      do {
        engine = try profile.makeEngine()
      } catch {
        workerFailures.withLock { $0.append(String(describing: error)) }
        return
      }
      while !self.isCancelled, let item = queue.take() {
        self.process(item, engine: engine, context: context)
      }
    }
    if isCancelled { queue.cancel() }
    readerFinished.wait()
    for failure in workerFailures.withLock({ $0 }) { onEvent(.warning("a worker could not start: \(failure)")) }
    for record in context.board.drainWaiting() { context.emit(record) }

    let wall = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    inputErrors += readerErrors.withLock { $0 }
    let summary = context.summary(
      sources: configuration.inputs, jobs: configuration.jobs, shard: configuration.shard, wallSeconds: wall,
      interrupted: isCancelled)
    try writer.append(summary)
    writer.synchronize()
    return RunOutcome(summary: summary, inputErrors: inputErrors)
  }

  /// Reads one input to its end; returns the error that stopped it early, if any.
  private func read(_ index: InputIndex, into queue: BoundedQueue<WorkItem>, context: RunContext) -> ArchiveError? {
    let source: any EntrySource
    do {
      source = try InputOpener.open(index.input)
    } catch let error as ArchiveError {
      return error
    } catch {
      return ArchiveError(.unreadable, input: index.input, message: String(describing: error))
    }
    let groundTruthStems = Dictionary(index.groundTruth.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    do {
      while !isCancelled, let header = try source.nextEntry() {
        let role = EntryName.role(of: header.path)
        guard header.kind == .file else {
          if header.kind != .directory {
            onEvent(.ignored(entry: header.path, reason: "\(header.kind.rawValue), not a regular file"))
          }
          continue
        }
        switch role {
        case .groundTruth:
          guard let stem = groundTruthStems[header.path] else { continue }
          readGroundTruth(header, stem: stem, source: source, index: index, context: context)
        case .image(let stem):
          guard configuration.shard?.contains(header.path) ?? true else { continue }
          do {
            let data = try source.readData(limit: configuration.maxEntryBytes)
            queue.put(WorkItem(source: index.input, entry: header.path, data: data, stem: stem, index: index))
          } catch let error as EntryReadError {
            context.emitFailure(source: index.input, entry: header.path, sha256: "", kind: error.kind.rawValue, message: error.message)
          }
        case .other:
          onEvent(.ignored(entry: header.path, reason: "not an image or ground truth"))
        }
      }
    } catch let error as ArchiveError {
      return error
    } catch {
      return ArchiveError(.unreadable, input: index.input, message: String(describing: error), entriesRead: source.entriesRead)
    }
    return nil
  }

  private func readGroundTruth(
    _ header: EntryHeader, stem: String, source: any EntrySource, index: InputIndex, context: RunContext
  ) {
    let text: GroundTruthBoard.Text
    do {
      let data = try source.readData(limit: configuration.maxEntryBytes)
      text = .usable(try GroundTruthDecoder.decode(data))
    } catch let error as GroundTruthDecodeError {
      context.emitFailure(source: index.input, entry: header.path, sha256: "", kind: "ground-truth-encoding", message: "ground truth \(error.message)")
      text = .unusable
    } catch {
      context.emitFailure(source: index.input, entry: header.path, sha256: "", kind: "ground-truth-unreadable", message: String(describing: error))
      text = .unusable
    }
    let waiting = context.board.deliver(text, stem: stem, consumers: index.imagesPerStem[stem] ?? 1)
    for record in waiting { context.scoreAndEmit(record, text: text) }
  }

  private func process(_ item: WorkItem, engine: Engine, context: RunContext) {
    let sha256 = SHA256.hex(item.data)
    if context.done.contains(sha256: sha256, page: nil, profile: context.profile, identity: context.identityKey) {
      context.resumed(item.entry)
      return
    }
    let decodeStart = DispatchTime.now()
    let pages: [Pix]
    do {
      pages = try ImageDecoder.decodePages(item.data, maxPixels: configuration.maxPixels)
    } catch let error as ImageDecodeError {
      context.emitFailure(source: item.source, entry: item.entry, sha256: sha256, kind: error.kind.rawValue, message: error.message)
      return
    } catch {
      context.emitFailure(source: item.source, entry: item.entry, sha256: sha256, kind: "undecodable", message: String(describing: error))
      return
    }
    let decodeMs = Self.milliseconds(since: decodeStart) / Double(pages.count)
    for (offset, pix) in pages.enumerated() {
      let page = pages.count > 1 ? offset + 1 : nil
      if page != nil,
        context.done.contains(sha256: sha256, page: page, profile: context.profile, identity: context.identityKey)
      {
        context.resumed(item.entry)
        continue
      }
      var record = context.newRecord(source: item.source, entry: item.entry, sha256: sha256, page: page)
      record.width = pix.width
      record.height = pix.height
      record.ms.decode = decodeMs
      let recognizeStart = DispatchTime.now()
      do {
        let output = try engine.recognize(context.profile.prepare(pix), resolution: context.profile.resolution)
        record.text = output.text
        record.confidence = output.confidence
        record.chars = output.text.reduce(0) { $0 + ($1.isWhitespace ? 0 : 1) }
      } catch {
        record.error = .init(kind: "recognition", message: String(describing: error))
      }
      record.ms.recognize = Self.milliseconds(since: recognizeStart)
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

  static func milliseconds(since start: DispatchTime) -> Double {
    (Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 * 1000).rounded() / 1000
  }

  static func makeRunID() -> String {
    let time = Int(Date().timeIntervalSince1970)
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return "\(String(time, radix: 36))-\(random)"
  }
}
