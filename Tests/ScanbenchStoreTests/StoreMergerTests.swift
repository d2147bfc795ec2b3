import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

/// `StoreMerger` on synthetic shard stores, each written as `run --shard K/N` would write it.
struct StoreMergerTests {
  let folder: URL
  let engine = EngineIdentity.schema1(version: "5.3.0", models: ["eng": String(repeating: "ab", count: 32)])
  let entries = (0..<40).map { "lines/\($0 / 10)/line-\($0).png" }

  init() throws {
    folder = try TestKit.temporaryFolder("merger-tests")
  }

  // MARK: Fixtures

  func record(
    _ entry: String, text: String? = nil, run: String, time: String = "2026-11-30T01:00:00.000Z",
    page: Int? = nil,
    engine: EngineIdentity? = nil, profile: String = "fast"
  ) -> ResultRecord {
    var record = ResultRecord.fixture(
      entry, run: run, time: time, source: "/data/in/archive.tar.gz", sha256: SHA256.hex(Data(entry.utf8)),
      page: page, profile: profile, lang: "eng", engine: engine ?? self.engine)
    record.text = text ?? "the text of \(entry) é 漢字"
    let number = entries.firstIndex(of: entry) ?? 0
    record.gtChars = 20 + number
    record.edits = number % 4
    record.cer = Double(number % 4) / Double(20 + number)
    record.gtWords = 4 + number % 3
    record.wordEdits = number % 4 == 0 ? 0 : 1
    record.wer = Double(number % 4 == 0 ? 0 : 1) / Double(4 + number % 3)
    record.metric = ScoringOptions.default.descriptor
    return record
  }

  func summary(
    run: String, shard: String?, images: Int, interrupted: Bool = false, wall: Double = 10, jobs: Int = 2,
    engine: EngineIdentity? = nil, profile: String = "fast"
  ) -> RunSummaryRecord {
    RunSummaryRecord(
      run: run, time: "2026-11-30T02:00:00.000Z", sources: ["/data/in/archive.tar.gz"], profile: profile,
      lang: "eng",
      jobs: jobs, images: images, succeeded: images, failed: 0, skipped: 0, scored: images, gtChars: 0,
      edits: 0,
      cerMicro: nil, cerMacro: nil, metric: ScoringOptions.default.descriptor, imagesPerSecond: 0,
      wallSeconds: wall, interrupted: interrupted, shard: shard, engine: engine ?? self.engine)
  }

