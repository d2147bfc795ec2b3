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
        is small, sorted and one image per line, to be committed and diffed. --max-lost-images
        records how many images a check may find lost (read here, nothing or CER up more than 50
        points there) and still pass.
        """)
  }

  @OptionGroup var store: StoreRunOptions
  @Option(help: "Where to write the baseline.", valueName: "file", completion: .file)
  var out = "Reports/baseline.json"
  @Option(
    help: "Images a check may find lost and still pass, recorded in the baseline.", valueName: "N",
    parsing: .integer(in: 0...Int.max), defaultText: "0")
  var maxLostImages: Int?
  @OptionGroup var output: JSONOutput

  func validate() throws { try Paths.checkWritable(out) }

  func run(_: Void) throws -> Int32 {
    let out = URL(fileURLWithPath: self.out)
    let run = try store.load()
    do {
      var baseline = try Baseline(run: run)
      baseline.maxLostImages = maxLostImages
      try baseline.write(to: out)
      let skipped = run.results.count - baseline.entries.count
      if output.json {
        struct Report: Encodable {
          var path: String
          var run: String
          var images: Int
          var edits: Int
          var gtChars: Int
          var cerMicro: Double?
          var profile: String
          var lang: String
          var metric: String
          var leftOut: Int
          enum CodingKeys: String, CodingKey {
            case path, run, images, edits, profile, lang, metric
            case gtChars = "gt_chars"
            case cerMicro = "cer_micro"
            case leftOut = "left_out"
          }
        }
        try JSONOutput.print(
          Report(
            path: out.path, run: run.runID, images: baseline.images, edits: baseline.edits,
            gtChars: baseline.gtChars, cerMicro: baseline.cerMicro, profile: baseline.profile,
            lang: baseline.lang, metric: baseline.metric, leftOut: skipped))
        return ExitCode.success
      }
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
