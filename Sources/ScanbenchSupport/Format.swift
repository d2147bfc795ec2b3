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

  /// A count with its thousands apart, as prose writes it: `50,000`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}
