import Foundation
import ScanbenchCommandLine
import ScanbenchGate
import ScanbenchStore
import ScanbenchSupport

struct CheckCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "check",
      abstract: "Fail when the latest run of a store is less accurate than a baseline.",
      discussion: """
        Compares the latest run of STORE with the baseline ('scanbench baseline' writes it) on the images
        both have. A paired bootstrap over images (seeded: the same inputs give the same interval) gives
        a confidence interval for the change in micro CER; it is a regression when the whole interval
        lies above the allowed increase, or when more images got worse than --max-regressed-images
        allows.
        Images of the baseline missing from the run fail the check (--allow-missing lists them and
        passes); images new in the run are listed. How the run was made differently from the baseline
        (engine, models, settings, scanbench version) is said with the verdict.
        Exit status: 0 pass, 1 regression or missing images, 2 not comparable (other language or
        metric, no common image, missing or unreadable file), 64 usage error.
        """)
  }

  static let defaults = BaselineCheck.Options()

  @OptionGroup var store: StoreRunOptions
  @Option(help: "The baseline to compare with.", valueName: "file", completion: .file)
  var baseline: String
  @Option(
    help: "Allowed increase of micro CER: a fraction (0.002) or points with % (0.2%).", valueName: "x",
    parsing: .cerIncrease)
  var maxCERIncrease = defaults.maxCERIncrease
  @Option(
    help: "Fail when more images than this got worse.", valueName: "N", parsing: .integer(in: 0...Int.max),
    defaultText: "no limit")
  var maxRegressedImages: Int?
  @Option(help: "Confidence level of the interval.", valueName: "level", parsing: .number(in: 0.5...0.999))
  var confidence = defaults.confidence
  @Option(help: "Bootstrap resamples.", valueName: "N", parsing: .integer(in: 100...1_000_000))
  var resamples = defaults.resamples
  @Option(help: "Seed of the bootstrap's random generator.", valueName: "N", defaultText: "fixed")
  var seed = defaults.seed
  @Flag(help: "Compare even when the run used another metric descriptor.") var allowMetricMismatch = false
  @Flag(help: "Pass even when images of the baseline are missing from the run (they are listed).")
  var allowMissing = false
  @Option(
    help: "Also write the result as JUnit XML (one test case per image).", valueName: "file",
    completion: .file)
  var junit: String?
  @Option(
    help: "Also write a Markdown summary, e.g. for a CI job page.", valueName: "file", completion: .file)
  var markdown: String?
  @Option(
    help: "How many worse and better images to list.", valueName: "N", parsing: .integer(in: 0...Int.max))
  var list = 50
  @OptionGroup var output: JSONOutput

  static let notComparable: Int32 = 2

  func validate() throws {
    guard FileManager.default.fileExists(atPath: baseline) else {
      throw CommandFailure(
        "\(baseline): no such baseline (make one with 'scanbench baseline')", exitCode: Self.notComparable)
    }
    for file in [junit, markdown].compactMap({ $0 }) { try Paths.checkWritable(file) }
  }

  func run(_: Void) throws -> Int32 {
    var options = BaselineCheck.Options()
    options.maxCERIncrease = maxCERIncrease
    options.maxRegressedImages = maxRegressedImages
    options.confidence = confidence
    options.resamples = resamples
    options.seed = seed
    options.allowMetricMismatch = allowMetricMismatch
    options.allowMissing = allowMissing

    let result: CheckResult
    do {
      let baseline = try Baseline.load(URL(fileURLWithPath: self.baseline))
      let run = try StoreRunLoader.load(store.url, runID: store.run)
      result = try BaselineCheck.compare(run, with: baseline, baselinePath: self.baseline, options: options)
    } catch let error as ReportError {
      throw CommandFailure("not comparable: \(error.description)", exitCode: Self.notComparable)
    }
    let suite = ((baseline as NSString).lastPathComponent as NSString).deletingPathExtension
    if let junit {
      try Self.write(
        JUnitReport.render(result, suite: suite, timestamp: Self.timestamp()), to: URL(fileURLWithPath: junit)
      )
    }
    if let markdown {
      try Self.write(
        MarkdownReport.render(result, title: suite, limit: list), to: URL(fileURLWithPath: markdown))
    }
    if output.json {
      struct Report: Encodable {
        var verdict: String
        var sentence: String
        var result: CheckResult
      }
      try JSONOutput.print(
        Report(verdict: result.verdict.rawValue, sentence: result.sentence, result: result))
    } else {
      Console.out(result.text(limit: list))
    }
    return result.verdict == .pass ? ExitCode.success : ExitCode.failure
  }

  static func write(_ text: String, to url: URL) throws {
    do {
      try OutputFile.write(Data(text.utf8), to: url.path)
    } catch let error as OutputFileError {
      throw CommandFailure("cannot write \(error)", exitCode: ExitCode.failure)
    }
  }

  static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }
}

extension ValueParser where Value == Double {
  /// `0.002` (a CER fraction) or `0.2%` (percentage points).
  static var cerIncrease: ValueParser { ValueParser { text, _ in try cerIncrease(text) } }

  private static func cerIncrease(_ text: String) throws -> Double {
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
}
