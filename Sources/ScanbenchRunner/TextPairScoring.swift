import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// Scores OCR output that already exists (`scanbench score GT OCR`), as dinglehopper and ocreval do:
/// `NAME.gt.txt` (or PAGE, ALTO, hOCR: `EntryName.textFileNames`) in one folder or archive against
/// `NAME.txt` (or `NAME.xml`, `NAME.page.xml`, `NAME.hocr`, …) in the other.
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
    /// Files not read because another of the same stem on the same side ranks first
    /// (`a.txt` over `a.hocr`), with the one read.
    public var shadowed: [(ignored: String, read: String)]
    /// Every pair scored, in the order of their names.
    public var pairs: [Pair]
  }

  /// One ground-truth file and its OCR output, as scored.
  public struct Pair: Sendable, Encodable {
    /// The page: the ground truth's path without its text-file suffix (`sub/110` for `sub/110.gt.txt`).
    public var name: String
    public var groundTruth: String
    public var ocr: String
    public var cer: Double?
    public var wer: Double?
    public var edits: Int
    public var substitutions: Int
    public var insertions: Int
    public var deletions: Int
    public var gtChars: Int
    public var ocrChars: Int
    public var gtWords: Int
    public var wordEdits: Int

    enum CodingKeys: String, CodingKey {
      case name, ocr, cer, wer, edits, substitutions, insertions, deletions
      case groundTruth = "ground_truth"
      case gtChars = "gt_chars"
      case ocrChars = "ocr_chars"
      case gtWords = "gt_words"
      case wordEdits = "word_edits"
    }
  }

  /// Scores every pair; appends the results to `store` when one is given (nothing is written without).
  public static func run(
    groundTruth: String, recognized: String, options: ScoringOptions, store: URL?,
    maxEntryBytes: Int = 64 << 20, provenance: Provenance,
    onRecord: @Sendable (ResultRecord) -> Void = { _ in }
  ) throws -> Outcome {
    let started = DispatchTime.now()
    // Recorded absolute, as a run's inputs are, so that a report made elsewhere re-reads them.
    let groundTruth = SourcePath.absolute(groundTruth)
    let recognized = SourcePath.absolute(recognized)
    var unreadable: [(String, String, String)] = []
    var shadowed: [(String, String)] = []
    var others: [[String]] = [[], []]
    let truths = try texts(
      in: groundTruth, preferGroundTruthFiles: true, maxEntryBytes: maxEntryBytes,
      onUnreadable: { unreadable.append(($0, $1, $2)) }, onShadowed: { shadowed.append(($0, $1)) },
      onOther: { others[0].append($0) })
    let outputs = try texts(
      in: recognized, preferGroundTruthFiles: false, maxEntryBytes: maxEntryBytes,
      onUnreadable: { unreadable.append(($0, $1, $2)) }, onShadowed: { shadowed.append(($0, $1)) },
      onOther: { others[1].append($0) })
    if !truths.keys.contains(where: { outputs[$0] != nil }) {
      throw nothingPaired(
        sides: [(groundTruth, truths, others[0]), (recognized, outputs, others[1])],
        unreadable: unreadable.count)
    }
    let writer = try store.map { try StoreWriter(url: $0) }
    let runID = RunID.make()
    // The texts' maker is not known: what was measured is the files, keyed by their ground truth.
    let engine = EngineIdentity(name: "text-files", version: "-")
    let settings = ["metric": options.descriptor]
    var accumulator = RunScoreAccumulator(metric: options.descriptor)
    var confusions: [Confusion] = []
    var pairs: [Pair] = []
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
      pairs.append(
        Pair(
          name: stem, groundTruth: truth.entry, ocr: output.entry, cer: score.cer, wer: score.words.wer,
          edits: score.edits.total, substitutions: score.edits.substitutions,
          insertions: score.edits.insertions, deletions: score.edits.deletions,
          gtChars: score.groundTruthLength, ocrChars: score.recognizedLength,
          gtWords: score.words.groundTruthWords, wordEdits: score.words.wordEdits))
      try writer?.append(record)
      onRecord(record)
    }
    for (entry, kind, reason) in unreadable {
      failed += 1
      var record = ResultRecord(
        run: runID, time: Timestamp.now(), source: groundTruth, entry: entry, sha256: "", profile: "external",
        lang: "-", engine: engine)
      record.settings = settings
      record.scanbench = provenance
      record.error = .init(kind: kind, message: reason)
      try writer?.append(record)
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
    summary.werMicro = accumulator.werMicro
    summary.werMacro = accumulator.werMacro
    summary.settings = settings
    summary.scanbench = provenance
    try writer?.append(summary)
    writer?.synchronize()
    return Outcome(
      summary: summary, accumulator: accumulator, confusions: ConfusionTable.top(confusions, limit: 20),
      missingRecognized: truths.keys.filter { outputs[$0] == nil }.sorted(),
      missingGroundTruth: outputs.keys.filter { truths[$0] == nil }.sorted(),
      unreadable: unreadable.map { ($0.0, $0.2) }, shadowed: shadowed, pairs: pairs)
  }

  /// Nothing scored is not a success: what each side holds, so a wrong folder, an empty one or OCR
  /// in another format shows.
  private static func nothingPaired(
    sides: [(input: String, texts: [String: TextFile], others: [String])], unreadable: Int
  ) -> ArchiveError {
    func examples(_ names: [String]) -> String {
      names.isEmpty
        ? "" : " (" + names.sorted().prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "") + ")"
    }
    let described = sides.map { side in
      var text =
        "\(side.input) holds \(side.texts.count) text files\(examples(side.texts.values.map(\.entry)))"
      if !side.others.isEmpty {
        var byExtension: [String: Int] = [:]
        for name in side.others { byExtension[RunSummaryRecord.ignoredKey(for: name), default: 0] += 1 }
        let kinds = byExtension.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
          .prefix(4).map { "\($0.value) .\($0.key)" }
        text += " and \(side.others.count) other files (\(kinds.joined(separator: ", ")))"
      }
      return text
    }
    return ArchiveError(
      .nothingPaired, input: sides.map(\.input).joined(separator: " and "),
      message: "nothing to score: " + described.joined(separator: "; ")
        + (unreadable > 0 ? "; \(unreadable) could not be read" : "")
        + ". NAME.gt.txt in the ground truth (or .gt.page.xml, .gt.alto.xml, .gt.hocr) is scored "
        + "against NAME.txt at the same relative path in the OCR output (or .page.xml, .alto.xml, .hocr)")
  }

  /// One text file of one side.
  struct TextFile {
    var entry: String
    var text: String
    /// Of the file's bytes, as read.
    var sha256: String
  }

  /// Stem → its text file, for the text files of one side: of the files with a stem, the one
  /// `EntryName.textFileNames` ranks first. Ground truth reads the names that say so (`.gt.`) when
  /// there are any, OCR output the others; a side holding only the other kind reads those.
  private static func texts(
    in input: String, preferGroundTruthFiles: Bool, maxEntryBytes: Int,
    onUnreadable: (String, String, String) -> Void, onShadowed: (String, String) -> Void,
    onOther: (String) -> Void
  ) throws -> [String: TextFile] {
    let source = try InputOpener.open(input)
    var preferred: [String: (rank: Int, path: String)] = [:]
    var plain: [String: (rank: Int, path: String)] = [:]
    // Stem → the files of its group that rank below the chosen one, by group.
    var outranked: [Bool: [String: [String]]] = [:]
    var files: [String: TextFile] = [:]
    var failures: [String: (kind: String, reason: String)] = [:]
    while let header = try source.nextEntry() {
      guard header.kind == .file else { continue }
      guard let (name, stem) = EntryName.textFile(header.path) else {
        onOther(header.path)
        continue
      }
      let isPreferred = name.isGroundTruth == preferGroundTruthFiles
      let rank = name.rank
      let best = isPreferred ? preferred[stem] : plain[stem]
      if let best, best.rank <= rank {
        outranked[isPreferred, default: [:]][stem, default: []].append(header.path)
        continue
      }
      if let best { outranked[isPreferred, default: [:]][stem, default: []].append(best.path) }
      if isPreferred { preferred[stem] = (rank, header.path) } else { plain[stem] = (rank, header.path) }
      do {
        let data = try source.readData(limit: maxEntryBytes)
        files[header.path] = TextFile(
          entry: header.path, text: try TextFileReader.text(of: data, path: header.path),
          sha256: SHA256.hex(data))
      } catch let error as TextFileReader.Failure {
        failures[header.path] = (error.kind, error.message)
      } catch {
        failures[header.path] = ("ground-truth-unreadable", "\(error)")
      }
    }
    // A folder of OCR output may also be named *.gt.txt, and ground truth plain *.txt.
    let usesPreferred = !preferred.isEmpty
    let chosen = usesPreferred ? preferred : plain
    var texts: [String: TextFile] = [:]
    for (stem, file) in chosen {
      if let failure = failures[file.path] {
        onUnreadable(file.path, failure.kind, failure.reason)
      } else if let text = files[file.path] {
        texts[stem] = text
      }
      for other in (outranked[usesPreferred]?[stem] ?? []).sorted() { onShadowed(other, file.path) }
    }
    return texts
  }
}
