import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchReports
@testable import ScanbenchRunner
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct HTMLReportTests {
  let folder: URL

  init() throws {
    folder = try TestKit.temporaryFolder("report-tests")
  }

  /// A folder source with two images and their ground truth, and a run that read them with errors.
  func sourceAndRun() throws -> (source: URL, run: StoreRun, imageBytes: Data) {
    let source = folder.appendingPathComponent("lines")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    // Any bytes do: the report embeds them as they are, checked against the run's SHA-256.
    let imageBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))
    try imageBytes.write(to: source.appendingPathComponent("a.png"))
    try Data("Total: 12 <apples> & co".utf8).write(to: source.appendingPathComponent("a.gt.txt"))
    try Data([1, 2, 3]).write(to: source.appendingPathComponent("b.tif"))
    try Data("clean <line> & more".utf8).write(to: source.appendingPathComponent("b.gt.txt"))
    var worse = ReportFixtures.record(
      "a.png", edits: 3, length: 23, source: source.path, sha256: SHA256.hex(imageBytes),
      text: "Tota1: l2 <appless> & co")
    worse.width = 600
    worse.height = 40
    let clean = ReportFixtures.record(
      "b.tif", edits: 0, length: 19, source: source.path, sha256: "x", text: "clean <line> & more")
    return (source, ReportFixtures.run([clean, worse]), imageBytes)
  }

  @Test func theReportShowsTheWorstImageSideBySideWithItsThumbnail() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, run, imageBytes) = try sourceAndRun()
    let material = SourceMaterial.load(for: run.results, thumbnailsFor: HTMLReport.thumbnailCandidates(run))
    #expect(material.groundTruth.count == 2)
    #expect(material.thumbnails.count == 1)
    let outcome = HTMLReport.render(run: run, comparison: nil, material: material)
    let html = outcome.html
    #expect(outcome.detailed == 1, "the perfect image gets a table row, not a card")
    #expect(outcome.groundTruthFound == 2)
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("id=\"report-status\" data-ready=\"no\""))
    #expect(html.contains("src=\"data:image/png;base64,\(imageBytes.base64EncodedString())\""))
    // "Total" → "Tota1": a substitution on both sides; "12" → "l2"; "apples" → "appless": an insertion.
    #expect(html.contains("<span class=\"s\" title=\"read as “1”\">l</span>"))
    #expect(html.contains("<span class=\"s\" title=\"should be “l”\">1</span>"))
    #expect(html.contains("<ins class=\"i\">s</ins>"))
    #expect(html.contains("<span class=\"gap gi\" title=\"OCR added “s” here\"></span>"))
    #expect(html.contains("2 &lt;apple<span class=\"gap gi\""), "texts are escaped")
    #expect(html.contains("s&gt; &amp; co"))
    #expect(!html.contains("<apples>"))
    #expect(html.contains("Most frequent confusions"))
    #expect(!html.contains("src=\"http"), "nothing is loaded from elsewhere")
    #expect(!html.contains("<script src"))
  }

  @Test func deletionsAreStruckThroughOnTheGroundTruthSide() {
    let alignment = Scorer.align(groundTruth: "to the shop", recognized: "to shop")
    let groundTruth = DiffMarkup.groundTruth(alignment.operations)
    let recognized = DiffMarkup.recognized(alignment.operations)
    #expect(groundTruth.contains("<del class=\"d\">"))
    #expect(groundTruth.contains("␣"), "a deleted space is made visible")
    #expect(recognized.contains("class=\"gap gd\""))
    #expect(!recognized.contains("<del"))
  }

  @Test func withoutItsSourceTheReportShowsTheOCRAndSaysTheGroundTruthIsUnavailable() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let records = [
      ReportFixtures.record("gone.png", edits: 2, length: 10, source: "/nonexistent/archive.tar.gz")
    ]
    let run = ReportFixtures.run(records)
    let material = SourceMaterial.load(for: run.results, thumbnailsFor: HTMLReport.thumbnailCandidates(run))
    #expect(material.unavailableSources["/nonexistent/archive.tar.gz"] != nil)
    let html = HTMLReport.render(run: run, comparison: nil, material: material).html
    #expect(html.contains("Unavailable: the store keeps only the OCR text"))
    #expect(html.contains("text of gone.png"))
    #expect(html.contains("source unavailable"))
    #expect(html.contains("They need the ground truth"))
  }

  @Test func anImageThatChangedSinceTheRunIsNotShown() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (source, run, _) = try sourceAndRun()
    try Data([9, 9, 9]).write(to: source.appendingPathComponent("a.png"))
    let material = SourceMaterial.load(for: run.results, thumbnailsFor: HTMLReport.thumbnailCandidates(run))
    #expect(material.thumbnails.isEmpty)
    #expect(material.changedImages.count == 1)
  }

  @Test func aComparisonPlotsBothProfilesAndListsTheDeltas() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let fast = ReportFixtures.run(ReportFixtures.lines(20) { $0 % 3 == 0 ? 2 : 0 })
    let accurate = ReportFixtures.run(
      (1...20).map {
        ReportFixtures.record(
          String(format: "line-%03d.png", $0), edits: $0 == 6 ? 1 : 0, length: 50, run: "r2",
          profile: "accurate",
          recognizeMs: 300)
      })
    let html = HTMLReport.render(run: fast, comparison: accurate, material: SourceMaterial()).html
    #expect(html.contains("Speed against accuracy: fast vs accurate"))
    #expect(html.contains("<section id=\"compare\">"))
    #expect(html.contains("20 images scored in both runs: 6 worse in fast, 0 better, 14 the same"))
    #expect(html.contains("fill=\"#f59f00\""), "the second series is drawn")
    #expect(html.components(separatedBy: "<circle").count - 1 == 40)
  }

  @Test func tenThousandImagesStayUsable() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let records = (1...10_000).map { index in
      ReportFixtures.record(
        String(format: "page-%05d.png", index), edits: index % 9, length: 60,
        text: "recognized line \(index)",
        recognizeMs: Double(50 + index % 400))
    }
    let run = ReportFixtures.run(records)
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = HTMLReport.render(run: run, comparison: nil, material: SourceMaterial())
    let elapsed = clock.now - start
    #expect(outcome.detailed == 200)
    #expect(outcome.html.components(separatedBy: "<article class=\"shot card\"").count - 1 == 200)
    #expect(outcome.html.contains("<summary>Show 175 more images</summary>"))
    #expect(outcome.html.components(separatedBy: "<tr data-name=").count - 1 == 10_000)
    #expect(outcome.html.utf8.count < 6_000_000, "\(outcome.html.utf8.count) bytes")
    #expect(elapsed < .seconds(20))
  }

  static let shared = PhotoFixtures.packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/corpora")

  /// Every image is shown: a receipt photo over the size embedded as it is and a TIFF page (which
  /// browsers do not show) as thumbnails made with leptonica; an input recorded as a relative path
  /// (older stores) is found beside the store; WER is shown beside CER; the texts keep their line
  /// breaks and, under --case-fold, their case.
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: shared.appendingPathComponent("sroie-receipts").path))
  )
  func largeAndTIFFImagesAreShownAsThumbnailsWithWERAndTheTextsAsWritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    let receipt = try Data(contentsOf: Self.shared.appendingPathComponent("sroie-receipts/111.jpg"))
    let tiff = try Data(contentsOf: Self.shared.appendingPathComponent("tesseract-pages/phototest.tif"))
    try receipt.write(to: input.appendingPathComponent("111.jpg"))
    try tiff.write(to: input.appendingPathComponent("phototest.tif"))
    try Data("TOTAL RM 12.00\nTHANK YOU\n".utf8).write(to: input.appendingPathComponent("111.gt.txt"))
    try Data("This is a lot of 12 point text".utf8).write(
      to: input.appendingPathComponent("phototest.gt.txt"))
    let caseFold = ScoringOptions(caseFold: true).descriptor
    var photo = ReportFixtures.record(
      "111.jpg", edits: 1, length: 24, metric: caseFold, source: "in", sha256: SHA256.hex(receipt),
      text: "Total RM 12.0O\nThank you")
    photo.gtWords = 5
    photo.wordEdits = 1
    photo.wer = 0.2
    let page = ReportFixtures.record(
      "phototest.tif", edits: 2, length: 30, source: input.path, sha256: SHA256.hex(tiff),
      text: "This is a lot of l2 point text")
    let run = ReportFixtures.run([photo, page])
    #expect(receipt.count > SourceMaterial.Limits().thumbnailBytes, "a photo too large to embed as it is")
    let material = SourceMaterial.load(
      for: run.results, thumbnailsFor: HTMLReport.thumbnailCandidates(run),
      store: folder.appendingPathComponent("results.jsonl"))
    #expect(material.unavailableSources.isEmpty, "\(material.unavailableSources)")
    let shown = try #require(material.thumbnails[SourceMaterial.Reference(photo)])
    #expect(shown.mediaType == "image/jpeg")
    #expect(shown.data.count < receipt.count / 2)
    #expect(material.thumbnails[SourceMaterial.Reference(page)]?.mediaType == "image/png", "1-bit TIFF → PNG")
    let html = HTMLReport.render(run: run, comparison: nil, material: material).html
    #expect(html.components(separatedBy: "<img class=\"thumb\"").count - 1 == 2)
    #expect(html.contains("WER (micro)"))
    #expect(html.contains("WER 20.00%"))
    #expect(html.contains("1 word edits / 5 words"))
    // The page never stored WER (an older store): counted from the ground truth re-read.
    #expect(html.contains("Word by word: 1 of 8 words differ (WER 12.50%)"), "counted from the line re-read")
    #expect(html.contains("TOTAL RM 12.0<span class=\"s\" title=\"read as “o”\">0</span>\nTHANK YOU\n"))
    #expect(html.contains("Total RM 12.0<span class=\"s\" title=\"should be “0”\">O</span>\nThank you"))
    #expect(html.contains("Word by word: 1 of 5 words differ"))
  }

  @Test func binsCountEveryImageOnce() {
    #expect(ReportFormat.binCounts([0, 0, 0.005, 0.01, 0.015, 0.3, 0.6, 1.4]) == [2, 2, 1, 0, 0, 0, 1, 2])
    #expect(SVGChart.niceTicks(upTo: 47, count: 4, integers: true) == [20, 40, 60])
    #expect(SVGChart.logStep(below: 37) == 20)
    #expect(SVGChart.logStep(above: 437) == 500)
  }
}
