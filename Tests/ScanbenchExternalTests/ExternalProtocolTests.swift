import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import Testing

@testable import ScanbenchExternal
@testable import ScanbenchStore

/// The protocol's answers as strangers' bytes: the fuzz target's seeds (`Tests/Fuzz/external-protocol`:
/// numbers at and beyond every limit, deep nesting, huge strings, wrong types) run in `swift test`,
/// with the fuzz target's checks, and the limits are named.
struct ExternalProtocolTests {
  static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/external-protocol")

  func answer(_ box: String) throws -> ExternalProtocol.Response {
    let line = #"{"id": 7, "text": "w", "confidence": 50, "words": [{"text": "w", "conf": 50, \#(box)}]}"#
    return try ExternalProtocol.response(Data(line.utf8), id: 7, boxes: true)
  }

  @Test func boxesAtTheLimitsAreKeptAndBeyondAreBrokenAnswers() throws {
    let kept = try answer(#""x": 2147483647, "y": -2147483647, "w": 2147483647, "h": 0"#)
    guard case .text(_, _, let layout) = kept else {
      Issue.record("\(kept)")
      return
    }
    #expect(layout?.words.first?.x == 2_147_483_647)
    for beyond in [
      #""x": 1e19, "y": 0, "w": 1, "h": 1"#, #""x": -1e30, "y": 0, "w": 1, "h": 1"#,
      #""x": 2147483648, "y": 0, "w": 1, "h": 1"#, #""x": 0, "y": 0, "w": -1, "h": 1"#,
    ] {
      do {
        _ = try answer(beyond)
        Issue.record("accepted: \(beyond)")
      } catch {
        #expect(String(describing: error).contains("a box of \"words\""), "\(error)")
      }
    }
    let confidence =
      #"{"id": 7, "text": "w", "confidence": 5, "lines": [{"text": "w", "conf": 100.5, "x": 0, "y": 0, "w": 1, "h": 1}]}"#
    #expect(throws: ExternalProtocol.Violation.self) {
      try ExternalProtocol.response(Data(confidence.utf8), id: 7, boxes: true)
    }
  }

  @Test func theFuzzSeedsNeverTrapAndWhatIsAcceptedCanBeStored() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
    #expect(names.count >= 15)
    for name in names {
      let data = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
      let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if let first = lines.first { _ = try? ExternalProtocol.handshake(Data(first)) }
      for line in lines.dropFirst() {
        guard
          case .text(let text, let confidence, let layout) = try? ExternalProtocol.response(
            Data(line), id: 7, boxes: true)
        else { continue }
        var record = ResultRecord.fixture(
          "a.png", run: "r", time: "2026-12-01T00:00:00.000Z", source: "in", sha256: "ab",
          profile: "external", lang: "eng", engine: EngineIdentity(name: "command:seed", version: "1"))
        (record.text, record.confidence, record.words, record.lines) = (
          text, confidence, layout?.words, layout?.lines
        )
        guard case .result = StoreReader.decode(try StoreWriter.line(for: record).dropLast()) else {
          Issue.record("\(name): the store refuses an accepted answer")
          continue
        }
      }
    }
  }

  @Test func aHandshakeIsBounded() {
    let long = #"{"engine": "e", "version": "\#(String(repeating: "9", count: 101))", "models": {}}"#
    #expect(throws: ExternalProtocol.Violation.self) { try ExternalProtocol.handshake(Data(long.utf8)) }
    let ok = #"{"engine": "e", "version": "1.0", "models": {"rec.onnx": "ab"}}"#
    #expect(throws: Never.self) { try ExternalProtocol.handshake(Data(ok.utf8)) }
  }
}
