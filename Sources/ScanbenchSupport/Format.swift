import Foundation

/// How scanbench prints its numbers, the same in every table, sentence and report.
public enum Format {
  /// A rate as a percentage with two decimals: `2.31%`; `n/a` for none.
  public static func percent(_ value: Double?, none: String = "n/a") -> String {
    guard let value else { return none }
    return String(format: "%.2f%%", value * 100)
  }

  /// A difference of rates in percentage points with its sign: `+0.09`, `-0.12`, `+0.00`.
  public static func points(_ value: Double) -> String {
    let hundredths = (value * 10_000).rounded()
    let text = String(format: "%.2f", abs(hundredths) / 100)
    return (hundredths < 0 ? "-" : "+") + text
  }
}
