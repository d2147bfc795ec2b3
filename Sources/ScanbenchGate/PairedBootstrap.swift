import ScanbenchSupport

/// A confidence interval for the change in micro CER between two readings of the same images.
///
/// Images are resampled with replacement, the same images for both sides (paired); each resample's
/// difference is `sum(run edits) / sum(run lengths) − sum(baseline edits) / sum(baseline lengths)`. The
/// interval is the percentile interval of those differences.
public enum PairedBootstrap {
  public struct Pair: Sendable, Equatable {
    public var baselineEdits: Int
    public var baselineLength: Int
    public var runEdits: Int
    public var runLength: Int

    public init(baselineEdits: Int, baselineLength: Int, runEdits: Int, runLength: Int) {
      self.baselineEdits = baselineEdits
      self.baselineLength = baselineLength
      self.runEdits = runEdits
      self.runLength = runLength
    }
  }

  public struct Interval: Sendable, Equatable, Codable {
    public var lower: Double
    public var upper: Double
    public var confidence: Double
    public var resamples: Int
    public var seed: UInt64
  }

  public static let defaultSeed: UInt64 = 0x5CA9_BE9C_0000_0001

  /// The `confidence` interval (e.g. 0.95) of the difference over `resamples` resamples.
  public static func cerDifference(
    _ pairs: [Pair], confidence: Double, resamples: Int, seed: UInt64 = defaultSeed
  ) -> Interval {
    guard !pairs.isEmpty, resamples > 0 else {
      return Interval(lower: 0, upper: 0, confidence: confidence, resamples: 0, seed: seed)
    }
    // Every resample of identical readings differs by exactly zero: no need to draw them.
    if pairs.allSatisfy({ $0.baselineEdits == $0.runEdits && $0.baselineLength == $0.runLength }) {
      return Interval(lower: 0, upper: 0, confidence: confidence, resamples: resamples, seed: seed)
    }
    var generator = SeededGenerator(seed: seed)
    var differences = [Double](repeating: 0, count: resamples)
    let count = pairs.count
    pairs.withUnsafeBufferPointer { pairs in
      for resample in 0..<resamples {
        var baselineEdits = 0
        var baselineLength = 0
        var runEdits = 0
        var runLength = 0
        for _ in 0..<count {
          let pair = pairs[generator.next(below: count)]
          baselineEdits += pair.baselineEdits
          baselineLength += pair.baselineLength
          runEdits += pair.runEdits
          runLength += pair.runLength
        }
        differences[resample] = rate(runEdits, runLength) - rate(baselineEdits, baselineLength)
      }
    }
    differences.sort()
    let tail = (1 - confidence) / 2
    return Interval(
      lower: Statistics.quantile(differences, tail), upper: Statistics.quantile(differences, 1 - tail),
      confidence: confidence,
      resamples: resamples, seed: seed)
  }

  /// Edits over length; a resample without ground-truth characters counts as 0.
  static func rate(_ edits: Int, _ length: Int) -> Double {
    length > 0 ? Double(edits) / Double(length) : 0
  }
}