  /// A store of encoded lines; `raw` is appended as it is (torn or broken lines).
  @discardableResult
  func store(_ name: String, _ lines: [any Encodable], raw: String = "") throws -> URL {
    var data = Data()
    for line in lines { data.append(try StoreWriter.line(for: line)) }
    data.append(Data(raw.utf8))
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  func entries(of shard: Shard) -> [String] { entries.filter(shard.contains) }

  /// One complete store per shard of `count`, named as `Shard.storeURL(for:)` names them.
  func shardStores(count: Int) throws -> [URL] {
    try (0..<count).map { index in
      let shard = try Shard(index: index, count: count)
      let mine = entries(of: shard)
      let run = "run-\(index)"
      let url = shard.storeURL(for: folder.appendingPathComponent("results.jsonl"))
      return try store(
        url.lastPathComponent,
        mine.map { record($0, run: run) } + [
          summary(run: run, shard: shard.description, images: mine.count, jobs: index + 1)
        ])
    }
  }

  func read(_ url: URL) throws -> (results: [ResultRecord], summaries: [RunSummaryRecord]) {
    var results: [ResultRecord] = []
    var summaries: [RunSummaryRecord] = []
    try StoreReader.read(url) { number, line in
      switch line {
      case .result(let record): results.append(record)
      case .summary(let summary): summaries.append(summary)
      case .invalid(let reason): Issue.record("line \(number) of the merged store: \(reason)")
      }
    }
    return (results, summaries)
  }

  var output: URL { folder.appendingPathComponent("merged.jsonl") }

  // MARK: Merging

  @Test(arguments: [1, 3, 7])
  func eachEntryOnceInOrderWithARecomputedSummary(shards: Int) throws {
    let stores = try shardStores(count: shards)
    let plan = try StoreMerger.plan(stores)
    #expect(plan.refusal == nil)
    #expect(plan.shardCount == shards)
    #expect(plan.completeShards == Array(0..<shards))
    #expect(plan.entries == entries.count)
    #expect(plan.duplicates.isEmpty)
    let written = try StoreMerger.write(plan, to: output, runID: "merged-1")

    let (results, summaries) = try read(output)
    #expect(results.map(\.entry) == entries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(results.allSatisfy { $0.run == "merged-1" })
    #expect(results.map(\.text) == results.map { record($0.entry, run: "").text })
    #expect(summaries == [written])
    let expected = entries.map { record($0, run: "") }
    let edits = expected.reduce(0) { $0 + ($1.edits ?? 0) }
    let gtChars = expected.reduce(0) { $0 + ($1.gtChars ?? 0) }
    #expect(written.kind == "summary")
    #expect(written.run == "merged-1")
    #expect(written.images == entries.count && written.succeeded == entries.count && written.failed == 0)
    #expect(written.scored == entries.count)
    #expect(written.edits == edits && written.gtChars == gtChars)
    #expect(written.cerMicro == Double(edits) / Double(gtChars))
    let macro = expected.compactMap(\.cer).reduce(0, +) / Double(entries.count)
    #expect(abs((written.cerMacro ?? -1) - macro) < 1e-12)
    let words = expected.reduce(0) { $0 + ($1.gtWords ?? 0) }
    #expect(written.werMicro == Double(expected.reduce(0) { $0 + ($1.wordEdits ?? 0) }) / Double(words))
    let werMacro = expected.compactMap(\.wer).reduce(0, +) / Double(entries.count)
    #expect(abs((written.werMacro ?? -1) - werMacro) < 1e-12)
    #expect(written.shard == nil)
    #expect(written.interrupted == false)
    #expect(written.wallSeconds == 10 * Double(shards))
    #expect(written.imagesPerSecond == Double(entries.count) / (10 * Double(shards)))
    #expect(written.jobs == shards)
    #expect(written.sources == ["/data/in/archive.tar.gz"])
    #expect(written.engine == engine && written.profile == "fast" && written.lang == "eng")
  }

  /// Shard stores of real scores (word counts far apart between shards, an image with empty
  /// ground truth) whose summaries claim a WER of 50 %: the merged WER is the records' own, as an
  /// unsharded run's accumulator adds them, not the shards' rates averaged.
  func scoredShardStores(count: Int) throws -> (
    stores: [URL], reference: RunScoreAccumulator, shards: [RunScoreAccumulator]
  ) {
    var random = SeededGenerator(seed: 22)
    var reference = RunScoreAccumulator(metric: ScoringOptions.default.descriptor)
    var byEntry: [String: TextScore] = [:]
    for (number, entry) in entries.enumerated() {
      let words = (0..<(number == 0 ? 0 : 1 + number * 7 % 23)).map { "wort\($0)" }
      let recognized = words.map { Int.random(in: 0..<3, using: &random) == 0 ? $0 + "e" : $0 }
      let score = Scorer.score(
        groundTruth: words.joined(separator: " "),
        recognized: (recognized + (number == 0 ? ["stray"] : [])).joined(separator: " "))
      byEntry[entry] = score
      reference.add(score)
    }
    var shards: [RunScoreAccumulator] = []
    let stores = try (0..<count).map { index in
      let shard = try Shard(index: index, count: count)
      let mine = entries(of: shard)
      var accumulator = RunScoreAccumulator(metric: reference.metric)
      for entry in mine { if let score = byEntry[entry] { accumulator.add(score) } }
      shards.append(accumulator)
      let run = "run-\(index)"
      let lines: [any Encodable] = mine.map { entry in
        var line = record(entry, run: run)
        let score = byEntry[entry]
        line.gtChars = score?.groundTruthLength
        line.edits = score?.edits.total
        line.cer = score?.cer
        line.gtWords = score?.words.groundTruthWords
        line.wordEdits = score?.words.wordEdits
        line.wer = score?.words.wer
        return line
      }
      var claimed = summary(run: run, shard: shard.description, images: mine.count)
      claimed.werMicro = 0.5
      claimed.werMacro = 0.5
      let url = shard.storeURL(for: folder.appendingPathComponent("scored.jsonl"))
      return try store(url.lastPathComponent, lines + [claimed])
    }
    return (stores, reference, shards)
  }

  @Test func werIsRecomputedFromTheRecordsLikeCER() throws {
    let (stores, reference, shards) = try scoredShardStores(count: 3)
    let written = try StoreMerger.write(try StoreMerger.plan(stores), to: output)
    #expect(reference.wordEdits > 0 && reference.groundTruthWords > 100)
    #expect(written.werMicro == reference.werMicro)
    #expect(abs((written.werMacro ?? -1) - (reference.werMacro ?? -2)) < 1e-12)
    #expect(written.cerMicro == reference.cerMicro)
    // The shards' own rates, averaged, differ: a merge that averaged them would not pass.
    let averaged = shards.compactMap(\.werMicro).reduce(0, +) / Double(shards.count)
    #expect(abs(averaged - (reference.werMicro ?? 0)) > 1e-4)
    #expect(try read(output).summaries.map(\.werMicro) == [reference.werMicro])
  }

  @Test func aScoredResultWithoutWordCountsLeavesTheMergedWEROut() throws {
    var (stores, _, _) = try scoredShardStores(count: 2)
    // An older line of shard 1: scored, but from before scanbench recorded WER.
    var lines = try read(stores[1])
    let entry = try #require(lines.results.first?.entry)
    lines.results[0].gtWords = nil
    lines.results[0].wordEdits = nil
    lines.results[0].wer = nil
    stores[1] = try store(stores[1].lastPathComponent, lines.results + lines.summaries)
    let plan = try StoreMerger.plan(stores)
    #expect(
      plan.warnings.map(\.description) == [
        "\(stores[1].relativePath):1: 1 scored result(s), this the first, carry no word counts (written before "
          + "scanbench recorded WER): the merged summary has no WER"
      ])
    let written = try StoreMerger.write(plan, to: output)
    #expect(written.werMicro == nil && written.werMacro == nil)
    #expect(written.cerMicro != nil && written.scored == entries.count)
    #expect(try read(output).results.first { $0.entry == entry }?.gtWords == nil)
  }

