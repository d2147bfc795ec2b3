import Foundation
import ScanbenchSupport

/// Numbers as the report shows them.
package enum ReportFormat {
  struct Bin {
    var label: String
    var upper: Double
    var colour: String
  }

  /// CER ranges for the histogram: exact zero apart, then widening ranges.
  static let cerBins: [Bin] = [
    Bin(label: "0", upper: 0, colour: "#2f9e44"),
    Bin(label: "≤1%", upper: 0.01, colour: "#74b816"),
    Bin(label: "1–2%", upper: 0.02, colour: "#a9c23f"),
    Bin(label: "2–5%", upper: 0.05, colour: "#fab005"),
    Bin(label: "5–10%", upper: 0.10, colour: "#fd7e14"),
    Bin(label: "10–20%", upper: 0.20, colour: "#f76707"),
    Bin(label: "20–50%", upper: 0.50, colour: "#e8590c"),
    Bin(label: ">50%", upper: .infinity, colour: "#e03131"),
  ]

  static func binCounts(_ rates: [Double]) -> [Int] {
    var counts = [Int](repeating: 0, count: cerBins.count)
    for rate in rates {
      let index = cerBins.firstIndex { rate <= $0.upper } ?? cerBins.count - 1
      counts[index] += 1
    }
    return counts
  }

  /// The value with its unit set smaller, for the headline figures.
  static func millisecondsMarkup(_ value: Double) -> String {
    value >= 1000
      ? String(format: "%.2f<small> s</small>", value / 1000)
      : String(format: "%.0f<small> ms</small>", value)
  }

  static func milliseconds(_ value: Double) -> String {
    value >= 1000 ? String(format: "%.2f s", value / 1000) : String(format: "%.0f ms", value)
  }

  /// The colour class of a CER.
  static func tone(_ cer: Double?) -> String? {
    guard let cer else { return nil }
    switch cer {
    case 0: return "ok"
    case ..<0.02: return "good"
    case ..<0.10: return "warn"
    default: return "bad"
    }
  }

  /// `2026-11-30T03:17:33.795Z` → `2026-11-30 03:17 UTC`.
  static func time(_ stamp: String) -> String {
    guard stamp.count >= 16, stamp.hasSuffix("Z") else { return stamp }
    let characters = Array(stamp)
    return String(characters[0..<10]) + " " + String(characters[11..<16]) + " UTC"
  }

  /// A confusion's side, quoted, with invisible characters shown.
  static func snippet(_ text: String, empty: String) -> String {
    text.isEmpty
      ? "<span class=\"muted\">\(Markup.escape(empty))</span>"
      : "<code class=\"snip\">\(DiffMarkup.visible(text))</code>"
  }
}
