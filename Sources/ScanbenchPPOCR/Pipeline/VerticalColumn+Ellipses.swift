/// The `…` a column's ink holds, put into the reading where it lost them.
///
/// Set vertically, `…` is three dots down the column's axis in one cell, `……` six in two. Each dot
/// is too small to be kept as ink (``dropSpecks(_:width:height:em:left:right:)``), so the cells
/// hold nothing there, and the recognizer reads the turned dots as `・`, `:` or nothing; the
/// detector often ends a column's box at the dots and starts the next below them, so they lie in
/// no crop either reading sees. But the dots are plain in the ink: small, round, on the axis,
/// evenly spaced, nothing else of the column beside them (``ellipsesInInk(_:)``).
extension VerticalColumn {
  /// A run of the dots of `…` found in a column's ink: how many `…` they make, and the rows from the
  /// first dot's top to the last dot's bottom.
  struct InkEllipsis: Equatable {
    var count: Int
    var rows: Range<Int>
  }

  /// The `…` of `column`, top to bottom: three or more dots in a row down its axis — pieces of ink
  /// (specks kept) under a fifth of an em either way, their centres within a sixth of an em of the
  /// axis, a quarter to half an em apart and evenly so, with no other ink of the column in the rows
  /// from the first to the last. Three dots make one `…`, six two.
  static func ellipsesInInk(_ column: Grey) -> [InkEllipsis] {
    guard let ink = ink(of: column), ink.withSpecks.count == ink.mask.count else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let (bandLeft, bandRight, _) = ink.band
    var dots: [(piece: Piece, centre: Double)] = []
    for piece in components(ink.withSpecks, width: width, height: height) {
      let (w, h) = (Double(piece.maxX - piece.minX), Double(piece.maxY - piece.minY))
      let centreX = Double(piece.minX + piece.maxX) / 2
      guard w <= 0.2 * em, h <= 0.2 * em, w >= 0.05 * em, h >= 0.05 * em, w <= 2 * h, h <= 2 * w,
        abs(centreX - ink.axis) <= em / 6
      else { continue }
      dots.append((piece, Double(piece.minY + piece.maxY) / 2))
    }
    dots.sort { $0.centre < $1.centre }
    // Whether rows `rows` hold ink of the column other than the dots `run`.
    func holdsOtherInk(_ rows: Range<Int>, besides run: ArraySlice<(piece: Piece, centre: Double)>) -> Bool {
      let own = Set(run.flatMap(\.piece.members))
      for y in rows {
        for x in bandLeft..<bandRight where ink.withSpecks[y * width + x] && !own.contains(y * width + x) {
          return true
        }
      }
      return false
    }
    var ellipses: [InkEllipsis] = []
    var start = 0
    while start < dots.count {
      var end = start + 1
      while end < dots.count {
        let spacing = dots[end].centre - dots[end - 1].centre
        guard spacing >= 0.25 * em, spacing <= 0.5 * em else { break }
        if end - start >= 2 {
          let first = dots[start + 1].centre - dots[start].centre
          guard abs(spacing - first) <= 0.25 * first else { break }
        }
        end += 1
      }
      let run = dots[start..<end]
      if run.count >= 3, let top = run.map(\.piece.minY).min(), let bottom = run.map(\.piece.maxY).max(),
        !holdsOtherInk(top..<bottom, besides: run)
      {
        ellipses.append(InkEllipsis(count: max(1, (run.count + 1) / 3), rows: top..<bottom))
      }
      start = end
    }
    return ellipses
  }

  /// What a recognizer reads for the dots of `…` it half sees.
  static func isLookalikeOfEllipsis(_ text: String) -> Bool {
    ["…", "‥", "︙", "︰", ":", "：", "·", "・", "･", ".", "．", "⋯"].contains(text)
  }

