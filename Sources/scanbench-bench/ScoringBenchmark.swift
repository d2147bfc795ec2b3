// `scanbench-bench scoring`: generates seeded OCR-like text pairs (1k, 10k and 100k code points,
// 2–5 random edits in 100), times `EditDistance.distance` on them (median over repeats) and `Scorer.align`
// on the 100k pair (time and peak RSS), and prints one JSON object on stdout. `--write-pairs DIR` also
// writes each pair as `pair-<length>.gt.txt` / `pair-<length>.ocr.txt` (UTF-8, no line breaks) for
// bench/rapidfuzz_bench.py, which times rapidfuzz on the very same texts.

import Foundation
import ScanbenchScoring
import ScanbenchSupport

private enum PairGenerator {
  static let words = [
    "the", "of", "and", "invoice", "total", "amount", "Straße", "café", "naïve", "receipt", "number",
    "date", "2024", "12.50", "€", "page", "line", "modern", "burn", "clean", "will", "ill", "office",
  ]
  /// Substitutions that OCR engines actually make, mixed with random ones.
  static let confusions: [(String, String)] = [
    ("rn", "m"), ("m", "rn"), ("l", "1"), ("O", "0"), ("e", "c"), ("cl", "d"), ("i", "í"), ("ß", "B"),
  ]
  static let noise = Array("abcdefghijklmnopqrstuvwxyz.,;:'-éüö")

  static func groundTruth(length: Int, using generator: inout SeededGenerator) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(length + 16)
    while scalars.count < length {
      let word = words[Int.random(in: 0..<words.count, using: &generator)]
      scalars.append(contentsOf: word.unicodeScalars)
      scalars.append(Int.random(in: 0..<12, using: &generator) == 0 ? "," : " ")
    }
    return Array(scalars.prefix(length))
  }

  /// About `rate` of the positions edited: a known confusion, or a random substitution, insertion or
  /// deletion.
  static func recognized(
    from groundTruth: [Unicode.Scalar], rate: Double, using generator: inout SeededGenerator
  ) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(groundTruth.count + groundTruth.count / 10)
    var index = 0
    while index < groundTruth.count {
      guard Double.random(in: 0..<1, using: &generator) < rate else {
        result.append(groundTruth[index])
        index += 1
        continue
      }
      let noiseScalar = noise[Int.random(in: 0..<noise.count, using: &generator)].unicodeScalars
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<2:
        let (from, to) = confusions[Int.random(in: 0..<confusions.count, using: &generator)]
        let fromScalars = Array(from.unicodeScalars)
        if groundTruth[index...].starts(with: fromScalars) {
          result.append(contentsOf: to.unicodeScalars)
          index += fromScalars.count
        } else {
          result.append(contentsOf: noiseScalar)
          index += 1
        }
      case 2..<7:
        result.append(contentsOf: noiseScalar)
        index += 1
      case 7..<9:
        result.append(contentsOf: noiseScalar)
      default:
        index += 1
      }
    }
    return result
  }
}

private enum Measure {
  static func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }

  static func median(_ values: [Double]) -> Double { Statistics.quantile(values.sorted(), 0.5) }

  /// The process's peak resident set so far, in MiB (Linux reports `ru_maxrss` in KiB).
  static func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  static func rounded(_ value: Double, places: Int = 3) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }
}

private struct ScoringBenchmark {
  var seed: UInt64 = 2024
  var pairsFolder: URL?
  var quick = false

  struct PairResult: Encodable {
    var length: Int
    var groundTruthLength: Int
    var recognizedLength: Int
    var editRate: Double
    var distance: Int
    var repeats: Int
    var distanceMillisecondsMedian: Double

    enum CodingKeys: String, CodingKey {
      case length, distance, repeats
      case groundTruthLength = "gt_length"
      case recognizedLength = "ocr_length"
      case editRate = "edit_rate"
      case distanceMillisecondsMedian = "distance_ms_median"
    }
  }

  struct AlignResult: Encodable {
    var length: Int
    var milliseconds: Double
    var scoreMilliseconds: Double
    var operations: Int
    var substitutions: Int
    var insertions: Int
    var deletions: Int
    var baselineResidentMegabytes: Double
    var peakResidentMegabytes: Double

    enum CodingKeys: String, CodingKey {
      case length, operations, substitutions, insertions, deletions
      case milliseconds = "align_ms"
      case scoreMilliseconds = "score_ms"
      case baselineResidentMegabytes = "rss_before_mb"
      case peakResidentMegabytes = "peak_rss_mb"
    }
  }

  struct Report: Encodable {
    var mode = "scoring"
    var unit = "codepoint"
    var seed: UInt64
    var pairs: [PairResult]
    var align: AlignResult
  }

