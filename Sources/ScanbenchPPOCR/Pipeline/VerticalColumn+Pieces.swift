/// A column the detector cut into pieces, joined again, and the letters read in cells set as the
/// text a horizontal reading gives.
///
/// Latin set upright (`text-orientation: upright`) stands one letter under another with the gaps
/// between letters of a horizontal line: the detector finds each letter (or each few) a region of
/// its own, no taller than wide, which is read alone as a horizontal line (`O` as `0`, `i` as `一`)
/// and never in cells. Joined, the pieces are one tall region, read as a column.
extension VerticalColumn {
  /// `regions` with each run of pieces stacked down one column joined into one region, as
  /// `joining` says which (``PPOCRPipeline/Options/ColumnPieces``). A run is joined only when one
  /// of its pieces is no column itself (the detector cut letters out of it) and the whole is a
  /// column (`verticalAspectRatio`); the joined region takes the place of its first piece.
  static func joinedPieces(
    _ regions: [TextRegion], verticalAspectRatio: Double,
    joining: PPOCRPipeline.Options.ColumnPieces = .init()
  ) -> [TextRegion] {
    let (widestPiece, alignment, gap) = (joining.widestPiece, joining.alignment, joining.gap)
    struct Box {
      var minX, minY, maxX, maxY: Double
      var width: Double { maxX - minX }
      var height: Double { maxY - minY }
      var centre: Double { (minX + maxX) / 2 }
    }
    let boxes = regions.map { region -> Box in
      let points = region.quad.points
      return Box(
        minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0,
        maxX: points.map(\.x).max() ?? 0, maxY: points.map(\.y).max() ?? 0)
    }
    let pieces = regions.indices.filter {
      boxes[$0].width > 0 && boxes[$0].width <= widestPiece * boxes[$0].height
    }
    guard pieces.count >= 2 else { return regions }
    // Each piece joined to the nearest piece below it on its axis.
    var group = Array(regions.indices)
    func root(_ index: Int) -> Int {
      var index = index
      while group[index] != index { index = group[index] }
      return index
    }
    for upper in pieces {
      let a = boxes[upper]
      let below = pieces.filter { lower in
        let b = boxes[lower]
        let across = max(a.width, b.width)
        return lower != upper && b.minY > a.minY && abs(a.centre - b.centre) <= alignment * across
          && b.minY - a.maxY <= gap * across
      }
      guard let next = below.min(by: { boxes[$0].minY < boxes[$1].minY }) else { continue }
      let (r1, r2) = (root(upper), root(next))
      if r1 != r2 { group[max(r1, r2)] = min(r1, r2) }
    }
    var members: [Int: [Int]] = [:]
    for index in regions.indices { members[root(index), default: []].append(index) }
    var joined: [Int: TextRegion] = [:]
    for (first, run) in members where run.count >= 2 {
      let box = Box(
        minX: run.map { boxes[$0].minX }.min() ?? 0, minY: run.map { boxes[$0].minY }.min() ?? 0,
        maxX: run.map { boxes[$0].maxX }.max() ?? 0, maxY: run.map { boxes[$0].maxY }.max() ?? 0)
      guard run.contains(where: { !regions[$0].isVertical }), box.height >= verticalAspectRatio * box.width
      else { continue }
      let quad = Quad(left: box.minX, top: box.minY, right: box.maxX, bottom: box.maxY)
      let score = run.reduce(0.0) { $0 + regions[$1].score } / Double(run.count)
      joined[first] = TextRegion(pageQuad: quad, score: score, verticalAspectRatio: verticalAspectRatio)
    }
    var result: [TextRegion] = []
    for index in regions.indices {
      let first = root(index)
      guard let column = joined[first] else {
        result.append(regions[index])
        continue
      }
      if index == first { result.append(column) }
    }
    return result
  }

  /// `line` with its full-width Latin letters and digits (`Ｓ`, `０`) as ASCII. Each cell is set in
  /// a square of one em, whatever the width of the letter in it, so the width the recognizer gives
  /// a letter read in cells is not read from the page; a horizontal reading, and the turned one,
  /// give ASCII.
  static func halfWidthLatin(_ line: DecodedLine) -> DecodedLine {
    var result = line
    for slot in result.characters.indices {
      let scalars = result.characters[slot].text.unicodeScalars.map { scalar -> Unicode.Scalar in
        switch scalar.value {
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
          return Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
        default: return scalar
        }
      }
      result.characters[slot].text = String(String.UnicodeScalarView(scalars))
    }
    return result
  }
}

