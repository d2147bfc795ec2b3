/// The parentheses a column's ink holds, read where a reading dropped them or took them for a bar.
///
/// Set vertically, `（）` take their vertical forms: `︵`, an arch across the column, in the foot of
/// its cell against what it opens; `︶`, a bowl, in the head of its cell against what it closes.
/// Both are thin and flat, and a cell of their own shows the recognizer little it was trained on:
/// it drops them, or reads them as the bar or wave they look like (`ー ～`). Their shape is plain in
/// the ink: one stroke across the column whose middle stands higher (`︵`) or lower (`︶`) than
/// both its ends, which no kana, kanji, bar or corner bracket (``bracketsInInk(_:)``) has.
extension VerticalColumn {
  /// The `︵︶` of `column` (as `（）`), top to bottom: pieces of ink across the column's axis, each
  /// an arc (``arcShape(_:width:height:)``) with nothing else within its bounds, nearer the ink
  /// after it (`︵`) or before it (`︶`) than the other; their `gap` the piece's rows.
  ///
  /// With `atColumnEnds`, an arch at the column's head (no ink above it) and a bowl at its foot
  /// stand against their neighbour where the paper between is short (``standsAtColumnEnd(opening:rows:ink:height:em:)``):
  /// the paper on their other side is only the box's margin. `margin` is how much longer, in ems,
  /// the paper on the far side of a mark within the column must be than on the near side; `widest`
  /// how wide, in ems, an arc may be.
  ///
  /// With `touching`, an arc that the column's threshold joins to the character it opens or
  /// closes is found too (``darkInk(of:)``): set against that character in the end of its cell,
  /// a `︶` under `分 略 ん` (whose strokes reach the foot of their cell) or a `︵` over a kanji
  /// touches it where the scan blurs, and the two are one piece of ink, no arc. The darker ink
  /// parts them; the arc is then taken where the column's own ink holds nothing else in its rows
  /// beside it and it stands against the character (``standsAgainst(opening:rows:ink:height:em:margin:)``,
  /// the paper on its far side counted from past its own lighter edge), and marked
  /// ``InkMark/parted``: the character read nearest it is the one it touches. That character
  /// reaches half an em beyond the arc in the column's ink, where a Latin letter lying on its side
  /// (`C`, `O`), which parts into arcs in the darker ink too, ends within the letter. Only a bowl
  /// (`︶`) is taken so, and only one shaped as a bowl rather than a stroke's foot
  /// (``isBowlRatherThanFoot(_:width:height:)``): the darker ink parts the foot of `し` and the
  /// bottom of `日` from their stems into bowls too, and the roof of `今` into an arch.
  static func parenthesesInInk(
    _ column: Grey, atColumnEnds: Bool = false, margin: Double = 0.1, widest: Double = 0.95,
    touching: Bool = false
  ) -> [InkMark] {
    guard let ink = ink(of: column) else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let axis = ink.axis
    let (bandLeft, bandRight, rows) = ink.band
    // The parenthesis `piece` is, or nil: an arc's shape, standing against its neighbour, with no
    // ink of `aloneMask` in its rows but its own — its pixels, or with `slack` its columns widened.
    func arc(_ piece: Piece, aloneIn aloneMask: [Bool], slack: Int) -> InkMark? {
      let (w, h) = (piece.maxX - piece.minX, piece.maxY - piece.minY)
      guard Double(w) >= 0.6 * em, Double(w) <= widest * em, Double(h) >= 0.18 * em, Double(h) <= 0.45 * em,
        abs(Double(piece.minX + piece.maxX) / 2 - axis) <= 0.25 * em
      else { return nil }
      let inked = mask(of: piece, width: width)
      guard let text = arcShape(inked, width: w, height: h) else { return nil }
      // Nothing else of the column in its rows: a stroke of a character has its other strokes there.
      let across = (piece.minX - slack)..<(piece.maxX + slack)
      let alone = holdsNoOtherInk(
        aloneMask, width: width, rows: piece.minY..<piece.maxY, across: bandLeft..<bandRight
      ) { x, y in
        slack > 0
          ? across.contains(x)
          : (piece.minX..<piece.maxX).contains(x) && inked[(y - piece.minY) * w + x - piece.minX]
      }
      guard alone else { return nil }
      let opening = text == "（"
      let pieceRows = piece.minY..<piece.maxY
      // Parted in the darker ink, the arc's own lighter edge on its far side is still the column's
      // ink: the paper there begins beyond it.
      var standing = pieceRows
      if slack > 0 {
        var (top, bottom) = (standing.lowerBound, standing.upperBound)
        if opening {
          while top > 0 && rows[top - 1] > 0 { top -= 1 }
        } else {
          while bottom < height && rows[bottom] > 0 { bottom += 1 }
        }
        standing = top..<bottom
      }
      guard
        atColumnEnds
          && standsAtColumnEnd(opening: opening, rows: standing, ink: rows, height: height, em: em)
          || standsAgainst(
            opening: opening, rows: standing, ink: rows, height: height, em: em, margin: margin)
      else { return nil }
      return InkMark(text: text, gap: pieceRows, centre: Double(piece.minY + piece.maxY) / 2)
    }
    let pieces = components(ink.mask, width: width, height: height)
    var marks = pieces.compactMap { arc($0, aloneIn: ink.mask, slack: 0) }
    if touching, let dark = darkInk(of: ink) {
      // The column's own ink in the arc's rows may spread a little wider than the darker ink.
      let slack = Int(saturating: (0.1 * em).rounded(.up))
      for piece in components(dark, width: width, height: height) {
        guard var found = arc(piece, aloneIn: ink.mask, slack: slack), found.text == "）",
          isBowlRatherThanFoot(
            mask(of: piece, width: width), width: piece.maxX - piece.minX, height: piece.maxY - piece.minY),
          !marks.contains(where: { $0.gap.overlaps(found.gap) }),
          let pixel = piece.members.first, let joined = pieces.first(where: { $0.members.contains(pixel) })
        else { continue }
        // Joined at the threshold to a character it opens or closes, which reaches half an em
        // beyond it: a Latin letter on its side (`C`, the halves of `O`) parts into arcs too, but
        // its ink ends within the letter.
        let beyond = found.text == "（" ? joined.maxY - piece.maxY : piece.minY - joined.minY
        guard Double(beyond) >= 0.5 * em else { continue }
        found.parted = true
        marks.append(found)
      }
    }
    return marks.sorted { $0.centre < $1.centre }
  }

