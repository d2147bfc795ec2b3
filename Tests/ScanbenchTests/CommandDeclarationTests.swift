import Foundation
import ScanbenchCommandLine
import ScanbenchEngines
import ScanbenchTestKit
import Synchronization
import XCTest

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import scanbench

/// The commands as declared, in process: every command's option names are unique, and `run`
/// resolves its engine once, in `validate()`, and records that engine's profile.
final class CommandDeclarationTests: XCTestCase {
  func testEveryCommandDeclaresEachOptionNameOnce() {
    let commands = CommandInfo(Scanbench.self).allCommands
    XCTAssertGreaterThan(commands.count, 15)
    for command in commands {
      XCTAssertEqual(UniqueNames.duplicates(in: command), [], command.commandName)
    }
  }

  /// Every resolution seen while `body` runs.
  func resolutions(_ body: () throws -> Void) rethrows -> [EngineCatalog.Resolved] {
    let seen = Mutex<[EngineCatalog.Resolved]>([])
    try EngineCatalog.$resolutionObserver.withValue({ resolved in seen.withLock { $0.append(resolved) } }) {
      try body()
    }
    return seen.withLock { $0 }
  }

  func testLevelReachesTheEngineThroughOneResolution() throws {
    try Harness.requirePPOCRModels()
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try Harness.englishLines(1, in: folder)
    let store = folder.appendingPathComponent("results.jsonl")
    let command = try CommandRunner.parse(
      RunCommand.self, [lines.path, "--level", "fast", "--jobs", "1", "--out", store.path])

    var plan: RunCommand.Plan?
    let whileValidating = try resolutions { plan = try command.validate() }
    XCTAssertEqual(whileValidating.count, 1)
    XCTAssertEqual(whileValidating.first?.options.level, .fast)
    let validated = try XCTUnwrap(plan)
    XCTAssertEqual(validated.engine.profile, "fast")

    // The run installs its signal handlers in this process: the defaults come back after it.
    defer {
      signal(SIGINT, SIG_DFL)
      signal(SIGTERM, SIG_DFL)
    }
    var exitCode: Int32 = -1
    let whileRunning = try resolutions { exitCode = try command.run(validated) }
    XCTAssertEqual(exitCode, 0)
    XCTAssertEqual(whileRunning.count, 0, "run() uses the plan's engine, never resolves again")
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.map(\.profile), ["fast"])
    XCTAssertEqual(summaries.map(\.profile), ["fast"])
  }
}
