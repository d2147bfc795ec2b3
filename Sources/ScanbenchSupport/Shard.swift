import Foundation

/// One part of N of an input, decided from each entry's path alone, so every shard knows its work
/// without reading the others': an entry belongs to exactly one shard for any N.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 0-based, as Kubernetes' `JOB_COMPLETION_INDEX`.
  public var index: Int
  public var count: Int

  public init(index: Int, count: Int) throws {
    guard count >= 1, (0..<count).contains(index) else {
      throw ShardError(message: "shard \(index)/\(count) does not exist: the index must be in 0..<\(count)")
    }
    self.index = index
    self.count = count
  }

  /// Parses `K/N`.
  public init(parsing text: String) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw ShardError(message: "a shard is K/N with 0 ≤ K < N, e.g. 3/16; not '\(text)'")
    }
    try self.init(index: index, count: count)
  }

  public var description: String { "\(index)/\(count)" }

  /// Whether the image at `path` (an entry path inside its input) is this shard's.
  public func contains(_ path: String) -> Bool {
    count == 1 || Int(Self.stableHash(path) % UInt64(count)) == index
  }

  /// FNV-1a over the path's UTF-8: the same on every machine and in every release (Swift's
  /// `hashValue` is seeded per process and cannot be used).
  public static func stableHash(_ path: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }
}

public struct ShardError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

extension Shard {
  /// Which engine told us the shard.
  public enum Source: String, Sendable {
    case kubernetes = "Kubernetes Indexed Job"
    case slurm = "Slurm job array"
  }

  /// The shard an existing engine assigned to this process, if any: Kubernetes Indexed Jobs set
  /// `JOB_COMPLETION_INDEX` (the count comes from `shards`, i.e. `--shards`, the job's completions);
  /// Slurm arrays set `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT` and `SLURM_ARRAY_TASK_MIN`
  /// (or, with `shards`, the task id is the shard number itself).
  public static func fromEnvironment(_ environment: [String: String], shards: Int?) throws -> (Shard, Source)?
  {
    if let text = environment["JOB_COMPLETION_INDEX"] {
      guard let index = Int(text) else {
        throw ShardError(message: "JOB_COMPLETION_INDEX is '\(text)', not a number")
      }
      guard let count = shards else {
        throw ShardError(
          message:
            "JOB_COMPLETION_INDEX is set but the shard count is not: pass --shards N (the Job's completions)")
      }
      return (try Shard(index: index, count: count), .kubernetes)
    }
    if let text = environment["SLURM_ARRAY_TASK_ID"] {
      guard let id = Int(text) else {
        throw ShardError(message: "SLURM_ARRAY_TASK_ID is '\(text)', not a number")
      }
      // With --shards the array ids are the shard numbers, so `sbatch --array=3,7` re-runs shards 3
      // and 7 of N; without it the array is taken as contiguous and numbered from its minimum.
      if let shards { return (try Shard(index: id, count: shards), .slurm) }
      let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
      guard let count = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) else {
        throw ShardError(
          message: "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not: pass --shards N")
      }
      return (try Shard(index: id - minimum, count: count), .slurm)
    }
    return nil
  }

  /// What `{shard}` in a store's path becomes, for schedulers whose tasks share one command line.
  public static let placeholder = "{shard}"

  /// Each shard writes its own store: `results.jsonl` → `results.shard-0003-of-0016.jsonl`, i.e.
  /// `results.{shard}.jsonl`; a path that holds `{shard}` (`out/results-{shard}.jsonl`,
  /// `out/{shard}/results.jsonl`) has every `{shard}` replaced by `shard-0003-of-0016` instead.
  public func storeURL(for base: URL) -> URL {
    let name = String(format: "shard-%04d-of-%04d", index, count)
    if base.path.contains(Self.placeholder) {
      return URL(fileURLWithPath: base.path.replacingOccurrences(of: Self.placeholder, with: name))
    }
    let ext = base.pathExtension
    let stem = base.deletingPathExtension().lastPathComponent
    return base.deletingLastPathComponent()
      .appendingPathComponent(stem + "." + name + (ext.isEmpty ? "" : "." + ext))
  }
}
