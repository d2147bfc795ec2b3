/// Whether the ink of a `、` read in a column of a 1-bit page is a tick or a ring broken open.
///
/// A 1-bit threshold keeps a few pixels of a thin mark: read from the page as it is, a `、` is
/// often its only reading, and a restored copy, darkened and blurred, rounds those pixels into a
/// blob it reads `。`. But the threshold also breaks a `。`'s ring open, and what is left of it the
/// page's own reading reads `、` too. Their ink still tells them apart: an arc, however broken,
/// curves round a middle it leaves empty, with ink on both sides of it; a `、` is a solid stroke
/// drawn through its middle.
extension VerticalColumn {
  /// The ink of the mark read at a row of a column: the pixels darker than halfway from the paper
  /// to the ink, specks and all, from the column's middle rightwards in the top of the gap it stands in
  /// (``markInk(in:near:reach:depth:)``), measured against the middle of their bounds.
  struct MarkInk: Equatable {
    /// The bounds' width and height, in ems of the column.
    var width: Double
    var height: Double
    /// Whether ink lies within a sixth of the bounds of their middle.
    var middleInked: Bool
    /// Whether ink lies beyond that reach left and right of the middle, and above and below it.
    var acrossBothSides: Bool
    var downBothSides: Bool
    /// How drawn out the ink is (0 round, 1 a line), and how much of its spread lies along the
    /// diagonal a `、` is drawn on, from its top left down to its bottom right (positive) or across
    /// it (negative): ``elongation(xx:yy:xy:)`` of its pixels, each counted once.
    var drawnOut: Double
    var diagonal: Double

    /// Whether the ink is an arc round an empty middle: a ring, whole or broken open, bounds about
    /// as wide as tall (within `squareWithin` of each other), ink on both sides of a middle it
    /// leaves white.
    func isRing(squareWithin: Double = 1.6) -> Bool {
      guard !middleInked, width > 0, height > 0 else { return false }
      return max(width, height) <= squareWithin * min(width, height) && (acrossBothSides || downBothSides)
    }

    /// Whether the ink is a solid stroke through its middle, no ring, drawn out along the diagonal
    /// a `、` is drawn on (as far as ``marksInInk(_:shortCommas:)`` asks of one): a `、`.
    var isTick: Bool {
      middleInked && !isRing() && drawnOut >= roundBelow && diagonal > alongTheDiagonal
    }
  }

