import Foundation
import ScanbenchGate
import ScanbenchStore
import ScanbenchSupport

enum BaselineCommand: Command {
  static let out = Option<String>(
    "--out", help: "Where to write the baseline.", valueName: "file", default: "Reports/baseline.json")
  static let run = Option<String?>(
    "--run", help: "Use this run of the store instead of the latest.", valueName: "id")

  static let spec = CommandSpec(
    name: "baseline",
    abstract: "Record a run's per-image scores as a baseline to check later runs against.",
    discussion: """
      Takes the latest run of STORE (the run of its last summary line, or of its last result) and
      writes, for every scored image (input name, entry, SHA-256, page), its edits and ground-truth
      length, with the run's micro CER, metric descriptor, engine identity and settings. The file
      is small, sorted and one image per line, to be committed and diffed.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store a run wrote.")],
    options: [out.spec, run.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    try Paths.checkStore(arguments.positionals[0], creating: false)
    try Paths.checkWritable(arguments[out])
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let store = URL(fileURLWithPath: arguments.positionals[0])
    let out = URL(fileURLWithPath: arguments[Self.out])
    do {
      let run = try StoreRunLoader.load(store, runID: arguments[Self.run])
      let baseline = try Baseline(run: run)
      try baseline.write(to: out)
      let skipped = run.results.count - baseline.entries.count
      var line =
        "wrote \(out.path): \(baseline.images) images, CER \(Format.percent(baseline.cerMicro)) "
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
