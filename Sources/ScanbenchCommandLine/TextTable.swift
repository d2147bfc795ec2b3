/// Every table the commands print: labels and values (`images   60`), help's two columns, and
/// columns with a header (`notes list`), measured in terminal columns so Japanese text lines up.
public enum TextTable {
  /// `label` padded to `labelWidth` columns, then `value`; one line each.
  public static func keyValue(_ rows: [(String, String)], labelWidth: Int) -> String {
    rows.map { fit($0.0, labelWidth) + $0.1 }.joined(separator: "\n") + "\n"
  }

  /// Help's rows: two spaces, the left column padded to 26; one that would leave less than two
  /// spaces before its text puts the text on the next line, indented.
  public static func helpRows(_ rows: [(String, String)]) -> [String] {
    let width = 26
    return rows.map { left, right in
      let padded = "  " + left
      guard columns(padded) <= width - 2 else {
        return padded + "\n" + String(repeating: " ", count: width) + right
      }
      return fit(padded, width) + right
    }
  }

  public enum Alignment {
    case left, right
  }

  public struct Column {
    public var header: String
    public var alignment: Alignment
    /// Cut to this many columns (with "…"); nil: as wide as its widest cell, the last column unpadded.
    public var width: Int?
    /// The narrowest it may be.
    public var minimumWidth: Int

    public init(_ header: String, alignment: Alignment = .left, width: Int? = nil, minimumWidth: Int = 0) {
      self.header = header
      self.alignment = alignment
      self.width = width
      self.minimumWidth = minimumWidth
    }
  }

  /// A header line and one line per row, columns two spaces apart.
  public static func columns(_ columns: [Column], rows: [[String]]) -> String {
    let widths = columns.enumerated().map { index, column in
      column.width ?? max(column.minimumWidth, rows.map { Self.columns($0[index]) }.max() ?? 0)
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let column = columns[index]
        if index == columns.count - 1, column.width == nil, column.alignment == .left { return cell }
        switch column.alignment {
        case .left: return fit(cell, widths[index])
        case .right: return String(repeating: " ", count: max(0, widths[index] - Self.columns(cell))) + cell
        }
      }.joined(separator: "  ")
    }
    return ([line(columns.map(\.header))] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  /// Pads or cuts `text` to exactly `width` terminal columns (cut with "…").
  public static func fit(_ text: String, _ width: Int) -> String {
    var result = ""
    var used = 0
    let total = columns(text)
    for character in text {
      let needed = columns(character)
      if total > width && used + needed > width - 1 {
        result += "…"
        used += 1
        break
      }
      result.append(character)
      used += needed
    }
    return result + String(repeating: " ", count: max(0, width - used))
  }

  public static func columns(_ text: String) -> Int { text.reduce(0) { $0 + columns($1) } }

  /// Terminal columns of a character: two for East Asian wide and fullwidth characters and emoji.
  public static func columns(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
