import Foundation
import ScanbenchEngines
import ScanbenchGate
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchRunner
import ScanbenchStore
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

/// A new engine is one folder (`FixedTextEngine/`) and one catalog entry: through it, the whole
/// house works unchanged — run with boxes, the store, the note database, the gate and the report.
struct EngineSeamTests {
  let folder: URL

  init() throws {
    folder = try TestKit.temporaryFolder("seam")
  }

  func makeCorpus() throws -> URL {
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let truths = ["a": "HARBOUR LANTERN MEADOW", "b": "HARBOUR LANTERN", "c": "HARBOUR LANTERN MEADOWS"]
    for (offset, (name, truth)) in truths.sorted(by: { $0.key < $1.key }).enumerated() {
      // Different images: notes are keyed by the image's bytes.
      let page = RenderedPage(width: 400 + offset, height: 100, lines: [(x: 10, baseline: 60, words: [name])])
      try page.png.write(to: corpus.appendingPathComponent("\(name).png"))
      try Data(truth.utf8).write(to: corpus.appendingPathComponent("\(name).gt.txt"))
    }
    return corpus
  }

  func run(_ corpus: URL, typos: Int, store: URL) throws -> RunOutcome {
    var options = EngineOptions(level: .accurate, language: "eng")
    options.parameters = [("typos", String(typos))]
    let setup = try EngineCatalog.setup(
      engine: "fixed-text", options: options, catalog: EngineCatalog.engines + [FixedTextBackend.entry])
    var configuration = RunConfiguration(
      inputs: [corpus.path], recognition: setup, profile: "fixed", language: "eng", jobs: 2, store: store)
    configuration.boxes = true
    return try BatchRunner(configuration) { _ in }.run()
  }

  @Test func aTestEngineGoesThroughRunStoreNotesGateAndReport() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try makeCorpus()
    let store = folder.appendingPathComponent("good.jsonl")
    let outcome = try run(corpus, typos: 0, store: store)
    #expect(outcome.summary.images == 3 && outcome.summary.scored == 3 && outcome.summary.failed == 0)
    #expect(outcome.summary.engine.name == "fixed-text")
    // 0 edits for a, 8 insertions (" MEADOW" and a space) for b, 1 deletion for c.
    let run = try StoreRunLoader.load(store)
    let edits = Dictionary(uniqueKeysWithValues: run.results.map { ($0.entry, $0.edits ?? -1) })
    #expect(edits == ["a.png": 0, "b.png": 7, "c.png": 1])
    for record in run.results {
      #expect(record.words?.map(\.text) == ["HARBOUR", "LANTERN", "MEADOW"])
      #expect(record.lines?.count == 1)
      #expect(record.engine.settings["typos"] == "0")
    }

    let database = try NoteDatabase(path: folder.appendingPathComponent("notes.sqlite").path)
    let counts = try NoteImporter(database: database).importStore(at: store)
    #expect(counts.imported == 3)
    #expect(try database.search("lantern").count == 3)

    let baseline = try Baseline(run: run)
    let worse = folder.appendingPathComponent("worse.jsonl")
    _ = try self.run(corpus, typos: 4, store: worse)
    let check = try BaselineCheck.compare(
      try StoreRunLoader.load(worse), with: baseline, baselinePath: "baseline.json", options: .init())
    #expect(check.verdict == .regression, "\(check.sentence)")
    #expect(check.differences.contains("typos 0 → 4"), "\(check.differences)")
    #expect(check.sentence.contains("typos 0 → 4"))

    let material = SourceMaterial.load(for: run.results, thumbnailsFor: [])
    #expect(material.groundTruth.count == 3, "the report re-reads the ground truth")
    let html = HTMLReport.render(run: run, comparison: nil, material: material).html
    #expect(html.contains("fixed-text 1"))
    #expect(html.contains("MEADOW<del class=\"d\">S</del>"), "the letter the engine dropped is marked")
  }
}
