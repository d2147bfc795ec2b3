import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import XCTest

@testable import ScanbenchNotes
@testable import ScanbenchServer
@testable import ScanbenchStore

/// `scanbench notes serve` as a user runs it: the built binary on an ephemeral port, stopped by a
/// signal; and in a real browser (headless Chromium through selenium).
final class NotesServeCommandTests: XCTestCase {
  /// A `notes serve` process and the files its output goes to.
  final class Serving {
    let process = Process()
    let output: URL
    let errors: URL
    private(set) var url = ""

    init(_ arguments: [String], folder: URL) throws {
      output = folder.appendingPathComponent("serve.out")
      errors = folder.appendingPathComponent("serve.err")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      process.executableURL = Harness.binary
      process.arguments = ["notes", "serve"] + arguments
      process.environment = ProcessInfo.processInfo.environment.merging(
        ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]) { $1 }
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = try FileHandle(forWritingTo: errors)
      process.standardInput = FileHandle.nullDevice
      try process.run()
      // The first line says where it listens.
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline, process.isRunning {
        if let found = stdout.range(of: #"http://[^ ]+/"#, options: .regularExpression) {
          url = String(stdout[found])
          return
        }
        usleep(50_000)
      }
      throw FixtureError(message: "notes serve did not start: \(stderr)")
    }

    var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
    var port: Int { Int(url.split(separator: ":").last?.dropLast() ?? "") ?? 0 }

    /// Sends `signal` and waits (bounded) for the exit; its status.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
      kill(process.processIdentifier, signal)
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return -1
      }
      return process.terminationStatus
    }
  }

  func testServesUntilSIGINTOrSIGTERMAndStopsCleanly() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try NotesFixture(in: folder)
    for signal in [SIGINT, SIGTERM] {
      let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
      XCTAssertTrue(serving.url.hasPrefix("http://127.0.0.1:"), serving.url)
      XCTAssertTrue(serving.stdout.contains("read-only"))
      XCTAssertEqual(serving.stderr, "", "no warning on loopback")
      let client = LoopbackClient(port: serving.port)
      XCTAssertEqual(try client.get("/api/notes").status, 200)
      client.close()
      XCTAssertEqual(serving.stop(signal), 0, "signal \(signal): \(serving.stderr)")
      XCTAssertTrue(serving.stderr.contains("stopped"), serving.stderr)
    }
  }

  func testANonLoopbackHostIsWarnedAbout() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0", "--host", "0.0.0.0"], folder: folder)
    let stderr = serving.stderr
    XCTAssertEqual(serving.stop(), 0)
    XCTAssertTrue(
      stderr.contains("warning: listening on 0.0.0.0: the notes are visible to every machine"), stderr)
  }

  func testAnUnusableDatabaseIsExit2AndNothingIsCreated() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Missing, not SQLite, another program's, of a newer schema, of a schema no scanbench writes.
    let foreign = folder.appendingPathComponent("contacts.sqlite")
    try TestKit.shell(
      "python3 -c \"import sqlite3; c = sqlite3.connect('\(foreign.path)'); c.execute('CREATE TABLE t (x)'); c.commit()\""
    )
    let text = folder.appendingPathComponent("notes.txt")
    try Data("not a database".utf8).write(to: text)
    var scanbench: [URL] = []
    for (name, version) in [("newer.sqlite", 99), ("negative.sqlite", -3)] {
      let url = folder.appendingPathComponent(name)
      do {
        let database = try NoteDatabase(path: url.path)
        try database.connection.execute("PRAGMA user_version = \(version)")
      }
      scanbench.append(url)
    }
    let missing = folder.appendingPathComponent("missing/notes.sqlite")
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for database in [text, foreign, missing] + scanbench {
      for command in [["notes", "list"], ["notes", "search", "x"], ["notes", "serve", "--port", "0"]] {
        let result = try Harness.run(command + ["--db", database.path])
        XCTAssertEqual(result.exitCode, 2, "\(command) \(database.lastPathComponent): \(result.stderr)")
        XCTAssertTrue(result.stderr.contains(database.path), result.stderr)
      }
      if database != missing {
        let store = folder.appendingPathComponent("store.jsonl")
        defer { try? FileManager.default.removeItem(at: store) }
        // A store that is fine: the database is what is refused.
        var record = ResultRecord.fixture(
          "a.png", run: "r", time: "2024-05-01T10:00:00Z", source: "a.zip",
          sha256: String(repeating: "a", count: 64), profile: "accurate", lang: "eng",
          engine: EngineIdentity(name: "tesseract", version: "5.3.0"))
        record.text = "hello"
        try StoreWriter.line(for: record).write(to: store)
        let imported = try Harness.run(["import", store.path, "--db", database.path])
        XCTAssertEqual(imported.exitCode, 2, "import into \(database.lastPathComponent): \(imported.stderr)")
      }
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), before,
      "no -wal, -shm or folder was created")
    let negative = try Harness.run(["notes", "list", "--db", scanbench[1].path])
    XCTAssertTrue(negative.stderr.contains("schema version -3, which no scanbench writes"), negative.stderr)
  }

  /// The issue's browser tests: list, searches, a note and its toggles, a QR payload followed, an
  /// original downloaded and checked, no console errors, a screenshot of each page kept in
  /// `.build/test-artifacts/notes-serve`.
  func testTheNotesInARealBrowser() throws {
    let python = Harness.packageRoot.appendingPathComponent(".venv/selenium/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      throw XCTSkip("\(python.path) is missing: 'make selenium' (part of 'make test') installs it")
    }
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XCTSkip("\(tool) is missing: 'make packages' installs chromium and chromium-driver")
    }
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    let artifacts = Harness.packageRoot.appendingPathComponent(".build/test-artifacts/notes-serve")
    try? FileManager.default.removeItem(at: artifacts)
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let entry = "photos/IMG_0042.jpg"
    let settings: [String: Any] = [
      "url": serving.url, "artifacts": artifacts.path, "notes": NotesFixture.entries.count,
      "qr": fixture.qrPayload,
      "download": [
        "id": fixture.id(of: entry), "entry": entry,
        "path": fixture.images.appendingPathComponent(entry).path,
      ],
    ]
    let argument = String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self)
    let result = try Harness.execute(
      python, [Harness.packageRoot.appendingPathComponent("Tests/Browser/notes_browser.py").path, argument],
      environment: ["SE_AVOID_STATS": "true"])
    XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
    for name in [
      "list", "search-japanese", "search-english", "note", "qr-note", "qr-search", "download-note",
    ] {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("\(name).png").path),
        "screenshot \(name).png")
    }
    XCTAssertEqual(serving.stop(), 0, serving.stderr)
  }
}
