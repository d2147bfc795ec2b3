import Dispatch
import Foundation
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// What the reader and the workers of one run share: the store, the ground-truth board and the
/// counters behind the summary.
final class RunContext: Sendable {
  let runID: String
  let profile: String
  let language: String
  let engine: EngineIdentity
  let settings: [String: String]
  let scanbench: Provenance
  let scoring: ScoringOptions
  let writer: StoreWriter
  let done: ResumeSet
  let board = GroundTruthBoard()
  private let onEvent: @Sendable (RunEvent) -> Void

  private struct Counters {
    /// Records this process wrote.
    var records = 0
    var skipped = 0
    /// Files that are neither images nor ground truth (phone sidecars …), by lowercased extension.
    var ignored: [String: Int] = [:]
    /// Images (and pages) that had no ground truth: how many, and the first names in order.
    var withoutGroundTruthCount = 0
    var withoutGroundTruth: [String] = []
    /// Every record of the run: those a resumed run found (`ResumeSet.earlier`) and those written
    /// since.
    var totals: RunTotals
    /// Edits of the images this process scored, and how many of them remain when case is ignored.
    var edits = 0
    var editsIgnoringCase = 0
  }

  private let counters: Mutex<Counters>
  /// The first failed write: the run stops at once rather than go on losing results.
  private let storeFailure = Mutex<StoreError?>(nil)
  private let onStoreFailure: @Sendable () -> Void

  init(
    runID: String, profile: String, language: String, engine: EngineIdentity, settings: [String: String],
    scanbench: Provenance, scoring: ScoringOptions, writer: StoreWriter, done: ResumeSet,
    onEvent: @escaping @Sendable (RunEvent) -> Void,
    onStoreFailure: @escaping @Sendable () -> Void = {}
  ) {
    self.onStoreFailure = onStoreFailure
    self.runID = runID
    self.profile = profile
    self.language = language
    self.engine = engine
    self.settings = settings
    self.scanbench = scanbench
    self.scoring = scoring
    self.writer = writer
    self.done = done
    self.onEvent = onEvent
    var counters = Counters(totals: done.earlier)
    counters.withoutGroundTruthCount = done.earlierWithoutGroundTruth.count
    counters.withoutGroundTruth = Array(
      done.earlierWithoutGroundTruth.sorted().prefix(RunSummaryRecord.withoutGroundTruthListed))
    self.counters = Mutex(counters)
  }

  func newRecord(source: String, entry: String, sha256: String, page: Int?) -> ResultRecord {
    var record = ResultRecord(
      run: runID, time: Timestamp.now(), source: source, entry: entry, sha256: sha256, page: page,
      profile: profile, lang: language, engine: engine)
    record.settings = settings
    record.scanbench = scanbench
    return record
  }

  func emitFailure(source: String, entry: String, sha256: String, kind: String, message: String) {
    var record = newRecord(source: source, entry: entry, sha256: sha256, page: nil)
    record.error = .init(kind: kind, message: message)
    emit(record)
  }

  /// A failure of an entry whose image bytes were not read (a link, an encrypted or oversized entry,
  /// unusable ground truth), unless a resumed run finds it already recorded.
  func emitEntryFailure(source: String, entry: String, kind: String, message: String) {
    if done.containsEntry(source: source, entry: entry) {
      resumed(entry)
      return
    }
    emitFailure(source: source, entry: entry, sha256: "", kind: kind, message: message)
  }

