import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct StoreRunLoaderTests {
  @Test func theLatestRunIsTheLastSummarysRunElseTheLastResults() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = ReportFixtures.lines(3, run: "old") { _ in 0 }
    let second = ReportFixtures.lines(2, run: "new") { _ in 1 }
    let store = folder.appendingPathComponent("s.jsonl")
    try ReportFixtures.write(
      first + [ReportFixtures.summary(for: first, run: "old")] + second + [
        ReportFixtures.summary(for: second, run: "new")
      ],
      to: store)
    let latest = try StoreRunLoader.load(store)
    #expect(latest.runID == "new")
    #expect(latest.results.count == 2)
    #expect(latest.summary?.run == "new")
    #expect(try StoreRunLoader.load(store, runID: "old").results.count == 3)
    #expect(throws: ReportError.self) { try StoreRunLoader.load(store, runID: "nope") }

    let noSummary = folder.appendingPathComponent("killed.jsonl")
    try ReportFixtures.write(first + second, to: noSummary)
    let killed = try StoreRunLoader.load(noSummary)
    #expect(killed.runID == "new")
    #expect(killed.summary == nil)
  }

  @Test func anImageWrittenTwiceInOneRunCountsOnceWithItsLastResult() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("s.jsonl")
    try ReportFixtures.write(
      [
        ReportFixtures.record("a.png", edits: 5, length: 50),
        ReportFixtures.record("a.png", edits: 2, length: 50),
      ],
      to: store)
    let run = try StoreRunLoader.load(store)
    #expect(run.results.map(\.edits) == [2])
  }

  @Test func aStoreWithBothProfilesGivesTheOtherProfileAsPartner() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let accurate = (1...3).map {
      ReportFixtures.record("l\($0).png", edits: 0, length: 40, run: "acc", profile: "accurate")
    }
    let fast = (1...3).map { ReportFixtures.record("l\($0).png", edits: 1, length: 40, run: "fst") }
    let store = folder.appendingPathComponent("both.jsonl")
    try ReportFixtures.write(
      accurate + [ReportFixtures.summary(for: accurate, run: "acc", profile: "accurate")] + fast
        + [ReportFixtures.summary(for: fast, run: "fst")], to: store)
    let (run, partner) = try StoreRunLoader.loadWithPartner(store)
    #expect(run.runID == "fst")
    #expect(partner?.runID == "acc")
    #expect(partner?.profile == "accurate")
  }

  @Test func missingAndEmptyStoresAreErrorsThatNameTheFile() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.jsonl")
    #expect(throws: ReportError(.unreadable, path: missing.path, message: "no such store")) {
      try StoreRunLoader.load(missing)
    }
    let empty = folder.appendingPathComponent("empty.jsonl")
    try Data().write(to: empty)
    #expect(throws: ReportError(.invalid, path: empty.path, message: "holds no results")) {
      try StoreRunLoader.load(empty)
    }
  }
}
