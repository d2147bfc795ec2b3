import Foundation
import ScanbenchGate
import ScanbenchStore
import ScanbenchSupport

enum CheckCommand: Command {
  static let baseline = Option<String?>(
    "--baseline", help: "The baseline to compare with; required ('scanbench baseline' writes it).",
    valueName: "file")
  static let maxCERIncrease = Option<Double>(
    "--max-cer-increase", help: "Allowed increase of micro CER: a fraction (0.002) or points with % (0.2%).",
    valueName: "x", default: 0, convert: cerIncrease)
  static let maxRegressedImages = Option<Int?>.integer(
    "--max-regressed-images", help: "Fail when more images than this got worse.", range: 0...Int.max,
    defaultText: "no limit")
  static let confidence = Option<Double>(
    "--confidence", help: "Confidence level of the interval.", valueName: "level", default: 0.95
  ) { try Conversion.double($0, name: "--confidence", range: 0.5...0.999) }
  static let resamples = Option<Int>.integer(
    "--resamples", help: "Bootstrap resamples.", range: 100...1_000_000, default: 5000)
  static let seed = Option<UInt64>(
    "--seed", help: "Seed of the bootstrap's random generator.", valueName: "N",
    default: PairedBootstrap.defaultSeed, defaultText: "fixed"
  ) { text in
    guard let value = UInt64(text) else { throw UsageError("--seed takes a whole number ≥ 0, not '\(text)'") }
    return value
  }
  static let allowMetricMismatch = Flag(
    "--allow-metric-mismatch", help: "Compare even when the run used another metric descriptor.")
  static let allowMissing = Flag(
    "--allow-missing",
    help: "Pass even when images of the baseline are missing from the run (they are listed).")
  static let run = Option<String?>(
    "--run", help: "Check this run of the store instead of the latest.", valueName: "id")
  static let junit = Option<String?>(
    "--junit", help: "Also write the result as JUnit XML (one test case per image).", valueName: "file")
  static let markdown = Option<String?>(
    "--markdown", help: "Also write a Markdown summary, e.g. for a CI job page.", valueName: "file")
  static let list = Option<Int>.integer(
    "--list", help: "How many worse and better images to list.", range: 0...Int.max, default: 50)

  static let spec = CommandSpec(
    name: "check",
    abstract: "Fail when the latest run of a store is less accurate than a baseline.",
    discussion: """
      Compares the latest run of STORE with the baseline on the images both have. A paired bootstrap
      over images (seeded: the same inputs give the same interval) gives a confidence interval for the
      change in micro CER; it is a regression when the whole interval lies above the allowed increase,
      or when more images got worse than --max-regressed-images allows.
      Images of the baseline missing from the run fail the check (--allow-missing lists them and
      passes); images new in the run are listed. How the run was made differently from the baseline
      (engine, models, settings, scanbench version) is said with the verdict.
      Exit status: 0 pass, 1 regression or missing images, 2 not comparable (other language or
      metric, no common image, missing or unreadable file), 64 usage error.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store of the run to check.")],
    options: [
      baseline.spec, maxCERIncrease.spec, maxRegressedImages.spec, confidence.spec, resamples.spec, seed.spec,
      allowMetricMismatch.spec, allowMissing.spec, run.spec, junit.spec, markdown.spec, list.spec,
      Flag.json.spec,
    ])

  static let notComparable: Int32 = 2

  static func validate(_ arguments: ParsedArguments) throws {
    guard let path = arguments[baseline] else {
      throw UsageError("Missing '--baseline <file>': the baseline to compare with.")
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure(
        "\(path): no such baseline (make one with 'scanbench baseline')", exitCode: notComparable)
    }
    try Paths.checkStore(arguments.positionals[0], creating: false)
    for file in [arguments[junit], arguments[markdown]].compactMap({ $0 }) { try Paths.checkWritable(file) }
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let baselinePath = arguments[baseline] ?? ""
    var options = BaselineCheck.Options()
    options.maxCERIncrease = arguments[maxCERIncrease]
    options.maxRegressedImages = arguments[maxRegressedImages]
    options.confidence = arguments[confidence]
    options.resamples = arguments[resamples]
    options.seed = arguments[seed]
    options.allowMetricMismatch = arguments[allowMetricMismatch]
    options.allowMissing = arguments[allowMissing]
    let limit = arguments[list]
    let junit = arguments[Self.junit].map { URL(fileURLWithPath: $0) }
    let markdown = arguments[Self.markdown].map { URL(fileURLWithPath: $0) }

    let result: CheckResult
    do {
      let baseline = try Baseline.load(URL(fileURLWithPath: baselinePath))
      let run = try StoreRunLoader.load(
        URL(fileURLWithPath: arguments.positionals[0]), runID: arguments[Self.run])
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
    if arguments[Flag.json] {
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
  @Sendable static func cerIncrease(_ text: String) throws -> Double {
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
