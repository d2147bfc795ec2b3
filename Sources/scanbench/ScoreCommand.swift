import Foundation
import ScanbenchArchive
import ScanbenchCommandLine
import ScanbenchRunner
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

struct ScoreCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "score",
      abstract: "Score existing OCR output against ground truth, without recognizing anything.",
      discussion: """
        GT and OCR are folders or archives: NAME.gt.txt in GT is paired with NAME.txt in OCR (same
        relative path). Either side may be text, PAGE or ALTO XML (NAME.gt.xml, NAME.page.xml,
        NAME.xml) or hOCR (NAME.hocr), read as dinglehopper reads them; of several files with one name,
        ground truth reads the first of .gt.txt .gt.page.xml .gt.alto.xml .gt.xml .gt.hocr, then of
        .txt .page.xml .alto.xml .xml .hocr, and OCR output the other way round. With --out, results are
        appended to that store like a run's (nothing is written without it); missing counterparts are
        listed. --json lists every pair, named after its page (110 for 110.gt.txt).
        """)
  }

  @Argument(help: "Folder or archive of ground truth (NAME.gt.txt, NAME.gt.xml, …).", completion: .file)
  var gt: String
  @Argument(help: "Folder or archive of OCR output (NAME.txt, NAME.xml, NAME.hocr, …).", completion: .file)
  var ocr: String
  @Option(
    help: "Append the results to this JSON-lines store.", valueName: "file",
    defaultText: "none: nothing is written", completion: .file)
  var out: String?
  @Option(help: "How many of the most frequent confusions to list.", valueName: "N", parsing: .confusionCount)
  var confusions = 10
  @OptionGroup var output: JSONOutput
  @OptionGroup var scoring: ScoringFlags

  func validate() throws {
    for input in [gt, ocr] where !FileManager.default.fileExists(atPath: input) {
      throw CommandFailure("\(input): no such file or folder", exitCode: ExitCode.inputUnreadable)
    }
    if let out { try Paths.checkStore(out, creating: true) }
  }

  func run(_: Void) throws -> Int32 {
    let options = scoring.options
    let store = out.map { URL(fileURLWithPath: $0) }
    let confusionLimit = confusions
    let outcome: TextPairScoring.Outcome
    do {
      outcome = try TextPairScoring.run(
        groundTruth: gt, recognized: ocr, options: options,
        store: store,
        provenance: Scanbench.provenance)
    } catch let error as ArchiveError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    for stem in outcome.missingRecognized { Console.error("missing OCR output for \(stem)\n") }
    for stem in outcome.missingGroundTruth { Console.error("missing ground truth for \(stem)\n") }
    for (entry, reason) in outcome.unreadable { Console.error("unreadable: \(entry): \(reason)\n") }
    for (ignored, read) in outcome.shadowed { Console.error("note: \(ignored) not read: \(read) is\n") }
    let accumulator = outcome.accumulator
    if output.json {
      struct Report: Encodable {
        var summary: RunSummaryRecord
        var werMicro: Double?
        var werMacro: Double?
        var substitutions: Int
        var insertions: Int
        var deletions: Int
        var confusions: [Confusion]
        var missingOCR: [String]
        var missingGroundTruth: [String]
        var pairs: [TextPairScoring.Pair]
        var store: String?
      }
      let report = Report(
        summary: outcome.summary, werMicro: accumulator.werMicro, werMacro: accumulator.werMacro,
        substitutions: accumulator.editCounts.substitutions, insertions: accumulator.editCounts.insertions,
        deletions: accumulator.editCounts.deletions,
        confusions: Array(outcome.confusions.prefix(confusionLimit)),
        missingOCR: outcome.missingRecognized, missingGroundTruth: outcome.missingGroundTruth,
        pairs: outcome.pairs, store: store?.path)
      try JSONOutput.print(report)
    } else {
      let lines = [
        ("pairs scored", "\(accumulator.images)"),
        (
          "missing",
          "\(outcome.missingRecognized.count) OCR, \(outcome.missingGroundTruth.count) ground truth"
        ),
        ("characters", "\(accumulator.groundTruthLength)"),
        (
          "edits",
          "\(accumulator.edits) (\(accumulator.editCounts.substitutions) sub, \(accumulator.editCounts.insertions) ins, \(accumulator.editCounts.deletions) del)"
        ),
        ("CER (micro)", Format.percent(accumulator.cerMicro)),
        ("CER (macro)", Format.percent(accumulator.cerMacro)),
        ("WER (micro)", Format.percent(accumulator.werMicro)),
        ("metric", options.descriptor),
        ("store", store?.path ?? "none (--out FILE keeps the results)"),
      ]
      var text = TextTable.keyValue(lines, labelWidth: 16)
      if !outcome.confusions.isEmpty, confusionLimit > 0 {
        text += "most frequent confusions (ground truth → OCR):\n"
        for confusion in outcome.confusions.prefix(confusionLimit) {
          text += "  \(confusion.count)×  \"\(confusion.groundTruth)\" → \"\(confusion.recognized)\"\n"
        }
      }
      Console.out(text)
    }
    return outcome.unreadable.isEmpty ? ExitCode.success : ExitCode.failure
  }
}