  /// The ink of the mark a reading of `column` read at row `centre`: the mark's own pieces of ink
  /// (darker than halfway from the paper to the ink, specks kept: a 1-bit mark is often nothing
  /// else), ``ownPieces(_:startingAbove:em:joining:largest:)`` of the pieces lying wholly in the
  /// gap the mark stands in and right of the column's middle, the largest starting within `depth`
  /// ems of the gap's top — a `、。` set vertically sits in the top right of its own cell. The gap
  /// is a run of rows that no character's ink crosses: a piece of ink larger than a speck
  /// (``smallestPiece``) reaching left of the middle, where a mark never does. It is the one holding
  /// `centre`, or the nearest within `reach` ems of it. A piece that starts above the gap is a stroke
  /// of the character there (the right-hand strokes of `た` run down past its left one), and one
  /// beyond a mark's size of the largest is the next character's: measured with the mark, either
  /// puts ink in a ring's middle. Nil where the column has no ink to measure, no such gap, or no
  /// piece in its top right.
  static func markInk(in column: Grey, near centre: Double, reach: Double = 0.5, depth: Double = 0.5)
    -> MarkInk?
  {
    guard let ink = ink(of: column), let darkest = ink.picture.pixels.min(),
      let lightest = ink.picture.pixels.max(), lightest > darkest
    else { return nil }
    // Ink is darker than halfway between the paper and the ink: on a 1-bit page, what the
    // threshold made ink, and none of the grey a JPEG's ringing leaves round it.
    let split = (Int(darkest) + Int(lightest)) / 2
    let (width, height, em) = (column.width, column.height, ink.em)
    let axis = ink.axis
    let middle = max(0, Int(saturating: (axis - 0.05 * em).rounded(.down)))
    let inked = ink.picture.pixels.map { Int($0) < split }
    let pieces = components(inked, width: width, height: height)
    var crossed = [Bool](repeating: false, count: height)
    for piece in pieces
    where Double(max(piece.maxX - piece.minX, piece.maxY - piece.minY)) >= smallestPiece * em
      && piece.minX < middle
    {
      for y in piece.minY..<piece.maxY { crossed[y] = true }
    }
    let at = Int(saturating: centre.rounded(.down))
    let low = max(0, Int(saturating: (centre - reach * em).rounded(.down)))
    let high = min(height, Int(saturating: (centre + reach * em).rounded(.up)) + 1)
    let start: Int?
    if (0..<height).contains(at) && !crossed[at] {
      start = at
    } else {
      start = (low..<max(low, high)).filter { !crossed[$0] }.min { abs($0 - at) < abs($1 - at) }
    }
    guard var top = start else { return nil }
    while top > 0 && !crossed[top - 1] { top -= 1 }
    var bottom = top
    while bottom < height && !crossed[bottom] { bottom += 1 }
    let last = min(bottom, top + max(1, Int(saturating: (depth * em).rounded())))
    let right = min(width, Int(saturating: (axis + 0.6 * em).rounded(.up)))
    guard
      let own = ownPieces(
        pieces.filter {
          $0.minY >= top && $0.maxY <= bottom && $0.minX >= middle && $0.maxX <= right
        }, startingAbove: last, em: em)
    else { return nil }
    let points = own.flatMap(\.members).map { (x: $0 % width, y: $0 / width) }
    guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
      let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
    else { return nil }
    let (w, h) = (Double(maxX + 1 - minX), Double(maxY + 1 - minY))
    let (cx, cy) = (Double(minX + maxX) / 2, Double(minY + maxY) / 2)
    let within = max(0.5, min(w, h) / 6)
    let (mx, my) = (
      Double(points.map(\.x).reduce(0, +)) / Double(points.count),
      Double(points.map(\.y).reduce(0, +)) / Double(points.count)
    )
    var (xx, yy, xy) = (0.0, 0.0, 0.0)
    for point in points {
      let (dx, dy) = (Double(point.x) - mx, Double(point.y) - my)
      (xx, yy, xy) = (xx + dx * dx, yy + dy * dy, xy + dx * dy)
    }
    let drawn = elongation(xx: xx, yy: yy, xy: xy)
    return MarkInk(
      width: w / em, height: h / em,
      middleInked: points.contains { abs(Double($0.x) - cx) <= within && abs(Double($0.y) - cy) <= within },
      acrossBothSides: points.contains { Double($0.x) < cx - within }
        && points.contains { Double($0.x) > cx + within },
      downBothSides: points.contains { Double($0.y) < cy - within }
        && points.contains { Double($0.y) > cy + within },
      drawnOut: drawn.amount, diagonal: drawn.covariance)
  }

  /// The pieces of ink that are one mark's own: the largest of `pieces` (the ones lying wholly in
  /// the mark's gap, right of the column's middle) that starts above row `startingAbove`, with every
  /// other piece that comes within `joining` ems of it and keeps the whole within `largest` ems each
  /// way. A threshold breaks a ring into pieces a pixel or two apart, while the next character's
  /// pieces in the gap lie beyond a mark's size of it (the strokes of the character above that run
  /// down into the gap start above it, and the caller leaves them out). Nil where no piece starts
  /// that high.
  static func ownPieces(
    _ pieces: [Piece], startingAbove: Int, em: Double, joining: Double = 0.1, largest: Double = 0.45
  )
    -> [Piece]?
  {
    guard
      let seed = pieces.indices.filter({ pieces[$0].minY < startingAbove })
        .max(by: { pieces[$0].members.count < pieces[$1].members.count })
    else { return nil }
    var taken = [seed]
    var bounds = (
      minX: pieces[seed].minX, minY: pieces[seed].minY, maxX: pieces[seed].maxX, maxY: pieces[seed].maxY
    )
    var grew = true
    while grew {
      grew = false
      for index in pieces.indices where !taken.contains(index) {
        let piece = pieces[index]
        let apart = max(
          piece.minX - bounds.maxX, bounds.minX - piece.maxX, piece.minY - bounds.maxY,
          bounds.minY - piece.maxY, 0)
        let joined = (
          minX: min(bounds.minX, piece.minX), minY: min(bounds.minY, piece.minY),
          maxX: max(bounds.maxX, piece.maxX), maxY: max(bounds.maxY, piece.maxY)
        )
        guard Double(apart) <= joining * em, Double(joined.maxX - joined.minX) <= largest * em,
          Double(joined.maxY - joined.minY) <= largest * em
        else { continue }
        taken.append(index)
        bounds = joined
        grew = true
      }
    }
    return taken.map { pieces[$0] }
  }
}
