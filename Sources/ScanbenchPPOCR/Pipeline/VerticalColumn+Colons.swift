/// The colons a column's ink holds, read where a reading took them for dots of another mark.
///
/// Set vertically, `：` is turned a quarter turn: two dots side by side across the column, in a cell
/// of their own. The recognizer, trained on horizontal lines, reads two dots side by side as `‥`
/// or `…`, a blurred pair as `。` or `・`, or drops them. But the pair is plain in the ink: two
/// small round dots of one size, one either side of the column's axis and level with each other,
/// nothing else of the column in their rows (``colonsInInk(_:)``) — which neither `…` (its dots
/// lie down the axis) nor a voicing mark (its kana shares its rows) has.
extension VerticalColumn {
  /// The `：` of `column`, top to bottom: pairs of dots (pieces of ink, specks kept, under a
  /// quarter of an em either way and no more than twice as long one way as the other) of like
  /// size, level (overlapping in most of their rows), their centres a fifth to two thirds of an em
  /// apart across the column, one either side of its axis and their middle within a sixth of an em
  /// of it, with no other ink of the column in their rows nor within a fifth of an em above or
  /// below them; their `gap` the pair's rows.
  /// With `uprightColons`, also the `：` a font sets upright
  /// (``uprightColonsInInk(dots:ink:width:height:balance:atFoot:)``), `balance` and `atFoot` its.
  static func colonsInInk(
    _ column: Grey, uprightColons: Bool = false, balance: Double = 0.1, atFoot: Bool = false
  ) -> [InkMark] {
    guard let ink = ink(of: column), ink.withSpecks.count == ink.mask.count else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let (bandLeft, bandRight, rowInk) = ink.band
    let dots = components(ink.withSpecks, width: width, height: height).filter { piece in
      let (w, h) = (Double(piece.maxX - piece.minX), Double(piece.maxY - piece.minY))
      return w <= 0.25 * em && h <= 0.25 * em && w >= 0.05 * em && h >= 0.05 * em && w <= 2 * h && h <= 2 * w
    }
    .sorted { $0.minX < $1.minX }
    var colons: [InkMark] = []
    for (index, left) in dots.enumerated() {
      for right in dots[(index + 1)...] {
        let (leftX, rightX) = (Double(left.minX + left.maxX) / 2, Double(right.minX + right.maxX) / 2)
        let apart = rightX - leftX
        let overlap = min(left.maxY, right.maxY) - max(left.minY, right.minY)
        let (leftSize, rightSize) = (left.members.count, right.members.count)
        guard apart >= 0.2 * em, apart <= 0.67 * em, abs((leftX + rightX) / 2 - ink.axis) <= em / 6,
          overlap * 2 >= min(left.maxY - left.minY, right.maxY - right.minY),
          leftSize <= 3 * rightSize, rightSize <= 3 * leftSize
        else { continue }
        let rows = min(left.minY, right.minY)..<max(left.maxY, right.maxY)
        let own = Set(left.members + right.members)
        let alone = holdsNoOtherInk(ink.withSpecks, width: width, rows: rows, across: bandLeft..<bandRight) {
          x, y in own.contains(y * width + x)
        }
        guard alone else { continue }
        // In a cell of its own: paper above and below the pair, where a voicing mark (`゛`) or a
        // kanji's two dots (`并`) stand against the rest of their character.
        let apartRows = Int(saturating: (0.2 * em).rounded(.up))
        let clear =
          (max(0, rows.lowerBound - apartRows)..<rows.lowerBound)
          .allSatisfy { rowInk[$0] == 0 }
          && (rows.upperBound..<min(height, rows.upperBound + apartRows)).allSatisfy { rowInk[$0] == 0 }
        // One dot either side of the axis.
        guard clear, leftX < ink.axis - 0.05 * em, rightX > ink.axis + 0.05 * em else { continue }
        colons.append(InkMark(text: "：", gap: rows, centre: Double(rows.lowerBound + rows.upperBound) / 2))
      }
    }
    if uprightColons {
      colons += uprightColonsInInk(
        dots: dots, ink: ink, width: width, height: height, balance: balance, atFoot: atFoot)
    }
    return colons.sorted { $0.centre < $1.centre }
  }

