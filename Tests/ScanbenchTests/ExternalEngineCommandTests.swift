import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore
@testable import ScanbenchSupport

/// `scanbench run --engine command:…` end to end, with the fake engine program of the external
/// engine's tests (it misbehaves as each image's name asks).
final class ExternalEngineCommandTests: XCTestCase {
  static let fake = Harness.packageRoot.appendingPathComponent(
    "Tests/ScanbenchExternalTests/Fixtures/fake_engine.py")
  static let lines = Harness.packageRoot.appendingPathComponent("Corpora/eng-lines.tar.gz")

  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// `count` lines of the project's English corpus with their ground truth, in a folder.
  func corpus(_ count: Int, named name: String = "lines") throws -> URL {
    let corpus = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let members = (1...count).map { "'eng-line-\(String(format: "%03d", $0)).*'" }.joined(separator: " ")
    try TestKit.shell("tar -xzf '\(Self.lines.path)' -C '\(corpus.path)' --wildcards \(members)")
    return corpus
  }

  func fakeCommand(_ arguments: String = "") -> String {
    "command:python3 '\(Self.fake.path)' \(arguments)"
  }

  func testRunRecordsTheProgramsIdentityAndItsFailuresAndGoesOn() throws {
    let lines = try corpus(1)
    let images = folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    let line = try Data(contentsOf: lines.appendingPathComponent("eng-line-001.png"))
    let names = ["a-ok", "b-error", "c-crash", "d-next", "e-hang", "f-garbage", "g-stderr", "h-last"]
    for name in names { try line.write(to: images.appendingPathComponent(name + ".png")) }
    let store = folder.appendingPathComponent("results.jsonl")
    let command = fakeCommand("--name fakeocr --version 2.5")
    let result = try Harness.run([
      "run", images.path, "--engine", command, "--engine-timeout", "2", "--jobs", "1", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let (records, summaries) = try Harness.records(in: store)
    let byName = Dictionary(uniqueKeysWithValues: records.map { ($0.entry, $0) })
    XCTAssertEqual(records.count, names.count)
    let size = try XCTUnwrap(
      byName["a-ok.png"].flatMap { record in record.width.map { "\($0)x\(record.height ?? 0)" } })
    XCTAssertEqual(byName["a-ok.png"]?.text, "a-ok.png \(size) eng png=ok")
    XCTAssertEqual(byName["a-ok.png"]?.confidence, 87.5)
    XCTAssertEqual(byName["b-error.png"]?.error?.kind, "recognition")
    XCTAssertEqual(byName["b-error.png"]?.error?.message, "command:fakeocr: cannot read b-error.png")
    XCTAssertEqual(byName["c-crash.png"]?.error?.kind, "engine-exited")
    XCTAssertEqual(byName["d-next.png"]?.text, "d-next.png \(size) eng png=ok", "restarted after the crash")
    XCTAssertEqual(byName["e-hang.png"]?.error?.kind, "engine-timeout")
    XCTAssertEqual(byName["f-garbage.png"]?.error?.kind, "engine-protocol")
    XCTAssertNil(byName["g-stderr.png"]?.error)
    XCTAssertNil(byName["h-last.png"]?.error)
    XCTAssertTrue(
      result.stderr.contains("warning: worker 1: command:fakeocr: note about g-stderr.png"), result.stderr)
    XCTAssertTrue(result.stderr.contains("warning: worker 1: command:fakeocr restarted"), result.stderr)

    // The program's first line is the identity of every record and of the summary.
    let expected = EngineIdentity(
      name: "command:fakeocr", version: "2.5", models: ["fake.model": String(repeating: "ab", count: 32)],
      settings: [
        "command sha256": SHA256.hex(Data(command.dropFirst("command:".count).utf8)), "protocol": "1",
        "orientation": "off",
      ])
    for record in records {
      XCTAssertEqual(record.engine, expected)
      XCTAssertEqual(record.profile, "external")
    }
    XCTAssertEqual(summaries.last?.engine, expected)
    XCTAssertEqual(summaries.last?.failed, 4)
    XCTAssertTrue(result.stdout.contains("external (eng, command:fakeocr 2.5, 1 jobs)"), result.stdout)
  }

  /// The processes whose command line is `sleep SECONDS`, wherever they are now (init's or anyone's).
  static func sleepers(_ seconds: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { process in
      FileManager.default.contents(atPath: "/proc/\(process)/cmdline") == Data("sleep\0\(seconds)\0".utf8)
    }
  }

  /// Issue 31, item 14: descendants that leave the program's process group (`setsid`) are ended with
  /// the program, and one that keeps the program's stdout open does not make scanbench wait for
  /// `--engine-timeout` once the program has exited.
  func testDescendantsThatLeaveTheGroupEndWithTheProgramAndDoNotHoldItsStdout() throws {
    let lines = try corpus(1)
    let images = folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    let line = try Data(contentsOf: lines.appendingPathComponent("eng-line-001.png"))
    let names = ["a-orphan", "b-orphan", "c-holdout", "d-next"]
    for name in names { try line.write(to: images.appendingPathComponent(name + ".png")) }
    // A duration no other process sleeps, to find the children by their command line.
    let seconds = "300.\(UInt32.random(in: 100_000...999_999))"
    defer { for process in Self.sleepers(seconds) { kill(process, SIGKILL) } }
    let store = folder.appendingPathComponent("results.jsonl")
    let result = try Harness.run([
      "run", images.path, "--engine", fakeCommand("--sleep \(seconds)"), "--engine-timeout", "120", "--jobs",
      "1", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let byName = Dictionary(
      uniqueKeysWithValues: try Harness.records(in: store).results.map { ($0.entry, $0) })
    XCTAssertNil(byName["a-orphan.png"]?.error)
    XCTAssertEqual(
      byName["c-holdout.png"]?.error?.kind, "engine-exited",
      "the program's exit is seen, though a child still holds its stdout")
    XCTAssertNil(byName["d-next.png"]?.error)
    XCTAssertEqual(Self.sleepers(seconds), [], "no descendant outlives scanbench")
  }

  func testWorkersEachStartTheProgramOnceAndNameThemselvesInWarnings() throws {
    let lines = try corpus(6)
    let store = folder.appendingPathComponent("results.jsonl")
    let starts = folder.appendingPathComponent("starts")
    let result = try Harness.run([
      "run", lines.path, "--engine", fakeCommand("--starts '\(starts.path)'"), "--jobs", "2", "--out",
      store.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertEqual(try Harness.records(in: store).results.count, 6)
    let started = try String(contentsOf: starts, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(started.count, 2, "one program per worker, none more for the identity")
  }

  /// The adapter docs/engines.md, "External engines" shows, run as it is.
  func testTheReadmesAdapterRuns() throws {
    let readme = try String(
      contentsOf: Harness.packageRoot.appendingPathComponent("docs/engines.md"), encoding: .utf8)
    let section = try XCTUnwrap(readme.range(of: "## External engines"))
    let start = try XCTUnwrap(readme.range(of: "```python\n", range: section.upperBound..<readme.endIndex))
    let end = try XCTUnwrap(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
    let adapter = folder.appendingPathComponent("myocr.py")
    try String(readme[start.upperBound..<end.lowerBound]).write(
      to: adapter, atomically: true, encoding: .utf8)
    let lines = try corpus(2)
    let store = folder.appendingPathComponent("readme.jsonl")
    let result = try Harness.run([
      "run", lines.path, "--engine", "command:python3 '\(adapter.path)'", "--boxes", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try Harness.records(in: store).results
    XCTAssertEqual(records.map(\.text), ["hello", "hello"])
    XCTAssertEqual(records.first?.engine.label, "command:myocr 1.0")
    XCTAssertEqual(records.first?.lines?.first?.width, records.first?.width)
  }

  func testBuiltInEnginesOptionsAreUsageErrorsWithAnExternalOne() throws {
    let lines = try corpus(1)
    for (options, message) in [
      (["--level", "fast"], "--level belongs to the built-in engines"),
      (["--psm", "7"], "--psm belongs to the built-in engines"),
      (["--tesseract-set", "a=b"], "--tesseract-set belongs to the built-in engines"),
    ] {
      let result = try Harness.run(["run", lines.path, "--engine", fakeCommand()] + options)
      XCTAssertEqual(result.exitCode, 64, result.stderr)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
    }
    let timeout = try Harness.run(["run", lines.path, "--engine-timeout", "5"])
    XCTAssertEqual(timeout.exitCode, 64)
    XCTAssertTrue(timeout.stderr.contains("--engine-timeout is for external engines"), timeout.stderr)
    let empty = try Harness.run(["run", lines.path, "--engine", "command: "])
    XCTAssertEqual(empty.exitCode, 64)
    XCTAssertTrue(empty.stderr.contains("--engine command: needs 'PROGRAM ARGS…'"), empty.stderr)
    let unknown = try Harness.run(["run", lines.path, "--engine", "nope"])
    XCTAssertEqual(unknown.exitCode, 64)
    XCTAssertTrue(
      unknown.stderr.contains(
        "'nope' is not a valid value for --engine (values: tesseract, ppocr, command:'PROGRAM ARGS…')"),
      unknown.stderr)
    let silent = try Harness.run([
      "run", lines.path, "--engine", fakeCommand("--handshake none"), "--out",
      folder.appendingPathComponent("s").path,
    ])
    XCTAssertEqual(silent.exitCode, 2)
    XCTAssertTrue(silent.stderr.contains("before its first line"), silent.stderr)
  }

  /// A store made by one engine and resumed with the other is done again: results are resumed only
  /// when the engine, its models and its settings are the same.
  func testResumeAcrossEngines() throws {
    let lines = try corpus(3)
    let tesseract = ["--level", "fast", "--psm", "7", "--dpi", "300"]
    let external = ["--engine", fakeCommand()]
    for (first, second) in [(tesseract, external), (external, tesseract)] {
      let store = folder.appendingPathComponent("store-\(UUID().uuidString).jsonl")
      for options in [first, second, first] {
        let result = try Harness.run(
          ["run", lines.path, "--resume", "--json", "--out", store.path] + options)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
      }
      let (records, summaries) = try Harness.records(in: store)
      XCTAssertEqual(records.count, 6, "each engine read each image once")
      XCTAssertEqual(Set(records.map(\.engine.name)).count, 2)
      XCTAssertEqual(summaries.map(\.skipped), [0, 0, 3], "the second engine redid, the first resumed")
    }
  }

  /// An external engine's run and a built-in one's compare image by image in `check` and
  /// `report --compare`, which name both engines.
  /// Issue 32: receipts' ground truth is in capitals, and CER without --case-fold counted mostly case.
  func testRunSaysSoWhenMostErrorsAreCaseDifferencesAndQuietKeepsOnlyWarnings() throws {
    let lines = try corpus(3)
    var answers: [String: String] = [:]
    for number in 1...3 {
      let name = "eng-line-00\(number)"
      answers[name + ".png"] = try String(
        contentsOf: lines.appendingPathComponent(name + ".gt.txt"), encoding: .utf8
      ).uppercased()
    }
    let answersFile = folder.appendingPathComponent("answers.json")
    try JSONEncoder().encode(answers).write(to: answersFile)
    let command = fakeCommand("--answers '\(answersFile.path)'")
    let store = folder.appendingPathComponent("upper.jsonl")
    let run = try Harness.run(["run", lines.path, "--engine", command, "--out", store.path])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    XCTAssertTrue(
      run.stderr.contains("warning: 100% of the edits are differences of case alone ("), run.stderr)
    XCTAssertTrue(run.stderr.contains("--case-fold scores without case"), run.stderr)

    let folded = try Harness.run([
      "run", lines.path, "--engine", command, "--case-fold", "--out",
      folder.appendingPathComponent("f.jsonl").path,
    ])
    XCTAssertEqual(folded.exitCode, 0, folded.stderr)
    XCTAssertFalse(folded.stderr.contains("differences of case"), folded.stderr)

    // --quiet, anywhere before a '--': the warning stays, the progress and notes go.
    let quiet = try Harness.run([
      "run", lines.path, "--quiet", "--engine", command, "--out",
      folder.appendingPathComponent("q.jsonl").path,
    ])
    XCTAssertEqual(quiet.exitCode, 0, quiet.stderr)
    XCTAssertTrue(quiet.stderr.hasPrefix("warning: 100% of the edits are differences of case"), quiet.stderr)
    XCTAssertEqual(quiet.stderr.split(separator: "\n").count, 1, quiet.stderr)
    XCTAssertTrue(quiet.stdout.contains("CER"), quiet.stdout)

    let version = try Harness.run(["version"])
    XCTAssertEqual(version.exitCode, 0)
    XCTAssertEqual(version.stdout, try Harness.run(["--version"]).stdout)
    XCTAssertTrue(version.stdout.hasPrefix("scanbench 0."), version.stdout)
  }

  func testCheckAndReportCompareAnExternalEngineWithTesseract() throws {
    let lines = try corpus(3)
    let tesseractStore = folder.appendingPathComponent("tesseract.jsonl")
    XCTAssertEqual(
      try Harness.run([
        "run", lines.path, "--engine", "tesseract", "--level", "fast", "--psm", "7", "--out",
        tesseractStore.path,
      ])
      .exitCode, 0)
    let baseline = folder.appendingPathComponent("baseline.json")
    XCTAssertEqual(try Harness.run(["baseline", tesseractStore.path, "--out", baseline.path]).exitCode, 0)

    // The fake reads two lines perfectly and the third not at all.
    var answers: [String: String] = [:]
    for number in 1...3 {
      let name = "eng-line-00\(number)"
      answers[name + ".png"] =
        number == 3
        ? "" : try String(contentsOf: lines.appendingPathComponent(name + ".gt.txt"), encoding: .utf8)
    }
    let answersFile = folder.appendingPathComponent("answers.json")
    try JSONEncoder().encode(answers).write(to: answersFile)
    let externalStore = folder.appendingPathComponent("external.jsonl")
    let run = try Harness.run([
      "run", lines.path, "--engine", fakeCommand("--answers '\(answersFile.path)'"), "--out",
      externalStore.path,
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)

    let check = try Harness.run([
      "check", externalStore.path, "--baseline", baseline.path, "--max-regressed-images", "0",
    ])
    XCTAssertEqual(check.exitCode, 1, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("profile fast → external, engine tesseract "), check.stdout)
    XCTAssertTrue(check.stdout.contains(" → command:fake 1.0, command sha256 "), check.stdout)
    // The line it read nothing from is lost, which fails the check even without --max-regressed-images.
    XCTAssertTrue(
      check.stdout.contains(
        ": regression, 1 image got worse, more than the allowed 0 and 1 image was lost (read before, now "
          + "nothing or CER up more than 50 points)"), check.stdout)
    XCTAssertTrue(check.stdout.contains("compared 3 images"), check.stdout)
    XCTAssertTrue(check.stdout.contains("eng-line-003.png"), check.stdout)

    let html = folder.appendingPathComponent("report.html")
    let report = try Harness.run([
      "report", externalStore.path, "--compare", tesseractStore.path, "--html", html.path, "--no-thumbnails",
    ])
    XCTAssertEqual(report.exitCode, 0, report.stderr)
    XCTAssertTrue(report.stdout.contains("(fast, tesseract "), report.stdout)
    XCTAssertTrue(report.stdout.contains(" against command:fake 1.0)"), report.stdout)
    let page = try String(contentsOf: html, encoding: .utf8)
    XCTAssertTrue(page.contains("Comparison with tesseract</h2>"), "the comparison names the built-in engine")
    XCTAssertTrue(
      page.contains("3 images scored in both runs"), "images matched by input, entry, bytes and page")
    XCTAssertTrue(page.contains("worse in command:fake"), "and names the external one")
  }
}
