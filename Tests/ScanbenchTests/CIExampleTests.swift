import Foundation
import FoundationXML
import ScanbenchTestKit
import XCTest

/// The CI examples in `examples/ci/` run as their CI would run them (their commands taken from the
/// YAML by `Tests/Tools/ci_script.py`), on the project's English lines and its committed baseline: so
/// they cannot rot. `make` and `swift` are stand-ins (set-up is done, the binary is built: the one
/// under test is put where the build would put it) and so is `curl` (it records the merge-request
/// note it would post); every scanbench command runs for real. Each example recognizes the corpus
/// once; its other case runs the rest of the job again from the step where it differs.
final class CIExampleTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A checkout with what the jobs read, and stand-ins for the tools they call.
  func checkout() throws -> (root: URL, tools: URL) {
    let root = folder.appendingPathComponent("checkout-\(UUID().uuidString)")
    for name in ["Corpora", "Reports"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: Harness.packageRoot.appendingPathComponent("Corpora/eng-lines.tar.gz"),
      to: root.appendingPathComponent("Corpora/eng-lines.tar.gz"))
    try FileManager.default.copyItem(
      at: Harness.packageRoot.appendingPathComponent("Reports/baseline-eng-lines.json"),
      to: root.appendingPathComponent("Reports/baseline-eng-lines.json"))
    let tools = folder.appendingPathComponent("tools")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    let scripts = [
      "make": "echo \"make $*\" >> \"$CI_LOG\"",
      "swift": """
      echo "swift $*" >> "$CI_LOG"
      case " $* " in *" build "*) mkdir -p .build/release && ln -sf "$SCANBENCH_UNDER_TEST" .build/release/scanbench ;; esac
      """,
      "curl": """
      echo "curl $*" >> "$CI_LOG"
      for argument in "$@"; do case "$argument" in @*) cat "${argument#@}" >> "$CI_LOG" ;; esac; done
      """,
    ]
    for (name, body) in scripts {
      let url = tools.appendingPathComponent(name)
      try Data("#!/usr/bin/env bash\n\(body)\n".utf8).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
    return (root, tools)
  }

  struct JobResult {
    var exitCode: Int32
    var stderr: String
    var log: String
    var root: URL
  }

  /// The job in a new checkout; with `again`, the job's steps from `step` on in that job's checkout.
  func runJob(
    _ kind: String, _ file: String, environment: [String: String] = [:],
    again: (job: JobResult, step: String)? = nil
  ) throws -> JobResult {
    let (root, tools) = try again.map { ($0.job.root, folder.appendingPathComponent("tools")) } ?? checkout()
    let extractor = Harness.packageRoot.appendingPathComponent("Tests/Tools/ci_script.py").path
    let example = Harness.packageRoot.appendingPathComponent("examples/ci/\(file)").path
    let script = root.appendingPathComponent("job.sh")
    let step = again.map { " '\($0.step)'" } ?? ""
    try TestKit.shell("python3 '\(extractor)' \(kind) '\(example)' script\(step) > '\(script.path)'")
    let log = folder.appendingPathComponent("\(kind)-\(UUID().uuidString).log")
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let result = try Harness.execute(
      URL(fileURLWithPath: "/bin/bash"), [script.path],
      environment: [
        "PATH": "\(tools.path):\(path)", "CI_LOG": log.path, "SCANBENCH_UNDER_TEST": Harness.binary.path,
      ].merging(environment) { $1 }, in: root)
    return JobResult(
      exitCode: result.exitCode, stderr: result.stderr,
      log: (try? String(contentsOf: log, encoding: .utf8)) ?? "", root: root)
  }

  /// The files the example publishes as its test report.
  func reports(_ kind: String, _ file: String) throws -> [String] {
    let output = folder.appendingPathComponent("reports-\(kind).txt")
    try TestKit.shell(
      "python3 '\(Harness.packageRoot.path)/Tests/Tools/ci_script.py' \(kind) "
        + "'\(Harness.packageRoot.path)/examples/ci/\(file)' reports > '\(output.path)'")
    return try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  func assertJUnit(_ url: URL, failures: Int, file: StaticString = #filePath, line: UInt = #line) throws {
    let document = try XMLDocument(contentsOf: url, options: [.nodeLoadExternalEntitiesNever])
    let suites = try document.nodes(forXPath: "//testsuite")
    XCTAssertFalse(suites.isEmpty, "no test suite in \(url.lastPathComponent)", file: file, line: line)
    let cases = try document.nodes(forXPath: "//testcase")
    XCTAssertGreaterThanOrEqual(cases.count, 60, "a test case per image", file: file, line: line)
    let failed = try document.nodes(forXPath: "//testcase[failure]").count
    XCTAssertEqual(failed > 0, failures > 0, "failures in \(url.lastPathComponent)", file: file, line: line)
  }

  func testGitHubActionsWorkflowGatesPublishesTheVerdictAndFailsOnARegression() throws {
    let summary = folder.appendingPathComponent("step-summary.md")
    let job = try runJob("github", "github-actions.yml", environment: ["GITHUB_STEP_SUMMARY": summary.path])
    XCTAssertEqual(job.exitCode, 0, job.stderr)
    XCTAssertTrue(job.log.contains("make setup"), job.log)
    XCTAssertTrue(job.log.contains("swift build -c release --product scanbench"), job.log)
    let verdict = try String(contentsOf: job.root.appendingPathComponent("verdict.md"), encoding: .utf8)
    XCTAssertTrue(verdict.contains("pass"), verdict)
    XCTAssertEqual(
      try String(contentsOf: summary, encoding: .utf8), verdict, "the verdict is the job summary")
    let junit = try reports("github", "github-actions.yml")
    XCTAssertEqual(junit, ["junit.xml"])
    for name in junit { try assertJUnit(job.root.appendingPathComponent(name), failures: 0) }
    let records = try Harness.records(in: job.root.appendingPathComponent("results.jsonl"))
    XCTAssertEqual(records.results.count, 60)

    // A baseline that read every line perfectly: the real run is worse, beyond noise. The check
    // fails the job, and the summary is still published.
    let url = Harness.packageRoot.appendingPathComponent("Reports/baseline-eng-lines.json")
    var baseline = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    baseline["edits"] = 0
    baseline["cer_micro"] = 0.0
    baseline["entries"] = (baseline["entries"] as? [[String: Any]] ?? []).map { entry in
      entry.merging(["edits": 0]) { $1 }
    }
    try JSONSerialization.data(withJSONObject: baseline, options: [.sortedKeys]).write(
      to: job.root.appendingPathComponent("Reports/baseline-eng-lines.json"))
    let failing = folder.appendingPathComponent("step-summary-failing.md")
    let regressed = try runJob(
      "github", "github-actions.yml", environment: ["GITHUB_STEP_SUMMARY": failing.path],
      again: (job, "Check against the baseline"))
    XCTAssertEqual(regressed.exitCode, 1, "the gate fails the job: \(regressed.stderr)")
    XCTAssertFalse(regressed.stderr.contains("ci-step: Recognize"), "the corpus was recognized once")
    let failed = try String(contentsOf: failing, encoding: .utf8)
    XCTAssertTrue(failed.lowercased().contains("regress"), failed)
    try assertJUnit(job.root.appendingPathComponent("junit.xml"), failures: 1)
  }

  func testGitLabJobGatesPublishesTheReportAndNotesTheMergeRequest() throws {
    let job = try runJob(
      "gitlab", "gitlab-ci.yml",
      environment: [
        "CI_MERGE_REQUEST_IID": "7", "SCANBENCH_NOTE_TOKEN": "test-token", "CI_PROJECT_ID": "42",
        "CI_API_V4_URL": "https://gitlab.invalid/api/v4",
      ])
    XCTAssertEqual(job.exitCode, 0, job.stderr)
    XCTAssertTrue(job.log.contains("make setup"), job.log)
    let junit = try reports("gitlab", "gitlab-ci.yml")
    XCTAssertEqual(junit, ["junit.xml"])
    for name in junit { try assertJUnit(job.root.appendingPathComponent(name), failures: 0) }
    // The note: posted to the merge request, its body the Markdown verdict.
    XCTAssertTrue(
      job.log.contains("https://gitlab.invalid/api/v4/projects/42/merge_requests/7/notes"), job.log)
    XCTAssertTrue(job.log.contains("PRIVATE-TOKEN: test-token"), job.log)
    let verdict = try String(contentsOf: job.root.appendingPathComponent("verdict.md"), encoding: .utf8)
    let body = try XCTUnwrap(job.log.split(separator: "\n").first { $0.hasPrefix("{\"body\"") })
    let note = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
    XCTAssertEqual(note["body"], verdict)
    // Outside a merge request there is no note to post.
    let branch = try runJob("gitlab", "gitlab-ci.yml", again: (job, "after_script"))
    XCTAssertEqual(branch.exitCode, 0, branch.stderr)
    XCTAssertFalse(branch.log.contains("curl"), branch.log)
  }
}
