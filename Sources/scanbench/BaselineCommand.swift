import Foundation
import ScanbenchCore

enum BaselineCommand: Command {
  static let spec = CommandSpec(
    name: "baseline",
    abstract: "Record a run's per-image scores as a baseline to check later runs against.",
    discussion: """
      Takes the latest run of STORE (the run of its last summary line, or of its last result) and
      writes, for every scored image (entry, SHA-256, page, profile, language), its edits and
      ground-truth length, with the run's micro CER, metric descriptor and engine identity. The file
      is small, sorted and one image per line, to be committed and diffed.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store a run wrote.")],
    options: [
      OptionSpec(
        name: "--out", help: "Where to write the baseline.", valueName: "file",
        defaultValue: "Reports/baseline.json"),
      OptionSpec(name: "--run", help: "Use this run of the store instead of the latest.", valueName: "id"),
    ])

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let store = URL(fileURLWithPath: arguments.positionals[0])
    let out = URL(fileURLWithPath: arguments.value("--out") ?? "Reports/baseline.json")
    do {
      let run = try StoreRunLoader.load(store, runID: arguments.value("--run"))
      let baseline = try Baseline(run: run)
      try baseline.write(to: out)
      let skipped = run.results.count - baseline.entries.count
      var line =
        "wrote \(out.path): \(baseline.images) images, CER \(CheckResult.percent(baseline.cerMicro)) "
        + "(\(baseline.edits) edits / \(baseline.gtChars) characters), profile \(baseline.profile), "
        + "language \(baseline.lang), run \(run.runID)\n"
      if skipped > 0 {
        line += "left out \(skipped) result(s) without a score (failed or without ground truth)\n"
      }
      Console.out(line)
      return ExitCode.success
    } catch let error as ReportError {
      throw CommandFailure(
        error.description, exitCode: error.kind == .unwritable ? ExitCode.failure : ExitCode.inputUnreadable)
    }
  }
}
