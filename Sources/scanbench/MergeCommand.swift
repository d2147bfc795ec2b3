import Foundation
import ScanbenchCommandLine
import ScanbenchStore
import ScanbenchSupport

struct MergeCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "merge",
      abstract: "Merge the stores of a sharded run into one, proving every image is there exactly once.",
      discussion: """
        Each image (entry path, page and SHA-256) must appear once: copies with the same text (a
        retried task) are kept once and listed; copies with different texts are refused (exit 1)
        unless --prefer-latest. Every shard 0..N-1 must have a store whose last run wrote its summary
        and was not interrupted (exit 1 unless --allow-partial). Stores of other profiles, languages,
        engines, models, metrics or shard counts are refused (exit 2). A torn last line is skipped with
        a warning.

        The merged store holds the results sorted by entry and page, all carrying a new run id, and one
        summary: counts, CER and WER recomputed from the results (WER only when every scored result has
        word counts: results written before scanbench recorded WER have none), shard none, wall_seconds
        the sum of every shard run's wall time (machine time, not elapsed time), images_per_second the
        images over that sum (the rate of one shard process; the cluster's is that times the shards
        running at once), jobs the largest of the shard runs', interrupted when partial. It replaces
        --out, if it exists, only once written whole.
        """)
  }

  @Argument(help: "Shard stores, e.g. Reports/results.shard-*.jsonl.", completion: .file) var store: [String]
  @Option(help: "Where to write the merged store.", valueName: "file", completion: .file) var out: String
  @Flag(help: "Resolve copies with different texts to the latest (by time) instead of refusing.")
  var preferLatest = false
  @Flag(help: "Merge even with missing or incomplete shards; the summary says interrupted.")
  var allowPartial = false
  @OptionGroup var output: JSONOutput

  func validate() throws {
    for store in store { try Paths.checkStore(store, creating: false) }
    try Paths.checkWritable(out)
    if let input = store.first(where: { Paths.isSameFile($0, out) }) {
      throw CommandFailure(
        "--out \(out) is \(input), one of the stores to merge: write the merged store elsewhere",
        exitCode: ExitCode.inputUnreadable)
    }
  }

  func run(_: Void) throws -> Int32 {
    let output = URL(fileURLWithPath: out)
    let options = MergeOptions(preferLatest: preferLatest, allowPartial: allowPartial)
    let plan: MergePlan
    do {
      plan = try StoreMerger.plan(store.map { URL(fileURLWithPath: $0) }, options: options)
    } catch let error as StoreError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    } catch let error as MergeError {
      throw CommandFailure(error.message, exitCode: Self.exitCode(for: error.kind))
    }
    for warning in plan.warnings { Console.error("warning: \(warning)\n") }

    var summary: RunSummaryRecord?
    var failure: MergeError?
    do {
      summary = try StoreMerger.write(plan, to: output)
    } catch let error as MergeError {
      failure = error
    } catch let error as StoreError {
      failure = MergeError(.output, error.description)
    }
    if self.output.json {
      try JSONOutput.print(
        MergeReport(plan: plan, out: output.relativePath, summary: summary, refusal: failure))
    } else {
      Console.out(Self.render(plan, out: output.relativePath, summary: summary))
    }
    if let failure { throw CommandFailure(failure.message, exitCode: Self.exitCode(for: failure.kind)) }
    return ExitCode.success
  }

  static func exitCode(for kind: MergeError.Kind) -> Int32 {
    switch kind {
    case .conflictingDuplicates, .incompleteShards, .output: ExitCode.failure
    case .mismatchedIdentity, .mismatchedShards, .mismatchedInputs, .inconsistentStore:
      ExitCode.inputUnreadable
    }
  }

  static let listLimit = 10

  static func render(_ plan: MergePlan, out: String, summary: RunSummaryRecord?) -> String {
    func list(_ numbers: [Int]) -> String {
      numbers.isEmpty ? "none" : numbers.map(String.init).joined(separator: ", ")
    }
    var rows: [(String, String)] = [("stores read", "\(plan.stores.count)")]
    if let count = plan.shardCount {
      rows.append(("shards", "\(plan.completeShards.count) of \(count) complete"))
    } else {
      rows.append(("shards", "unknown: no store has a summary or a .shard-K-of-N name"))
    }
    rows.append(("missing shards", list(plan.missingShards)))
    rows.append(("incomplete shards", list(plan.incompleteShards.map(\.shard))))
    var details: [String: [String]] = [:]
    details["incomplete shards"] = plan.incompleteShards.flatMap { shard in
      shard.stores.sorted { $0.key < $1.key }.map { "shard \(shard.shard): \($0.key): \($0.value)" }
    }
    if !plan.storesWithoutShard.isEmpty {
      rows.append(("shard unknown", plan.storesWithoutShard.joined(separator: ", ")))
    }
    rows.append(("result lines", "\(plan.records)"))
    rows.append(("entries", "\(plan.entries)"))
    let resolved = plan.duplicates.filter { $0.resolution != .refused }
    let sameText = resolved.filter { $0.resolution == .sameText }.count
    let latest = resolved.count - sameText
    let kinds = [
      sameText > 0 ? "\(sameText) same text" : nil,
      latest > 0 ? "\(latest) different texts, kept the latest" : nil,
    ].compactMap { $0 }
    rows.append(
      (
        "duplicates",
        resolved.isEmpty ? "none" : "\(resolved.count) resolved (\(kinds.joined(separator: ", ")))"
      ))
    details["duplicates"] = resolved.map { duplicate in
      let what = duplicate.resolution == .sameText ? "same text" : "different texts"
      return "\(name(duplicate)): \(what) at \(duplicate.copies.map(\.description).joined(separator: ", "))"
        + "; kept \(duplicate.kept?.description ?? "none")"
    }
    rows.append(
      ("conflicts", plan.conflicts.isEmpty ? "none" : "\(plan.conflicts.count): different texts, not merged"))
    details["conflicts"] = plan.conflicts.map { duplicate in
      "\(name(duplicate)): \(duplicate.copies.map(\.description).joined(separator: ", "))"
    }
    rows.append(
      ("runs read", "\(plan.runs) (\(String(format: "%.1f", plan.wallSeconds)) s of wall time in all)"))
    if let summary {
      rows += [
        ("CER (micro)", Format.percent(summary.cerMicro)),
        ("CER (macro)", Format.percent(summary.cerMacro)),
        ("WER (micro)", Format.percent(summary.werMicro)),
        ("WER (macro)", Format.percent(summary.werMacro)),
        ("images/s", String(format: "%.2f per shard process", summary.imagesPerSecond)),
        ("merged run", summary.run + (summary.interrupted ? " (partial)" : "")),
        ("store", out),
      ]
    } else {
      rows.append(("store", "\(out) not written"))
    }
    var text = ""
    for (label, value) in rows {
      text += TextTable.keyValue([(label, value)], labelWidth: SummaryTable.labelWidth)
      let more = details[label] ?? []
      for detail in more.prefix(listLimit) { text += "  " + detail + "\n" }
      if more.count > listLimit {
        text += "  … and \(more.count - listLimit) more (--json lists them all)\n"
      }
    }
    return text
  }

  static func name(_ duplicate: MergeDuplicate) -> String {
    duplicate.entry + (duplicate.page.map { " page \($0)" } ?? "")
  }
}

