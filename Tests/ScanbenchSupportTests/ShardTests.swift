import Foundation
import Testing

@testable import ScanbenchSupport

struct ShardTests {
  let paths = (0..<2000).map { "photos/\($0 / 100)/IMG_\($0).jpg" }

  @Test(arguments: [1, 2, 3, 7, 16])
  func everyEntryBelongsToExactlyOneShard(count: Int) throws {
    let shards = try (0..<count).map { try Shard(index: $0, count: count) }
    for path in paths {
      #expect(shards.filter { $0.contains(path) }.count == 1, "\(path)")
    }
    if count > 1 {
      // Roughly even: no shard gets less than half its share.
      for shard in shards {
        #expect(paths.filter(shard.contains).count > paths.count / count / 2)
      }
    }
  }

  @Test func theHashIsStableAcrossProcesses() {
    // FNV-1a 64 test vectors: the split must never change between releases or machines.
    #expect(Shard.stableHash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Shard.stableHash("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func parsingAndBounds() throws {
    #expect(try Shard(parsing: "3/16") == Shard(index: 3, count: 16))
    #expect(throws: ShardError.self) { try Shard(parsing: "16/16") }
    #expect(throws: ShardError.self) { try Shard(parsing: "-1/4") }
    #expect(throws: ShardError.self) { try Shard(parsing: "x") }
  }

  @Test func kubernetesAndSlurmEnvironments() throws {
    let kubernetes = try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"], shards: 8)
    #expect(kubernetes?.0 == (try Shard(index: 5, count: 8)))
    #expect(kubernetes?.1 == .kubernetes)
    #expect(throws: ShardError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"], shards: nil) }
    let slurm = try Shard.fromEnvironment(
      ["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_COUNT": "4"], shards: nil)
    #expect(slurm?.0 == (try Shard(index: 2, count: 4)))
    #expect(slurm?.1 == .slurm)
    // A resubmitted sparse array (`--array=3,7` of 16) names its shards by id.
    let resubmitted = try Shard.fromEnvironment(
      ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_COUNT": "2"], shards: 16)
    #expect(resubmitted?.0 == (try Shard(index: 7, count: 16)))
    #expect(try Shard.fromEnvironment([:], shards: nil) == nil)
  }

  @Test func eachShardNamesItsOwnStore() throws {
    let url = try Shard(index: 3, count: 16).storeURL(for: URL(fileURLWithPath: "/data/results.jsonl"))
    #expect(url.path == "/data/results.shard-0003-of-0016.jsonl")
    let bare = try Shard(index: 0, count: 1).storeURL(for: URL(fileURLWithPath: "/data/results"))
    #expect(bare.path == "/data/results.shard-0000-of-0001")
  }

  @Test(arguments: [
    ("/data/results-{shard}.jsonl", "/data/results-shard-0003-of-0016.jsonl"),
    ("/data/results.{shard}.jsonl", "/data/results.shard-0003-of-0016.jsonl"),
    ("/data/{shard}/results.jsonl", "/data/shard-0003-of-0016/results.jsonl"),
    ("/data/{shard}/{shard}.jsonl", "/data/shard-0003-of-0016/shard-0003-of-0016.jsonl"),
    ("/data/{shard}", "/data/shard-0003-of-0016"),
  ])
  func theShardPlaceholderIsReplacedInsteadOfSuffixing(path: String, expected: String) throws {
    let url = try Shard(index: 3, count: 16).storeURL(for: URL(fileURLWithPath: path))
    #expect(url.path == expected)
    // With the placeholder, the default suffix is not added as well.
    #expect(!url.path.contains(".shard-0003-of-0016.shard-"))
  }

  @Test func thePlaceholderWorksInARelativePathAndGivesEveryShardAnotherStore() throws {
    let base = URL(fileURLWithPath: "out/results-{shard}.jsonl")
    let stores = try (0..<16).map { try Shard(index: $0, count: 16).storeURL(for: base) }
    #expect(Set(stores.map(\.path)).count == 16)
    let folder = FileManager.default.currentDirectoryPath
    #expect(stores[7].path == folder + "/out/results-shard-0007-of-0016.jsonl")
    // The placeholder is the default's middle part: `results.{shard}.jsonl` is the default name.
    let shard = try Shard(index: 7, count: 16)
    let placed = shard.storeURL(for: URL(fileURLWithPath: "/d/results.{shard}.jsonl"))
    #expect(placed.path == shard.storeURL(for: URL(fileURLWithPath: "/d/results.jsonl")).path)
  }
}
