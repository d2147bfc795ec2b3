import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchArchive
@testable import ScanbenchGate
@testable import ScanbenchNotes
@testable import ScanbenchRecognition
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// Runs the built `scanbench` binary, as a user would, and collects what it printed.
struct CommandResult {
  var exitCode: Int32
  var stdout: String
  var stderr: String
}

enum Harness {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpora` beside the checkout, as on the developers' machines and in CI, or where
  /// `SCANBENCH_SHARED_CORPORA` says (a checkout in a worktree folder).
  static let sharedCorpora =
    ProcessInfo.processInfo.environment["SCANBENCH_SHARED_CORPORA"].map { URL(fileURLWithPath: $0) }
    ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")

  static var binary: URL {
    let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [testBundle, testBundle.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("scanbench")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/scanbench")
  }

  @discardableResult
  static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws
    -> CommandResult
  {
    try execute(binary, arguments, environment: environment, in: folder)
  }

  static func execute(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let folder { process.currentDirectoryURL = folder }
    // Files rather than pipes: neither stream can fill up and block the process.
    let folder = FileManager.default.temporaryDirectory
    let outURL = folder.appendingPathComponent("scanbench-out-\(UUID().uuidString)")
    let errURL = folder.appendingPathComponent("scanbench-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return CommandResult(
      exitCode: process.terminationStatus,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
  }

  static func requireSharedCorpus(_ name: String) throws -> URL {
    let url = sharedCorpora.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip("\(url.path) is absent: real-scan tests need ../shared/corpora beside the checkout")
    }
    return url
  }

  /// Skips a test that reads with PP-OCR when `make setup` has not fetched its models.
  static func requirePPOCRModels() throws {
    let models = packageRoot.appendingPathComponent(".models")
    guard
      FileManager.default.fileExists(
        atPath: models.appendingPathComponent("ppocr/PP-OCRv6_rec_small.onnx").path)
    else { throw XCTSkip("the PP-OCR models are absent from \(models.path): run 'make setup'") }
  }

  /// The first `count` lines of the project's English line corpus (with their ground truth),
  /// extracted into the folder `name` of `folder`.
  static func englishLines(_ count: Int, in folder: URL, name: String = "lines") throws -> URL {
    let target = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let patterns = (1...count).map { "'eng-line-\(String(format: "%03d", $0)).*'" }
    try TestKit.shell(
      "bsdtar -xzf '\(packageRoot.path)/Corpora/eng-lines.tar.gz' -C '\(target.path)' "
        + patterns.joined(separator: " "))
    return target
  }

  /// Every line of a store, decoded; fails the test on any line that is not a record.
  static func records(in store: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (
    results: [ResultRecord], summaries: [RunSummaryRecord]
  ) {
    var results: [ResultRecord] = []
    var summaries: [RunSummaryRecord] = []
    try StoreReader.read(store) { number, decoded in
      switch decoded {
      case .result(let record): results.append(record)
      case .summary(let summary): summaries.append(summary)
      case .invalid(let reason): XCTFail("line \(number) of \(store.path): \(reason)", file: file, line: line)
      }
    }
    return (results, summaries)
  }
}
