/// The `、。` under a column's foot.
///
/// The detector's box ends at a column's last character: a `、。` after it, set in the top right of
/// its own cell, small and apart, lies below the box, in no crop either reading sees, and in no gap
/// of the column's ink (``marksInInk(_:)``, ``marksInGaps(_:empty:remnant:longest:)``). A column
/// ends there, or the detector cut it at the mark's near-empty cell into two boxes. So the page is
/// looked at again under the box: where the cell after the last character holds nothing in its left
/// half and a ring or a diagonal stroke in its top right, that is the mark. A mark the scan left
/// whole (or what is left of it kept as ink) is ink itself: the first ink under the last character,
/// or the last ink of the box where the box reaches over it; it is told from the next character by
/// its size and place, and the cell is measured past it.
extension VerticalColumn {
  /// The mark under the foot of the column in `column` (a crop of the column's box and what lies
  /// below it, the box's foot at row `foot`), or nil where the cell after its last character holds
  /// none, or the crop does not reach far enough below it to tell. With `whole`, a mark's own ink
  /// is looked for too (``markInk(_:across:rows:)``).
  static func markUnderFoot(
    _ column: Grey, foot: Int, empty: Double, remnant: Double, longest: Double, whole: Bool = true
  ) -> String? {
    guard let ink = ink(of: column) else { return nil }
    // What the scan left of a mark is looked at first, and the mark's own ink only where that finds
    // none: a remnant under a small piece the box ends in is that mark's, told from the remnant.
    if let mark = markUnderFoot(
      ink, foot: foot, empty: empty, remnant: remnant, longest: longest, whole: false)
    {
      return mark
    }
    guard whole else { return nil }
    return markUnderFoot(ink, foot: foot, empty: empty, remnant: remnant, longest: longest, whole: true)
  }

  /// The mark under the foot of the column whose ink is `ink`, told from what the scan left of
  /// it, and with `whole` from its own ink.
  static func markUnderFoot(
    _ ink: Ink, foot: Int, empty: Double, remnant: Double, longest: Double, whole: Bool
  ) -> String? {
    let (width, height, em) = (ink.picture.width, ink.picture.height, ink.em)
    let axis = ink.axis
    let (bandLeft, bandRight, rowInk) = ink.band
    // The last character: the ink the box ends in, however far below the box it reaches.
    guard foot > 0, foot <= height, let last = rowInk[0..<foot].lastIndex(where: { $0 > 0 }) else {
      return nil
    }
    var top = last + 1
    while top < height && rowInk[top] > 0 { top += 1 }
    // The mark's own ink, where it is ink: the box's last rows of ink (the box reaches over it), or
    // the first under them.
    var mark: (rows: Range<Int>, shape: MarkShape)?
    if whole {
      let band = bandLeft..<bandRight
      var start = last
      while start > 0 && rowInk[start - 1] > 0 { start -= 1 }
      var above = start
      while above > 0 && rowInk[above - 1] == 0 { above -= 1 }
      if above > 0, Double(start - above) <= 0.5 * em,
        let shape = markInk(ink, across: band, rows: start..<top)
      {
        (mark, top) = ((start..<top, shape), above)
      } else if let below = (top..<height).first(where: { rowInk[$0] > 0 }), Double(below - top) <= 0.5 * em {
        var end = below
        while end < height && rowInk[end] > 0 { end += 1 }
        if end < height, let shape = markInk(ink, across: band, rows: below..<end) {
          mark = (below..<end, shape)
        }
      }
    }
    let left = gapRemnant(ink.picture, top: top, em: em, axis: axis)
    // Past the mark's ink, the rest of its cell; a mark found in ink is told by its shape, else by
    // what the scan left of it.
    let past = mark?.rows.upperBound ?? top
    func marked() -> String? {
      if mark?.shape == .ring { return "。" }
      if mark?.shape == .stroke { return "、" }
      if left?.isRing == true { return "。" }
      if left?.isComma == true { return "、" }
      return nil
    }
    // The rest of the column below, cut off by the detector at the mark's near-empty cell: the
    // gap between the two is that cell, as between two characters of one box.
    if let next = (past..<height).first(where: { rowInk[$0] > 0 }),
      mark == nil || Double(next - top) <= longest * em
    {
      let length = Double(next - top) / em
      guard length >= min(empty, remnant), length <= longest else { return nil }
      // The mark seen whole: what follows its cell is the column's next character, whatever it is.
      if mark != nil { return marked() }
      // A full-size character below, not a speck, a stroke the scan broke, a small kana (right of
      // the axis, low in its cell: the gap above it looks a mark's, and narrow), a bar or bracket (`…」`, a
      // space above them) or the page's dark edge: ink left of the axis, a tenth of the top of its
      // cell or more, and paper.
      let nextBottom = next + Int(saturating: (0.5 * em).rounded(.up))
      guard nextBottom <= height else { return nil }
      let leftOfAxis = min(bandRight, Int(saturating: (axis - 0.2 * em).rounded(.down)))
      var (leftInk, allInk, inkLeft, inkRight) = (0, 0, width, 0)
      for y in next..<nextBottom {
        for x in bandLeft..<bandRight where ink.mask[y * width + x] {
          allInk += 1
          if x < leftOfAxis { leftInk += 1 }
          (inkLeft, inkRight) = (min(inkLeft, x), max(inkRight, x + 1))
        }
      }
      let area = (nextBottom - next) * (bandRight - bandLeft)
      guard leftInk > 0, allInk * 10 >= area, allInk * 2 < area, Double(inkRight - inkLeft) >= 0.6 * em
      else { return nil }
      guard left.map(\.isRing) == true else { return nil }
      return left.map(\.isComma) == true ? "、" : "。"
    }
    // The column's end (or the next tier's, past a gap longer than a mark's cell): only the mark's
    // own ink tells.
    let cellBottom = top + Int(saturating: (0.6 * em).rounded(.up))
    guard cellBottom <= height else { return nil }
    // A character's ink, not a mark's: anything in the cell's left half.
    let markLeft = min(bandRight, Int(saturating: (axis - 0.1 * em).rounded(.down)))
    for y in top..<cellBottom {
      for x in bandLeft..<markLeft where ink.mask[y * width + x] { return nil }
    }
    return marked()
  }

