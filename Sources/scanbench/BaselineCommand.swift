import Foundation
import ScanbenchCommandLine
import ScanbenchGate
import ScanbenchStore
import ScanbenchSupport

struct BaselineCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "baseline",
      abstract: "Record a run's per-image scores as a baseline to check later runs against.",
      discussion: """
        Takes the latest run of STORE (the run of its last summary line, or of its last result) and
        writes, for every scored image (input name, entry, SHA-256, page), its edits and ground-truth
        length, with the run's micro CER, metric descriptor, engine identity and settings. The file
        is small, sorted and one image per line, to be committed and diffed.
        """)
  }

  @OptionGroup var store: StoreRunOptions
  @Option(help: "Where to write the baseline.", valueName: "file", completion: .file)
  var out = "Reports/baseline.json"

  func validate() throws { try Paths.checkWritable(out) }

  func run(_: Void) throws -> Int32 {
    let out = URL(fileURLWithPath: self.out)
    let run = try store.load()
    do {
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