/// `merge --json`: one object on stdout.
private struct MergeReport: Encodable {
  var stores: [String]
  var shardCount: Int?
  var completeShards: [Int]
  var missingShards: [Int]
  var incompleteShards: [IncompleteShard]
  var storesWithoutShard: [String]
  var records: Int
  var entries: Int
  var duplicates: [MergeDuplicate]
  var warnings: [MergeWarning]
  var out: String
  var written: Bool
  var refusal: Refusal?
  var summary: RunSummaryRecord?

  struct Refusal: Encodable {
    var kind: String
    var message: String
  }

  enum CodingKeys: String, CodingKey {
    case stores
    case shardCount = "shard_count"
    case completeShards = "complete_shards"
    case missingShards = "missing_shards"
    case incompleteShards = "incomplete_shards"
    case storesWithoutShard = "stores_without_shard"
    case records, entries, duplicates, warnings, out, written, refusal, summary
  }

  init(plan: MergePlan, out: String, summary: RunSummaryRecord?, refusal: MergeError?) {
    stores = plan.stores
    shardCount = plan.shardCount
    completeShards = plan.completeShards
    missingShards = plan.missingShards
    incompleteShards = plan.incompleteShards
    storesWithoutShard = plan.storesWithoutShard
    records = plan.records
    entries = plan.entries
    duplicates = plan.duplicates
    warnings = plan.warnings
    self.out = out
    written = summary != nil
    self.refusal = refusal.map { Refusal(kind: $0.kind.rawValue, message: $0.message) }
    self.summary = summary
  }
}
