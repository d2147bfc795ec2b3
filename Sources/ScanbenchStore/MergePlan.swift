import Foundation

/// What `StoreMerger` may let through.
public struct MergeOptions: Sendable {
  /// Resolve duplicates whose texts differ to the latest record (by `time`) instead of refusing.
  public var preferLatest: Bool
  /// Merge even when shards are missing or incomplete; the merged summary is then `interrupted`.
  public var allowPartial: Bool

  public init(preferLatest: Bool = false, allowPartial: Bool = false) {
    self.preferLatest = preferLatest
    self.allowPartial = allowPartial
  }
}

/// Why stores were not merged. The message names the stores (and lines) at fault.
public struct MergeError: Error, CustomStringConvertible, Sendable {
  public enum Kind: String, Sendable, Codable {
    /// The same image and page with different texts, and no `preferLatest`.
    case conflictingDuplicates = "conflicting-duplicates"
    /// Shards missing, or whose last run did not finish, and no `allowPartial`.
    case incompleteShards = "incomplete-shards"
    /// Results of different profiles, languages, engines, models or metrics: not comparable.
    case mismatchedIdentity = "mismatched-identity"
    /// Stores of different shard counts, or one store holding several shards.
    case mismatchedShards = "mismatched-shards"
    /// Shards whose runs read different inputs (their summaries' `input_digests` differ).
    case mismatchedInputs = "mismatched-inputs"
    /// A complete line that is not a record, or a store that does not hold what its summaries say.
    case inconsistentStore = "inconsistent-store"
    /// The merged store could not be written.
    case output
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// A line of a store: `path:line`.
public struct StoreLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  public var store: String
  public var line: Int

  public init(store: String, line: Int) {
    self.store = store
    self.line = line
  }

  public var description: String { "\(store):\(line)" }
}

/// Something read that did not stop the merge (a torn last line).
public struct MergeWarning: Sendable, Codable, CustomStringConvertible {
  public var location: StoreLocation
  public var message: String

  public var description: String { "\(location): \(message)" }
}

/// One image (and page) found more than once.
public struct MergeDuplicate: Sendable, Codable {
  public enum Resolution: String, Sendable, Codable {
    /// Every copy has the same text (a retried task): one is kept.
    case sameText = "same-text"
    /// The texts differ and `preferLatest` kept the latest.
    case preferLatest = "prefer-latest"
    /// The texts differ: not merged.
    case refused
  }

  public var entry: String
  public var page: Int?
  public var sha256: String
  /// Every copy, in the order read.
  public var copies: [StoreLocation]
  /// The copy written to the merged store; nil when refused.
  public var kept: StoreLocation?
  public var resolution: Resolution
}

/// A shard that has a store but no finished last run in any of them.
public struct IncompleteShard: Sendable, Codable {
  public var shard: Int
  /// Each of its stores with why it does not count as finished.
  public var stores: [String: String]
}

/// The outcome of reading and checking the stores: what a merge would write, and what stops it.
public struct MergePlan: Sendable {
  public var stores: [String]
  public var warnings: [MergeWarning]
  /// N of the stores' `K/N` (1 for stores of unsharded runs); nil when no store says.
  public var shardCount: Int?
  public var completeShards: [Int]
  /// Shards without any store.
  public var missingShards: [Int]
  public var incompleteShards: [IncompleteShard]
  /// Stores that say nothing of their shard (no summary, no `.shard-K-of-N` name).
  public var storesWithoutShard: [String]
  /// Result lines read.
  public var records: Int
  /// Distinct images (and pages): the result lines a merge writes.
  public var entries: Int
  /// Every image found more than once, however resolved.
  public var duplicates: [MergeDuplicate]
  /// Summary lines read: the runs that finished or were interrupted.
  public var runs: Int
  /// Sum of those runs' `wall_seconds`.
  public var wallSeconds: Double
  public var options: MergeOptions

  // What the writer needs.
  var kept: [EntryKey: Candidate]
  var urls: [URL]
  var identity: ResultIdentity?
  var metric: String?
  var sources: [String]
  var jobs: Int
  /// Files skipped as not images (sidecars), by extension, from each store's last summary: every
  /// run of a store reads the same entries, and shards split them.
  var ignoredByExtension: [String: Int] = [:]

  /// Every shard of `0..<shardCount` has a store whose last run finished.
  public var isComplete: Bool {
    shardCount != nil && missingShards.isEmpty && incompleteShards.isEmpty && storesWithoutShard.isEmpty
  }

  public var conflicts: [MergeDuplicate] { duplicates.filter { $0.resolution == .refused } }

  /// Why this plan must not be written, if it must not: conflicting texts first, then incompleteness.
  public var refusal: MergeError? {
    let conflicts = conflicts
    if let first = conflicts.first {
      let page = first.page.map { " page \($0)" } ?? ""
      return MergeError(
        .conflictingDuplicates,
        "\(conflicts.count) image(s) have different texts in different stores, e.g. \(first.entry)\(page) at "
          + first.copies.map(\.description).joined(separator: ", ")
          + " (--prefer-latest keeps the latest)")
    }
    if !isComplete, !options.allowPartial {
      return MergeError(
        .incompleteShards, incompletenessDescription + " (--allow-partial merges what there is)")
    }
    return nil
  }

  /// E.g. `shards missing: 3, 5; incomplete: 6 (a.jsonl: its last run was interrupted)`.
  public var incompletenessDescription: String {
    var parts: [String] = []
    if shardCount == nil {
      parts.append("no store says which shard it holds (no summary, no .shard-K-of-N name)")
    }
    if !missingShards.isEmpty {
      parts.append("shards missing: " + missingShards.map(String.init).joined(separator: ", "))
    }
    if !incompleteShards.isEmpty {
      parts.append(
        "incomplete: "
          + incompleteShards.map { shard in
            "\(shard.shard) ("
              + shard.stores.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
                separator: "; ") + ")"
          }.joined(separator: ", "))
    }
    if !storesWithoutShard.isEmpty {
      parts.append("shard unknown: " + storesWithoutShard.joined(separator: ", "))
    }
    return parts.isEmpty ? "complete" : parts.joined(separator: "; ")
  }
}

/// What makes two result lines the same image: the entry path inside its input, the page and the
/// image bytes. The input's own path is left out on purpose: it differs between machines that
/// mount the same archive at different places.
struct EntryKey: Hashable, Sendable {
  var entry: String
  var page: Int?
  var sha256: String

  /// By entry (UTF-8 bytes, the same on every platform), then page (none first), then digest.
  static func precedes(_ a: EntryKey, _ b: EntryKey) -> Bool {
    if a.entry != b.entry { return a.entry.utf8.lexicographicallyPrecedes(b.entry.utf8) }
    if a.page != b.page { return (a.page ?? 0) < (b.page ?? 0) }
    return a.sha256 < b.sha256
  }
}

/// Where a result line is, and enough to compare it with its duplicates without keeping its text.
struct Candidate: Sendable {
  var store: Int
  var line: Int
  var offset: Int
  var length: Int
  var time: String
  /// A digest of the text and failure kind: equal outcomes, equal digests.
  var outcome: Int

  /// The later of two copies: by `time`, then by argument order and line.
  func isLater(than other: Candidate) -> Bool {
    (time, store, line) > (other.time, other.store, other.line)
  }
}