  /// What a mark's own ink says it is.
  enum MarkShape {
    /// A ring or a round dot: `。`.
    case ring
    /// A diagonal stroke: `、`.
    case stroke
    /// Too small to tell, or in more than one piece (a ring the scan broke): what the scan left
    /// of it tells (``gapRemnant(_:top:em:axis:)``).
    case unclear
  }

  /// The shape of the ink `across` the band in `rows` (with no ink in the rows either side), or nil
  /// where it is no mark's: a mark's lies right of the column's axis, under half an em either way,
  /// where a character's reaches across the axis or down its cell (small kana and `・` sit on the
  /// axis, a character's first stroke has the rest of it under it).
  static func markInk(_ ink: Ink, across: Range<Int>, rows: Range<Int>) -> MarkShape? {
    let (width, em) = (ink.picture.width, ink.em)
    let (from, to) = (rows.lowerBound, rows.upperBound)
    guard from < to, Double(to - from) <= 0.45 * em else { return nil }
    var mask = [Bool](repeating: false, count: width * (to - from))
    var (inkLeft, inkRight) = (width, 0)
    for y in from..<to {
      for x in across where ink.mask[y * width + x] {
        mask[(y - from) * width + x] = true
        (inkLeft, inkRight) = (min(inkLeft, x), max(inkRight, x + 1))
      }
    }
    guard inkLeft < inkRight, Double(inkLeft) >= ink.axis - 0.05 * em, Double(inkRight - inkLeft) <= 0.45 * em
    else { return nil }
    let pieces = components(mask, width: width, height: to - from)
    guard pieces.count == 1, var piece = pieces.first else { return .unclear }
    piece.members = piece.members.map { $0 + from * width }
    (piece.minY, piece.maxY) = (piece.minY + from, piece.maxY + from)
    let (w, h) = (Double(piece.maxX - piece.minX), Double(piece.maxY - piece.minY))
    guard w >= 0.12 * em, h >= 0.12 * em else { return .unclear }
    let drawn = elongation(piece, picture: ink.picture)
    if isRing(piece, width: width) || ringness(piece, picture: ink.picture) > 0.3 || drawn.amount < 0.35 {
      return .ring
    }
    return drawn.covariance > 0.1 ? .stroke : .unclear
  }
}
