import Foundation

/// The small kana a column's cells read full size, told from where their ink sits.
///
/// Set vertically, a small kana (`ッ ャ ュ ョ ィ っ ょ`) stands in the top right of its cell, its
/// ink right of the column's axis, where every full-size kana is centred on it. At a scan's few
/// pixels an em, thick strokes and blur swell the small kana's ink past the size the cells take
/// for small (``VerticalColumn/kind(of:cellTop:cellHeight:axis:em:ink:width:)``), so the cell sets
/// it upright, and the recognizer, seeing it alone, reads it full size (`キツチン`, `キャッシユ`). The
/// ink's place across the column still tells: a cell read as a full-size kana that has a small
/// form, whose ink lies right of the axis and is narrower and shorter than a full-size kana's,
/// holds the small one. Hiragana `あいうえおわ` are left out: their small forms are seldom set, and
/// `い`'s two strokes, the right one alone in a cell or the left one cut off, lie right of the axis;
/// so are `や` and `ゆ`, whose full-size ink the cells measured right of the axis where the tuning
/// pages held no small one to mend.
///
/// A column's first cell is left as read either way: under strict line breaking (kinsoku) no
/// column starts with a small kana, and at a column's head a full-size `ユ` was taken for small —
/// by this step and by the cells, which set it small and read `ュ` — so a small kana read there is
/// read full size.
extension VerticalColumn {
  /// The ink of one cell of a column, in ems: its box's width and height, its centre across from
  /// the column's axis (right positive) and its top below the cell's top.
  struct CellInk: Equatable {
    var width: Double
    var height: Double
    var right: Double
    var top: Double
  }

  /// The full-size kana whose small form a cell's ink may show.
  static let fullKanaWithSmallForms: Set<String> = Set("つよアイウエオツヤユヨワ".map(String.init))

  /// How far right of the column's axis a cell's ink lies, at least, in ems, to be a small kana's:
  /// a full-size kana's lies on it.
  static let smallKanaRight = 0.04
  /// The widest and tallest a small kana's ink is, in ems, swollen by a scan.
  static let smallKanaWidest = 0.85
  static let smallKanaTallest = 0.9

  /// Per cell of `line`, the ink of the column's pieces whose middle row lies in it and that reach
  /// within 0.6 em of the column's axis (a neighbour's end that spills into the cell is left to its
  /// own cell); nil for a cell holding none, or a line without its column's ink.
  static func cellInks(_ line: Line) -> [CellInk?] {
    guard let picture = line.picture, line.ink.count == picture.width * picture.height, line.em > 0 else {
      return line.cellRows.map { _ in nil }
    }
    let pieces = components(line.ink, width: picture.width, height: picture.height)
    let (em, axis) = (line.em, line.axis)
    return line.cellRows.map { rows -> CellInk? in
      var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
      for piece in pieces {
        let middle = (piece.minY + piece.maxY) / 2
        guard rows.contains(middle), Double(piece.maxX) > axis - 0.6 * em,
          Double(piece.minX) < axis + 0.6 * em
        else { continue }
        if let b = box {
          box = (
            min(b.minX, piece.minX), min(b.minY, piece.minY), max(b.maxX, piece.maxX), max(b.maxY, piece.maxY)
          )
        } else {
          box = (piece.minX, piece.minY, piece.maxX, piece.maxY)
        }
      }
      guard let box else { return nil }
      return CellInk(
        width: Double(box.maxX - box.minX) / em, height: Double(box.maxY - box.minY) / em,
        right: (Double(box.minX + box.maxX) / 2 - axis) / em, top: Double(box.minY - rows.lowerBound) / em)
    }
  }

  /// Whether a cell's ink is a small kana's: right of the axis, no wider or taller than a swollen
  /// small kana.
  static func isSmallKanaInk(_ ink: CellInk) -> Bool {
    ink.right >= smallKanaRight && ink.width <= smallKanaWidest && ink.height <= smallKanaTallest
  }

  /// Where a character read along `line`'s column (``PPOCRPipeline/alongColumn(_:line:)``) lies
  /// in its cells, the ink of that cell (``cellInks(_:)``, found once, when first asked).
  static func inkOfCharacters(in line: Line) -> InkOfCharacter {
    var inks: [CellInk?]?
    return { character, content in
      guard content > 0 else { return nil }
      let found = inks ?? cellInks(line)
      inks = found
      let row = Int(
        saturating: row(of: character, content: content, height: line.columnLength).rounded(.down))
      guard let cell = line.cellRows.firstIndex(where: { $0.contains(row) }), found.indices.contains(cell)
      else { return nil }
      return found[cell]
    }
  }

  /// `cells` (read in `line`, its characters' columns still the line's) with each full-size kana
  /// that has a small form (``fullKanaWithSmallForms``) read as that small form where its cell's ink
  /// is a small kana's (``isSmallKanaInk(_:)``), but in the column's first cell, where a small kana
  /// read is read full size.
  static func withSmallKanaFromInk(_ cells: DecodedLine, line: Line) -> DecodedLine {
    let inks = cellInks(line)
    var result = cells
    for index in cells.characters.indices {
      let text = cells.characters[index].text
      guard let cell = line.cell(of: cells.characters[index], content: cells.contentColumns) else { continue }
      if cell == 0 {
        if let full = smallKana[text] { result.characters[index].text = full }
        continue
      }
      guard fullKanaWithSmallForms.contains(text),
        let small = smallKana.first(where: { $0.value == text })?.key,
        inks.indices.contains(cell), let ink = inks[cell], isSmallKanaInk(ink)
      else { continue }
      result.characters[index].text = small
    }
    return result
  }
}
