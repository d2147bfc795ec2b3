import Foundation
import ScanbenchStore
import ScanbenchSupport

/// The accuracy gate: the latest run of a store against a committed baseline, on the images both have.
public enum BaselineCheck {
  public struct Options: Sendable, Equatable {
    /// The largest increase of micro CER that is not a regression, absolute (0.002 = 0.2 points).
    public var maxCERIncrease: Double = 0
    /// More images that got worse than this is a regression, whatever the interval says.
    public var maxRegressedImages: Int?
    public var confidence: Double = 0.95
    /// Compare even when the run was scored with another metric descriptor than the baseline.
    public var allowMetricMismatch = false
    /// Images of the baseline that the run lacks are listed but do not fail the check.
    public var allowMissing = false
    public var resamples = 5000
    public var seed: UInt64 = PairedBootstrap.defaultSeed
    /// More lost images than this (an image the baseline read and the run does not: see
    /// `ImageChange.isLost`) is a regression, whatever the interval says: a few lines lost whole
    /// hide inside the interval of a hundred.
    public var maxLostImages = 0
    /// The rise in an image's CER, absolute, beyond which it counts as lost (0.5 = 50 points).
    public var lostIncrease = 0.5

    public init() {}
  }

  /// Compares `run` with `baseline`; throws `.notComparable` when they measure different things (unless
  /// allowed) or share no image.
  public static func compare(
    _ run: StoreRun, with baseline: Baseline, baselinePath: String, options: Options
  ) throws -> CheckResult {
    // A different language reads different text: nothing else about the comparison matters.
    if run.lang != baseline.lang {
      throw ReportError(
        .notComparable, path: baselinePath,
        message:
          "the baseline is for language '\(baseline.lang)' but run '\(run.runID)' read '\(run.lang)': "
          + "check it against a baseline of the same language")
    }
    let runMetric = run.metric ?? "(none)"
    var notes: [String] = []
    if runMetric != baseline.metric {
      guard options.allowMetricMismatch else {
        throw ReportError(
          .notComparable, path: baselinePath,
          message:
            "the baseline was scored with metric '\(baseline.metric)' but run '\(run.runID)' with '\(runMetric)'; "
            + "numbers from different metrics are not comparable (--allow-metric-mismatch compares anyway)")
      }
      notes.append("metric differs: baseline '\(baseline.metric)', run '\(runMetric)' (compared anyway)")
    }
    var runRecords: [ImageKey: ResultRecord] = [:]
    for record in run.results { runRecords[ImageKey(record)] = record }
    var baselineEntries = Dictionary(
      baseline.entries.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    // A corpus renamed since the baseline (or a format-1 baseline, which kept no input names) is
    // matched by entry, bytes and page, when that is unambiguous on both sides.
    let runInputs = Set(runRecords.keys.map(\.input))
    let baselineInputs = Set(baselineEntries.keys.map(\.input))
    if runInputs != baselineInputs, runInputs.count == 1, baselineInputs.count == 1 {
      runRecords = Dictionary(
        runRecords.map { ($0.key.ignoringInput, $0.value) }, uniquingKeysWith: { _, last in last })
      baselineEntries = Dictionary(
        baselineEntries.map { ($0.key.ignoringInput, $0.value) }, uniquingKeysWith: { _, last in last })
      if let from = baselineInputs.first, let to = runInputs.first, !from.isEmpty {
        notes.append(
          "the input is named '\(to)', the baseline's '\(from)': images matched by entry and bytes")
      }
    }

    var changes: [ImageChange] = []
    var missing: [ImageKey] = []
    for (key, entry) in baselineEntries {
      guard let record = runRecords[key] else {
        missing.append(key)
        continue
      }
      if let failure = record.error {
        // An image the baseline read and the run could not is scored as if nothing had been read.
        changes.append(
          ImageChange(
            key: key, baselineEdits: entry.edits, baselineLength: entry.gtChars, runEdits: entry.gtChars,
            runLength: entry.gtChars, failure: "\(failure.kind): \(failure.message)",
            recognizeMilliseconds: record.ms.recognize))
      } else if let edits = record.edits, let length = record.gtChars {
        var change = ImageChange(
          key: key, baselineEdits: entry.edits, baselineLength: entry.gtChars, runEdits: edits,
          runLength: length, failure: nil, recognizeMilliseconds: record.ms.recognize)
        change.readNothing = (record.text ?? "").allSatisfy(\.isWhitespace)
        changes.append(change)
      } else {
        changes.append(
          ImageChange(
            key: key, baselineEdits: entry.edits, baselineLength: entry.gtChars, runEdits: entry.gtChars,
            runLength: entry.gtChars, failure: "not scored: the run found no ground truth for it",
            recognizeMilliseconds: record.ms.recognize))
      }
    }
    let new = runRecords.keys.filter { baselineEntries[$0] == nil }.sorted()
    let differences = run.identity.map { baseline.identity.differences(to: $0) } ?? []
    guard !changes.isEmpty else {
      let how =
        differences.isEmpty
        ? "" : "; the run differs from the baseline in " + differences.joined(separator: ", ")
      throw ReportError(
        .notComparable, path: baselinePath,
        message:
          "run '\(run.runID)' of \(run.store) shares no image with the baseline "
          + "(\(baseline.entries.count) in the baseline, \(runRecords.count) in the run; images are matched by "
          + "input name, entry, SHA-256 and page: did the images change?)\(how)")
    }
    changes.sort(by: ImageChange.worstFirst)

    let pairs = changes.map {
      PairedBootstrap.Pair(
        baselineEdits: $0.baselineEdits, baselineLength: $0.baselineLength, runEdits: $0.runEdits,
        runLength: $0.runLength)
    }
    let interval = PairedBootstrap.cerDifference(
      pairs, confidence: options.confidence, resamples: options.resamples, seed: options.seed)
    let baselineCER = PairedBootstrap.rate(
      pairs.reduce(0) { $0 + $1.baselineEdits }, pairs.reduce(0) { $0 + $1.baselineLength })
    let runCER = PairedBootstrap.rate(
      pairs.reduce(0) { $0 + $1.runEdits }, pairs.reduce(0) { $0 + $1.runLength })

    if run.summary?.interrupted == true {
      notes.append("run '\(run.runID)' was interrupted: images it did not reach are missing from it")
    } else if run.summary == nil {
      notes.append("run '\(run.runID)' has no summary line: it may have been killed before it finished")
    }
    if !run.invalidLines.isEmpty {
      notes.append("\(run.invalidLines.count) line(s) of the store are not records and were skipped")
    }

    var result = CheckResult(
      runID: run.runID, store: run.store, baseline: baselinePath, metric: runMetric,
      baselineMetric: baseline.metric,
      baselineCER: baselineCER, runCER: runCER, difference: runCER - baselineCER, interval: interval,
      maxCERIncrease: options.maxCERIncrease, maxRegressedImages: options.maxRegressedImages,
      maxLostImages: options.maxLostImages, lostIncrease: options.lostIncrease, changes: changes,
      missingFromRun: missing.sorted(), newInRun: new, differences: differences,
      allowMissing: options.allowMissing, notes: notes)
    result.decide()
    return result
  }
}

/// One image present in both the baseline and the run.
public struct ImageChange: Sendable, Equatable, Codable {
  public var key: ImageKey
  public var baselineEdits: Int
  public var baselineLength: Int
  public var runEdits: Int
  public var runLength: Int
  /// Why the run has no score for it (then it counts as read with every character wrong).
  public var failure: String?
  public var recognizeMilliseconds: Double
  /// The run read no text at all from it (nothing, or only white space).
  public var readNothing = false