extension VerticalColumn {
  /// What the cells read as a bar (`-`, `ー`, `一`), for a thin letter set upright and turned back
  /// as one (`i l t I`).
  static func isBar(_ text: String) -> Bool {
    ["-", "ー", "一", "―", "－", "‐", "—", "|", "｜"].contains(text)
  }

  /// `cells` with each bar beside a Latin letter or digit read as the letter that `standing` (the
  /// same cells, bars left standing) reads in its cell. Both readings set the same cells at the same
  /// places, so a character's columns say which cell it is; a bar between letters is a thin letter
  /// the grid took for `ー` (`UIKit` read `UIK-t`), which a run of the standing reading does not
  /// always replace whole: it reads the same letter as a mark (`」`) as often.
  static func standingLetters(cells: DecodedLine, standing: DecodedLine) -> DecodedLine {
    var result = cells
    let letters = standing.characters.filter { isLatin($0.text) }
    for index in result.characters.indices where isBar(result.characters[index].text) {
      let besideLatin = [index - 1, index + 1].contains { other in
        result.characters.indices.contains(other) && isLatin(result.characters[other].text)
          && !isBar(result.characters[other].text)
      }
      guard besideLatin else { continue }
      let column = result.characters[index].firstColumn
      guard
        let letter = letters.min(by: { abs($0.firstColumn - column) < abs($1.firstColumn - column) }),
        abs(letter.firstColumn - column) <= 2
      else { continue }
      result.characters[index].text = letter.text
      result.characters[index].probability = letter.probability
    }
    return result
  }
}

extension VerticalColumn {
  /// `regions` with each two columns on one axis whose gap holds ink joined into one region: the
  /// detector finds no region around letters set upright that are thin (`w i f t` of `Swift`), and
  /// the column's regions end above them and start again below, so those letters are read by no
  /// region. A gap of blank paper (between tiers) is left as it is; so is one narrower than
  /// ``PPOCRPipeline/Options/ColumnGaps/narrowest`` of the column's width (regions that touch).
  static func bridgedGaps(
    _ regions: [TextRegion], ink: InkMap, verticalAspectRatio: Double,
    bridging: PPOCRPipeline.Options.ColumnGaps = .init()
  ) -> [TextRegion] {
    var regions = regions
    func box(_ region: TextRegion) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
      let points = region.quad.points
      return (
        points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0, points.map(\.x).max() ?? 0,
        points.map(\.y).max() ?? 0
      )
    }
    var joined = true
    while joined {
      joined = false
      search: for upper in regions.indices where regions[upper].isVertical {
        let a = box(regions[upper])
        // The next column starting below this one's start on its axis: one that overlaps it is no gap.
        let below = regions.indices.filter { lower in
          guard lower != upper, regions[lower].isVertical else { return false }
          let b = box(regions[lower])
          let across = max(a.maxX - a.minX, b.maxX - b.minX)
          return b.minY > a.minY
            && abs((a.minX + a.maxX) / 2 - (b.minX + b.maxX) / 2) <= bridging.alignment * across
        }
        guard let lower = below.min(by: { box(regions[$0]).minY < box(regions[$1]).minY }) else { continue }
        let b = box(regions[lower])
        let across = max(a.maxX - a.minX, b.maxX - b.minX)
        let gap = b.minY - a.maxY
        guard gap >= bridging.narrowest * across, gap <= bridging.widest * across else { continue }
        let (left, right) = (
          max(0, Int(saturating: min(a.minX, b.minX).rounded(.down))),
          min(ink.width - 1, Int(saturating: max(a.maxX, b.maxX).rounded(.up)))
        )
        let (top, bottom) = (
          max(0, Int(saturating: a.maxY.rounded(.up))),
          min(ink.height - 1, Int(saturating: b.minY.rounded(.down)))
        )
        guard left <= right, top <= bottom else { continue }
        let (columns, rows) = (left...right, top...bottom)
        let inked = rows.count { ink.hasInk(row: $0, columns: columns) }
        guard Double(inked) >= bridging.inkedRows * Double(rows.count) else { continue }
        let quad = Quad(left: min(a.minX, b.minX), top: a.minY, right: max(a.maxX, b.maxX), bottom: b.maxY)
        let score = (regions[upper].score + regions[lower].score) / 2
        regions[upper] = TextRegion(pageQuad: quad, score: score, verticalAspectRatio: verticalAspectRatio)
        regions.remove(at: lower)
        joined = true
        break search
      }
    }
    return regions
  }
}
