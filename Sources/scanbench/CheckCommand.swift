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
        lies above the allowed increase, when more images got worse than --max-regressed-images
        allows, or when an image was lost: the baseline read it and the run failed on it, read nothing
        from it, or its CER rose by more than 50 points (a few lines lost whole hide inside the interval
        of a hundred). --max-lost-images, or the baseline's max_lost_images, allows some.
        Images of the baseline missing from the run fail the check (--allow-missing lists them and
        passes); images new in the run are listed. How the run was made differently from the baseline
        (engine, models, settings, scanbench version) is said with the verdict.
        Exit status: 0 pass, 1 regression or missing images, 2 not comparable (other language or
        metric, no common image, missing or unreadable file; --junit and --markdown still say why),
        64 usage error. The JUnit file fails test cases only when the verdict is a regression.
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
  @Option(
    help: "Pass with up to N lost images (read by the baseline; nothing or CER up >50 points now).",
    valueName: "N", parsing: .integer(in: 0...Int.max), defaultText: "the baseline's max_lost_images, else 0")
  var maxLostImages: Int?
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
    for file in [junit, markdown].compactMap({ $0 }) { try Paths.checkWritable(file) }
    guard FileManager.default.fileExists(atPath: baseline) else {
      throw try notComparable(
        ReportError(
          .unreadable, path: baseline, message: "no such baseline (make one with 'scanbench baseline')"))
    }
  }

  /// Writes the JUnit and Markdown files saying why nothing was compared (the CI templates publish
  /// them whatever the exit status), and the failure to throw.
  func notComparable(_ error: ReportError) throws -> CommandFailure {
    let reason = error.description
    if let junit {
      try Self.write(
        JUnitReport.renderNotComparable(reason: reason, suite: suite, timestamp: Self.timestamp()),
        to: URL(fileURLWithPath: junit))
    }
    if let markdown {
      try Self.write(
        MarkdownReport.renderNotComparable(reason: reason, title: suite), to: URL(fileURLWithPath: markdown))
    }
    if output.json {
      struct Report: Encodable {
        var verdict = "not-comparable"
        var sentence: String
      }
      try JSONOutput.print(Report(sentence: reason))
    }
    return CommandFailure("not comparable: \(reason)", exitCode: Self.notComparable)
  }

  /// The JUnit suite's and the Markdown title's name: the baseline's file name without extension.
  var suite: String { ((baseline as NSString).lastPathComponent as NSString).deletingPathExtension }

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
      options.maxLostImages = maxLostImages ?? baseline.maxLostImages ?? 0
      let run = try StoreRunLoader.load(store.url, runID: store.run)
      result = try BaselineCheck.compare(run, with: baseline, baselinePath: self.baseline, options: options)
    } catch let error as ReportError {
      throw try notComparable(error)
    }
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
