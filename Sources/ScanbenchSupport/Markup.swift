/// Escaping for text placed in HTML or XML, content or attribute values alike.
package enum Markup {
  /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 forbids (most C0 controls, lone
  /// surrogates cannot occur in a Swift string) become U+FFFD so that the document stays well-formed.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
