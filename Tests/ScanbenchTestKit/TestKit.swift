import Foundation
import ScanbenchSeam
import ScanbenchStore

/// A fixture could not be made: the test fails with this message.
public struct FixtureError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }

  public init(message: String) {
    self.message = message
  }
}

/// What every test target shares, and nothing heavier than Foundation, the seam and the store: one
/// temporary folder, one shell, one result record.
public enum TestKit {
  /// A new, empty folder in the system's temporary folder, named `PREFIX-UUID`; the caller
  /// removes it.
  public static func temporaryFolder(_ prefix: String = "scanbench-tests") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `command` with bash (in `folder`) for a fixture (archivers, encoders) and returns what
  /// it printed on stdout. A failure is a failure, not a skip: a skip would hide every test that
  /// needs the tool.
  @discardableResult
  public static func shell(_ command: String, in folder: URL? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    if let folder { process.currentDirectoryURL = folder }
    // Files rather than pipes: neither stream can fill up and block the process.
    let scratch = try temporaryFolder("scanbench-shell")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out")
    let err = scratch.appendingPathComponent("err")
    for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    guard process.terminationStatus == 0 else {
      let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
      throw FixtureError(
        message: "fixture command failed (\(process.terminationStatus)): \(command)\n\(stderr)")
    }
    return stdout
  }

  /// The engine a test record names unless it says otherwise.
  public static let engine = EngineIdentity(
    name: "tesseract", version: "5.3.0", models: ["eng.traineddata": "ab12"], settings: ["psm": "3"])
}

extension ResultRecord {
  /// A successful result for a test, written by hand: what the test does not give has a fixed
  /// value (the SHA-256 is `sha-ENTRY`, so that each entry is its own image).
  public static func fixture(
    _ entry: String = "a.png", run: String = "r1", time: String = "2026-11-30T00:00:00.000Z",
    source: String = "in.tar", sha256: String? = nil, page: Int? = nil, profile: String = "fast",
    lang: String = "eng", engine: EngineIdentity = TestKit.engine, text: String? = nil
  ) -> ResultRecord {
    var record = ResultRecord(
      run: run, time: time, source: source, entry: entry, sha256: sha256 ?? "sha-\(entry)", page: page,
      profile: profile, lang: lang, engine: engine)
    record.text = text
    return record
  }
}
