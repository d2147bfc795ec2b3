import Foundation
import ScanbenchArchive
import ScanbenchRunner
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

enum ScoreCommand: Command {
  static let out = Option<String>(
    "--out", help: "The JSON-lines store to append to.", valueName: "file",
    default: "Reports/score-results.jsonl")
  static let confusions = Option<Int>.integer(
    "--confusions", help: "How many of the most frequent confusions to list.", range: 0...1000, default: 10)

  static let spec = CommandSpec(
    name: "score",
    abstract: "Score existing OCR output against ground truth, without recognizing anything.",
    discussion: """
      GT and OCR are folders or archives: NAME.gt.txt in GT is paired with NAME.txt in OCR (same
      relative path). Either side may be text, PAGE or ALTO XML (NAME.gt.xml, NAME.page.xml,
      NAME.xml) or hOCR (NAME.hocr), read as dinglehopper reads them; of several files with one name,
      ground truth reads the first of .gt.txt .gt.page.xml .gt.alto.xml .gt.xml .gt.hocr, then of
      .txt .page.xml .alto.xml .xml .hocr, and OCR output the other way round. Results are appended
      to the store like a run's; missing counterparts are listed.
      """,
    arguments: [
      ArgumentSpec(name: "gt", help: "Folder or archive of ground truth (NAME.gt.txt, NAME.gt.xml, …)."),
      ArgumentSpec(name: "ocr", help: "Folder or archive of OCR output (NAME.txt, NAME.xml, NAME.hocr, …)."),
    ],
    options: [out.spec, confusions.spec, Flag.json.spec] + ScoringFlags.options)

  static func validate(_ arguments: ParsedArguments) throws {
    for input in arguments.positionals where !FileManager.default.fileExists(atPath: input) {
      throw CommandFailure("\(input): no such file or folder", exitCode: ExitCode.inputUnreadable)
    }
    try Paths.checkStore(arguments[out], creating: true)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let options = ScoringFlags.parse(arguments)
    let store = URL(fileURLWithPath: arguments[out])
    let confusionLimit = arguments[confusions]
    let outcome: TextPairScoring.Outcome
    do {
      outcome = try TextPairScoring.run(
        groundTruth: arguments.positionals[0], recognized: arguments.positionals[1], options: options,
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
    if arguments[Flag.json] {
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
      }
      let report = Report(
        summary: outcome.summary, werMicro: accumulator.werMicro, werMacro: accumulator.werMacro,
        substitutions: accumulator.editCounts.substitutions, insertions: accumulator.editCounts.insertions,
        deletions: accumulator.editCounts.deletions,
        confusions: Array(outcome.confusions.prefix(confusionLimit)),
        missingOCR: outcome.missingRecognized, missingGroundTruth: outcome.missingGroundTruth)
      Console.out(String(decoding: try StoreWriter.line(for: report), as: UTF8.self))
    } else {
      var lines = [
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
        ("store", store.path),
      ].map { $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.1 }
      if !outcome.confusions.isEmpty, confusionLimit > 0 {
        lines.append("most frequent confusions (ground truth → OCR):")
        for confusion in outcome.confusions.prefix(confusionLimit) {
          lines.append("  \(confusion.count)×  \"\(confusion.groundTruth)\" → \"\(confusion.recognized)\"")
        }
      }
      Console.out(lines.joined(separator: "\n") + "\n")
    }
    return outcome.unreadable.isEmpty ? ExitCode.success : ExitCode.failure
  }
}
