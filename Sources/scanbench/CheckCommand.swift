import Foundation
import ScanbenchCore

enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Fail when the latest run of a store is less accurate than a baseline.",
    discussion: """
      Compares the latest run of STORE with the baseline on the images both have. A paired bootstrap
      over images (seeded: the same inputs give the same interval) gives a confidence interval for the
      change in micro CER; it is a regression when the whole interval lies above the allowed increase,
      or when more images got worse than --max-regressed-images allows.
      Exit status: 0 pass, 1 regression, 2 not comparable (other metric, no common image, missing or
      unreadable file), 64 usage error.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store of the run to check.")],
    options: [
      OptionSpec(
        name: "--baseline", help: "The baseline to compare with; required ('scanbench baseline' writes it).",
        valueName: "file"),
      OptionSpec(
        name: "--max-cer-increase",
        help: "Allowed increase of micro CER: a fraction (0.002) or points with % (0.2%).", valueName: "x",
        defaultValue: "0"),
      OptionSpec(
        name: "--max-regressed-images", help: "Fail when more images than this got worse.", valueName: "N",
        defaultValue: "no limit"),
      OptionSpec(
        name: "--confidence", help: "Confidence level of the interval.", valueName: "level",
        defaultValue: "0.95"),
      OptionSpec(name: "--resamples", help: "Bootstrap resamples.", valueName: "N", defaultValue: "5000"),
      OptionSpec(
        name: "--seed", help: "Seed of the bootstrap's random generator.", valueName: "N",
        defaultValue: "fixed"),
      .flag("--allow-metric-mismatch", "Compare even when the run used another metric descriptor."),
      OptionSpec(name: "--run", help: "Check this run of the store instead of the latest.", valueName: "id"),
      OptionSpec(
        name: "--junit", help: "Also write the result as JUnit XML (one test case per image).",
        valueName: "file"),
      OptionSpec(
        name: "--markdown", help: "Also write a Markdown summary, e.g. for a CI job page.", valueName: "file"),
      OptionSpec(
        name: "--list", help: "How many worse and better images to list.", valueName: "N", defaultValue: "50"),
      .json,
    ])

  static let notComparable: Int32 = 2

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let baselinePath = arguments.value("--baseline") else {
      throw UsageError("Missing '--baseline <file>': the baseline to compare with.")
    }
    var options = BaselineCheck.Options()
    options.maxCERIncrease = try cerIncrease(arguments.value("--max-cer-increase"))
    options.maxRegressedImages = try arguments.int("--max-regressed-images", range: 0...Int.max)
    options.confidence = try arguments.double("--confidence", range: 0.5...0.999) ?? options.confidence
    options.resamples = try arguments.int("--resamples", range: 100...1_000_000) ?? options.resamples
    if let seed = arguments.value("--seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("--seed takes a whole number ≥ 0, not '\(seed)'")
      }
      options.seed = value
    }
    options.allowMetricMismatch = arguments.flag("--allow-metric-mismatch")
    let limit = try arguments.int("--list", range: 0...Int.max) ?? 50
    let junit = arguments.value("--junit").map { URL(fileURLWithPath: $0) }
    let markdown = arguments.value("--markdown").map { URL(fileURLWithPath: $0) }

    let result: CheckResult
    do {
      let baseline = try Baseline.load(URL(fileURLWithPath: baselinePath))
      let run = try StoreRunLoader.load(
        URL(fileURLWithPath: arguments.positionals[0]), runID: arguments.value("--run"))
      result = try BaselineCheck.compare(run, with: baseline, baselinePath: baselinePath, options: options)
    } catch let error as ReportError {
      throw CommandFailure("not comparable: \(error.description)", exitCode: notComparable)
    }
    let suite = ((baselinePath as NSString).lastPathComponent as NSString).deletingPathExtension
    if let junit {
      try write(JUnitReport.render(result, suite: suite, timestamp: timestamp()), to: junit)
    }
    if let markdown {
      try write(MarkdownReport.render(result, title: suite, limit: limit), to: markdown)
    }
    if arguments.flag("--json") {
      struct Report: Encodable {
        var verdict: String
        var sentence: String
        var result: CheckResult
      }
      let report = Report(verdict: result.verdict.rawValue, sentence: result.sentence, result: result)
      Console.out(String(decoding: try StoreWriter.line(for: report), as: UTF8.self))
    } else {
      Console.out(result.text(limit: limit))
    }
    return result.verdict == .pass ? ExitCode.success : ExitCode.failure
  }

  /// `0.002` (a CER fraction) or `0.2%` (percentage points).
  static func cerIncrease(_ text: String?) throws -> Double {
    guard let text else { return 0 }
    let isPoints = text.hasSuffix("%")
    guard let number = Double(isPoints ? String(text.dropLast()) : text), number.isFinite, number >= 0 else {
      throw UsageError("--max-cer-increase takes a fraction (0.002) or points (0.2%), not '\(text)'")
    }
    let value = isPoints ? number / 100 : number
    guard value <= 1 else {
      throw UsageError("--max-cer-increase \(text) allows more than 100 points: write 0.002 or 0.2%")
    }
    return value
  }

  static func write(_ text: String, to url: URL) throws {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw CommandFailure(
        "cannot write \(url.path): \(error.localizedDescription)", exitCode: ExitCode.failure)
    }
  }

  static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }
}
