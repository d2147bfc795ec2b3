import Dispatch
import Foundation
import ScanbenchScoring
import Synchronization

/// What the reader and the workers of one run share: the store, the ground-truth board and the
/// counters behind the summary.
final class RunContext: Sendable {
  let runID: String
  let profile: RecognitionProfile
  let engine: EngineIdentity
  let identityKey: String
  let scoring: ScoringOptions
  let writer: StoreWriter
  let done: ResumeSet
  let board = GroundTruthBoard()
  private let onEvent: @Sendable (RunEvent) -> Void

  private struct Counters {
    var records = 0
    var succeeded = 0
    var failed = 0
    var skipped = 0
    /// Files that are neither images nor ground truth (phone sidecars …), by lowercased extension.
    var ignored: [String: Int] = [:]
    var accumulator: RunScoreAccumulator
  }

  private let counters: Mutex<Counters>
  /// The first failed write: the run stops at once rather than go on losing results.
  private let storeFailure = Mutex<StoreError?>(nil)
  private let onStoreFailure: @Sendable () -> Void

  init(
    runID: String, profile: RecognitionProfile, engine: EngineIdentity, identityKey: String,
    scoring: ScoringOptions, writer: StoreWriter, done: ResumeSet,
    onEvent: @escaping @Sendable (RunEvent) -> Void,
    onStoreFailure: @escaping @Sendable () -> Void = {}
  ) {
    self.onStoreFailure = onStoreFailure
    self.runID = runID
    self.profile = profile
    self.engine = engine
    self.identityKey = identityKey
    self.scoring = scoring
    self.writer = writer
    self.done = done
    self.onEvent = onEvent
    counters = Mutex(Counters(accumulator: RunScoreAccumulator(metric: scoring.descriptor)))
  }

  func newRecord(source: String, entry: String, sha256: String, page: Int?) -> ResultRecord {
    ResultRecord(
      run: runID, time: Timestamp.now(), source: source, entry: entry, sha256: sha256, page: page,
      profile: profile.level.rawValue, lang: profile.language, engine: engine)
  }

  func emitFailure(source: String, entry: String, sha256: String, kind: String, message: String) {
    var record = newRecord(source: source, entry: entry, sha256: sha256, page: nil)
    record.error = .init(kind: kind, message: message)
    emit(record)
  }

  /// A failure of an entry whose image bytes were not read (a link, an encrypted or oversized entry,
  /// unusable ground truth), unless a resumed run finds it already recorded.
  func emitEntryFailure(source: String, entry: String, kind: String, message: String) {
    if done.containsEntry(source: source, entry: entry, profile: profile, identity: identityKey) {
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
    var record = record
    let start = DispatchTime.now()
    let score = Scorer.score(groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
    record.record(score)
    record.ms.score = BatchRunner.milliseconds(since: start)
    emit(record, score: score)
  }

  /// Writes the record; a store that cannot be written is fatal for the run, not silently lossy: the
  /// first failure stops the run (`onStoreFailure`) and `run()` throws it.
  func emit(_ record: ResultRecord, score: TextScore? = nil) {
    do {
      try writer.append(record)
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
      if record.succeeded { counters.succeeded += 1 } else { counters.failed += 1 }
      if let score { counters.accumulator.add(score) }
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

  func resumed(_ entry: String) {
    counters.withLock { $0.skipped += 1 }
    onEvent(.resumed(entry: entry))
  }

  func summary(sources: [String], jobs: Int, shard: Shard?, wallSeconds: Double, interrupted: Bool)
    -> RunSummaryRecord
  {
    counters.withLock { counters in
      RunSummaryRecord(
        run: runID, time: Timestamp.now(), sources: sources, profile: profile.level.rawValue,
        lang: profile.language, jobs: jobs, images: counters.records, succeeded: counters.succeeded,
        failed: counters.failed, skipped: counters.skipped, scored: counters.accumulator.images,
        gtChars: counters.accumulator.groundTruthLength, edits: counters.accumulator.edits,
        cerMicro: counters.accumulator.cerMicro, cerMacro: counters.accumulator.cerMacro,
        metric: scoring.descriptor,
        imagesPerSecond: wallSeconds > 0 ? Double(counters.records) / wallSeconds : 0,
        wallSeconds: wallSeconds, interrupted: interrupted, shard: shard?.description, engine: engine,
        ignoredByExtension: counters.ignored)
    }
  }
}

enum Timestamp {
  /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-30T02:48:39.123Z`.
  static func now() -> String {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time_t(time.tv_sec)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec),
      Int(time.tv_nsec / 1_000_000))
  }
}
