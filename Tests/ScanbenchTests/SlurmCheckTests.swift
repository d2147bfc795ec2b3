import Foundation
import XCTest

/// `make slurm-check` on a real one-node Slurm cluster (deploy/slurm/check.sh) with the binary these
/// tests built: deploy/slurm/submit.sh's array of 3 shards and its merge, then a task killed and
/// requeued. Skipped where Slurm is not installed or the tests do not run as root.
final class SlurmCheckTests: XCTestCase {
  static let commands = [
    "munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "sacct", "scontrol", "scancel",
  ]

  /// The folders of PATH, and the sbin folders a non-login shell's PATH may lack.
  static func find(_ command: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
    return folders.map { $0 + "/" + command }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  func testTheSlurmArrayAndItsMergeOnARealCluster() throws {
    let missing = Self.commands.filter { Self.find($0) == nil }
    guard missing.isEmpty else {
      throw XCTSkip(
        "Slurm is not installed (\(missing.joined(separator: ", ")) missing): "
          + "'make setup' installs slurm-wlm and munge; 'make slurm-check' runs this check")
    }
    guard getuid() == 0 else {
      throw XCTSkip("deploy/slurm/check.sh starts slurmd, which needs root: run the tests as root")
    }
    let script = Harness.packageRoot.appendingPathComponent("deploy/slurm/check.sh")
    let started = Date()
    let result = try Harness.execute(
      URL(fileURLWithPath: "/bin/bash"), [script.path], environment: ["SCANBENCH": Harness.binary.path])
    // The log belongs in the test's output: sbatch, the job ids, the states and the merge proof.
    print(result.stdout, result.stderr, separator: "\n")
    XCTAssertEqual(result.exitCode, 0, "deploy/slurm/check.sh failed; its log is above")
    for line in [
      "shards: job ", "sacct --completion", "merge proof: every image exactly once",
      "Restarts=1", "resume proof:", "slurm-check: passed", "stopped slurmd ",
    ] {
      XCTAssertTrue(result.stdout.contains(line), "the log lacks '\(line)'")
    }
    // CI runs this inside `make test`: it must stay well under the 5 minutes the issue allows.
    XCTAssertLessThan(Date().timeIntervalSince(started), 240)
  }
}
