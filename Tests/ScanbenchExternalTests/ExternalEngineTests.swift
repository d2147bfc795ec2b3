import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Synchronization
import XCTest

@testable import ScanbenchExternal
@testable import ScanbenchRecognition
@testable import ScanbenchStore

/// The protocol round trip with a fake engine program (`Fixtures/fake_engine.py`), which misbehaves
/// as each image's name asks.
final class ExternalEngineTests: XCTestCase {
  static let fake = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake_engine.py").path

  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder("scanbench-external")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The warnings an engine gave, in order.
  final class Warnings: Sendable {
    let lines = Mutex<[String]>([])
    var sink: EngineWarnings { { message in self.lines.withLock { $0.append(message) } } }
    var all: [String] { lines.withLock { $0 } }
  }

  func backend(_ arguments: String = "", timeout: Double = 20, language: String = "eng") throws
    -> ExternalBackend
  {
    var options = EngineOptions(level: .accurate, language: language)
    options.argument = "python3 \(Self.fake) --starts \(folder.path)/starts \(arguments)"
    options.timeout = timeout
    return try ExternalBackend(options)
  }

  func image(width: Int = 300, height: Int = 60) throws -> Image {
    let page = RenderedPage(width: width, height: height, lines: [(x: 10, baseline: 45, words: ["HELLO"])])
    return try XCTUnwrap(try ImageDecoder.decodePages(page.png, maxPixels: 10_000_000).first)
  }

  var starts: [String] {
    ((try? String(contentsOf: folder.appendingPathComponent("starts"), encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  func testTextAndIdentity() throws {
    let backend = try backend("--name fakeocr --version 2.5")
    let identity = try backend.identity()
    XCTAssertEqual(identity.name, "command:fakeocr")
    XCTAssertEqual(identity.version, "2.5")
    XCTAssertEqual(identity.models, ["fake.model": String(repeating: "ab", count: 32)])
    XCTAssertEqual(identity.settings["protocol"], "1")
    XCTAssertEqual(identity.settings["command sha256"]?.count, 64)
    // The program started for the identity is the one the first worker gets.
    let engine = try backend.makeEngine()
    XCTAssertEqual(starts.count, 1)
    let read = try engine.recognize(try image(), boxes: false, name: PageName(entry: "dir/line.png"))
    XCTAssertEqual(read, RecognizedText(text: "dir/line.png 300x60 eng png=ok", confidence: 87.5))
    let second = try engine.recognize(
      try image(width: 200), boxes: false, name: PageName(entry: "b.png", page: 2))
    XCTAssertEqual(second.text, "b.png 200x60 eng png=ok")
    XCTAssertEqual(starts.count, 1, "one program for every image")
  }

  func testBoxes() throws {
    let engine = try backend().makeEngine()
    let read = try engine.recognize(try image(), boxes: true, name: PageName(entry: "a.png"))
    let layout = try XCTUnwrap(read.layout)
    XCTAssertEqual(layout.words.map(\.text), ["a.png", "300x60", "eng", "png=ok"])
    XCTAssertEqual(
      layout.words[1], TextBox(text: "300x60", confidence: 90.3, x: 55, y: 1, width: 60, height: 20))
    XCTAssertEqual(
      layout.lines, [TextBox(text: read.text, confidence: 88, x: 0, y: 1, width: 215, height: 20)])
    let without = try engine.recognize(try image(), boxes: false, name: PageName(entry: "a.png"))
    XCTAssertNil(without.layout)
  }

  func testErrorResponseIsTheImagesFailureAndTheProgramStays() throws {
    let engine = try backend().makeEngine()
    XCTAssertThrowsError(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "an-error.png"))
    ) {
      let error = $0 as? EngineError
      XCTAssertEqual(error?.message, "command:fake: cannot read an-error.png")
      XCTAssertNil(error?.kind)
    }
    XCTAssertEqual(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "ok.png")).text,
      "ok.png 300x60 eng png=ok")
    XCTAssertEqual(starts.count, 1)
  }

