import Foundation
import ScanbenchScoring
import ScanbenchSupport

/// Merges the stores of a sharded run (`run --shard K/N`, one store per shard) into one store, with
/// proof that nothing was lost or counted twice.
///
/// `plan` reads every store once and keeps, per image, only its key, where its line is and a digest
/// of its text, so memory grows with the number of images, not with their texts (measured:
/// Reports/BENCHMARKS.md, "Measured choices behind the defaults"). It checks:
/// - one identity: every line has the same profile, language and engine (Tesseract version and
///   model digests), and every score the same metric; otherwise nothing is comparable;
/// - each image (entry path, page, SHA-256) once: copies with the same text (a retried task) are
///   resolved to the latest, copies with different texts are refused unless `preferLatest`;
/// - every shard `0..<N` present, with a store whose last run wrote its summary and was not
///   interrupted (the `shard` field of the summaries says which shard a store holds; a store
///   without a summary is known by its `.shard-K-of-N` name);
/// - every run's summary accounts for its result lines (none removed).
///
/// `write` then reads the kept lines again, in order of entry and page, and writes them with one
/// summary for the merged run to a temporary file that replaces the output only when complete.
public enum StoreMerger {
  /// Reads and checks `stores`. Throws `StoreError` for a store that cannot be read and
  /// `MergeError` for stores that must not be merged whatever the options; refusals that options
  /// can lift are left in the plan's `refusal`.
  public static func plan(_ stores: [URL], options: MergeOptions = MergeOptions()) throws -> MergePlan {
    var reading = Reading(urls: stores)
    for index in stores.indices { try reading.read(store: index) }
    return try reading.plan(options: options)
  }

