import ScanbenchStore

/// A check as Markdown, for a CI job's summary page (GitHub's `$GITHUB_STEP_SUMMARY`, GitLab notes).
public enum MarkdownReport {
  public static func render(_ result: CheckResult, title: String, limit: Int = 30) -> String {
    let icon = result.verdict == .pass ? "✅" : "❌"
    var lines = ["## \(icon) \(cell(title)): \(result.verdict == .pass ? "pass" : "regression")", ""]
    lines.append(result.sentence)
    lines.append("")
    lines.append("| | baseline | run |")
    lines.append("| --- | ---: | ---: |")
    lines.append(
      "| CER (micro, \(result.changes.count) common images) | \(CheckResult.percent(result.baselineCER)) | "
        + "\(CheckResult.percent(result.runCER)) |")
    lines.append(
      "| edits / characters | \(result.changes.reduce(0) { $0 + $1.baselineEdits }) / "
        + "\(result.changes.reduce(0) { $0 + $1.baselineLength }) | "
        + "\(result.changes.reduce(0) { $0 + $1.runEdits }) / \(result.changes.reduce(0) { $0 + $1.runLength }) |"
    )
    lines.append("| metric | `\(cell(result.baselineMetric))` | `\(cell(result.metric))` |")
    if !result.differences.isEmpty {
      lines.append("")
      lines.append(
        "Made differently from the baseline: "
          + result.differences.map { "`\(cell($0))`" }.joined(separator: ", ") + ".")
    }
    lines.append("")
    lines.append(
      "\(result.regressed.count) worse, \(result.improved.count) better, \(result.unchangedCount) unchanged; "
        + "\(result.missingFromRun.count) missing from the run, \(result.newInRun.count) new in the run. "
        + "Allowed increase \(CheckResult.points(result.maxCERIncrease)) points"
        + (result.maxRegressedImages.map { ", at most \($0) worse images" } ?? "")
        + ", at most \(result.maxLostImages) lost images"
        + "; \(result.interval.resamples) paired bootstrap resamples.")
    lines += table("Worse, worst first", result.regressed, limit: limit)
    lines += table("Better, best first", result.improved, limit: limit)
    lines += keyList("Missing from the run", result.missingFromRun, limit: limit)
    lines += keyList("New in the run", result.newInRun, limit: limit)
    if !result.notes.isEmpty {
      lines.append("")
      for note in result.notes { lines.append("> \(cell(note))") }
    }
    lines.append("")
    lines.append(
      "<sub>baseline `\(cell(result.baseline))` · run `\(cell(result.runID))` of `\(cell(result.store))`</sub>"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// A check that could not compare (exit 2), for the same job page.
  public static func renderNotComparable(reason: String, title: String) -> String {
    [
      "## ⚠️ \(cell(title)): not comparable", "",
      "The run was not checked against the baseline: \(cell(reason))", "",
      "Nothing was measured; the check exits with status 2.",
    ].joined(separator: "\n") + "\n"
  }

  private static func table(_ title: String, _ changes: [ImageChange], limit: Int) -> [String] {
    guard !changes.isEmpty else { return [] }
    var lines = ["", "### \(title) (\(changes.count))", "", "| image | CER before | CER after | change |"]
    lines.append("| --- | ---: | ---: | ---: |")
    for change in changes.prefix(limit) {
      let name = "`\(cell(change.key.label))`" + (change.failure.map { " (\(cell($0)))" } ?? "")
      lines.append(
        "| \(name) | \(CheckResult.percent(change.baselineCER)) | \(CheckResult.percent(change.runCER)) | "
          + "\(CheckResult.points(change.delta)) |")
    }
    if changes.count > limit { lines += ["", "… and \(changes.count - limit) more."] }
    return lines
  }

  private static func keyList(_ title: String, _ keys: [ImageKey], limit: Int) -> [String] {
    guard !keys.isEmpty else { return [] }
    var lines = ["", "### \(title) (\(keys.count))", ""]
    for key in keys.prefix(limit) { lines.append("- `\(cell(key.label))`") }
    if keys.count > limit { lines.append("- … and \(keys.count - limit) more") }
    return lines
  }

  /// Text safe inside a table cell or inline code: no pipes, backticks or line breaks.
  private static func cell(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "|": result += "\\|"
      case "`": result += "'"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