  func testCrashMidRunRestartsForTheNextImage() throws {
    let warnings = Warnings()
    let engine = try backend().makeEngine(warnings: warnings.sink)
    _ = try engine.recognize(try image(), boxes: false, name: PageName(entry: "first.png"))
    XCTAssertThrowsError(try engine.recognize(try image(), boxes: false, name: PageName(entry: "crash.png")))
    {
      let error = $0 as? EngineError
      XCTAssertEqual(error?.kind, "engine-exited")
      XCTAssertEqual(
        error?.message,
        "command:fake exited with status 3 while reading this image; restarted for the next image")
    }
    XCTAssertEqual(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "after.png")).text,
      "after.png 300x60 eng png=ok")
    XCTAssertEqual(starts.count, 2)
    XCTAssertEqual(warnings.all, ["command:fake restarted"])
  }

  func testHangPastTheTimeoutKillsTheProcessGroup() throws {
    let children = folder.appendingPathComponent("children").path
    let engine = try backend("--children \(children)", timeout: 1).makeEngine()
    let started = Date()
    XCTAssertThrowsError(try engine.recognize(try image(), boxes: false, name: PageName(entry: "hang.png"))) {
      let error = $0 as? EngineError
      XCTAssertEqual(error?.kind, "engine-timeout")
      XCTAssertEqual(
        error?.message,
        "command:fake gave no answer within 1 s (--engine-timeout): stopped with its process group; "
          + "restarted for the next image")
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    let pids = try String(contentsOfFile: children, encoding: .utf8).split(separator: "\n").compactMap {
      Int32($0)
    }
    XCTAssertEqual(pids.count, 1)
    let hungProgram = try XCTUnwrap(Int32(starts.first ?? ""))
    // The program and the child it started are gone (killed as a group, the program reaped).
    let gone = Date().addingTimeInterval(3)
    while (pids + [hungProgram]).contains(where: Self.isRunning), Date() < gone { usleep(10_000) }
    for pid in pids + [hungProgram] { XCTAssertFalse(Self.isRunning(pid), "process \(pid) still runs") }
    XCTAssertEqual(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "next.png")).text,
      "next.png 300x60 eng png=ok")
  }

  func testGarbageAndWrongIDsAreProtocolFailures() throws {
    let engine = try backend().makeEngine()
    XCTAssertThrowsError(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "garbage.png"))
    ) {
      let error = $0 as? EngineError
      XCTAssertEqual(error?.kind, "engine-protocol")
      XCTAssertEqual(
        error?.message,
        "command:fake broke the protocol: not a response object: "
          + "\"Traceback (most recent call last): not the protocol\"; restarted for the next image")
    }
    XCTAssertThrowsError(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "wrongid.png"))
    ) {
      XCTAssertEqual(($0 as? EngineError)?.kind, "engine-protocol")
      XCTAssertTrue("\($0)".contains("the answer to request 2 has id 3"), "\($0)")
    }
    XCTAssertEqual(
      try engine.recognize(try image(), boxes: false, name: PageName(entry: "ok.png")).text,
      "ok.png 300x60 eng png=ok")
    XCTAssertEqual(starts.count, 3)
  }

  func testStderrLinesBecomeWarnings() throws {
    let warnings = Warnings()
    let engine = try backend().makeEngine(warnings: warnings.sink)
    _ = try engine.recognize(try image(), boxes: false, name: PageName(entry: "stderr.png"))
    let deadline = Date().addingTimeInterval(5)
    while warnings.all.isEmpty, Date() < deadline { usleep(10_000) }
    XCTAssertEqual(warnings.all, ["command:fake: note about stderr.png"])
  }

  func testAProgramThatDoesNotSayWhatItIsCannotStart() throws {
    XCTAssertThrowsError(try backend("--handshake none").makeEngine()) {
      XCTAssertTrue("\($0)".contains("exited with status 0 before its first line"), "\($0)")
    }
    XCTAssertThrowsError(try backend("--handshake garbage").identity()) {
      XCTAssertTrue("\($0)".contains("its first line must be {\"engine\""), "\($0)")
      XCTAssertTrue("\($0)".contains("Loading model"), "\($0)")
    }
    var options = EngineOptions(level: .accurate, language: "eng")
    options.argument = "  "
    XCTAssertThrowsError(try ExternalBackend(options))
  }

  /// A program may take 60 s to say what it is (models load slowly), or the per-image timeout
  /// when that is longer, unless `--engine-start-timeout` says otherwise.
  func testTheStartTimeoutIsAMinuteTheImageTimeoutOrWhatIsGiven() throws {
    var options = EngineOptions(level: .accurate, language: "eng")
    options.argument = "true"
    XCTAssertEqual(try ExternalBackend(options).startTimeout, 60)
    options.timeout = 90
    XCTAssertEqual(try ExternalBackend(options).startTimeout, 90)
    options.startTimeout = 3
    XCTAssertEqual(try ExternalBackend(options).startTimeout, 3)
  }

  func testIdentityWaitsForTheWorkersProgramsAndStartsNoneMore() throws {
    let backend = try backend()
    let made = Atomic<Int>(0)
    let group = DispatchGroup()
    for _ in 0..<2 {
      group.enter()
      let thread = Thread {
        if (try? backend.makeEngine()) != nil { made.add(1, ordering: .relaxed) }
        group.leave()
      }
      thread.start()
    }
    XCTAssertEqual(try backend.identity().name, "command:fake")
    group.wait()
    XCTAssertEqual(made.load(ordering: .relaxed), 2)
    XCTAssertEqual(starts.count, 2, "two workers, two programs, none for the identity alone")
  }

  static func isRunning(_ pid: Int32) -> Bool {
    // A zombie is not running: /proc/PID/stat's third field is Z for one.
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
  }
}
