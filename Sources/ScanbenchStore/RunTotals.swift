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
  private var cerSum = 0.0
  private var cerCount = 0

  public init() {}

  public mutating func add(_ record: ResultRecord) {
    add(succeeded: record.succeeded, edits: record.edits, gtChars: record.gtChars, cer: record.cer)
  }

  /// One record, by the fields the totals read.
  public mutating func add(succeeded isSuccess: Bool, edits: Int?, gtChars: Int?, cer: Double?) {
    images += 1
    if isSuccess { succeeded += 1 } else { failed += 1 }
    if let edits {
      scored += 1
      self.edits += edits
      self.gtChars += gtChars ?? 0
    }
    if let cer {
      cerSum += cer
      cerCount += 1
    }
  }

  /// Total edits over total ground-truth length; nil while there is no ground truth at all.
  public var cerMicro: Double? { gtChars > 0 ? Double(edits) / Double(gtChars) : nil }

  /// The mean CER of the records that have one; nil when none has.
  public var cerMacro: Double? { cerCount > 0 ? cerSum / Double(cerCount) : nil }
}
