import ScanbenchScoring
import ScanbenchStore

extension ResultRecord {
  /// Fills the ground-truth fields from a score: length, edits by kind, CER and what was measured.
  mutating func record(_ score: TextScore) {
    gtChars = score.groundTruthLength
    edits = score.edits.total
    substitutions = score.edits.substitutions
    insertions = score.edits.insertions
    deletions = score.edits.deletions
    cer = score.cer
    gtWords = score.words.groundTruthWords
    wordEdits = score.words.wordEdits
    wer = score.words.wer
    metric = score.metric
  }

  /// Characters without whitespace, as the original character-count app showed.
  static func characterCount(_ text: String) -> Int {
    text.reduce(0) { $0 + ($1.isWhitespace ? 0 : 1) }
  }
}
