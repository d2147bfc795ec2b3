import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport
import ScanbenchTesseract
import ScanbenchTestKit

/// Synthetic runs for the report tests: records written by hand, no recognition.
package enum ReportFixtures {
  package static let metric = ScoringOptions.default.descriptor
  package static let engine = TestKit.engine

  /// A scored result for `entry` with `edits` over `length` characters.
  package static func record(
    _ entry: String, edits: Int, length: Int, run: String = "r1", profile: String = "fast",
    lang: String = "eng",
    metric: String = metric, source: String = "in.tar", sha256: String? = nil, text: String? = nil,
    recognizeMs: Double = 100
  ) -> ResultRecord {
    var record = ResultRecord.fixture(
      entry, run: run, time: "2026-11-30T00:00:00.000Z", source: source, sha256: sha256 ?? "sha-\(entry)",
      profile: profile, lang: lang, engine: engine)
    record.text = text ?? "text of \(entry)"
    record.edits = edits
    record.gtChars = length
    record.substitutions = edits
    record.insertions = 0
    record.deletions = 0
    record.cer = length > 0 ? Double(edits) / Double(length) : nil
    record.metric = metric
    record.ms = ResultRecord.Timings(decode: 1, recognize: recognizeMs, score: 0.1)
    return record
  }

  package static func summary(
    for records: [ResultRecord], run: String = "r1", profile: String = "fast", metric: String = metric
  ) -> RunSummaryRecord {
    let edits = records.reduce(0) { $0 + ($1.edits ?? 0) }
    let length = records.reduce(0) { $0 + ($1.gtChars ?? 0) }
    return RunSummaryRecord(
      run: run, time: "2026-11-30T00:01:00.000Z", sources: ["in.tar"], profile: profile, lang: "eng", jobs: 2,
      images: records.count, succeeded: records.count, failed: 0, skipped: 0, scored: records.count,
      gtChars: length,
      edits: edits, cerMicro: length > 0 ? Double(edits) / Double(length) : nil, cerMacro: nil,
      metric: metric,
      imagesPerSecond: 10, wallSeconds: 6, interrupted: false, shard: nil, engine: engine)
  }

  /// `count` images named `line-001.png`…, with edits from `edits(index)` over 50 characters each.
  package static func lines(_ count: Int, run: String = "r1", edits: (Int) -> Int) -> [ResultRecord] {
    (1...count).map { index in
      record(String(format: "line-%03d.png", index), edits: edits(index), length: 50, run: run)
    }
  }

  /// A StoreRun as `StoreRunLoader` would give it.
  package static func run(_ records: [ResultRecord], summary: Bool = true, store: String = "s.jsonl")
    -> StoreRun
  {
    StoreRun(
      store: store, runID: records.first?.run ?? "r1",
      summary: summary
        ? self.summary(
          for: records, run: records.first?.run ?? "r1", profile: records.first?.profile ?? "fast")
        : nil,
      results: records,
      invalidLines: [])
  }

  /// Writes records and summaries as a JSON-lines store.
  package static func write(_ lines: [any Encodable], to url: URL) throws {
    var data = Data()
    for line in lines { data.append(try StoreWriter.line(for: line)) }
    try data.write(to: url)
  }
}
