import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct StoreTests {
  let folder: URL

  init() throws {
    folder = try TestKit.temporaryFolder("store-tests")
  }

  func record(_ entry: String) -> ResultRecord {
    var record = ResultRecord.fixture(
      entry, run: "r1", time: "2026-11-30T00:00:00.000Z", source: "in.tar", sha256: "ab", profile: "fast",
      lang: "eng", engine: EngineIdentity.schema1(version: "5.3.0", models: ["eng": "cd"]))
    record.text = "hello\nworld"
    return record
  }

  @Test func recordsRoundTripOneLineEach() throws {
    let url = folder.appendingPathComponent("s.jsonl")
    let writer = try StoreWriter(url: url)
    try writer.append(record("a.png"))
    try writer.append(record("b.png"))
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 2)
    #expect(text.contains("\"gt_chars\"") == false, "absent fields are left out")
    var entries: [String] = []
    try StoreReader.read(url) { _, line in
      if case .result(let record) = line { entries.append(record.entry) }
    }
    #expect(entries == ["a.png", "b.png"])
  }

  @Test func tornLastLineIsReportedThenRepairedByTheNextWriter() throws {
    let url = folder.appendingPathComponent("torn.jsonl")
    let line = try StoreWriter.line(for: record("a.png"))
    try (line + line.prefix(25)).write(to: url)
    var invalid: [(Int, String)] = []
    try StoreReader.read(url) { number, decoded in
      if case .invalid(let reason) = decoded { invalid.append((number, reason)) }
    }
    #expect(invalid.count == 1)
    #expect(invalid.first?.0 == 2)
    #expect(invalid.first?.1.contains("torn") == true)
    var removed = 0
    let writer = try StoreWriter(url: url) { removed = $0 }
    try writer.append(record("b.png"))
    #expect(removed == 25)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.allSatisfy { line in
        if case .result = StoreReader.decode(Data(line.utf8)) { return true }
        return false
      })
  }

  @Test func aSecondWriterIsRefusedWithNoWait() throws {
    let url = folder.appendingPathComponent("locked.jsonl")
    let first = try StoreWriter(url: url)
    #expect(throws: StoreError.self) {
      _ = try StoreWriter(url: url, lockPolicy: .failIfLocked)
    }
    _ = first
  }

  @Test func foreignLinesAreInvalidNotFatal() {
    #expect(isInvalid(StoreReader.decode(Data("not json".utf8))))
    #expect(isInvalid(StoreReader.decode(Data(#"{"schema": 99, "kind": "result"}"#.utf8))))
    #expect(isInvalid(StoreReader.decode(Data(#"{"schema": 1, "kind": "result"}"#.utf8))))
  }

  func isInvalid(_ line: StoreLine) -> Bool {
    if case .invalid = line { return true }
    return false
  }
}

struct IgnoredKeyTests {
  @Test func sidecarsAreCountedByExtension() {
    #expect(RunSummaryRecord.ignoredKey(for: "DCIM/IMG_0001.MOV") == "mov")
    #expect(RunSummaryRecord.ignoredKey(for: "__MACOSX/._IMG_0001.HEIC") == "._*")
  }
}
