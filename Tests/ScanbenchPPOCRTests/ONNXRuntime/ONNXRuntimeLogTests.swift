import Foundation
import Synchronization
import Testing

@testable import ScanbenchPPOCR

/// ONNX Runtime's own log lines go to scanbench's warnings (`ONNXRuntimeLog`), not colour-coded to
/// stderr.
struct ONNXRuntimeLogTests {
  @Test func linesAreKeptUntilRoutedThenDeliveredOnOneLine() {
    let log = ONNXRuntimeLog()
    log.receive(
      severity: 3, category: "onnxruntime", location: "session.cc:12 Run", message: "first\n  part two")
    let received = Mutex<[String]>([])
    log.route { line in received.withLock { $0.append(line) } }
    log.receive(severity: 4, category: nil, location: nil, message: "second")
    #expect(
      received.withLock { $0 } == [
        "ONNX Runtime error (session.cc:12 Run): first part two", "ONNX Runtime fatal: second",
      ])
    // The first handler keeps the lines: the environment is the process's.
    log.route { _ in Issue.record("a second handler got a line") }
    log.receive(severity: 3, category: nil, location: nil, message: "third")
    #expect(received.withLock { $0.count } == 3)
  }

  @Test func onlyAFewLinesAreKeptForNobody() {
    let log = ONNXRuntimeLog()
    for index in 0..<100 { log.receive(severity: 3, category: nil, location: nil, message: "\(index)") }
    #expect(log.recent.count == ONNXRuntimeLog.kept)
    #expect(log.recent.last == "ONNX Runtime error: 99")
    let received = Mutex(0)
    log.route { _ in received.withLock { $0 += 1 } }
    #expect(received.withLock { $0 } == ONNXRuntimeLog.kept)
  }

  /// A real error inside a model run (a detector given a height its graph cannot broadcast) reaches
  /// the process's log, as well as coming back as the run's status.
  @Test(.enabled(if: Installed.hasModels, Installed.skipMessage))
  func aRealErrorInsideARunReachesTheLog() throws {
    let model = try ONNXModel(path: try #require(Installed.path(.detectorTiny)))
    #expect(throws: ONNXRuntimeError.self) { try model.run(ONNXModelTests.input([1, 3, 48, 96])) }
    #expect(
      ONNXRuntimeLog.shared.recent.contains {
        $0.hasPrefix("ONNX Runtime error") && $0.contains("Non-zero status")
      })
  }
}