  func scoreAndEmit(_ record: ResultRecord, text: GroundTruthBoard.Text) {
    guard case .usable(let groundTruth) = text else {
      emit(record)
      return
    }
    guard record.error == nil else {
      emit(record)
      return
    }
    var record = record
    let start = DispatchTime.now()
    let score = Scorer.score(groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
    record.record(score)
    record.ms.score = PagePipeline.milliseconds(since: start)
    if !scoring.caseFold, score.edits.total > 0 {
      var folded = scoring
      folded.caseFold = true
      let remaining = Scorer.score(groundTruth: groundTruth, recognized: record.text ?? "", options: folded)
        .edits.total
      counters.withLock { counters in
        counters.edits += score.edits.total
        counters.editsIgnoringCase += remaining
      }
    }
    emit(record)
  }

  /// Writes the record; a store that cannot be written is fatal for the run, not silently lossy: the
  /// first failure stops the run (`onStoreFailure`) and `run()` throws it.
  func emit(_ record: ResultRecord) {
    var record = record
    do {
      let line: Data
      do {
        line = try StoreWriter.line(for: record)
      } catch let tooLong as StoreLineTooLong {
        // The image's failure, not the store's: a line no reader takes would be lost to `import`
        // and redone by every `--resume`.
        var failure = newRecord(
          source: record.source, entry: record.entry, sha256: record.sha256, page: record.page)
        failure.entryRaw = record.entryRaw
        failure.linkOf = record.linkOf
        failure.width = record.width
        failure.height = record.height
        failure.ms = record.ms
        failure.error = .init(kind: "engine-output", message: "the result is not kept: \(tooLong)")
        record = failure
        line = try StoreWriter.line(for: record)
      }
      try writer.append(line: line)
    } catch {
      let failure = error as? StoreError ?? StoreError(path: writer.url.path, message: "\(error)")
      let isFirst = storeFailure.withLock { stored -> Bool in
        guard stored == nil else { return false }
        stored = failure
        return true
      }
      if isFirst { onStoreFailure() }
      return
    }
    counters.withLock { counters in
      counters.records += 1
      counters.totals.add(record)
    }
    onEvent(.recorded(record))
  }

  /// The write that failed, if one did.
  var failedWrite: StoreError? { storeFailure.withLock { $0 } }

  var recordsWritten: Int { counters.withLock { $0.records } }

  /// Counts a regular file that is not an image or ground truth (a `.MOV` or `.AAE` sidecar).
  func countIgnored(_ path: String) {
    let key = RunSummaryRecord.ignoredKey(for: path)
    counters.withLock { $0.ignored[key, default: 0] += 1 }
  }

  /// A result with no ground truth to score it against.
  func emitUnscored(_ record: ResultRecord) {
    if record.error == nil {
      let name = record.page.map { "\(record.entry) (page \($0))" } ?? record.entry
      let listed = RunSummaryRecord.withoutGroundTruthListed
      counters.withLock { counters in
        counters.withoutGroundTruthCount += 1
        counters.withoutGroundTruth.append(name)
        // Bounded memory for a photo archive with no ground truth at all.
        if counters.withoutGroundTruth.count >= 2 * listed {
          counters.withoutGroundTruth = Array(counters.withoutGroundTruth.sorted().prefix(listed))
        }
      }
    }
    emit(record)
  }

  /// When most of the edits are differences of case alone (ground truth in capitals, say), the
  /// sentence that says so and suggests `--case-fold`; nil otherwise.
  var caseDifferenceWarning: String? {
    counters.withLock { counters in
      guard counters.edits >= Self.caseWarningMinimumEdits,
        counters.editsIgnoringCase * 3 <= counters.edits
      else { return nil }
      let share = Int(
        saturating: (Double(counters.edits - counters.editsIgnoringCase) * 100 / Double(counters.edits)))
      return
        "\(share)% of the edits are differences of case alone (\(counters.edits) edits, "
        + "\(counters.editsIgnoringCase) ignoring case): is the ground truth in one case? "
        + "--case-fold scores without case"
    }
  }

  /// Below this many edits the share of case differences says little.
  static let caseWarningMinimumEdits = 20

  func resumed(_ entry: String) {
    counters.withLock { $0.skipped += 1 }
    onEvent(.resumed(entry: entry))
  }

  func summary(
    sources: [String], jobs: Int, shard: Shard?, wallSeconds: Double, interrupted: Bool, command: [String],
    libraries: [String: String]
  ) -> RunSummaryRecord {
    counters.withLock { counters in
      var summary = RunSummaryRecord(
        run: runID, time: Timestamp.now(), sources: sources, profile: profile, lang: language, jobs: jobs,
        images: counters.totals.images, succeeded: counters.totals.succeeded,
        failed: counters.totals.failed, skipped: counters.skipped, scored: counters.totals.scored,
        gtChars: counters.totals.gtChars, edits: counters.totals.edits, cerMicro: counters.totals.cerMicro,
        cerMacro: counters.totals.cerMacro, metric: scoring.descriptor,
        imagesPerSecond: wallSeconds > 0 ? Double(counters.records) / wallSeconds : 0,
        wallSeconds: wallSeconds, interrupted: interrupted, shard: shard?.description, engine: engine,
        ignoredByExtension: counters.ignored)
      summary.werMicro = counters.totals.werMicro
      summary.werMacro = counters.totals.werMacro
      summary.settings = settings
      summary.scanbench = scanbench
      summary.command = command
      summary.host = .current
      summary.libraries = libraries
      summary.recorded = counters.records
      if counters.withoutGroundTruthCount > 0 {
        summary.withoutGroundTruth = counters.withoutGroundTruthCount
        summary.withoutGroundTruthEntries = Array(
          counters.withoutGroundTruth.sorted().prefix(RunSummaryRecord.withoutGroundTruthListed))
      }
      return summary
    }
  }
}

extension RunSummaryRecord.Host {
  /// This machine: its active processors and the CPU's model name from `/proc/cpuinfo`.
  static var current: RunSummaryRecord.Host {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    return RunSummaryRecord.Host(cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model)
  }
}
