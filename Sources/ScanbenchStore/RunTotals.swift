/// The numbers of a run's summary added up from its result records, one record an image (and
/// page): what a summary says of every image of its run, whether recognized in this process, before
/// a resume (`--resume`), or in the shards a merge joins.
public struct RunTotals: Sendable, Equatable {
  public private(set) var images = 0
  public private(set) var succeeded = 0
  public private(set) var failed = 0
  /// Records with a score (edits and a ground-truth length).
  public private(set) var scored = 0
  public private(set) var gtChars = 0
  public private(set) var edits = 0
  public private(set) var gtWords = 0
  public private(set) var wordEdits = 0
  /// Scored records without word counts (written before scanbench recorded WER).
  public private(set) var scoredWithoutWords = 0
  private var cerSum = 0.0
  private var cerCount = 0
  private var werSum = 0.0
  private var werCount = 0

  /// What one record adds to the totals: its outcome and scores, without its text.
  public struct Contribution: Sendable, Equatable {
    public var succeeded: Bool
    public var edits: Int?
    public var gtChars: Int?
    public var cer: Double?
    public var gtWords: Int?
    public var wordEdits: Int?
    public var wer: Double?

    public init(_ record: ResultRecord) {
      succeeded = record.succeeded
      edits = record.edits
      gtChars = record.gtChars
      cer = record.cer
      gtWords = record.gtWords
      wordEdits = record.wordEdits
      wer = record.wer
    }
  }

  public init() {}

  public mutating func add(_ record: ResultRecord) { add(Contribution(record)) }

  public mutating func add(_ record: Contribution) {
    images += 1
    if record.succeeded { succeeded += 1 } else { failed += 1 }
    if let edits = record.edits {
      scored += 1
      self.edits += edits
      gtChars += record.gtChars ?? 0
      if let words = record.gtWords, let wordEdits = record.wordEdits {
        gtWords += words
        self.wordEdits += wordEdits
      } else {
        scoredWithoutWords += 1
      }
    }
    if let cer = record.cer {
      cerSum += cer
      cerCount += 1
    }
    if let wer = record.wer {
      werSum += wer
      werCount += 1
    }
  }

  /// Total edits over total ground-truth length; nil while there is no ground truth at all.
  public var cerMicro: Double? { gtChars > 0 ? Double(edits) / Double(gtChars) : nil }

  /// The mean CER of the records that have one; nil when none has.
  public var cerMacro: Double? { cerCount > 0 ? cerSum / Double(cerCount) : nil }

  // With a scored record that has no word counts, no WER: one over part of the images would pass
  // for the whole run's.

  /// Total word edits over total ground-truth words; nil without words or with a record lacking them.
  public var werMicro: Double? {
    scoredWithoutWords == 0 && gtWords > 0 ? Double(wordEdits) / Double(gtWords) : nil
  }

  /// The mean WER of the records that have one; nil when none has or a record lacks word counts.
  public var werMacro: Double? {
    scoredWithoutWords == 0 && werCount > 0 ? werSum / Double(werCount) : nil
  }
}