  /// The darker half of a column's `ink`: its blurred pixels no lighter than halfway from the
  /// darkest tenth of the ink to the column's threshold (``ink(of:)``'s), or nil where there is no
  /// such half. A faint join that the blur and the threshold make between two strokes set close
  /// falls outside it, where the strokes themselves stay.
  static func darkInk(of ink: Ink) -> [Bool]? {
    let blurred = blur(ink.picture)
    guard let split = InkBounds.otsu(histogram(blurred)) else { return nil }
    let values = zip(blurred.pixels, ink.mask).compactMap { $1 ? Int($0) : nil }.sorted()
    guard !values.isEmpty else { return nil }
    let darkest = values[values.count / 10]
    guard darkest < split else { return nil }
    let dark = (darkest + split) / 2
    return blurred.pixels.map { Int($0) <= dark }
  }

  /// Whether an arc across the column in `rows` is its first ink (`opening`) or its last, against
  /// the ink after it (before it) within ``endGap`` ems: there the paper on its far side is the
  /// box's margin, however short, and no measure of where it stands in its cell. No column begins
  /// with a closing mark or ends with an opening one, so the arc's shape says which it is.
  static func standsAtColumnEnd(opening: Bool, rows: Range<Int>, ink: [Int], height: Int, em: Double) -> Bool
  {
    if opening {
      guard ink[0..<rows.lowerBound].allSatisfy({ $0 == 0 }),
        let next = ink[rows.upperBound...].firstIndex(where: { $0 > 0 })
      else { return false }
      return Double(next - rows.upperBound) <= endGap * em
    }
    guard ink[rows.upperBound...].allSatisfy({ $0 == 0 }),
      let previous = ink[0..<rows.lowerBound].lastIndex(where: { $0 > 0 })
    else { return false }
    return Double(rows.lowerBound - previous - 1) <= endGap * em
  }

  /// The most paper, in ems, between a parenthesis at a column's end and what it opens or closes:
  /// set in the end of its cell against it, it stands closer than a bar or a character in a cell
  /// of its own stands to its neighbour.
  static let endGap = 0.3

