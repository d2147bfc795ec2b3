/// How well one recognized text matches its ground truth.
public struct TextScore: Sendable, Hashable, Codable {
  /// In units, after normalization.
  public var groundTruthLength: Int
  public var recognizedLength: Int
  public var edits: EditCounts
  /// `edits.total / groundTruthLength`; `nil` when the ground truth is empty (the edits, all insertions,
  /// are still counted). Above 1 when the recognizer adds more than the ground truth holds.
  public var cer: Double?
  public var words: WordScore
  /// The descriptor of the options used: only scores with equal metrics are comparable.
  public var metric: String

  public init(
    groundTruthLength: Int, recognizedLength: Int, edits: EditCounts, words: WordScore, metric: String
  ) {
    self.groundTruthLength = groundTruthLength
    self.recognizedLength = recognizedLength
    self.edits = edits
    self.cer = Self.rate(edits.total, over: groundTruthLength)
    self.words = words
    self.metric = metric
  }

  /// A rate that is never infinite or NaN: `nil` when there is nothing to divide by.
  static func rate(_ count: Int, over length: Int) -> Double? {
    length > 0 ? Double(count) / Double(length) : nil
  }
}

/// The word side of a score: word error rate over words found as `WordSegmenter` describes.
public struct WordScore: Sendable, Hashable, Codable {
  public var groundTruthWords: Int
  public var recognizedWords: Int
  /// Word-level edit distance (substitutions + insertions + deletions of whole words).
  public var wordEdits: Int
  /// `wordEdits / groundTruthWords`; `nil` when the ground truth has no words.
  public var wer: Double?

  public init(groundTruthWords: Int, recognizedWords: Int, wordEdits: Int) {
    self.groundTruthWords = groundTruthWords
    self.recognizedWords = recognizedWords
    self.wordEdits = wordEdits
    self.wer = TextScore.rate(wordEdits, over: groundTruthWords)
  }
}
