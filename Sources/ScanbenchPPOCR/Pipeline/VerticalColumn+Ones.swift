/// The kanji `一` a column's ink holds, read where a reading took it for the long vowel bar.
///
/// Set vertically, the long vowel bar takes its vertical form, a stroke along the column; the
/// kanji `一` stays a bar across it. Turned a quarter, as the turned reading sees it, or in a cell
/// the grid cut with part of its neighbour, the kanji's bar lies as the horizontal line's `ー`
/// does, and the recognizer reads the kana (`もう一度` as `もうー度`). The ink tells them apart: a
/// thin bar across the column's axis, alone in its rows, is no long vowel's.
extension VerticalColumn {
  /// The bars across `column`, top to bottom: pieces of ink (specks dropped) half an em to an em
  /// wide, at most a fifth of an em tall and at least three times as wide as tall, their middle
  /// within a quarter of an em of the column's axis, with nothing else of the column in their
  /// rows, and no corner bracket's shape (``bracketShape(_:width:height:em:)``). Their `gap` the
  /// piece's rows.
  static func barsAcrossInInk(_ column: Grey) -> [InkMark] {
    guard let ink = ink(of: column) else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let (bandLeft, bandRight, _) = ink.band
    var bars: [InkMark] = []
    for piece in components(ink.mask, width: width, height: height) {
      let (w, h) = (piece.maxX - piece.minX, piece.maxY - piece.minY)
      guard Double(w) >= 0.5 * em, Double(w) <= em, Double(h) <= 0.2 * em, w >= 3 * h,
        abs(Double(piece.minX + piece.maxX) / 2 - ink.axis) <= 0.25 * em
      else { continue }
      let inked = mask(of: piece, width: width)
      let alone = holdsNoOtherInk(
        ink.mask, width: width, rows: piece.minY..<piece.maxY, across: bandLeft..<bandRight
      ) { x, y in
        (piece.minX..<piece.maxX).contains(x) && inked[(y - piece.minY) * w + x - piece.minX]
      }
      guard alone, bracketShape(inked, width: w, height: h, em: em) == nil else { continue }
      bars.append(
        InkMark(text: "一", gap: piece.minY..<piece.maxY, centre: Double(piece.minY + piece.maxY) / 2))
    }
    return bars.sorted { $0.centre < $1.centre }
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with the `ー` read nearest each of `bars` (``barsAcrossInInk(_:)``), within half a
  /// pitch of it, read as `一`, where the character before it is no katakana and no Latin letter or
  /// digit: after a katakana the long vowel is at home, and a bar across beside it is a stroke of a
  /// neighbour's; after a letter the bar is as often a letter on its side (`AI`'s `I`).
  static func withOnesFromInk(_ bars: [InkMark], into reading: DecodedLine, height: Double, pitch: Double)
    -> DecodedLine
  {
    guard !bars.isEmpty, let row = reading.rows(height: height) else { return reading }
    var result = reading
    for bar in bars {
      guard
        let nearest = nearestIndex(of: result.characters, within: 0.5 * pitch, of: bar.centre, row: row),
        result.characters[nearest].text == "ー",
        nearest == 0
          || !isKatakana(result.characters[nearest - 1].text)
            && !isLatinLetterOrDigit(result.characters[nearest - 1].text)
      else { continue }
      result.characters[nearest].text = "一"
      result.characters[nearest].voicingAlternatives = []
    }
    return result
  }

  /// `reading` of `column` (`pitch` rows a character) with the `一` its ink holds that it read as
  /// `ー` (``withOnesFromInk(_:into:height:pitch:)``).
  static func withOnesFromInk(_ column: Grey, into reading: DecodedLine, pitch: Double) -> DecodedLine {
    guard reading.characters.contains(where: { $0.text == "ー" }) else { return reading }
    return withOnesFromInk(
      barsAcrossInInk(column), into: reading, height: Double(column.height), pitch: pitch)
  }
}