  /// `（` where `inked` (a piece's pixels, rows top to bottom, `width` × `height`) is an arch
  /// (`︵`): a thin stroke through every column whose middle third stands higher than both its
  /// outer quarters, by a quarter of its height or more, the two level; `）` where it is the same
  /// bowl (`︶`); else nil. A bar (`一`) stands level, a corner bracket (`﹁`) has one end level with
  /// its middle.
  static func arcShape(_ inked: [Bool], width: Int, height: Int) -> String? {
    guard width >= 8, height >= 2, width >= 2 * height else { return nil }
    // Per column of pixels, the middle of its ink and how thick it is.
    var middles: [Double] = []
    for x in 0..<width {
      let ys = (0..<height).filter { inked[$0 * width + x] }
      guard let first = ys.first, let last = ys.last else { return nil }
      // A stroke, not a blob: each column of its middle half crosses it once, thinly (its ends
      // turn down or up, along the columns).
      if x >= width / 4 && x < width - width / 4 {
        guard Double(ys.count) <= 0.7 * Double(height), last - first + 1 <= ys.count + 1 else { return nil }
      }
      middles.append(Double(first + last) / 2)
    }
    func mean(_ range: Range<Int>) -> Double {
      middles[range].reduce(0, +) / Double(max(1, range.count))
    }
    let quarter = max(1, width / 4)
    let (left, right) = (mean(0..<quarter), mean((width - quarter)..<width))
    let middle = mean((width / 3)..<(width - width / 3))
    // Both ends below (or above) the middle by a quarter of the arc's height, and level with each
    // other: `へ` stands higher at its left end than at its right.
    let rise = Double(height) / 4
    guard abs(left - right) <= Double(height) / 3 else { return nil }
    if left - middle >= rise && right - middle >= rise { return "（" }
    if middle - left >= rise && middle - right >= rise { return "）" }
    return nil
  }

  /// Whether `inked` (a piece's pixels, rows top to bottom, `width` × `height`, a bowl by
  /// ``arcShape(_:width:height:)``) is the bowl of a `︶` rather than the foot of a stroke parted
  /// from the rest of its character: a parenthesis is one stroke whose ends are tips rising out of
  /// the bowl, crossing each column of its outer eighths at a slant, so none holds ink down more
  /// than ``tipDepth`` of the piece's height. The stem of `し` over its foot, or a side of `日`
  /// over its bottom stroke, runs down the whole height of the piece at its end.
  static func isBowlRatherThanFoot(_ inked: [Bool], width: Int, height: Int) -> Bool {
    guard width >= 8, height >= 2, inked.count == width * height else { return false }
    let eighth = max(1, width / 8)
    let ends = Array(0..<eighth) + Array((width - eighth)..<width)
    return ends.allSatisfy { x in
      let ys = (0..<height).filter { inked[$0 * width + x] }
      guard let first = ys.first, let last = ys.last else { return false }
      return Double(last - first + 1) <= tipDepth * Double(height)
    }
  }

  /// The most of a bowl's height one column of its ends may hold ink down
  /// (``isBowlRatherThanFoot(_:width:height:)``): a tip crosses the column at a slant, a stem runs
  /// down it.
  static let tipDepth = 0.8

