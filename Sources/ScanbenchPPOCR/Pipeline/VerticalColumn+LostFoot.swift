extension VerticalColumn {
  /// The cells of `line` past the last character `read` (the line as the recognizer read it) whose
  /// ink is a character's, not a speck: at least `least` of an em tall or wide. A cell holding such
  /// ink that the recognizer read as nothing lost its character.
  static func unreadCellsAtFoot(_ read: DecodedLine, line: Line, least: Double = 0.4) -> Int {
    guard let picture = line.picture, !line.cellRows.isEmpty, line.em > 0 else { return 0 }
    let content = read.contentColumns
    let cells = read.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }.compactMap {
      line.cell(of: $0, content: content)
    }
    let first = (cells.max() ?? -1) + 1
    guard first < line.cellRows.count else { return 0 }
    return line.cellRows[first...].count { rows in
      guard let glyph = glyph(in: (rows.lowerBound, rows.upperBound), ink: line.ink, width: picture.width)
      else { return false }
      return Double(max(glyph.width, glyph.height)) >= least * line.em
    }
  }

  /// `cells` with the kana and kanji `turned` (the same column read turned) holds past the last
  /// character both readings share, where the cells hold nothing there but marks and
  /// `unreadCells` cells at the column's foot hold ink the cells read as nothing: at most that
  /// many, each read turned at least `surerThan`. A character alone at a column's foot (`ご`, `一`),
  /// with blank paper round it, the cells now and then read as nothing, though their grid holds
  /// it; the turned reading reads it among its neighbours.
  static func withFoot(of turned: DecodedLine, into cells: DecodedLine, unreadCells: Int, surerThan: Double)
    -> DecodedLine
  {
    let (c, t) = (cells.characters, turned.characters)
    guard unreadCells > 0, !c.isEmpty, !t.isEmpty, cells.contentColumns > 0, turned.contentColumns > 0,
      let lastCell = c.lastIndex(where: { !isMark($0.text) && !$0.text.allSatisfy(\.isWhitespace) }),
      let last = anchors(t, c, counting: isKanaOrKanji).last, last.second == lastCell
    else { return cells }
    let foot = t[(last.first + 1)...].filter { !isMark($0.text) && !$0.text.allSatisfy(\.isWhitespace) }
    guard !foot.isEmpty, foot.count <= unreadCells,
      foot.allSatisfy({ isKanaOrKanji($0.text) && Double($0.probability) >= surerThan })
    else { return cells }
    let scale = cells.contentColumns / turned.contentColumns
    return DecodedLine(
      characters: c + foot.map { moved($0, scale: scale) }, contentColumns: cells.contentColumns)
  }
}
