/// Adds up the scores of a run: micro rates (total edits over total length, so long pages weigh more)
/// and macro rates (the mean of per-image rates, so every image weighs the same).
public struct RunScoreAccumulator: Sendable, Hashable, Codable {
  /// The descriptor every added score must carry; others are not added (see `mismatchedScores`).
  public let metric: String
  /// Scores added.
  public private(set) var images = 0
  /// Scores added whose ground truth was empty: their insertions count in `edits`, but they have no CER
  /// and so no part in `cerMacro`.
  public private(set) var imagesWithoutGroundTruth = 0
  public private(set) var groundTruthLength = 0
  public private(set) var recognizedLength = 0
  public private(set) var editCounts = EditCounts()
  public private(set) var groundTruthWords = 0
  public private(set) var wordEdits = 0
  /// Scores refused because they measured something else; comparing them would mislead.
  public private(set) var mismatchedScores = 0
  private var cerSum = 0.0
  private var cerCount = 0
  private var werSum = 0.0
  private var werCount = 0

  public init(metric: String) {
    self.metric = metric
  }

  public mutating func add(_ score: TextScore) {
    guard score.metric == metric else {
      mismatchedScores += 1
      return
    }
    images += 1
    groundTruthLength += score.groundTruthLength
    recognizedLength += score.recognizedLength
    editCounts += score.edits
    groundTruthWords += score.words.groundTruthWords
    wordEdits += score.words.wordEdits
    if let cer = score.cer {
      cerSum += cer
      cerCount += 1
    } else {
      imagesWithoutGroundTruth += 1
    }
    if let wer = score.words.wer {
      werSum += wer
      werCount += 1
    }
  }

  /// Adds another accumulator's totals (a worker's or a shard's) measured with the same metric.
  public mutating func merge(_ other: RunScoreAccumulator) {
    guard other.metric == metric else {
      mismatchedScores += other.images + other.mismatchedScores
      return
    }
    images += other.images
    imagesWithoutGroundTruth += other.imagesWithoutGroundTruth
    groundTruthLength += other.groundTruthLength
    recognizedLength += other.recognizedLength
    editCounts += other.editCounts
    groundTruthWords += other.groundTruthWords
    wordEdits += other.wordEdits
    mismatchedScores += other.mismatchedScores
    cerSum += other.cerSum
    cerCount += other.cerCount
    werSum += other.werSum
    werCount += other.werCount
  }

  /// Total edits (all images, including those without ground truth).
  public var edits: Int { editCounts.total }

  /// Total edits over total ground-truth length; `nil` while there is no ground truth at all.
  public var cerMicro: Double? { TextScore.rate(edits, over: groundTruthLength) }

  /// The mean CER of the images that have one; `nil` when none has.
  public var cerMacro: Double? {
    cerCount > 0 ? cerSum / Double(cerCount) : nil
  }

  public var werMicro: Double? { TextScore.rate(wordEdits, over: groundTruthWords) }

  public var werMacro: Double? {
    werCount > 0 ? werSum / Double(werCount) : nil
  }
}