  /// What a recognizer reads for a vertical parenthesis it sees in a cell of its own: the bar,
  /// wave or kana it looks like (the arch `︵` is `へ` flattened), or the ASCII parenthesis.
  /// With `withOne`, the kanji `一` too: a flat arc alone in its cell is read as the bar it
  /// nearly is, and the arc's shape in the ink rules the kanji out.
  static func isLookalikeOfParenthesis(_ text: String, withOne: Bool = false) -> Bool {
    ["ー", "-", "－", "—", "―", "‐", "ｰ", "_", "～", "〜", "~", "へ", "ヘ", "(", ")", "︵", "︶"].contains(text)
      || withOne && text == "一"
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each of `parentheses` read: the nearest character within three quarters of a
  /// pitch read as a parenthesis's lookalike (``isLookalikeOfParenthesis(_:withOne:)``) takes it; where
  /// none is and no character's place lies within a third of a pitch of it (or it was parted from
  /// the character it touches, ``InkMark/parted``), it goes in between the characters before and
  /// after it. A parenthesis the reading holds near it already is kept, and a parted one goes in
  /// nowhere within three quarters of a pitch of a Latin letter or digit.
  static func withInkParentheses(
    _ parentheses: [InkMark], into reading: DecodedLine, height: Double, pitch: Double, overOne: Bool = false
  ) -> DecodedLine {
    guard !parentheses.isEmpty, let row = reading.rows(height: height) else { return reading }
    var characters = reading.characters
    for mark in parentheses {
      func distance(_ index: Int) -> Double { abs(row(characters[index]) - mark.centre) }
      let near = characters.indices.filter { distance($0) <= 0.75 * pitch }
      guard !near.contains(where: { characters[$0].text == mark.text }) else { continue }
      // A Latin letter or digit parts into arcs in the darker ink too (`O`, `C`, `0` lying on
      // their sides or standing): beside one, a parted arc is more likely its stroke than a mark.
      guard !mark.parted || !near.contains(where: { isLatinLetterOrDigit(characters[$0].text) }) else {
        continue
      }
      if let index = near.filter({ isLookalikeOfParenthesis(characters[$0].text, withOne: overOne) }).min(
        by: {
          distance($0) < distance($1)
        })
      {
        characters[index].text = mark.text
        continue
      }
      guard mark.parted || !characters.indices.contains(where: { distance($0) <= pitch / 3 }) else {
        continue
      }
      let at = characters.firstIndex { row($0) > mark.centre } ?? characters.count
      characters.insert(character(from: mark, content: reading.contentColumns, height: height), at: at)
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `reading` of `column` (`pitch` rows a character) with the parentheses its ink holds
  /// (``parenthesesInInk(_:atColumnEnds:margin:widest:touching:)``).
  static func withParenthesesFromInk(
    _ column: Grey, into reading: DecodedLine, pitch: Double, atColumnEnds: Bool = false,
    margin: Double = 0.1, widest: Double = 0.95,
    overOne: Bool = false, touching: Bool = false
  ) -> DecodedLine {
    withInkParentheses(
      parenthesesInInk(
        column, atColumnEnds: atColumnEnds, margin: margin, widest: widest, touching: touching),
      into: reading, height: Double(column.height), pitch: pitch, overOne: overOne)
  }

  /// The parenthesis of `column` (a crop of a column's box and the page beyond one end of it) that
  /// lies beyond the box, or nil: the detector's box ends at the column's first and last
  /// characters, and a flat `︵` before the first or `︶` after the last lies outside it, in no crop
  /// either reading sees. `boxRows` are the box's rows in the crop. With `opening`, the first ink
  /// above the box's first character must be an arch (``arcShape(_:width:height:)``) within
  /// ``endGap`` ems of it, alone in its rows, with no ink above it nearer than that character (it
  /// stands in the foot of its cell); else the first ink below the last character a bowl, likewise.
  static func parenthesisBeyondBox(
    _ column: Grey, boxRows: Range<Int>, opening: Bool, widest: Double = 0.95
  ) -> String? {
    guard let ink = ink(of: column) else { return nil }
    let (width, height, em) = (column.width, column.height, ink.em)
    let (bandLeft, bandRight, rows) = ink.band
    guard boxRows.lowerBound >= 0, boxRows.upperBound <= height, !boxRows.isEmpty else { return nil }
    // The rows of the arc's ink: the run of inked rows past the paper beyond the box's end character.
    let arcRows: Range<Int>
    let gap: Int
    let far: Int
    if opening {
      guard var start = rows[boxRows].firstIndex(where: { $0 > 0 }) else { return nil }
      while start > 0 && rows[start - 1] > 0 { start -= 1 }
      guard let end = rows[0..<start].lastIndex(where: { $0 > 0 }) else { return nil }
      var top = end
      while top > 0 && rows[top - 1] > 0 { top -= 1 }
      arcRows = top..<(end + 1)
      gap = start - end - 1
      let beyond = rows[0..<top].lastIndex(where: { $0 > 0 })
      far = beyond.map { top - $0 - 1 } ?? Int.max
    } else {
      guard var end = rows[boxRows].lastIndex(where: { $0 > 0 }) else { return nil }
      while end + 1 < height && rows[end + 1] > 0 { end += 1 }
      guard let start = rows[(end + 1)...].firstIndex(where: { $0 > 0 }) else { return nil }
      var bottom = start
      while bottom + 1 < height && rows[bottom + 1] > 0 { bottom += 1 }
      arcRows = start..<(bottom + 1)
      gap = start - end - 1
      let beyond = rows[(bottom + 1)...].firstIndex(where: { $0 > 0 })
      far = beyond.map { $0 - bottom - 1 } ?? Int.max
    }
    guard Double(gap) <= endGap * em, far > gap else { return nil }
    // One piece of ink in those rows, within the column's band: the arc alone.
    let pieces = components(ink.mask, width: width, height: height).filter {
      $0.minY < arcRows.upperBound && $0.maxY > arcRows.lowerBound && $0.maxX > bandLeft
        && $0.minX < bandRight
    }
    guard pieces.count == 1, let piece = pieces.first, piece.minY >= arcRows.lowerBound,
      piece.maxY <= arcRows.upperBound
    else { return nil }
    let (w, h) = (piece.maxX - piece.minX, piece.maxY - piece.minY)
    guard Double(w) >= 0.6 * em, Double(w) <= widest * em, Double(h) >= 0.18 * em, Double(h) <= 0.45 * em,
      abs(Double(piece.minX + piece.maxX) / 2 - ink.axis) <= 0.25 * em,
      let text = arcShape(mask(of: piece, width: width), width: w, height: h)
    else { return nil }
    return (text == "（") == opening ? text : nil
  }
}
