import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import Testing

@testable import ScanbenchStore

/// Every number a store line brings is range-checked when it is read (`ResultRecord.rangeProblem`):
/// the limits themselves are records, one step beyond is an unreadable line naming the number.
struct ResultRangeTests {
  func line(_ change: (inout ResultRecord) -> Void) throws -> StoreLine {
    var record = ResultRecord.fixture(
      "a.png", run: "r", time: "2026-12-01T00:00:00.000Z", source: "in.tar", sha256: "ab", profile: "fast",
      lang: "eng", engine: EngineIdentity(name: "e", version: "1"))
    record.text = "a"
    record.confidence = 50
    change(&record)
    return StoreReader.decodeLineFast(try StoreWriter.line(for: record).dropLast())
  }

  func box(x: Int = 0, y: Int = 0, w: Int = 1, h: Int = 1, conf: Double = 50) -> TextBox {
    TextBox(text: "w", confidence: conf, x: x, y: y, width: w, height: h)
  }

  @Test func theLimitsAreRecords() throws {
    let largest = Int(Int32.max)
    let lines = [
      try line { $0.words = [box(x: largest, y: -largest, w: largest, h: 0, conf: 100)] },
      try line { $0.lines = [box(conf: 0)] },
      try line { $0.page = largest },
      try line { $0.confidence = 0 },
      try line {
        $0.barcodes = [Barcode(symbology: "QR-Code", payload: [65], x: -largest, y: 0, width: 0, height: 0)]
      },
    ]
    for decoded in lines {
      guard case .result = decoded else {
        Issue.record("refused at a limit: \(decoded)")
        continue
      }
    }
  }

  @Test func oneStepBeyondIsAnUnreadableLineNamingTheNumber() throws {
    let beyond: [(String, (inout ResultRecord) -> Void)] = [
      ("\"x\" 2147483648 in words", { $0.words = [box(x: 1 << 31)] }),
      ("\"w\" -1 in lines", { $0.lines = [box(w: -1)] }),
      ("\"conf\" 100.5 in words", { $0.words = [box(conf: 100.5)] }),
      ("\"confidence\" 1e+300", { $0.confidence = 1e300 }),
      ("\"page\" 0", { $0.page = 0 }),
      ("\"width\" -5", { $0.width = -5 }),
      ("\"edits\" -1", { $0.edits = -1 }),
      ("\"ms.recognize\" -1.0", { $0.ms.recognize = -1 }),
      ("\"exif\" 9 in orientation", { $0.orientation = .init(exif: 9) }),
      (
        "\"y\" -2147483648 in barcodes",
        {
          $0.barcodes = [
            Barcode(symbology: "QR-Code", payload: [65], x: 0, y: -(1 << 31), width: 1, height: 1)
          ]
        }
      ),
    ]
    for (named, change) in beyond {
      guard case .invalid(let reason) = try line(change) else {
        Issue.record("accepted: \(named)")
        continue
      }
      #expect(reason.hasPrefix(named), "\(reason)")
      // The plain decoder (JSONDecoder) says the same as the fast one.
      var record = ResultRecord.fixture(
        "a.png", run: "r", time: "2026-12-01T00:00:00.000Z", source: "in.tar", sha256: "ab", profile: "fast",
        lang: "eng", engine: EngineIdentity(name: "e", version: "1"))
      change(&record)
      guard case .invalid = StoreReader.decode(try StoreWriter.line(for: record).dropLast()) else {
        Issue.record("the plain decoder accepted \(named)")
        continue
      }
    }
  }

  @Test func aSummaryWithATimeOutOfRangeIsUnreadable() throws {
    var summary = RunSummaryRecord(
      run: "r", time: "2026-12-01T00:00:00.000Z", sources: ["in.tar"], profile: "fast", lang: "eng", jobs: 1,
      images: 1, succeeded: 1, failed: 0, skipped: 0, scored: 0, gtChars: 0, edits: 0, cerMicro: nil,
      cerMacro: nil, metric: "m", imagesPerSecond: 1, wallSeconds: 1, interrupted: false, shard: nil,
      engine: EngineIdentity(name: "e", version: "1"))
    guard case .summary = StoreReader.decode(try StoreWriter.line(for: summary).dropLast()) else {
      Issue.record("a plain summary refused")
      return
    }
    summary.wallSeconds = 1e300
    guard case .invalid(let reason) = StoreReader.decode(try StoreWriter.line(for: summary).dropLast()) else {
      Issue.record("wall_seconds 1e300 accepted")
      return
    }
    #expect(reason.contains("wall_seconds"))
  }
}
