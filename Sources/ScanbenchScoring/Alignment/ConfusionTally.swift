/// Running confusion counts over a run, for when keeping every image's alignment would cost too much.
public struct ConfusionTally: Sendable, Hashable, Codable {
  private var counts: [Confusion.Key: Int] = [:]

  public init() {}

  public mutating func add(_ alignment: Alignment) {
    add(alignment.confusions)
  }

  public mutating func add(_ confusions: some Sequence<Confusion>) {
    for confusion in confusions {
      counts[
        Confusion.Key(groundTruth: confusion.groundTruth, recognized: confusion.recognized), default: 0] +=
        confusion.count
    }
  }

  /// How many different confusions have been seen.
  public var distinctCount: Int { counts.count }

  /// The `limit` most frequent, as `ConfusionTable.top` orders them.
  public func top(limit: Int) -> [Confusion] {
    let confusions = counts.map { key, count in
      Confusion(groundTruth: key.groundTruth, recognized: key.recognized, count: count)
    }
    return Array(ConfusionTable.sorted(confusions).prefix(max(0, limit)))
  }
}