  public var baselineCER: Double? {
    baselineLength > 0 ? Double(baselineEdits) / Double(baselineLength) : nil
  }
  public var runCER: Double? { runLength > 0 ? Double(runEdits) / Double(runLength) : nil }

  /// The change in CER; for an image without ground-truth characters, the change in edits.
  public var delta: Double {
    Double(runEdits) / Double(max(runLength, 1)) - Double(baselineEdits) / Double(max(baselineLength, 1))
  }

  public var isWorse: Bool { delta > 0 || failure != nil }
  public var isBetter: Bool { delta < 0 && failure == nil }

  /// The baseline read some of it and the run lost it: the run failed on it, read nothing from it, or
  /// its CER rose by more than `increase`.
  public func isLost(increase: Double) -> Bool {
    guard baselineLength > 0, baselineEdits < baselineLength else { return false }
    return failure != nil || (readNothing && runLength > 0) || delta > increase
  }

  /// Largest increase first; improvements last, the largest improvement at the very end.
  static func worstFirst(_ left: ImageChange, _ right: ImageChange) -> Bool {
    if left.delta != right.delta { return left.delta > right.delta }
    return left.key < right.key
  }
}

/// What `scanbench check` decided, and everything it looked at.
public struct CheckResult: Sendable, Codable {
  public enum Verdict: String, Sendable, Codable {
    case pass
    case regression
  }