  /// Writes the merged store to `output` (replacing it), or throws the plan's refusal.
  /// Returns the merged run's summary, the store's last line.
  @discardableResult
  public static func write(_ plan: MergePlan, to output: URL, runID: String? = nil) throws -> RunSummaryRecord
  {
    if let refusal = plan.refusal { throw refusal }
    let target = output.standardizedFileURL.resolvingSymlinksInPath().path
    for url in plan.urls where url.standardizedFileURL.resolvingSymlinksInPath().path == target {
      throw MergeError(
        .output, "\(output.relativePath) is one of the stores to merge: write the merged store elsewhere")
    }
    let temporary = output.deletingLastPathComponent()
      .appendingPathComponent(".\(output.lastPathComponent).merging-\(getpid())")
    try? FileManager.default.removeItem(at: temporary)
    do {
      let summary = try writeStore(plan, to: temporary, runID: runID ?? RunID.make())
      guard rename(temporary.path, output.path) == 0 else {
        throw MergeError(
          .output,
          "\(output.relativePath): cannot replace it with the merged store: \(String(cString: strerror(errno)))"
        )
      }
      return summary
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  private static func writeStore(_ plan: MergePlan, to url: URL, runID: String) throws -> RunSummaryRecord {
    let writer = try StoreWriter(url: url, lockPolicy: .failIfLocked)
    var descriptors: [Int: Int32] = [:]
    defer { for descriptor in descriptors.values { close(descriptor) } }
    let keys = plan.kept.keys.sorted(by: EntryKey.precedes)
    var totals = RunTotals()
    var buffer = Data()
    for key in keys {
      guard let candidate = plan.kept[key] else { continue }
      let store = plan.urls[candidate.store]
      let descriptor: Int32
      if let cached = descriptors[candidate.store] {
        descriptor = cached
      } else {
        descriptor = open(store.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
          throw StoreError(
            path: store.relativePath,
            message: "cannot open the store again: \(String(cString: strerror(errno)))")
        }
        descriptors[candidate.store] = descriptor
      }
      var bytes = Data(count: candidate.length)
      let read = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, candidate.length, off_t(candidate.offset))
      }
      let location = StoreLocation(store: store.relativePath, line: candidate.line)
      guard read == candidate.length,
        case .result(var record) = StoreReader.decodeFast(bytes, complete: true),
        EntryKey(entry: record.entry, page: record.page, sha256: record.sha256) == key
      else {
        throw MergeError(.inconsistentStore, "\(location): the store changed while it was being merged")
      }
      record.run = runID
      totals.add(record)
      buffer.append(try StoreWriter.line(for: record))
      if buffer.count >= 1 << 20 {
        try writer.append(line: buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { try writer.append(line: buffer) }
    guard let identity = plan.identity else {
      throw MergeError(.output, "nothing to merge: the stores hold no result and no summary")
    }
    let wall = plan.wallSeconds
    var summary = RunSummaryRecord(
      run: runID, time: Timestamp.now(), sources: plan.sources, profile: identity.profile,
      lang: identity.lang,
      jobs: plan.jobs, images: totals.images, succeeded: totals.succeeded, failed: totals.failed, skipped: 0,
      scored: totals.scored, gtChars: totals.gtChars, edits: totals.edits,
      cerMicro: totals.cerMicro, cerMacro: totals.cerMacro,
      metric: plan.metric ?? ScoringOptions.default.descriptor,
      imagesPerSecond: wall > 0 ? Double(totals.images) / wall : 0, wallSeconds: wall,
      interrupted: !plan.isComplete, shard: nil, engine: identity.engine,
      ignoredByExtension: plan.ignoredByExtension)
    summary.werMicro = totals.werMicro
    summary.werMacro = totals.werMacro
    try writer.append(summary)
    writer.synchronize()
    return summary
  }
}

/// The first pass: every line of every store, once.
private struct Reading {
  let urls: [URL]
  var states: [StoreState]
  var warnings: [MergeWarning] = []
  var kept: [EntryKey: Candidate] = [:]
  /// Every copy of the images seen more than once.
  var copies: [EntryKey: [Candidate]] = [:]
  var records = 0
  var identities: [ResultIdentity: [Int]] = [:]
  var identityOrder: [ResultIdentity] = []
  var metrics: [String: [Int]] = [:]
  var metricOrder: [String] = []
  /// Scored lines without word counts (written before scanbench recorded WER), as (store, line):
  /// kept apart, so that stores without them cost no memory an image.
  var withoutWordCounts: Set<[Int]> = []
  var sources: [String] = []
  var recordSources: [String] = []
  var runs = 0
  var wallSeconds = 0.0
  var jobs = 0

  init(urls: [URL]) {
    self.urls = urls
    states = urls.map { _ in StoreState() }
  }

  struct StoreState {
    enum Last {
      case empty
      case result(run: String)
      case summary(RunSummaryRecord)
    }

    var last = Last.empty
    /// Shard fields of the summaries, distinct, in order (nil as `0/1`: an unsharded run).
    var shards: [String] = []
    var resultsPerRun: [String: Int] = [:]
    /// Each summary with the results its run wrote since the run's previous summary: a run resumed
    /// (`--resume` continues its run id) has a summary per part, each saying how many lines its own
    /// part wrote (`recorded`; `images` in stores older than that field).
    var summaries: [(line: Int, summary: RunSummaryRecord, results: Int)] = []
  }

  func name(_ store: Int) -> String { urls[store].relativePath }

  mutating func read(store: Int) throws {
    // Lines the reader passes over are empty (one newline byte each), so a line starts after the
    // bytes of the lines reported before it plus one newline for every line before it.
    var reportedBytes = 0
    // A line without its newline is a torn write only when it is the last; one followed by more
    // lines (an over-long line, reported cut short) would also break the offsets.
    var unfinished: MergeWarning?
    try StoreReader.readRawLines(urls[store]) { number, bytes, complete in
      let location = StoreLocation(store: name(store), line: number)
      if let unfinished {
        throw MergeError(
          .inconsistentStore, "\(unfinished.location): a line without its end inside the store: not a record")
      }
      let offset = reportedBytes + (number - 1)
      reportedBytes += bytes.count
      switch StoreReader.decodeFast(bytes, complete: complete) {
      case .invalid(let reason):
        guard complete else {
          unfinished = MergeWarning(location: location, message: "\(reason); skipped")
          return
        }
        throw MergeError(
          .inconsistentStore,
          "\(location): \(reason): a store scanbench wrote has no such line; remove or repair it")
      case .result(let record):
        add(
          record,
          candidate: Candidate(
            store: store, line: number, offset: offset, length: bytes.count, time: record.time,
            outcome: Self.outcome(of: record)))
      case .summary(let summary):
        add(summary, store: store, line: number)
      }
    }
    if let unfinished { warnings.append(unfinished) }
  }

  static func outcome(of record: ResultRecord) -> Int {
    var hasher = Hasher()
    hasher.combine(record.text)
    hasher.combine(record.error?.kind)
    return hasher.finalize()
  }

  mutating func add(_ record: ResultRecord, candidate: Candidate) {
    records += 1
    let store = candidate.store
    if record.edits != nil, record.gtWords == nil || record.wordEdits == nil {
      withoutWordCounts.insert([store, candidate.line])
    }
    states[store].last = .result(run: record.run)
    states[store].resultsPerRun[record.run, default: 0] += 1
    note(ResultIdentity(record), store: store)
    if let metric = record.metric { note(metric: metric, store: store) }
    if !recordSources.contains(record.source) { recordSources.append(record.source) }
    let key = EntryKey(entry: record.entry, page: record.page, sha256: record.sha256)
    guard let existing = kept[key] else {
      kept[key] = candidate
      return
    }
    copies[key, default: [existing]].append(candidate)
    if candidate.isLater(than: existing) { kept[key] = candidate }
  }

  mutating func add(_ summary: RunSummaryRecord, store: Int, line: Int) {
    runs += 1
    wallSeconds += summary.wallSeconds
    jobs = max(jobs, summary.jobs)
    for source in summary.sources where !sources.contains(source) { sources.append(source) }
    states[store].last = .summary(summary)
    let results = states[store].resultsPerRun.removeValue(forKey: summary.run) ?? 0
    states[store].summaries.append((line, summary, results))
    let shard = summary.shard ?? "0/1"
    if !states[store].shards.contains(shard) { states[store].shards.append(shard) }
    note(ResultIdentity(summary), store: store)
    note(metric: summary.metric, store: store)
  }

  mutating func note(_ identity: ResultIdentity, store: Int) {
    if identities[identity] == nil { identityOrder.append(identity) }
    if identities[identity]?.last != store { identities[identity, default: []].append(store) }
  }

  mutating func note(metric: String, store: Int) {
    if metrics[metric] == nil { metricOrder.append(metric) }
    if metrics[metric]?.last != store { metrics[metric, default: []].append(store) }
  }

  func storeList(_ stores: [Int]) -> String {
    var seen = Set<Int>()
    return stores.filter { seen.insert($0).inserted }.map(name).joined(separator: ", ")
  }

  // MARK: Checks

  func plan(options: MergeOptions) throws -> MergePlan {
    if identityOrder.count > 1 {
      throw MergeError(
        .mismatchedIdentity,
        "the stores were not made with the same profile, language and engine, so their results cannot be merged: "
          + identityOrder.map { "\($0) in \(storeList(identities[$0] ?? []))" }.joined(separator: "; "))
    }
    if metricOrder.count > 1 {
      throw MergeError(
        .mismatchedIdentity,
        "the stores were scored with different metrics, so their numbers cannot be added: "
          + metricOrder.map { "\($0) in \(storeList(metrics[$0] ?? []))" }.joined(separator: "; "))
    }
    try checkSummariesAccountForTheirResults()
    let shards = try shardOfEachStore()
    let count = try shardCount(shards)
    try checkImagesAreOfTheirStoresShard(shards)

    var complete: [Int: Bool] = [:]
    var reasons: [Int: [String: String]] = [:]
    var withoutShard: [String] = []
    for (store, shard) in shards.enumerated() {
      guard let shard else {
        withoutShard.append(name(store))
        continue
      }
      if let reason = whyUnfinished(store) {
        reasons[shard.index, default: [:]][name(store)] = reason
        complete[shard.index] = complete[shard.index] ?? false
      } else {
        complete[shard.index] = true
      }
    }
    let expected = count.map { Array(0..<$0) } ?? []
    let duplicates = resolveDuplicates(options: options)

    var plan = MergePlan(
      stores: urls.map(\.relativePath), warnings: warnings, shardCount: count,
      completeShards: expected.filter { complete[$0] == true },
      missingShards: expected.filter { complete[$0] == nil },
      incompleteShards: expected.filter { complete[$0] == false }.map {
        IncompleteShard(shard: $0, stores: reasons[$0] ?? [:])
      },
      storesWithoutShard: withoutShard, records: records, entries: kept.count, duplicates: duplicates,
      runs: runs,
      wallSeconds: wallSeconds, options: options, kept: kept, urls: urls, identity: identityOrder.first,
      metric: metricOrder.first, sources: sources.isEmpty ? recordSources : sources, jobs: max(1, jobs))
    for state in states {
      guard case .summary(let summary) = state.last else { continue }
      plan.ignoredByExtension.merge(summary.ignoredByExtension ?? [:], uniquingKeysWith: +)
    }
    let withoutWords =
      withoutWordCounts.isEmpty
      ? [:]
      : kept.filter {
        withoutWordCounts.contains([$0.value.store, $0.value.line])
      }
    if let first = withoutWords.keys.min(by: EntryKey.precedes), let candidate = kept[first] {
      plan.warnings.append(
        MergeWarning(
          location: StoreLocation(store: name(candidate.store), line: candidate.line),
          message: "\(withoutWords.count) scored result(s), this the first, carry no word counts (written "
            + "before scanbench recorded WER): the merged summary has no WER"))
    }
    return plan
  }

  /// A run writes its summary after its results, counting them: fewer lines than it counted means
  /// lines were removed since.
  func checkSummariesAccountForTheirResults() throws {
    for (store, state) in states.enumerated() {
      for (line, summary, found) in state.summaries {
        let written = summary.recorded ?? summary.images
        guard found == written else {
          throw MergeError(
            .inconsistentStore,
            "\(StoreLocation(store: name(store), line: line)): run \(summary.run) counted \(written) results "
              + "but the store holds \(found) of them before it: lines were removed or added by hand")
        }
      }
    }
  }

  /// From the summaries' `shard` fields, else from a `.shard-K-of-N` name; nil when neither says.
  func shardOfEachStore() throws -> [Shard?] {
    try states.enumerated().map { store, state in
      guard state.shards.count <= 1 else {
        throw MergeError(
          .mismatchedShards,
          "\(name(store)) holds runs of different shards (\(state.shards.joined(separator: ", "))): "
            + "each shard must have its own store")
      }
      if let text = state.shards.first {
        do {
          return try Shard(parsing: text)
        } catch {
          throw MergeError(.inconsistentStore, "\(name(store)): a summary's shard is '\(text)', not K/N")
        }
      }
      return Self.shard(inName: urls[store].lastPathComponent)
    }
  }

  /// Every image of a store is of the shard the store says it holds: a shard's label (its summaries'
  /// `shard`, its file name) is only a claim, and a copy of shard 0 relabelled as shard 1 would make
  /// "every shard complete" of half the images. Entry-level failures without image bytes are not
  /// asked: one of ground truth (`a.gt.txt`) is recorded by the shard of its image.
  func checkImagesAreOfTheirStoresShard(_ shards: [Shard?]) throws {
    var misplaced: [(key: EntryKey, candidate: Candidate, shard: Shard)] = []
    for (key, latest) in kept where !key.sha256.isEmpty {
      for candidate in copies[key] ?? [latest] {
        guard let shard = shards[candidate.store], !shard.contains(key.entry) else { continue }
        misplaced.append((key, candidate, shard))
      }
    }
    guard
      let first = misplaced.min(by: {
        ($0.candidate.store, $0.candidate.line) < ($1.candidate.store, $1.candidate.line)
      })
    else { return }
    let belongs = Int(Shard.stableHash(first.key.entry) % UInt64(first.shard.count))
    throw MergeError(
      .mismatchedShards,
      "\(misplaced.count) image(s) are not of the shard their store holds, e.g. "
        + "\(StoreLocation(store: name(first.candidate.store), line: first.candidate.line)): \(first.key.entry) "
        + "is of shard \(belongs)/\(first.shard.count), but the store holds shard \(first.shard): a store "
        + "copied or renamed as another shard's? Merge the stores the shards' runs wrote")
  }

  /// `results.shard-0003-of-0016.jsonl` → 3/16, as `Shard.storeURL(for:)` names stores.
  static func shard(inName name: String) -> Shard? {
    guard let match = name.firstMatch(of: /\.shard-([0-9]+)-of-([0-9]+)(\.|$)/),
      let index = Int(match.output.1), let count = Int(match.output.2)
    else { return nil }
    return try? Shard(index: index, count: count)
  }

  func shardCount(_ shards: [Shard?]) throws -> Int? {
    var stores: [Int: [Int]] = [:]
    for (store, shard) in shards.enumerated() {
      if let shard { stores[shard.count, default: []].append(store) }
    }
    guard stores.count <= 1 else {
      throw MergeError(
        .mismatchedShards,
        "the stores split the input in different numbers of shards, so they cannot add up to it: "
          + stores.sorted { $0.key < $1.key }.map { "N = \($0.key) in \(storeList($0.value))" }
          .joined(separator: "; "))
    }
    return stores.keys.first
  }

  /// Why a store's last run does not count as finished; nil when it does.
  func whyUnfinished(_ store: Int) -> String? {
    switch states[store].last {
    case .empty:
      return "it holds no record"
    case .result(let run):
      return "its last run (\(run)) has no summary: it was stopped, or is still running"
    case .summary(let summary):
      return summary.interrupted ? "its last run (\(summary.run)) was interrupted" : nil
    }
  }

  func resolveDuplicates(options: MergeOptions) -> [MergeDuplicate] {
    copies.keys.sorted(by: EntryKey.precedes).compactMap { key in
      guard let list = copies[key], let latest = kept[key], let first = list.first else { return nil }
      let sameText = list.allSatisfy { $0.outcome == first.outcome }
      let resolution: MergeDuplicate.Resolution =
        sameText ? .sameText : options.preferLatest ? .preferLatest : .refused
      return MergeDuplicate(
        entry: key.entry, page: key.page, sha256: key.sha256,
        copies: list.map { StoreLocation(store: name($0.store), line: $0.line) },
        kept: resolution == .refused ? nil : StoreLocation(store: name(latest.store), line: latest.line),
        resolution: resolution)
    }
  }
}
