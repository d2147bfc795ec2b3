import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Synchronization
import Testing

@testable import ScanbenchArchive
@testable import ScanbenchEngines
@testable import ScanbenchRecognition
@testable import ScanbenchRunner
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// The store under faults: a full disk, a file that is not a store, a lock held by another writer,
/// damaged lines. Killed and concurrent runs are tried end to end in ReliabilityTests.
struct StoreFaultTests {
  let folder: URL

  init() throws {
    folder = try TestKit.temporaryFolder("store-faults")
  }

  func record(_ entry: String, sha256: String = "ab") -> ResultRecord {
    ResultRecord.fixture(
      entry, run: "r1", time: "2026-11-30T00:00:00.000Z", source: "in.tar", sha256: sha256, profile: "fast",
      lang: "eng", engine: EngineIdentity.schema1(version: "5.3.0", models: ["eng": "cd"]))
  }

  @Test func aFullDiskIsAnErrorNamingTheStoreAndTheCause() throws {
    let writer = try StoreWriter(url: URL(fileURLWithPath: "/dev/full"))
    #expect {
      try writer.append(record("a.png"))
    } throws: { error in
      let text = String(describing: error)
      return text.hasPrefix("/dev/full: write failed") && text.contains("No space left on device")
    }
  }

  @Test func aFileThatIsNotAStoreIsRefusedAndLeftAsItWas() throws {
    let cases: [(String, Data)] = [
      ("notes.txt", Data("my notes\nand a last line without newline".utf8)),
      ("image.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x0A, 0xFF])),
      ("other.jsonl", Data(#"{"name": "not ours"}"#.utf8 + [0x0A])),
    ]
    for (name, bytes) in cases {
      let url = folder.appendingPathComponent(name)
      try bytes.write(to: url)
      #expect(throws: StoreError.self, "\(name)") { _ = try StoreWriter(url: url) }
      #expect(try Data(contentsOf: url) == bytes, "\(name) was changed")
    }
  }

  @Test func storesOfANewerSchemaAndOnlyATornLineAreStillStores() throws {
    let newer = folder.appendingPathComponent("newer.jsonl")
    try Data(#"{"kind":"result","schema":7,"future":true}"#.utf8 + [0x0A]).write(to: newer)
    _ = try StoreWriter(url: newer)
    let torn = folder.appendingPathComponent("torn.jsonl")
    try StoreWriter.line(for: record("a.png")).prefix(40).write(to: torn)
    var removed = 0
    _ = try StoreWriter(url: torn, onRepair: { removed = $0 })
    #expect(removed == 40)
    #expect(try Data(contentsOf: torn).isEmpty)
  }

  @Test func waitingForTheLockIsAnnouncedAndEndsWhenCancelled() throws {
    let url = folder.appendingPathComponent("locked.jsonl")
    let holder = try StoreWriter(url: url)
    let waits = Mutex(0)
    let started = Date()
    #expect {
      _ = try StoreWriter(
        url: url, onWait: { waits.withLock { $0 += 1 } },
        isCancelled: { Date().timeIntervalSince(started) > 0.3 })
    } throws: { error in
      String(describing: error).contains("interrupted while waiting for another scanbench process")
    }
    #expect(waits.withLock { $0 } == 1)
    #expect(Date().timeIntervalSince(started) < 5)
    _ = holder
  }

  @Test func closingAWriterReleasesTheLock() throws {
    let url = folder.appendingPathComponent("handover.jsonl")
    var holder: StoreWriter? = try StoreWriter(url: url)
    try holder?.append(record("a.png"))
    #expect(throws: StoreError.self) { _ = try StoreWriter(url: url, lockPolicy: .failIfLocked) }
    holder = nil
    let next = try StoreWriter(url: url, lockPolicy: .failIfLocked)
    try next.append(record("b.png"))
    #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 2)
  }

  @Test func anOverlongLineIsReportedWithoutStoppingTheRead() throws {
    let url = folder.appendingPathComponent("long.jsonl")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try handle.write(contentsOf: StoreWriter.line(for: record("a.png")))
    let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0..<(StoreReader.maximumLineLength >> 20) + 2 { try handle.write(contentsOf: block) }
    try handle.write(contentsOf: Data([0x0A]))
    try handle.write(contentsOf: StoreWriter.line(for: record("b.png")))
    try handle.close()
    defer { try? FileManager.default.removeItem(at: url) }
    var seen: [String] = []
    try StoreReader.read(url) { number, line in
      switch line {
      case .result(let record): seen.append("\(number):\(record.entry)")
      case .summary: seen.append("\(number):summary")
      case .invalid(let reason): seen.append("\(number):\(reason.contains("longer than") ? "long" : reason)")
      }
    }
    #expect(seen == ["1:a.png", "2:long", "3:b.png"])
  }

  @Test func theWriterRefusesALineItsReadersWouldSkip() throws {
    var long = record("a.png")
    long.text = String(repeating: "x", count: StoreReader.maximumLineLength)
    #expect(throws: StoreLineTooLong.self) { try StoreWriter.line(for: long) }
    long.text = String(repeating: "x", count: StoreReader.maximumLineLength - 2000)
    let line = try StoreWriter.line(for: long)
    let url = folder.appendingPathComponent("longest.jsonl")
    try line.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var read = 0
    try StoreReader.read(url) { _, line in
      if case .result = line { read += 1 }
    }
    #expect(read == 1, "the longest line the writer writes is read back")
  }

  @Test func resumeSkipsEntryLevelFailuresByInputAndEntry() throws {
    let url = folder.appendingPathComponent("resume.jsonl")
    let writer = try StoreWriter(url: url)
    var link = record("link.png", sha256: "")
    link.error = .init(kind: "not-a-regular-file", message: "a symbolic link")
    var image = record("a.png", sha256: "abc")
    image.error = .init(kind: "not-an-image", message: "no")
    try writer.append(link)
    try writer.append(image)
    let set = try ResumeSet.load(from: url, identity: ResultIdentity(link), inputs: ["in.tar"])
    #expect(set.containsEntry(source: "in.tar", entry: "link.png"))
    #expect(!set.containsEntry(source: "other.tar", entry: "link.png"))
    #expect(set.contains(source: "in.tar", entry: "a.png", sha256: "abc", page: nil), "failures are done too")
    #expect(
      !set.contains(source: "in.tar", entry: "copy-of-a.png", sha256: "abc", page: nil),
      "the same bytes under another name are another image")
    var other = ResultIdentity(link)
    other.engine.version = "6.0"
    let otherSet = try ResumeSet.load(from: url, identity: other, inputs: ["in.tar"])
    #expect(
      !otherSet.contains(source: "in.tar", entry: "a.png", sha256: "abc", page: nil),
      "results of another engine are not done")
    #expect(!otherSet.containsEntry(source: "in.tar", entry: "link.png"))
  }
}