  public var runID: String
  public var store: String
  public var baseline: String
  public var metric: String
  public var baselineMetric: String
  /// Micro CER over the images both have.
  public var baselineCER: Double
  public var runCER: Double
  public var difference: Double
  public var interval: PairedBootstrap.Interval
  public var maxCERIncrease: Double
  public var maxRegressedImages: Int?
  public var maxLostImages: Int
  public var lostIncrease: Double
  /// Every compared image, worst first.
  public var changes: [ImageChange]
  public var missingFromRun: [ImageKey]
  public var newInRun: [ImageKey]
  /// How the run was made differently from the baseline (`psm 3 → 4`), said with the verdict.
  public var differences: [String]
  /// Missing images do not fail the check (`--allow-missing`).
  public var allowMissing: Bool
  public var notes: [String]
  public var verdict: Verdict = .pass
  /// Why it is a regression (empty on a pass).
  public var reasons: [String] = []

  public var regressed: [ImageChange] { changes.filter(\.isWorse) }
  /// The images the baseline read and the run lost (`ImageChange.isLost`), worst first.
  public var lost: [ImageChange] { changes.filter { $0.isLost(increase: lostIncrease) } }
  /// Largest improvement first.
  public var improved: [ImageChange] { changes.filter(\.isBetter).reversed() }
  public var unchangedCount: Int { changes.count - regressed.count - improved.count }

  /// True when the whole interval lies above the allowed increase.
  public var intervalAboveAllowance: Bool { interval.lower > maxCERIncrease }

  mutating func decide() {
    reasons = []
    if intervalAboveAllowance {
      reasons.append("above the allowed \(Self.points(maxCERIncrease))")
    }
    let regressedCount = regressed.count
    if let limit = maxRegressedImages, regressedCount > limit {
      reasons.append(
        "\(regressedCount) image\(regressedCount == 1 ? "" : "s") got worse, more than the allowed \(limit)")
    }
    let lostCount = lost.count
    if lostCount > maxLostImages {
      reasons.append(
        "\(lostCount) image\(lostCount == 1 ? " was" : "s were") lost (read before, now nothing or CER up "
          + "more than \(String(format: "%g", lostIncrease * 100)) points), more than the allowed \(maxLostImages) "
          + "(--max-lost-images)")
    }
    if !missingFromRun.isEmpty, !allowMissing {
      let count = missingFromRun.count
      reasons.append(
        "\(count) image\(count == 1 ? " of the baseline is" : "s of the baseline are") missing from the run "
          + "(--allow-missing to accept)")
    }
    verdict = reasons.isEmpty ? .pass : .regression
  }

  /// The decision in one sentence, e.g. "CER went from 2.31% to 2.40% (+0.09 points, 95% CI +0.02 to
  /// +0.17): regression, above the allowed +0.00."
  public var sentence: String {
    let confidence = Self.formatConfidence(interval.confidence)
    let numbers =
      "(\(Self.points(difference)) points, \(confidence) CI \(Self.points(interval.lower)) to "
      + "\(Self.points(interval.upper)))"
    let made = differences.isEmpty ? "" : " with " + differences.joined(separator: ", ")
    let movement =
      difference == 0
      ? "CER stayed at \(Self.percent(runCER)) \(numbers)\(made)"
      : "CER went from \(Self.percent(baselineCER)) to \(Self.percent(runCER)) \(numbers)\(made)"
    switch verdict {
    case .regression:
      return "\(movement): regression, \(reasons.joined(separator: " and "))."
    case .pass:
      let lostCount = lost.count
      if lostCount > 0 {
        return
          "\(movement): pass, \(lostCount) image\(lostCount == 1 ? "" : "s") lost within the allowed "
          + "\(maxLostImages) (--max-lost-images)."
      }
      if changes.allSatisfy({ !$0.isWorse && !$0.isBetter }) {
        return "\(movement): pass, no image changed."
      }
      if interval.upper < 0 {
        return "\(movement): pass, a clear improvement (consider updating the baseline)."
      }
      return
        "\(movement): pass, the interval is not entirely above the allowed \(Self.points(maxCERIncrease))."
    }
  }

  /// `2.31%`.
  public static func percent(_ value: Double?) -> String { Format.percent(value) }

  /// A CER difference in percentage points with its sign: `+0.09`, `-0.12`, `+0.00`.
  public static func points(_ value: Double) -> String { Format.points(value) }

  static func formatConfidence(_ value: Double) -> String {
    let percent = value * 100
    return percent == percent.rounded() ? "\(Int(percent))%" : String(format: "%.1f%%", percent)
  }
}
