import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

struct Page {
  let run: StoreRun
  let comparison: StoreRun?
  let material: SourceMaterial
  let options: HTMLReport.Options

  var rows: [ReportRow] = []
  var detailed: [ReportRow] = []
  var confusions: [Confusion] = []
  var distinctConfusions = 0
  var groundTruthFound = 0
  var alignedImages = 0
  /// Edits and ground-truth units of the images whose ground truth was re-read.
  var alignedEdits = 0
  var alignedLength = 0
  var accuracy = CharacterAccuracy()
  /// The compared run's, over its images whose ground truth was re-read.
  var comparisonAccuracy: CharacterAccuracy?
  var comparisonAligned = 0

  init(run: StoreRun, comparison: StoreRun?, material: SourceMaterial, options: HTMLReport.Options) {
    self.run = run
    self.comparison = comparison
    self.material = material
    self.options = options
  }

  static let seriesColours = ["#4c6ef5", "#f59f00"]

  /// Word edits over ground-truth words, summed over the rows that have them.
  var werMicro: Double? {
    let counted = rows.compactMap { $0.record.error == nil ? $0.wordCounts : nil }
    let words = counted.reduce(0) { $0 + $1.words }
    return words > 0 ? Double(counted.reduce(0) { $0 + $1.edits }) / Double(words) : nil
  }

  var werMacro: Double? {
    let rates = rows.compactMap(\.wer)
    return rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)
  }

  /// A run's WER (micro) from what its records stored (a compared run's ground truth is not re-read).
  static func werMicro(_ run: StoreRun) -> Double? {
    let scored = run.scored.filter { $0.gtWords != nil }
    let words = scored.reduce(0) { $0 + ($1.gtWords ?? 0) }
    return words > 0 ? Double(scored.reduce(0) { $0 + ($1.wordEdits ?? 0) }) / Double(words) : nil
  }

  /// Failed images first, then by CER (highest first), images without a score last.
  static func ordered(_ records: [ResultRecord]) -> [ResultRecord] {
    records.sorted { left, right in
      let leftFailed = left.error != nil
      let rightFailed = right.error != nil
      if leftFailed != rightFailed { return leftFailed }
      let leftCER = left.error == nil ? left.cer : nil
      let rightCER = right.error == nil ? right.cer : nil
      switch (leftCER, rightCER) {
      case (.some(let a), .some(let b)) where a != b: return a > b
      case (.some, .none): return true
      case (.none, .some): return false
      default: break
      }
      if (left.edits ?? 0) != (right.edits ?? 0) { return (left.edits ?? 0) > (right.edits ?? 0) }
      return ImageKey(left) < ImageKey(right)
    }
  }

  /// Failed images and images with at least one edit get a full view.
  static func deservesDetail(_ record: ResultRecord) -> Bool {
    record.error != nil || (record.edits ?? 0) > 0
  }

  mutating func analyse() {
    var optionsByMetric: [String: ScoringOptions] = [:]
    var tally = ConfusionTally()
    var detailBudget = options.detailLimit
    for record in Self.ordered(run.results) {
      let reference = SourceMaterial.Reference(record)
      var row = ReportRow(record: record, reference: reference)
      if let words = record.gtWords, let edits = record.wordEdits { row.wordCounts = (words, edits) }
      let wantsDetail = detailBudget > 0 && Self.deservesDetail(record)
      if record.error == nil, let groundTruth = material.groundTruth[reference] {
        row.groundTruthAvailable = true
        groundTruthFound += 1
        let metric = record.metric ?? run.metric ?? ScoringOptions.default.descriptor
        let scoring =
          optionsByMetric[metric] ?? ScoringOptions(descriptor: metric) ?? ScoringOptions.default
        optionsByMetric[metric] = scoring
        let alignment = Scorer.align(
          groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
        tally.add(alignment)
        accuracy.add(alignment, unit: scoring.unit)
        alignedEdits += alignment.edits.total
        alignedLength += alignment.groundTruthLength
        alignedImages += 1
        if let edits = record.edits, edits != alignment.edits.total { row.groundTruthDiffers = true }
        if row.wordCounts == nil, record.edits != nil {
          let words = Scorer.score(groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
            .words
          row.wordCounts = (words.groundTruthWords, words.wordEdits)
        }
        if wantsDetail {
          row.alignment = alignment
          row.display = DisplayAlignment(
            groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
        }
      }
      if wantsDetail {
        detailed.append(row)
        detailBudget -= 1
        row.alignment = nil
        row.display = nil
      }
      rows.append(row)
    }
    if let comparison {
      var theirs = CharacterAccuracy()
      for record in comparison.results where record.error == nil && record.edits != nil {
        guard let groundTruth = material.groundTruth[SourceMaterial.Reference(record)] else { continue }
        let metric = record.metric ?? comparison.metric ?? ScoringOptions.default.descriptor
        let scoring =
          optionsByMetric[metric] ?? ScoringOptions(descriptor: metric) ?? ScoringOptions.default
        optionsByMetric[metric] = scoring
        theirs.add(
          Scorer.align(groundTruth: groundTruth, recognized: record.text ?? "", options: scoring),
          unit: scoring.unit)
        comparisonAligned += 1
      }
      if comparisonAligned > 0 { comparisonAccuracy = theirs }
    }
    confusions = tally.top(limit: options.confusionLimit)
    distinctConfusions = tally.distinctCount
  }
}
