/// Escaping for text placed in HTML or XML, content or attribute values alike.
package enum Markup {
  /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 forbids (most C0 controls, lone
  /// surrogates cannot occur in a Swift string) become U+FFFD so that the document stays well-formed.
  package static func escape(_ text: String) -> String {
    // Most texts have nothing to escape: one pass over their bytes says so.
    guard needsEscaping(text) else { return text }
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

  /// Whether `text` has something `escape` changes: `&<>"'`, a C0 control but tab, line feed and
  /// carriage return, or U+FFFE or U+FFFF (EF BF BE, EF BF BF in UTF-8).
  private static func needsEscaping(_ text: String) -> Bool {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
        return true
      case 0x09, 0x0A, 0x0D: break
      case 0xBE...0xBF where previous == (0xEF, 0xBF): return true
      default: if byte < 0x20 { return true }
      }
      previous = (previous.1, byte)
    }
    return false
  }
}