  /// The `：` a font sets upright (two dots one above the other on the column's axis), among
  /// `dots` (``colonsInInk(_:uprightColons:)``'s): pairs of like size, each centred within a sixth of
  /// an em of the axis and of each other across, their centres a fifth to under half an em apart
  /// down the column, with no other ink of the column in their rows; and the pair alone in the
  /// middle of its gap — paper, specks counted as ink, at least a fifth of an em above and below
  /// it, and as much above as below within `balance` ems, no third dot on the axis within half
  /// an em. `…` set vertically lays its three dots down the whole cell: two of them have the third
  /// beside them, and where the scan lost one, the two left stand off its middle. The neighbours'
  /// own ink leaves their cells unevenly (`意` fills its cell to the foot, `こ` starts low in
  /// its), so the paper either side of a colon differs by more than the colon's place in its cell.
  /// With `atFoot`, a pair under the column's last character with only paper under it is one
  /// too: a colon ends a column as often as a sentence's `。` does.
  static func uprightColonsInInk(
    dots: [Piece], ink: Ink, width: Int, height: Int, balance: Double = 0.1, atFoot: Bool = false
  ) -> [InkMark] {
    let em = ink.em
    let (bandLeft, bandRight, _) = ink.band
    var rowInk = [Int](repeating: 0, count: height)
    for y in 0..<height {
      for x in bandLeft..<bandRight where ink.withSpecks[y * width + x] { rowInk[y] += 1 }
    }
    let byRow = dots.sorted { $0.minY < $1.minY }
    var colons: [InkMark] = []
    for (index, upper) in byRow.enumerated() {
      for other in (index + 1)..<byRow.count {
        let lower = byRow[other]
        let (upperX, lowerX) = (Double(upper.minX + upper.maxX) / 2, Double(lower.minX + lower.maxX) / 2)
        let (upperY, lowerY) = (Double(upper.minY + upper.maxY) / 2, Double(lower.minY + lower.maxY) / 2)
        let (upperSize, lowerSize) = (upper.members.count, lower.members.count)
        guard lowerY - upperY >= 0.2 * em, lowerY - upperY < 0.45 * em, lower.minY >= upper.maxY,
          abs(upperX - lowerX) <= em / 6, abs(upperX - ink.axis) <= em / 6, abs(lowerX - ink.axis) <= em / 6,
          upperSize <= 3 * lowerSize, lowerSize <= 3 * upperSize
        else { continue }
        let rows = upper.minY..<lower.maxY
        let own = Set(upper.members + lower.members)
        let alone = holdsNoOtherInk(ink.withSpecks, width: width, rows: rows, across: bandLeft..<bandRight) {
          x, y in own.contains(y * width + x)
        }
        // No third dot down the axis within half an em: the pair is not two of `…`'s dots.
        let third = byRow.indices.contains { at in
          let dot = byRow[at]
          let (x, y) = (Double(dot.minX + dot.maxX) / 2, Double(dot.minY + dot.maxY) / 2)
          return at != index && at != other && abs(x - ink.axis) <= em / 6
            && y >= upperY - 0.5 * em && y <= lowerY + 0.5 * em
        }
        guard alone, !third else { continue }
        var above = rows.lowerBound
        while above > 0 && rowInk[above - 1] == 0 { above -= 1 }
        var below = rows.upperBound
        while below < height && rowInk[below] == 0 { below += 1 }
        // Under a character: a column's head is no colon's; nor, without `atFoot`, its foot.
        guard above > 0, below < height || atFoot else { continue }
        let (paperAbove, paperBelow) = (Double(rows.lowerBound - above), Double(below - rows.upperBound))
        let footed = below == height
        guard paperAbove >= 0.2 * em, footed || paperBelow >= 0.2 * em,
          footed || abs(paperAbove - paperBelow) <= balance * em
        else { continue }
        colons.append(InkMark(text: "：", gap: rows, centre: Double(rows.lowerBound + rows.upperBound) / 2))
      }
    }
    return colons
  }