  func run() throws -> Report {
    var generator = SeededGenerator(seed: seed)
    let lengths = [1_000, 10_000, 100_000]
    var pairs: [(Int, String, String, Double)] = []
    for length in lengths {
      let rate = Double.random(in: 0.02...0.05, using: &generator)
      let groundTruth = PairGenerator.groundTruth(length: length, using: &generator)
      let recognized = PairGenerator.recognized(from: groundTruth, rate: rate, using: &generator)
      var groundTruthText = String.UnicodeScalarView()
      groundTruthText.append(contentsOf: groundTruth)
      var recognizedText = String.UnicodeScalarView()
      recognizedText.append(contentsOf: recognized)
      pairs.append((length, String(groundTruthText), String(recognizedText), rate))
    }
    if let pairsFolder {
      try FileManager.default.createDirectory(at: pairsFolder, withIntermediateDirectories: true)
      for (length, groundTruth, recognized, _) in pairs {
        try Data(groundTruth.utf8).write(to: pairsFolder.appendingPathComponent("pair-\(length).gt.txt"))
        try Data(recognized.utf8).write(to: pairsFolder.appendingPathComponent("pair-\(length).ocr.txt"))
      }
    }

    var pairResults: [PairResult] = []
    for (length, groundTruth, recognized, rate) in pairs {
      let first = groundTruth.unicodeScalars.map { Int32(bitPattern: $0.value) }
      let second = recognized.unicodeScalars.map { Int32(bitPattern: $0.value) }
      let repeats = quick ? 3 : Self.repeats(forLength: length)
      var distance = 0
      var times: [Double] = []
      for _ in 0..<repeats {
        times.append(Measure.milliseconds { distance = EditDistance.distance(first, second) })
      }
      pairResults.append(
        PairResult(
          length: length, groundTruthLength: first.count, recognizedLength: second.count,
          editRate: Measure.rounded(rate, places: 4), distance: distance, repeats: repeats,
          distanceMillisecondsMedian: Measure.rounded(Measure.median(times), places: 4)))
    }

    guard let (length, groundTruth, recognized, _) = pairs.last else {
      throw BenchmarkUsageError(message: "no pairs were generated")
    }
    let options = ScoringOptions(unit: .codepoint)
    let baseline = Measure.peakResidentMegabytes()
    var alignment: Alignment?
    let alignTime = Measure.milliseconds {
      alignment = Scorer.align(groundTruth: groundTruth, recognized: recognized, options: options)
    }
    let peak = Measure.peakResidentMegabytes()
    let scoreTime = Measure.milliseconds {
      _ = Scorer.score(groundTruth: groundTruth, recognized: recognized, options: options)
    }
    guard let alignment else { throw BenchmarkUsageError(message: "the alignment did not run") }
    return Report(
      seed: seed, pairs: pairResults,
      align: AlignResult(
        length: length, milliseconds: Measure.rounded(alignTime),
        scoreMilliseconds: Measure.rounded(scoreTime),
        operations: alignment.operations.count, substitutions: alignment.edits.substitutions,
        insertions: alignment.edits.insertions, deletions: alignment.edits.deletions,
        baselineResidentMegabytes: Measure.rounded(baseline, places: 1),
        peakResidentMegabytes: Measure.rounded(peak, places: 1)))
  }

  /// Enough repeats for a stable median without making the 100k pair dominate the run.
  static func repeats(forLength length: Int) -> Int {
    switch length {
    case ..<5_000: 201
    case ..<50_000: 41
    default: 11
    }
  }
}

/// Parses the options that follow `scoring` and prints the report as JSON on stdout.
func runScoringBenchmark(arguments: [String]) throws {
  var benchmark = ScoringBenchmark()
  var remaining = arguments[...]
  while let argument = remaining.popFirst() {
    switch argument {
    case "--write-pairs":
      guard let path = remaining.popFirst() else {
        throw BenchmarkUsageError(message: "--write-pairs needs a folder")
      }
      benchmark.pairsFolder = URL(fileURLWithPath: path)
    case "--seed":
      guard let value = remaining.popFirst().flatMap({ UInt64($0) }) else {
        throw BenchmarkUsageError(message: "--seed takes a whole number")
      }
      benchmark.seed = value
    case "--quick":
      benchmark.quick = true
    default:
      throw BenchmarkUsageError(message: "unknown option '\(argument)' for the scoring benchmark")
    }
  }
  let report = try benchmark.run()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  FileHandle.standardOutput.write(try encoder.encode(report))
  FileHandle.standardOutput.write(Data("\n".utf8))
}
