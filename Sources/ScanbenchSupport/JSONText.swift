/// Pieces of hand-written JSON, for files whose key order and line breaks matter (committed baselines).
package enum JSONText {
  /// A JSON string literal: quotes, backslashes and control characters escaped, everything else as is.
  package static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// The shortest text that reads back as the same `Double` (`null` for non-finite values).
  package static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(saturating: value)) }
    return "\(value)"
  }

  /// `{"a":"1","b":"2"}` with keys sorted.
  package static func object(_ dictionary: [String: String]) -> String {
    let members = dictionary.keys.sorted().map { "\(quote($0)):\(quote(dictionary[$0] ?? ""))" }
    return "{" + members.joined(separator: ",") + "}"
  }
}
