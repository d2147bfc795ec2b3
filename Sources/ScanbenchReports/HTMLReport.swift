import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// One self-contained HTML page about a run: its identity and numbers, charts drawn as inline SVG, the
/// most frequent confusions, the images worst first with ground truth and OCR side by side, and, given a
/// second run, the per-image differences. No external script, font or image: it opens from disk.
public enum HTMLReport {
  public struct Options: Sendable {
    /// Images shown in full (thumbnail, side-by-side diff), worst first; the rest get a table row.
    public var detailLimit = 200
    /// Of those, how many are open at first; the others sit in a collapsed section.
    public var openDetails = 25
    public var confusionLimit = 30
    /// Shown in the footer; passed in so that the same inputs give the same page.
    public var generatedAt = ""
    public var generator = "scanbench"
    /// Links to overlay images (`scanbench overlay`), relative to the page, by result.
    public var overlays: [SourceMaterial.Reference: String] = [:]

    public init() {}
  }

  public struct Outcome: Sendable {
    public var html: String
    /// Images shown in full.
    public var detailed: Int
    /// Results whose ground truth was found again.
    public var groundTruthFound: Int
    public var thumbnails: Int
  }

  public static func render(
    run: StoreRun, comparison: StoreRun?, material: SourceMaterial, options: Options = Options()
  ) -> Outcome {
    var page = Page(run: run, comparison: comparison, material: material, options: options)
    page.analyse()
    let html = page.document()
    return Outcome(
      html: html, detailed: page.detailed.count, groundTruthFound: page.groundTruthFound,
      thumbnails: page.detailed.filter { material.thumbnails[$0.reference] != nil }.count)
  }

  /// The sources and images a report of `run` would like to re-read, in order of preference.
  public static func thumbnailCandidates(_ run: StoreRun, options: Options = Options()) -> [SourceMaterial
    .Reference]
  {
    Page.ordered(run.results).filter(Page.deservesDetail).prefix(options.detailLimit).map(
      SourceMaterial.Reference.init)
  }
}

/// One image of the report.
struct ReportRow {
  var record: ResultRecord
  var reference: SourceMaterial.Reference
  var alignment: Alignment?
  /// The texts as written, marked by the alignment, and word by word (images shown in full).
  var display: DisplayAlignment?
  var groundTruthAvailable = false
  /// The ground truth read now scores differently from what the run stored.
  var groundTruthDiffers = false
  /// Words of the ground truth and word edits: as the run stored them, else (a store from before
  /// WER was recorded) counted from the ground truth re-read.
  var wordCounts: (words: Int, edits: Int)?

  var cer: Double? { record.error == nil ? record.cer : nil }

  var wer: Double? {
    guard record.error == nil, let counts = wordCounts, counts.words > 0 else { return nil }
    return Double(counts.edits) / Double(counts.words)
  }
}
