/// The most frequent confusions of a run, counted across images.
public enum ConfusionTable {
  /// Merges equal confusions (same ground truth, same recognized text), adding their counts, and
  /// returns the `limit` most frequent.
  public static func top(_ confusions: some Sequence<Confusion>, limit: Int) -> [Confusion] {
    var tally = ConfusionTally()
    tally.add(confusions)
    return tally.top(limit: limit)
  }

  /// The `limit` most frequent confusions over all the alignments.
  public static func top(_ alignments: some Sequence<Alignment>, limit: Int) -> [Confusion] {
    top(alignments.lazy.flatMap(\.confusions), limit: limit)
  }

  /// Most frequent first; ties in a fixed order so that reports do not change from run to run.
  static func sorted(_ confusions: [Confusion]) -> [Confusion] {
    confusions.sorted { left, right in
      if left.count != right.count { return left.count > right.count }
      if !left.groundTruth.unicodeScalars.elementsEqual(right.groundTruth.unicodeScalars) {
        return left.groundTruth.unicodeScalars.lexicographicallyPrecedes(right.groundTruth.unicodeScalars)
      }
      return left.recognized.unicodeScalars.lexicographicallyPrecedes(right.recognized.unicodeScalars)
    }
  }
}
