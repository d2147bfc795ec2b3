import Foundation
import ScanbenchTestKit
import XCTest

/// The command line as swift-argument-parser's own tests hold theirs: whole outputs and exit codes.
/// Help texts are golden files in Fixtures/help; `SCANBENCH_RECORD_GOLDEN=1 swift test --filter
/// CommandLineTests` writes them anew after an intended change (then read the diff).
final class CommandLineTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/help")

  /// Every command, found as a user finds them: in the SUBCOMMANDS of `help`, and of theirs. A new
  /// command gets its golden file when recorded, and fails until it has one.
  static func commands(below parent: [String] = []) throws -> [[String]] {
    let help = try Harness.run(["help"] + parent).stdout
    let names = help.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
      .map { String($0.split(separator: " ")[0]) }
    return try names.flatMap { name in [parent + [name]] + (try commands(below: parent + [name])) }
  }

  func testEveryCommandsHelpIsItsGoldenText() throws {
    let record = ProcessInfo.processInfo.environment["SCANBENCH_RECORD_GOLDEN"] != nil
    let commands = try Self.commands()
    XCTAssertGreaterThan(commands.count, 15, "\(commands)")
    for command in commands + [[]] {
      let result = try Harness.run(["help"] + command)
      XCTAssertEqual(result.exitCode, 0, "help \(command)")
      XCTAssertEqual(result.stderr, "")
      let file = Self.golden.appendingPathComponent(
        (command.isEmpty ? ["scanbench"] : command).joined(separator: "-") + ".txt")
      if record {
        try result.stdout.write(to: file, atomically: true, encoding: .utf8)
        continue
      }
      let expected = try String(contentsOf: file, encoding: .utf8)
      XCTAssertEqual(
        result.stdout, expected,
        "help \(command.joined(separator: " ")) differs from \(file.lastPathComponent)")
      // `--help` anywhere says the same as `help COMMAND`.
      if !command.isEmpty {
        XCTAssertEqual(try Harness.run(command + ["--help"]).stdout, expected)
      }
    }
  }

  /// Every usage mistake: the message, the usage line, the pointer to help, exit 64, nothing on stdout.
  func testUsageErrorsAreWholeMessagesWithExit64() throws {
    let cases: [([String], String)] = [
      (["run", "in.tar", "--out", "--json"], "Missing value for '--out <file>'."),
      (["run", "in.tar", "--levle", "fast"], "Unknown option '--levle'. Did you mean '--level'?"),
      (
        ["run", "in.tar", "--level", "quick"],
        "'quick' is not a valid value for --level (values: accurate, fast)."
      ),
      (["run", "in.tar", "--jobs", "0"], "--jobs takes a whole number in 1...1024, not '0'"),
      (["run", "in.tar", "--tesseract-set", "foo"], "--tesseract-set takes name=value, not 'foo'"),
      (
        ["run", "in.tar", "--max-entry-bytes", "lots"],
        "--max-entry-bytes takes a size such as 256M or 2G, not 'lots'"
      ),
      (["run", "in.tar", "--psm", "7", "--psm", "6"], "--psm was given more than once."),
      (["run", "in.tar", "--boxes=yes"], "--boxes takes no value"),
      (["run"], "Missing expected argument '<input>'."),
      (["score", "gt"], "Missing expected argument '<ocr>'."),
      (["baseline", "a.jsonl", "b.jsonl"], "Unexpected argument 'b.jsonl'."),
      (["check", "a.jsonl"], "Missing '--baseline <file>': the baseline to compare with."),
      (
        ["check", "a.jsonl", "--baseline", "b.json", "--max-cer-increase", "x"],
        "--max-cer-increase takes a fraction (0.002) or points (0.2%), not 'x'"
      ),
      (["merge", "a.jsonl"], "Missing '--out <file>': where to write the merged store."),
      (
        ["notes", "list", "--since", "yesterday"],
        "--since takes a date such as 2024-05-01 or 2024-05-01T12:00:00Z, not 'yesterday'"
      ),
    ]
    for (arguments, message) in cases {
      let result = try Harness.run(arguments)
      let command = arguments.first == "notes" ? "notes \(arguments[1])" : arguments[0]
      let usage = try XCTUnwrap(
        try Harness.run(["help"] + command.split(separator: " ").map(String.init)).stdout
          .split(separator: "\n").first { $0.hasPrefix("USAGE: ") }?.dropFirst("USAGE: ".count))
      XCTAssertEqual(result.exitCode, 64, "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.stdout, "", "\(arguments)")
      XCTAssertEqual(
        result.stderr, "Error: \(message)\nUsage: \(usage)\nSee 'scanbench \(command) --help'.\n",
        "\(arguments)")
    }
  }

  /// Options and paths are checked before any work: nothing is written, nothing is read for long.
  func testPathsAreCheckedBeforeAnyWork() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("not-a-store.png")
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: png)
    let cases: [([String], String)] = [
      (["run", folder.appendingPathComponent("missing.tar").path], "missing.tar: no such file or folder"),
      (["run", png.path, "--out", png.path], "not-a-store.png: is not a scanbench store"),
      (["run", png.path, "--out", "/proc/version/x.jsonl"], "cannot be written"),
      (
        ["import", png.path, "--db", folder.appendingPathComponent("n.sqlite").path],
        "is not a scanbench store"
      ),
      (
        ["notes", "list", "--db", folder.appendingPathComponent("typo.sqlite").path], "no such note database"
      ),
      (
        ["notes", "search", "x", "--db", folder.appendingPathComponent("typo.sqlite").path],
        "no such note database"
      ),
      (
        ["check", png.path, "--baseline", folder.appendingPathComponent("none.json").path], "no such baseline"
      ),
      (["run", png.path, "--import-to", png.path], "not a note database"),
    ]
    for (arguments, fragment) in cases {
      let result = try Harness.run(arguments)
      XCTAssertEqual(result.exitCode, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.hasPrefix("Error: ") && result.stderr.contains(fragment),
        "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.stdout, "")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo.sqlite").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("n.sqlite").path))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["not-a-store.png"])
  }

  func testUnknownCommandSuggestsTheClosest() throws {
    let result = try Harness.run(["rnu"])
    XCTAssertEqual(result.exitCode, 64)
    XCTAssertEqual(
      result.stderr, "Error: Unknown command 'rnu'. Did you mean 'run'?\nSee 'scanbench --help'.\n")
  }
}