  @Test func aRetriedTaskWithTheSameTextIsKeptOnce() throws {
    let other = try shardStores(count: 2)[0]
    let shard = try Shard(index: 1, count: 2)
    let mine = entries(of: shard)
    // The first attempt was killed after three images; the retry, without --resume, did them all.
    let killed = mine.prefix(3).map { record($0, run: "first", time: "2026-11-30T01:00:00.000Z") }
    let retry = mine.map { record($0, run: "retry", time: "2026-11-30T01:30:00.000Z") }
    let url = try store(
      "results.shard-0001-of-0002.jsonl",
      killed + retry + [summary(run: "retry", shard: "1/2", images: mine.count)])
    // The same task also ran again elsewhere and its store was copied in: the same texts again.
    let copy = folder.appendingPathComponent("elsewhere.jsonl")
    try FileManager.default.copyItem(at: url, to: copy)

    let plan = try StoreMerger.plan([other, url, copy])
    #expect(plan.refusal == nil)
    #expect(plan.entries == entries.count)
    #expect(plan.records == entries(of: try Shard(index: 0, count: 2)).count + 2 * (mine.count + 3))
    #expect(plan.duplicates.count == mine.count)
    #expect(plan.duplicates.allSatisfy { $0.resolution == .sameText })
    let first = try #require(plan.duplicates.first { $0.entry == mine[0] })
    #expect(first.copies.count == 4)
    // The latest copy: the retry's line, in the later store of two with equal times.
    #expect(first.kept == StoreLocation(store: copy.relativePath, line: 4))
    try StoreMerger.write(plan, to: output)
    #expect(try read(output).results.count == entries.count)
  }

