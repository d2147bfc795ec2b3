/// Summaries of samples, shared by the gate's bootstrap and the report's tables.
public enum Statistics {
  /// Linear interpolation between the closest ranks of sorted `values` (R's type 7).
  public static func quantile(_ values: [Double], _ probability: Double) -> Double {
    guard let first = values.first else { return 0 }
    guard values.count > 1 else { return first }
    let position = probability * Double(values.count - 1)
    let below = Int(saturating: position.rounded(.down))
    let above = min(below + 1, values.count - 1)
    let fraction = position - Double(below)
    return values[below] + (values[above] - values[below]) * fraction
  }
}
