import ScanbenchStore

/// The plain-text form of a check, for a terminal or a CI log.
extension CheckResult {
  /// The sentence, the counts, then the images that got worse and better (at most `limit` of each),
  /// the images missing from or new in the run, and the notes.
  public func text(limit: Int) -> String {
    var lines = [sentence]
    lines.append(
      "compared \(changes.count) image\(changes.count == 1 ? "" : "s"): \(regressed.count) worse, "
        + "\(improved.count) better, \(unchangedCount) unchanged; \(missingFromRun.count) missing from the run, "
        + "\(newInRun.count) new in the run")
    lines.append("baseline \(baseline), run \(runID) of \(store)")
    lines += Self.list("worse, worst first", regressed, limit: limit, lostIncrease: lostIncrease)
    lines += Self.list("better, best first", improved, limit: limit)
    lines += Self.keys("missing from the run (in the baseline)", missingFromRun, limit: limit)
    lines += Self.keys("new in the run (not in the baseline)", newInRun, limit: limit)
    for note in notes { lines.append("note: \(note)") }
    return lines.joined(separator: "\n") + "\n"
  }

  static func list(
    _ title: String, _ changes: [ImageChange], limit: Int, lostIncrease: Double? = nil
  ) -> [String] {
    guard !changes.isEmpty, limit > 0 else { return [] }
    var lines = ["\(title) (\(changes.count)):"]
    for change in changes.prefix(limit) {
      let before = pad(percent(change.baselineCER), 7)
      let after = pad(percent(change.runCER), 7)
      var line = "  \(pad(points(change.delta), 7))  \(before) → \(after)  \(change.key.label)"
      if let failure = change.failure { line += "  (\(failure))" }
      if let lostIncrease, change.isLost(increase: lostIncrease) { line += "  [lost]" }
      lines.append(line)
    }
    if changes.count > limit { lines.append("  … and \(changes.count - limit) more (--list N shows more)") }
    return lines
  }

  static func keys(_ title: String, _ keys: [ImageKey], limit: Int) -> [String] {
    guard !keys.isEmpty else { return [] }
    var lines = ["\(title) (\(keys.count)):"]
    for key in keys.prefix(max(limit, 0)) { lines.append("  \(key.label)") }
    if keys.count > limit { lines.append("  … and \(keys.count - max(limit, 0)) more") }
    return lines
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
