import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// Scores OCR output that already exists (`scanbench score GT OCR`), as dinglehopper and ocreval do:
/// `NAME.gt.txt` in one folder or archive against `NAME.txt` in the other.
public enum TextPairScoring {
  public struct Outcome: Sendable {
    public var summary: RunSummaryRecord
    public var accumulator: RunScoreAccumulator
    public var confusions: [Confusion]
    /// Stems with ground truth but no OCR text, and OCR text with no ground truth.
    public var missingRecognized: [String]
    public var missingGroundTruth: [String]
    /// Files that could not be decoded as text, with why.
    public var unreadable: [(entry: String, reason: String)]
  }

  public static func run(
    groundTruth: String, recognized: String, options: ScoringOptions, store: URL,
    maxEntryBytes: Int = 64 << 20, provenance: Provenance,
    onRecord: @Sendable (ResultRecord) -> Void = { _ in }
  ) throws -> Outcome {
    let started = DispatchTime.now()
    var unreadable: [(String, String)] = []
    let truths = try texts(in: groundTruth, preferGroundTruthFiles: true, maxEntryBytes: maxEntryBytes) {
      unreadable.append(($0, $1))
    }
    let outputs = try texts(in: recognized, preferGroundTruthFiles: false, maxEntryBytes: maxEntryBytes) {
      unreadable.append(($0, $1))
    }
    let writer = try StoreWriter(url: store)
    let runID = RunID.make()
    // The texts' maker is not known: what was measured is the files, keyed by their ground truth.
    let engine = EngineIdentity(name: "text-files", version: "-")
    let settings = ["metric": options.descriptor]
    var accumulator = RunScoreAccumulator(metric: options.descriptor)
    var confusions: [Confusion] = []
    var failed = 0
    for stem in truths.keys.sorted() {
      guard let output = outputs[stem], let truth = truths[stem] else { continue }
      let ocrText = output.text
      // Keyed by the ground truth (its entry and the SHA-256 of its bytes), never by the OCR text:
      // a changed output is the same image scored again, which is what a check compares.
      var record = ResultRecord(
        run: runID, time: Timestamp.now(), source: groundTruth, entry: truth.entry, sha256: truth.sha256,
        profile: "external", lang: "-", engine: engine)
      record.settings = settings
      record.scanbench = provenance
      record.text = ocrText
      record.chars = ResultRecord.characterCount(ocrText)
      let scoreStart = DispatchTime.now()
      let (score, alignment) = Scorer.scoreAndAlign(
        groundTruth: truth.text, recognized: ocrText, options: options)
      record.ms.score = PagePipeline.milliseconds(since: scoreStart)
      record.record(score)
      accumulator.add(score)
      confusions += alignment.confusions
      try writer.append(record)
      onRecord(record)
    }
    for (entry, reason) in unreadable {
      failed += 1
      var record = ResultRecord(
        run: runID, time: Timestamp.now(), source: groundTruth, entry: entry, sha256: "", profile: "external",
        lang: "-", engine: engine)
      record.settings = settings
      record.scanbench = provenance
      record.error = .init(kind: "ground-truth-encoding", message: reason)
      try writer.append(record)
      onRecord(record)
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    var summary = RunSummaryRecord(
      run: runID, time: Timestamp.now(), sources: [groundTruth, recognized], profile: "external", lang: "-",
      jobs: 1, images: accumulator.images + failed, succeeded: accumulator.images, failed: failed, skipped: 0,
      scored: accumulator.images, gtChars: accumulator.groundTruthLength, edits: accumulator.edits,
      cerMicro: accumulator.cerMicro, cerMacro: accumulator.cerMacro, metric: options.descriptor,
      imagesPerSecond: wall > 0 ? Double(accumulator.images) / wall : 0, wallSeconds: wall,
      interrupted: false,
      shard: nil, engine: engine)
    summary.settings = settings
    summary.scanbench = provenance
    try writer.append(summary)
    writer.synchronize()
    return Outcome(
      summary: summary, accumulator: accumulator, confusions: ConfusionTable.top(confusions, limit: 20),
      missingRecognized: truths.keys.filter { outputs[$0] == nil }.sorted(),
      missingGroundTruth: outputs.keys.filter { truths[$0] == nil }.sorted(),
      unreadable: unreadable)
  }

  /// One text file of one side.
  struct TextFile {
    var entry: String
    var text: String
    /// Of the file's bytes, as read.
    var sha256: String
  }

  /// Stem → its text file, for the text files of one side.
  private static func texts(
    in input: String, preferGroundTruthFiles: Bool, maxEntryBytes: Int,
    onUnreadable: (String, String) -> Void
  ) throws -> [String: TextFile] {
    let source = try InputOpener.open(input)
    var preferred: [String: TextFile] = [:]
    var plain: [String: TextFile] = [:]
    while let header = try source.nextEntry() {
      guard header.kind == .file,
        case .groundTruth(let stem, let isGroundTruthFile) = EntryName.role(of: header.path)
      else { continue }
      do {
        let data = try source.readData(limit: maxEntryBytes)
        let file = TextFile(
          entry: header.path, text: try GroundTruthDecoder.decode(data), sha256: SHA256.hex(data))
        if isGroundTruthFile == preferGroundTruthFiles {
          preferred[stem] = file
        } else {
          plain[stem] = file
        }
      } catch {
        onUnreadable(header.path, "\(error)")
      }
    }
    // A folder of OCR output may also be named *.gt.txt, and ground truth plain *.txt.
    return preferred.isEmpty ? plain : preferred
  }
}