  /// What a recognizer reads for a colon set vertically: the dots of another mark.
  static func isLookalikeOfColon(_ text: String) -> Bool {
    ["…", "‥", "⋯", "・", "･", "·", ":", ".", "．", "。", "¨", "\"", "︰", "︓"].contains(text)
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each of `colons` read: the nearest character within half a pitch read as a
  /// colon's lookalike (``isLookalikeOfColon(_:)``) takes it, and the other lookalikes within
  /// half a pitch (the dots read twice, `‥` as `……`) go; where none is and no character's place lies
  /// within a third of a pitch of it, it goes in between the characters before and after it, as
  /// likely as the reading on the whole. A
  /// colon the reading holds near it already is kept, and so is a `:` between ASCII letters or
  /// digits (`12:30` set sideways turns its colon across the column too).
  static func withInkColons(_ colons: [InkMark], into reading: DecodedLine, height: Double, pitch: Double)
    -> DecodedLine
  {
    guard !colons.isEmpty, let row = reading.rows(height: height) else { return reading }
    var characters = reading.characters
    func isASCIIWord(_ index: Int) -> Bool {
      characters.indices.contains(index)
        && characters[index].text.unicodeScalars.allSatisfy {
          $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
    for colon in colons {
      let near = indices(of: characters, within: 0.5 * pitch, of: colon.centre, row: row)
      guard !near.contains(where: { ["：", "︓"].contains(characters[$0].text) }) else { continue }
      let lookalikes = near.filter { isLookalikeOfColon(characters[$0].text) }
      if let nearest = nearestIndex(
        of: characters, within: 0.5 * pitch, of: colon.centre, row: row,
        where: { isLookalikeOfColon(characters[$0].text) })
      {
        guard !(isASCIIWord(nearest - 1) && isASCIIWord(nearest + 1)) else { continue }
        // `……` read where the scan lost the middle dot of a `…` set across.
        guard
          !(characters[nearest].text == "…" && lookalikes.count == 1
            && [nearest - 1, nearest + 1].contains(where: {
              characters.indices.contains($0) && characters[$0].text == "…"
            }))
        else { continue }
        characters[nearest].text = "："
        for index in lookalikes.reversed() where index != nearest { characters.remove(at: index) }
        continue
      }
      guard indices(of: characters, within: pitch / 3, of: colon.centre, row: row).isEmpty else { continue }
      let at = characters.firstIndex { row($0) > colon.centre } ?? characters.count
      guard at > 0, at < characters.count, !(isASCIIWord(at - 1) && isASCIIWord(at)) else { continue }
      // As likely as the reading on the whole (``withInkEllipses(_:into:height:em:)``).
      characters.insert(
        character(
          from: colon, content: reading.contentColumns, height: height,
          probability: Float(reading.probability)),
        at: at)
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `reading` of `column` (`pitch` rows a character) with the colons its ink holds; `balance` and
  /// `atFoot` those of the colons set upright (``uprightColonsInInk(dots:ink:width:height:balance:atFoot:)``).
  static func withColonsFromInk(
    _ column: Grey, into reading: DecodedLine, pitch: Double, uprightColons: Bool, balance: Double = 0.1,
    atFoot: Bool = false
  ) -> DecodedLine {
    withInkColons(
      colonsInInk(column, uprightColons: uprightColons, balance: balance, atFoot: atFoot), into: reading,
      height: Double(column.height), pitch: pitch)
  }
}