  /// `reading` (its characters' columns along the column, of `height` rows) with each of
  /// `ellipses` in its place: what the reading read of the dots (``isLookalikeOfEllipsis(_:)``,
  /// within half an em of them) is taken out, and the `…` go in (as many as the dots make, or as
  /// were read there if more) before the first character
  /// read below their middle. Never at the head of a column: the dots there are the foot of the box
  /// above's (``ellipsisUnderFoot(_:foot:)``).
  static func withInkEllipses(
    _ ellipses: [InkEllipsis], into reading: DecodedLine, height: Double, em: Double
  )
    -> DecodedLine
  {
    let content = reading.contentColumns
    guard !ellipses.isEmpty, !reading.characters.isEmpty, content > 0, height > 0 else { return reading }
    func row(_ character: DecodedCharacter) -> Double {
      VerticalColumn.row(of: character, content: content, height: height)
    }
    // `……` whose two cells' dots are spaced apart more than each cell's are is found as two runs:
    // one `……`, or each would take the other's dots read for its own.
    var merged: [InkEllipsis] = []
    for ellipsis in ellipses {
      if let last = merged.last, Double(ellipsis.rows.lowerBound - last.rows.upperBound) <= 0.5 * em {
        merged[merged.count - 1] = InkEllipsis(
          count: last.count + ellipsis.count, rows: last.rows.lowerBound..<ellipsis.rows.upperBound)
      } else {
        merged.append(ellipsis)
      }
    }
    var characters = reading.characters
    for ellipsis in merged {
      let (top, bottom) = (Double(ellipsis.rows.lowerBound), Double(ellipsis.rows.upperBound))
      let middle = (top + bottom) / 2
      let at = characters.firstIndex { row($0) > middle } ?? characters.count
      let within = characters.indices.filter {
        isLookalikeOfEllipsis(characters[$0].text) && row(characters[$0]) >= top - 0.5 * em
          && row(characters[$0]) <= bottom + 0.5 * em
      }
      guard at - within.filter({ $0 < at }).count > 0 else { continue }
      // A dot the scan lost leaves a run too short: as many `…` as were read there, if more.
      let read = within.count { characters[$0].text == "…" || characters[$0].text == "⋯" }
      for index in within.reversed() { characters.remove(at: index) }
      let place = characters.firstIndex { row($0) > middle } ?? characters.count
      let column = Int(saturating: min(middle / height * content, content - 1).rounded(.down))
      // As likely as the reading on the whole: a reading is chosen among others by its mean
      // probability, and dots found in the ink should not make it win or lose.
      let dots = DecodedCharacter(
        text: "…", firstColumn: column, lastColumn: column, probability: Float(reading.probability))
      characters.insert(contentsOf: Array(repeating: dots, count: max(ellipsis.count, read)), at: place)
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `reading` of `column` with the `…` its ink holds.
  static func withEllipsesFromInk(_ column: Grey, into reading: DecodedLine) -> DecodedLine {
    guard let em = ink(of: column)?.em else { return reading }
    return withInkEllipses(ellipsesInInk(column), into: reading, height: Double(column.height), em: em)
  }

  /// How many `…` stand under the foot of the column in `column` (a crop of the column's box and
  /// what lies below it, the box's foot at row `foot`): the dots of a run that reaches below the
  /// foot, the last ink above its first dot (the column's last character) within the box and
  /// within an em of it. 0 where none.
  static func ellipsisUnderFoot(_ column: Grey, foot: Int) -> Int {
    guard let ink = ink(of: column) else { return 0 }
    let rows = ink.band.rows
    for ellipsis in ellipsesInInk(column) where ellipsis.rows.upperBound > foot {
      let top = ellipsis.rows.lowerBound
      guard top <= foot + Int(saturating: ink.em.rounded(.up)) else { continue }
      // The last character's ink, above the dots (the dots themselves are too small to be in `rows`).
      guard let last = rows[0..<top].lastIndex(where: { $0 > 0 }) else { continue }
      guard last < foot, Double(top - last) <= ink.em else { continue }
      return ellipsis.count
    }
    return 0
  }
}
