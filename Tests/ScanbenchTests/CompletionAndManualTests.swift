import Foundation
import ScanbenchTestKit
import XCTest

/// `scanbench completions bash|zsh|fish` and `scanbench manual`, made from the option
/// declarations, as the shells and man read them: each script parses, and bash and fish, asked to
/// complete, offer the commands, options and values the parser takes; the page renders without a
/// warning.
final class CompletionAndManualTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func script(_ shell: String) throws -> URL {
    let result = try Harness.run(["completions", shell])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let file = folder.appendingPathComponent("scanbench.\(shell)")
    try result.stdout.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// What bash's completion function offers for the words typed so far (the last one being
  /// completed), run in `folder`.
  func bashCompletes(_ words: [String], script: URL) throws -> [String] {
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
      separator: " ")
    let result = try Harness.execute(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c",
        "source '\(script.path)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _scanbench "
          + "&& printf '%s\\n' \"${COMPREPLY[@]}\"",
      ], in: folder)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  func testTheBashScriptParsesAndCompletesCommandsOptionsAndValues() throws {
    let script = try script("bash")
    let syntax = try Harness.execute(URL(fileURLWithPath: "/bin/bash"), ["-n", script.path])
    XCTAssertEqual(syntax.exitCode, 0, syntax.stderr)
    try Data().write(to: folder.appendingPathComponent("corpus.tar"))
    XCTAssertEqual(try bashCompletes(["scanbench", "r"], script: script), ["run", "report"])
    XCTAssertEqual(try bashCompletes(["scanbench", "run", "--le"], script: script), ["--level"])
    XCTAssertEqual(
      try bashCompletes(["scanbench", "run", "--level", ""], script: script), ["accurate", "fast"])
    XCTAssertEqual(try bashCompletes(["scanbench", "run", "--engine-se"], script: script), ["--engine-set"])
    XCTAssertEqual(try bashCompletes(["scanbench", "run", "co"], script: script), ["corpus.tar"])
    XCTAssertEqual(try bashCompletes(["scanbench", "notes", "l"], script: script), ["list"])
    XCTAssertEqual(try bashCompletes(["scanbench", "notes", "list", "--li"], script: script), ["--limit"])
    XCTAssertEqual(
      try bashCompletes(["scanbench", "completions", ""], script: script), ["bash", "zsh", "fish"])
    XCTAssertEqual(
      try bashCompletes(["scanbench", "notes", "show", "--db", "co"], script: script), ["corpus.tar"])
    XCTAssertEqual(try bashCompletes(["scanbench", "check", "s.jsonl", "--list", ""], script: script), [])
  }

  func testTheZshScriptParsesAndRegistersItself() throws {
    let script = try script("zsh")
    let zsh = try XCTUnwrap(Self.which("zsh"), "zsh is installed by make setup (TEST_PACKAGES)")
    let syntax = try Harness.execute(zsh, ["-n", script.path])
    XCTAssertEqual(syntax.exitCode, 0, syntax.stderr)
    let loaded = try Harness.execute(
      zsh,
      [
        "-f", "-c",
        "autoload -Uz compinit && compinit -u -d '\(folder.path)/zcompdump' && source '\(script.path)' "
          + "&& print -r -- $_comps[scanbench] && whence -w _scanbench_notes_list",
      ], environment: ["HOME": folder.path])
    XCTAssertEqual(loaded.exitCode, 0, loaded.stderr)
    XCTAssertEqual(loaded.stdout, "_scanbench\n_scanbench_notes_list: function\n")
  }

  /// fish completes for real (`complete -C`), so its test asks it what it offers.
  func testTheFishScriptParsesAndCompletesCommandsOptionsAndValues() throws {
    let script = try script("fish")
    let fish = try XCTUnwrap(Self.which("fish"), "fish is installed by make setup (TEST_PACKAGES)")
    let syntax = try Harness.execute(fish, ["--no-execute", script.path])
    XCTAssertEqual(syntax.exitCode, 0, syntax.stderr)
    func completes(_ line: String) throws -> [String] {
      let result = try Harness.execute(
        fish, ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"],
        environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path],
        in: folder)
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    XCTAssertEqual(try completes("scanbench r"), ["report", "run"])
    XCTAssertEqual(try completes("scanbench run --le"), ["--level"])
    XCTAssertEqual(try completes("scanbench run --level "), ["accurate", "fast"])
    XCTAssertEqual(try completes("scanbench notes l"), ["list"])
    XCTAssertEqual(try completes("scanbench notes list --li"), ["--limit"])
    XCTAssertTrue(try completes("scanbench run --").contains("--tesseract-set"), "aliases too")
  }

  /// The page renders with groff's every warning on, and man reads it; it lists every command.
  func testTheManualPageRendersWithoutWarnings() throws {
    let result = try Harness.run(["manual"], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let page = folder.appendingPathComponent("scanbench.1")
    try result.stdout.write(to: page, atomically: true, encoding: .utf8)
    XCTAssertTrue(
      result.stdout.contains(".TH SCANBENCH 1 \"2023\\-11\\-14\""), "the date is SOURCE_DATE_EPOCH's")
    XCTAssertTrue(
      result.stdout.unicodeScalars.allSatisfy(\.isASCII), "what is not ASCII is written as \\[uXXXX]")
    let groff = try Harness.execute(
      try XCTUnwrap(Self.which("groff"), "groff is installed by make setup"),
      ["-man", "-Tutf8", "-ww", "-z", page.path])
    XCTAssertEqual(groff.exitCode, 0)
    XCTAssertEqual(groff.stderr, "", "groff -ww warns of nothing")
    let man = try Harness.execute(
      try XCTUnwrap(Self.which("man"), "man is installed by make setup"), ["--warnings", "-l", page.path],
      environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8"])
    XCTAssertEqual(man.exitCode, 0, man.stderr)
    XCTAssertEqual(man.stderr, "")
    let commands = try Harness.run(["help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst().prefix { !$0.isEmpty }
      .map { String($0.split(separator: " ")[0]) }
    XCTAssertGreaterThan(commands.count, 10)
    for command in commands {
      XCTAssertTrue(man.stdout.contains("scanbench \(command)"), "the manual has scanbench \(command)")
    }
    XCTAssertTrue(man.stdout.contains("--engine-set, --tesseract-set"), String(man.stdout.prefix(2000)))
    XCTAssertTrue(man.stdout.contains("EXIT STATUS"))
  }

  static func which(_ program: String) -> URL? {
    for folder in ["/usr/bin", "/bin", "/usr/local/bin"] {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(program)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }
}