  @Test func differentTextsAreRefusedUnlessPreferLatest() throws {
    let whole = try store(
      "results.jsonl",
      entries.map { record($0, run: "a") } + [summary(run: "a", shard: nil, images: entries.count)])
    let rerun = try store(
      "rerun.jsonl",
      [
        record(entries[5], text: "another text", run: "b", time: "2026-12-01T00:00:00.000Z"),
        summary(run: "b", shard: nil, images: 1),
      ])
    let plan = try StoreMerger.plan([whole, rerun])
    #expect(plan.conflicts.count == 1)
    #expect(plan.conflicts.first?.entry == entries[5])
    #expect(
      plan.conflicts.first?.copies == [
        StoreLocation(store: whole.relativePath, line: 6), StoreLocation(store: rerun.relativePath, line: 1),
      ])
    let refusal = try #require(plan.refusal)
    #expect(refusal.kind == .conflictingDuplicates)
    #expect(refusal.message.contains(whole.relativePath) && refusal.message.contains(rerun.relativePath))
    #expect(throws: MergeError.self) { try StoreMerger.write(plan, to: output) }
    #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written when refused")

    let latest = try StoreMerger.plan([whole, rerun], options: MergeOptions(preferLatest: true))
    #expect(latest.refusal == nil)
    #expect(latest.duplicates.map(\.resolution) == [.preferLatest])
    try StoreMerger.write(latest, to: output)
    let results = try read(output).results
    #expect(results.count == entries.count)
    #expect(results.first { $0.entry == entries[5] }?.text == "another text")
  }

  @Test func missingAndUnfinishedShardsAreIncomplete() throws {
    let all = try shardStores(count: 4)
    let two = try Shard(index: 2, count: 4)
    let interrupted = try store(
      all[2].lastPathComponent,
      entries(of: two).prefix(2).map { record($0, run: "i") } + [
        summary(run: "i", shard: "2/4", images: 2, interrupted: true)
      ])
    // Killed before its summary: only its name says which shard it is.
    let killed = try store(
      all[3].lastPathComponent,
      entries(of: try Shard(index: 3, count: 4)).prefix(2).map { record($0, run: "k") })
    let plan = try StoreMerger.plan([all[0], interrupted, killed])
    #expect(plan.shardCount == 4)
    #expect(plan.completeShards == [0])
    #expect(plan.missingShards == [1])
    #expect(plan.incompleteShards.map(\.shard) == [2, 3])
    #expect(plan.incompleteShards[0].stores[interrupted.relativePath]?.contains("interrupted") == true)
    #expect(plan.incompleteShards[1].stores[killed.relativePath]?.contains("no summary") == true)
    #expect(!plan.isComplete)
    #expect(plan.refusal?.kind == .incompleteShards)
    #expect(plan.refusal?.message.contains("shards missing: 1") == true)

    let partial = try StoreMerger.plan(
      [all[0], interrupted, killed], options: MergeOptions(allowPartial: true))
    #expect(partial.refusal == nil)
    let merged = try StoreMerger.write(partial, to: output)
    #expect(merged.interrupted, "a partial merge does not pass for a finished run")
    #expect(merged.images == entries(of: try Shard(index: 0, count: 4)).count + 4)

    // Resuming the interrupted shard finishes it: its last run now has a summary.
    let rest = entries(of: two).dropFirst(2)
    let fresh = try shardStores(count: 4)
    let resumed = try store(
      fresh[2].lastPathComponent,
      entries(of: two).prefix(2).map { record($0, run: "i") } + [
        summary(run: "i", shard: "2/4", images: 2, interrupted: true)
      ]
        + rest.map { record($0, run: "r") } + [summary(run: "r", shard: "2/4", images: rest.count)])
    let finished = try StoreMerger.plan([fresh[0], fresh[1], resumed, fresh[3]])
    #expect(finished.isComplete && finished.refusal == nil)
    #expect(finished.entries == entries.count && finished.duplicates.isEmpty)
  }

  @Test func storesOfAnotherEngineOrProfileAreRefused() throws {
    let stores = try shardStores(count: 2)
    let otherModels = EngineIdentity.schema1(
      version: "5.3.0", models: ["eng": String(repeating: "cd", count: 32)])
    let mine = entries(of: try Shard(index: 1, count: 2))
    let foreign = try store(
      "foreign.shard-0001-of-0002.jsonl",
      mine.map { record($0, run: "f", engine: otherModels) }
        + [summary(run: "f", shard: "1/2", images: mine.count, engine: otherModels)])
    let error = try #require(throws: MergeError.self) { try StoreMerger.plan([stores[0], foreign]) }
    #expect(error.kind == .mismatchedIdentity)
    #expect(error.message.contains(stores[0].relativePath) && error.message.contains(foreign.relativePath))

    let accurate = try store(
      "accurate.shard-0001-of-0002.jsonl",
      mine.map { record($0, run: "a", profile: "accurate") }
        + [summary(run: "a", shard: "1/2", images: mine.count, profile: "accurate")])
    let profile = try #require(throws: MergeError.self) { try StoreMerger.plan([stores[0], accurate]) }
    #expect(profile.kind == .mismatchedIdentity)
    #expect(profile.message.contains("profile accurate") && profile.message.contains(accurate.relativePath))
  }

  @Test func storesOfDifferentShardCountsAreRefused() throws {
    let three = try shardStores(count: 3)
    let two = try shardStores(count: 2)
    let error = try #require(throws: MergeError.self) { try StoreMerger.plan(three + [two[0]]) }
    #expect(error.kind == .mismatchedShards)
    #expect(error.message.contains("N = 2") && error.message.contains("N = 3"))
  }

  @Test func aTornLastLineIsSkippedWithAWarning() throws {
    var stores = try shardStores(count: 2)
    let shard = try Shard(index: 1, count: 2)
    let mine = entries(of: shard)
    let killed = String(decoding: try StoreWriter.line(for: record(mine[0], run: "x")), as: UTF8.self)
    let lines: [any Encodable] =
      mine.map { record($0, run: "r") } + [summary(run: "r", shard: "1/2", images: mine.count)]
    stores[1] = try store(stores[1].lastPathComponent, lines, raw: String(killed.prefix(40)))
    let plan = try StoreMerger.plan(stores)
    #expect(plan.warnings.count == 1)
    #expect(
      plan.warnings.first?.location == StoreLocation(store: stores[1].relativePath, line: lines.count + 1))
    #expect(plan.warnings.first?.message.contains("torn") == true)
    #expect(plan.refusal == nil, "the run before the torn line finished")
    #expect(plan.entries == entries.count)
  }

  @Test func aBrokenLineInsideAStoreIsRefused() throws {
    let stores = try shardStores(count: 1)
    let good = try StoreWriter.line(for: record(entries[0], run: "r"))
    try (good + Data("{\"half\n".utf8) + good).write(to: stores[0])
    let error = try #require(throws: MergeError.self) { try StoreMerger.plan(stores) }
    #expect(error.kind == .inconsistentStore)
    #expect(error.message.contains("\(stores[0].relativePath):2"))
    let absent = try #require(throws: StoreError.self) {
      try StoreMerger.plan([folder.appendingPathComponent("absent.jsonl")])
    }
    #expect(absent.path.hasSuffix("absent.jsonl"))
  }

  @Test func removedLinesAreNoticed() throws {
    let mine = Array(entries.prefix(5))
    let url = try store(
      "results.jsonl",
      mine.dropLast().map { record($0, run: "r") } + [summary(run: "r", shard: nil, images: 5)])
    let error = try #require(throws: MergeError.self) { try StoreMerger.plan([url]) }
    #expect(error.kind == .inconsistentStore)
    #expect(error.message.contains("counted 5 results but the store holds 4"))
  }

  @Test func theOutputIsNeverAnInput() throws {
    let stores = try shardStores(count: 1)
    let plan = try StoreMerger.plan(stores)
    let error = try #require(throws: MergeError.self) { try StoreMerger.write(plan, to: stores[0]) }
    #expect(error.kind == .output)
  }

  // MARK: Against a plain reference

  /// Random shard counts, pages, blank lines, killed attempts, retries with and without --resume
  /// and copies of stores: the merged store always holds exactly the reference's images and texts.
  @Test(arguments: 0..<12)
  func randomShardingsMergeToTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let count = Int.random(in: 1...6, using: &random)
    var reference: [EntryKey: String] = [:]
    var written: [EntryKey: Int] = [:]
    var images: [(entry: String, page: Int?)] = []
    for number in 0..<Int.random(in: 5...60, using: &random) {
      let entry = "scans/\(number % 7)/\(String(repeating: "ü", count: number % 3))img-\(number).tif"
      let pages = Int.random(in: 0...3, using: &random)
      for page in pages == 0 ? [nil] : (1...pages).map(Optional.some) {
        images.append((entry, page))
      }
    }
    var stores: [URL] = []
    var time = 0
    func stamp() -> String {
      time += 1
      return String(format: "2026-11-30T%02d:%02d:%02d.000Z", time / 3600, time / 60 % 60, time % 60)
    }
    for index in 0..<count {
      let shard = try Shard(index: index, count: count)
      let mine = images.filter { shard.contains($0.entry) }
      func line(_ image: (entry: String, page: Int?), run: String) -> ResultRecord {
        var line = record(image.entry, run: run, time: stamp(), page: image.page)
        line.text =
          String(repeating: "x", count: Int.random(in: 0...200, using: &random))
          + " \(image.entry)#\(image.page ?? 0)"
        let key = EntryKey(entry: image.entry, page: image.page, sha256: line.sha256)
        line.text = reference[key] ?? line.text
        reference[key] = line.text
        return line
      }
      var lines: [any Encodable] = []
      var raw = ""
      // A killed first attempt, then a retry that resumes or starts over.
      let killedAfter = Int.random(in: 0...mine.count, using: &random)
      if Bool.random(using: &random) {
        lines += mine.prefix(killedAfter).map { line($0, run: "killed-\(index)") }
        raw = "\n"
      }
      let resumes = Bool.random(using: &random)
      let redo = resumes ? Array(mine.dropFirst(lines.count)) : mine
      lines += redo.map { line($0, run: "retry-\(index)") }
      lines.append(summary(run: "retry-\(index)", shard: shard.description, images: redo.count))
      let url = shard.storeURL(for: folder.appendingPathComponent("r\(seed).jsonl"))
      var data = Data()
      for (offset, item) in lines.enumerated() {
        data.append(try StoreWriter.line(for: item))
        if offset == 0 { data.append(Data(raw.utf8)) }
      }
      try data.write(to: url)
      let copies = Bool.random(using: &random) ? 2 : 1
      stores += Array(repeating: url, count: copies)
      for case let line as ResultRecord in lines {
        written[EntryKey(entry: line.entry, page: line.page, sha256: line.sha256), default: 0] += copies
      }
    }
    let plan = try StoreMerger.plan(stores.shuffled(using: &random))
    #expect(plan.refusal == nil)
    #expect(plan.records == written.values.reduce(0, +))
    #expect(plan.duplicates.count == written.values.filter { $0 > 1 }.count)
    #expect(plan.duplicates.allSatisfy { $0.resolution == .sameText })
    try StoreMerger.write(plan, to: output)
    let (results, summaries) = try read(output)
    let merged = results.map { (EntryKey(entry: $0.entry, page: $0.page, sha256: $0.sha256), $0.text ?? "") }
    #expect(merged.map(\.0) == reference.keys.sorted(by: EntryKey.precedes))
    #expect(Dictionary(merged, uniquingKeysWith: { first, _ in first }) == reference)
    #expect(summaries.count == 1 && summaries.first?.images == reference.count)
  }
}
