/// Edits split by kind, from ground truth to recognized text.
public struct EditCounts: Sendable, Hashable, Codable {
  /// Ground-truth units read as another unit.
  public var substitutions: Int
  /// Recognized units with nothing in the ground truth.
  public var insertions: Int
  /// Ground-truth units missing from the recognized text.
  public var deletions: Int

  public init(substitutions: Int = 0, insertions: Int = 0, deletions: Int = 0) {
    self.substitutions = substitutions
    self.insertions = insertions
    self.deletions = deletions
  }

  /// The edit distance.
  public var total: Int { substitutions + insertions + deletions }

  public static func + (left: EditCounts, right: EditCounts) -> EditCounts {
    EditCounts(
      substitutions: left.substitutions + right.substitutions, insertions: left.insertions + right.insertions,
      deletions: left.deletions + right.deletions)
  }

  public static func += (left: inout EditCounts, right: EditCounts) {
    left = left + right
  }
}
