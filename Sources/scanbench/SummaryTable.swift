import Foundation
import ScanbenchCommandLine
import ScanbenchStore
import ScanbenchSupport

/// A run's summary as `run` prints it (and `merge` lines up with it).
enum SummaryTable {
  static let labelWidth = 20

  static func render(_ summary: RunSummaryRecord, store: String, continued: String? = nil) -> String {
    var rows: [(String, String)] = [
      ("images", "\(summary.images)"),
      ("failed", "\(summary.failed)"),
    ]
    // A resumed run's counts are the whole run's; what this process skipped is among them.
    if summary.skipped > 0 { rows.append(("skipped (--resume)", "\(summary.skipped) (in the run already)")) }
    rows.append(("scored", "\(summary.scored)"))
    if let missing = summary.withoutGroundTruth, missing > 0 {
      rows.append(("no ground truth", "\(missing) (names with --json and in the store's summary)"))
    }
    rows += [
      ("CER (micro)", Format.percent(summary.cerMicro, none: "n/a (no ground truth)")),
      ("CER (macro)", Format.percent(summary.cerMacro, none: "n/a (no ground truth)")),
      ("WER (micro)", Format.percent(summary.werMicro, none: "n/a (no ground truth)")),
      (
        "images/s",
        String(format: "%.2f", summary.imagesPerSecond)
          + (continued != nil ? " (the \(summary.recorded ?? 0) recorded now)" : "")
      ),
      ("wall time", String(format: "%.1f s", summary.wallSeconds)),
      ("profile", "\(summary.profile) (\(summary.lang), \(summary.engine.label), \(summary.jobs) jobs)"),
      ("store", store),
    ]
    if let continued { rows.append(("run", "\(continued) (continued)")) }
    if summary.interrupted { rows.append(("interrupted", "yes: run again with --resume to finish")) }
    return TextTable.keyValue(rows, labelWidth: labelWidth)
  }
}
