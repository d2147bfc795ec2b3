/// The `、。` a column's ink holds, found in the ink itself, and put into whichever reading of the
/// column is kept where it has none.
///
/// Both readings lose marks the page plainly shows: read turned, a column drops them (they lie in
/// the top right of their cells, where the recognizer sees no mark); read in cells, a grid that lost
/// its phase puts a mark in the cell of the character after it, and a Latin word spliced from the
/// turned reading takes the mark's cell with it. But a `、` or `。` set vertically is easy to see
/// without the recognizer: a small piece of ink right of the column's axis, alone in its rows —
/// nothing else of the column beside it, unlike a voicing mark (`゛゜`), which shares its rows with
/// its kana — at the top of a gap between two characters (the top right of its own cell). A closed
/// ring is `。`, an open stroke `、`.
extension VerticalColumn {
  /// A mark found in a column's ink: what it is, and the rows of the gap it stands in (from the ink
  /// above it to the ink below it, or the column's end).
  struct InkMark: Equatable {
    var text: String
    var gap: Range<Int>
    var centre: Double
    /// Whether its ink shows its kind beyond doubt (``withMarkKindsFromInk(_:into:height:)``): a
    /// closed ring, round (`。`), or a stroke drawn out along the diagonal with no paper inside it,
    /// its middle as dark as its ink (`、`).
    var plain = false
    /// Whether it touches the character beside it at the column's threshold and was parted from
    /// it only in the darker ink (``parenthesesInInk(_:atColumnEnds:margin:widest:touching:)``):
    /// a character read within a third of a pitch of it is that neighbour, not the mark itself.
    var parted = false
  }

  /// A column's ink: the mask (ink set), the em it is set in, the columns of pixels it spans.
  struct Ink {
    let mask: [Bool]
    let picture: Grey
    let em: Double
    let left: Int
    let right: Int
    /// The ink with its specks: the dots of `…` are each too small to be kept in `mask`.
    let withSpecks: [Bool]
    /// The column's band, 0.6 em either side of its axis within the picture (ruby and the
    /// neighbours' edges beside it are not the column's), and how many ink pixels each row holds in
    /// it: the column's characters and the gaps between them, along the column. Counted once here:
    /// every step that looks for a mark in the ink reads it.
    let band: (left: Int, right: Int, rows: [Int])

    init(mask: [Bool], picture: Grey, em: Double, left: Int, right: Int, withSpecks: [Bool]) {
      (self.mask, self.picture, self.em, self.left, self.right, self.withSpecks) = (
        mask, picture, em, left, right, withSpecks
      )
      let (width, height) = (picture.width, picture.height)
      let axis = Double(left + right) / 2
      let bandLeft = max(0, Int(saturating: (axis - 0.6 * em).rounded(.down)))
      let bandRight = min(width, Int(saturating: (axis + 0.6 * em).rounded(.up)))
      var rows = [Int](repeating: 0, count: height)
      for y in 0..<height {
        for x in bandLeft..<bandRight where mask[y * width + x] { rows[y] += 1 }
      }
      band = (bandLeft, bandRight, rows)
    }

    /// The column's axis, halfway across its ink.
    var axis: Double { Double(left + right) / 2 }
  }

  /// Whether `rows` of `mask` (a picture `width` pixels wide), within the columns `across`, hold
  /// no ink but the pixels `own` (x, y) claims: a mark set in a cell of its own, where a stroke of
  /// a character has the character's other strokes beside it in its rows.
  static func holdsNoOtherInk(
    _ mask: [Bool], width: Int, rows: Range<Int>, across: Range<Int>, own: (_ x: Int, _ y: Int) -> Bool
  ) -> Bool {
    rows.allSatisfy { y in across.allSatisfy { x in !mask[y * width + x] || own(x, y) } }
  }

  /// The ink of `column` (specks dropped), or nil when it holds none to read.
  static func ink(of column: Grey) -> Ink? {
    guard column.width >= 4, column.height >= 4 else { return nil }
    let blurred = blur(column)
    guard let split = InkBounds.otsu(histogram(blurred)) else { return nil }
    var inkMask = blurred.pixels.map { $0 <= UInt8(split) }
    var picture = column
    if inkMask.lazy.filter({ $0 }).count * 2 > inkMask.count {
      // Light on dark: ink is the minority; set it dark.
      inkMask = inkMask.map { !$0 }
      picture.pixels = picture.pixels.map { 255 - $0 }
    }
    // The column's ink across: columns of pixels with ink in a tenth of the busiest one's rows.
    var across = [Int](repeating: 0, count: column.width)
    for y in 0..<column.height {
      for x in 0..<column.width where inkMask[y * column.width + x] { across[x] += 1 }
    }
    guard let busiest = across.max(), busiest > 0 else { return nil }
    guard let left = across.firstIndex(where: { $0 * 10 >= busiest }),
      let right = across.lastIndex(where: { $0 * 10 >= busiest }), right - left >= 2
    else { return nil }
    let em = Double(right + 1 - left) / inkPerEm
    let mask = dropSpecks(
      inkMask, width: column.width, height: column.height, em: em, left: left, right: right + 1)
    return Ink(mask: mask, picture: picture, em: em, left: left, right: right + 1, withSpecks: inkMask)
  }

  /// The `、。` of `column`, top to bottom. With `shortCommas`, a stroke down the diagonal drawn out
  /// less far than a large `、` is (``shortCommaIsPlain(ringness:amount:)``) shows its kind plainly
  /// too.
  static func marksInInk(_ column: Grey, shortCommas: Bool = false) -> [InkMark] {
    guard let ink = ink(of: column) else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let axis = ink.axis
    let (bandLeft, bandRight, rowInk) = ink.band
    let pieces = components(ink.mask, width: width, height: height)
    guard let firstRow = rowInk.firstIndex(where: { $0 > 0 }) else { return [] }
    var marks: [InkMark] = []
    for piece in pieces {
      let (w, h) = (Double(piece.maxX - piece.minX), Double(piece.maxY - piece.minY))
      guard w >= 0.12 * em, h >= 0.12 * em, w <= 0.45 * em, h <= 0.45 * em else { continue }
      // In the right half of the column, within it.
      guard Double(piece.minX) >= axis - 0.05 * em, Double(piece.maxX) <= axis + 0.6 * em else { continue }
      // Alone in its rows: no other ink of the column beside it.
      var own = [Int](repeating: 0, count: piece.maxY - piece.minY)
      for index in piece.members {
        let (x, y) = (index % width, index / width)
        if x >= bandLeft && x < bandRight { own[y - piece.minY] += 1 }
      }
      guard (piece.minY..<piece.maxY).allSatisfy({ rowInk[$0] == own[$0 - piece.minY] }) else { continue }
      // The gap it stands in; a column never starts with a mark (kinsoku).
      var top = piece.minY
      while top > 0 && rowInk[top - 1] == 0 { top -= 1 }
      var bottom = piece.maxY
      while bottom < height && rowInk[bottom] == 0 { bottom += 1 }
      guard top > firstRow else { continue }
      // At the top of its gap: the top right of its own cell.
      guard piece.minY - top < bottom - piece.maxY else { continue }
      // A mark's own cell: the gap it stands in is most of an em.
      guard Double(bottom - top) >= 0.55 * em else { continue }
      let ringness = Self.ringness(piece, picture: ink.picture)
      let drawn = Self.elongation(piece, picture: ink.picture)
      let text: String
      let plain: Bool
      let ring = isRing(piece, width: width)
      if ring || ringness > 0.3 || drawn.amount < roundBelow {
        text = "。"
        plain = ring && drawn.amount < 0.5
      } else if drawn.covariance > alongTheDiagonal {
        text = "、"
        plain =
          (ringness < 0.2 && drawn.amount >= 0.5)
          || (shortCommas && shortCommaIsPlain(ringness: ringness, amount: drawn.amount))
      } else {
        continue
      }
      marks.append(
        InkMark(text: text, gap: top..<bottom, centre: Double(piece.minY + piece.maxY) / 2, plain: plain))
    }
    return marks.sorted { $0.centre < $1.centre }
  }

  /// A piece of ink drawn out less than this (``elongation(_:picture:)``'s amount) is round: a ring,
  /// or a blob, never a `、`.
  static let roundBelow = 0.35
  /// A piece of ink whose spread lies along the diagonal from its top left down to its bottom right
  /// by more than this (``elongation(_:picture:)``'s covariance) is drawn as a `、` is.
  static let alongTheDiagonal = 0.1

  /// Whether a piece of ink taken for `、` (closing round no paper, drawn out along the diagonal from
  /// its top left by `amount`, ``elongation(_:picture:)``) shows its kind beyond doubt though it is
  /// drawn out less far than a large `、`: a small `、`, or one the scan blurred, is little longer
  /// than it is thick, but its middle is as dark as its ink (`ringness`, ``ringness(_:picture:)``),
  /// where a `。` however small or blurred keeps its middle lighter than its ring; and no ring is
  /// drawn out along the diagonal at all.
  static func shortCommaIsPlain(ringness: Double, amount: Double) -> Bool {
    ringness < 0.2 && amount >= roundBelow
  }

  /// A connected piece of ink (8-connected): its pixels' indices and bounds (max exclusive).
  struct Piece {
    var members: [Int]
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
  }

  /// `piece`'s pixels (indices into a picture `width` wide) as a mask of its own box, rows top
  /// to bottom.
  static func mask(of piece: Piece, width: Int) -> [Bool] {
    let boxWidth = piece.maxX - piece.minX
    var inked = [Bool](repeating: false, count: boxWidth * (piece.maxY - piece.minY))
    for index in piece.members {
      inked[(index / width - piece.minY) * boxWidth + index % width - piece.minX] = true
    }
    return inked
  }

  /// Whether a mark across the column in `rows` stands against what it opens (the paper above it
  /// longer, by `margin` ems, than the paper below it) or, not `opening`, against what it
  /// closes: a bracket or a parenthesis stands in one end of its cell, a bar in the middle of its
  /// own. `ink` is the column's ink a row (``Ink/band``), `height` its rows; `margin` in ems.
  static func standsAgainst(
    opening: Bool, rows: Range<Int>, ink: [Int], height: Int, em: Double, margin: Double = 0.1
  ) -> Bool {
    var above = rows.lowerBound
    while above > 0 && ink[above - 1] == 0 { above -= 1 }
    var below = rows.upperBound
    while below < height && ink[below] == 0 { below += 1 }
    let (gapAbove, gapBelow) = (Double(rows.lowerBound - above), Double(below - rows.upperBound))
    return opening ? gapAbove >= gapBelow + margin * em : gapBelow >= gapAbove + margin * em
  }

  static func components(_ mask: [Bool], width: Int, height: Int) -> [Piece] {
    var seen = [Bool](repeating: false, count: mask.count)
    var stack: [Int] = []
    var pieces: [Piece] = []
    for start in mask.indices where mask[start] && !seen[start] {
      seen[start] = true
      stack.append(start)
      var piece = Piece(members: [], minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
      while let index = stack.popLast() {
        piece.members.append(index)
        let (x, y) = (index % width, index / width)
        (piece.minX, piece.maxX) = (min(piece.minX, x), max(piece.maxX, x + 1))
        (piece.minY, piece.maxY) = (min(piece.minY, y), max(piece.maxY, y + 1))
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
          for nx in max(0, x - 1)...min(width - 1, x + 1)
          where mask[ny * width + nx] && !seen[ny * width + nx] {
            seen[ny * width + nx] = true
            stack.append(ny * width + nx)
          }
        }
      }
      pieces.append(piece)
    }
    return pieces
  }

  /// Whether a piece closes around paper (a ring, `。`): some of the paper within its bounds cannot
  /// be reached from outside them without crossing it.
  static func isRing(_ piece: Piece, width: Int) -> Bool {
    let (w, h) = (piece.maxX - piece.minX + 2, piece.maxY - piece.minY + 2)
    var inked = [Bool](repeating: false, count: w * h)
    for index in piece.members {
      inked[(index / width - piece.minY + 1) * w + index % width - piece.minX + 1] = true
    }
    var reached = [Bool](repeating: false, count: w * h)
    var stack = [0]
    reached[0] = true
    while let index = stack.popLast() {
      let (x, y) = (index % w, index / w)
      for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
      where nx >= 0 && nx < w && ny >= 0 && ny < h {
        let next = ny * w + nx
        if !inked[next] && !reached[next] {
          reached[next] = true
          stack.append(next)
        }
      }
    }
    return (0..<(w * h)).contains { !inked[$0] && !reached[$0] }
  }

  /// How much lighter a piece's middle is than its darkest ink, against the paper around it: about
  /// nothing for a stroke through its middle (`、`), much for a ring (`。`) however blurred.
  static func ringness(_ piece: Piece, picture: Grey) -> Double {
    let values = piece.members.map { Double(picture.pixels[$0]) }.sorted()
    let darkest =
      values.prefix(max(1, values.count * 3 / 10)).reduce(0, +) / Double(max(1, values.count * 3 / 10))
    var paper = 0.0
    for y in max(0, piece.minY - 1)...min(picture.height - 1, piece.maxY) {
      for x in max(0, piece.minX - 1)...min(picture.width - 1, piece.maxX) {
        paper = max(paper, Double(picture[x, y]))
      }
    }
    // The middle: the pixels within a sixth of the bounds of their centre.
    let (cx, cy) = (Double(piece.minX + piece.maxX - 1) / 2, Double(piece.minY + piece.maxY - 1) / 2)
    let reach = max(0.5, Double(min(piece.maxX - piece.minX, piece.maxY - piece.minY)) / 6)
    var sum = 0.0
    var count = 0
    for y in piece.minY..<piece.maxY where abs(Double(y) - cy) <= reach {
      for x in piece.minX..<piece.maxX where abs(Double(x) - cx) <= reach {
        sum += Double(picture[x, y])
        count += 1
      }
    }
    guard count > 0, paper > darkest else { return 0 }
    return (sum / Double(count) - darkest) / (paper - darkest)
  }

  /// How drawn out a piece's ink is (0 round, 1 a line), and whether along the diagonal a `、` is
  /// drawn (from the top left down to the bottom right): moments of the ink weighted by its
  /// darkness against the paper.
  static func elongation(_ piece: Piece, picture: Grey) -> (amount: Double, covariance: Double) {
    var paper = 0.0
    for y in max(0, piece.minY - 1)...min(picture.height - 1, piece.maxY) {
      for x in max(0, piece.minX - 1)...min(picture.width - 1, piece.maxX) {
        paper = max(paper, Double(picture[x, y]))
      }
    }
    var (sw, sx, sy) = (0.0, 0.0, 0.0)
    for y in piece.minY..<piece.maxY {
      for x in piece.minX..<piece.maxX {
        let weight = max(0, paper - Double(picture[x, y]))
        (sw, sx, sy) = (sw + weight, sx + weight * Double(x), sy + weight * Double(y))
      }
    }
    guard sw > 0 else { return (0, 0) }
    let (mx, my) = (sx / sw, sy / sw)
    var (xx, yy, xy) = (0.0, 0.0, 0.0)
    for y in piece.minY..<piece.maxY {
      for x in piece.minX..<piece.maxX {
        let weight = max(0, paper - Double(picture[x, y]))
        let (dx, dy) = (Double(x) - mx, Double(y) - my)
        (xx, yy, xy) = (xx + weight * dx * dx, yy + weight * dy * dy, xy + weight * dx * dy)
      }
    }
    return elongation(xx: xx, yy: yy, xy: xy)
  }

  /// How drawn out ink is (0 round, 1 a line), and how much of its spread lies along the diagonal
  /// from its top left down to its bottom right (positive) or across it (negative), from its second
  /// moments about its middle: `xx` across, `yy` down, `xy` the two together.
  static func elongation(xx: Double, yy: Double, xy: Double) -> (amount: Double, covariance: Double) {
    let trace = xx + yy
    guard trace > 0 else { return (0, 0) }
    let spread = ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot()
    return (spread / trace, xy / trace)
  }

  /// `reading` (its characters' columns along the column, of `height` rows) with each of `marks`
  /// put in its place where the reading has no mark: between the characters read above its gap and
  /// those below it, unless a mark is read beside it already (what `besides` takes for one).
  static func withInkMarks(
    _ marks: [InkMark], into reading: DecodedLine, height: Double,
    besides: (String) -> Bool = isLookalikeOfMark, outsideLatinWords: Bool = false
  ) -> DecodedLine {
    let content = reading.contentColumns
    guard !marks.isEmpty, !reading.characters.isEmpty, content > 0, height > 0 else { return reading }
    var characters = reading.characters
    for mark in marks {
      func row(_ character: DecodedCharacter) -> Double {
        VerticalColumn.row(of: character, content: content, height: height)
      }
      let middle = Double(mark.gap.lowerBound + mark.gap.upperBound) / 2
      let at = characters.firstIndex { row($0) > middle } ?? characters.count
      // Never at the head of a column (kinsoku).
      guard at > 0 else { continue }
      let beside = characters[(at - 1)..<min(at + 1, characters.count)]
      guard !beside.contains(where: { besides($0.text) }) else { continue }
      // Upright small letters are shorter than the cells they stand in: the gaps between a Latin
      // word's letters are the word's own, not a lost mark's.
      if outsideLatinWords, at < characters.count,
        isLatinLetterOrDigit(characters[at - 1].text) && isLatinLetterOrDigit(characters[at].text)
      {
        continue
      }
      characters.insert(character(from: mark, content: content, height: height), at: at)
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `mark`, found in the ink alone, as a character of one column at its centre's place in a
  /// reading of `content` columns made of a crop `height` rows tall: sure, or as likely as the
  /// reading it joins where the ink alone is no proof (`probability`).
  static func character(
    from mark: InkMark, content: Double, height: Double, probability: Float = 1
  ) -> DecodedCharacter {
    let column = Int(saturating: min(mark.centre / height * content, content - 1).rounded(.down))
    return DecodedCharacter(
      text: mark.text, firstColumn: column, lastColumn: column, probability: probability)
  }

  /// What stands beside a gap that is no lost `、。`'s: a mark half seen, the dots of `…` (each too
  /// small to be kept as ink, so an ellipsis leaves a gap), `！？` (a space may follow them), and a
  /// closing bracket, whose cell is half empty below it (`」と`), or the bar it is misread as.
  static func isLookalikeOfGapMark(_ text: String) -> Bool {
    isLookalikeOfMark(text)
      || [
        "…", "‥", "︙", "︰", ":", "：", "·", "!", "！", "?", "？", "」", "』", "）", ")", "﹂", "﹄", "ー", "一", "-",
        "－", "—",
      ].contains(text)
  }

  /// Where `character`'s middle lies along a crop `height` rows tall that a reading of `content`
  /// output columns was made of: the place ``character(from:content:height:probability:)`` puts a
  /// mark found in the ink at, and where each rule that puts one in looks for the mark's neighbours.
  static func row(of character: DecodedCharacter, content: Double, height: Double) -> Double {
    (Double(character.firstColumn + character.lastColumn) / 2 + 0.5) / content * height
  }

  /// Whether `text` is one ASCII letter or digit.
  static func isLatinLetterOrDigit(_ text: String) -> Bool {
    guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return false }
    return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)))
  }

  /// What a recognizer reads for a `、。` it half sees.
  static func isLookalikeOfMark(_ text: String) -> Bool {
    [",", ".", "，", "．", "・", "°", "'", "’", "`", "。", "、", "｡", "､"].contains(text)
  }
}

extension VerticalColumn {
  /// The `、。` a scan lost, found from the empty cell each leaves: a gap in the column's ink between
  /// two characters of `empty` to `longest` ems, or of `remnant` ems or more where what is left of
  /// the mark in the gap's top right is a ring (``gapRemnant(_:top:em:axis:)``). A lost `」` leaves a
  /// gap under its neighbour too, shorter (the bracket's cell is only half empty), and `一` one
  /// either side of it. The mark is `、` where its remnant is drawn out along the diagonal from its
  /// top left, else `。`.
  static func marksInGaps(_ column: Grey, empty: Double, remnant: Double, longest: Double) -> [InkMark] {
    guard let ink = ink(of: column) else { return [] }
    let em = ink.em
    let axis = ink.axis
    let rowInk = ink.band.rows
    guard let firstRow = rowInk.firstIndex(where: { $0 > 0 }),
      let lastRow = rowInk.lastIndex(where: { $0 > 0 })
    else { return [] }
    var marks: [InkMark] = []
    var y = firstRow
    while y < lastRow {
      guard rowInk[y] == 0 else {
        y += 1
        continue
      }
      let top = y
      while y < lastRow && rowInk[y] == 0 { y += 1 }
      let length = Double(y - top) / em
      guard length >= min(empty, remnant), length <= longest else { continue }
      let left = gapRemnant(ink.picture, top: top, em: em, axis: axis)
      guard length >= empty || left.map(\.isRing) == true else { continue }
      let text = left.map(\.isComma) == true ? "、" : "。"
      marks.append(InkMark(text: text, gap: top..<y, centre: Double(top) + 0.25 * em))
    }
    return marks
  }

  /// What is left of a lost mark: the pixels in the top right of its gap darker than the paper by
  /// more than the paper's own spread (too faint, or in specks too small, to be kept as ink).
  struct Remnant {
    var count: Int
    /// The smaller of its width and height, in ems.
    var extent: Double
    var ringness: Double
    var amount: Double
    var covariance: Double

    /// A ring's remnant (`。`): of some size both ways, round, its middle lighter than its ink.
    var isRing: Bool { count >= 8 && extent >= 0.15 && ringness >= 0.5 && amount < 0.6 }
    /// A stroke's (`、`): drawn out along the diagonal, its middle as dark as its ink.
    var isComma: Bool { count >= 3 && ringness < 0.3 && amount >= 0.5 && covariance > 0.1 }
  }

  /// The remnant of the mark whose gap starts at row `top`, or nil where the gap's top right holds
  /// nothing darker than its paper.
  static func gapRemnant(_ picture: Grey, top: Int, em: Double, axis: Double) -> Remnant? {
    let x0 = max(0, Int(saturating: (axis - 0.1 * em).rounded(.down)))
    let x1 = min(picture.width, Int(saturating: (axis + 0.6 * em).rounded(.up)))
    let y1 = min(picture.height, top + Int(saturating: (0.6 * em).rounded(.up)))
    guard x0 < x1, top < y1 else { return nil }
    var values: [Int] = []
    for y in top..<y1 {
      for x in x0..<x1 { values.append(Int(picture[x, y])) }
    }
    values.sort()
    let paper = Double(values[values.count / 2])
    let spread = paper - Double(values[values.count / 10])
    let floor = paper - max(24, 2 * spread)
    var piece = Piece(members: [], minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
    for y in top..<y1 {
      for x in x0..<x1 where Double(picture[x, y]) < floor {
        piece.members.append(y * picture.width + x)
        (piece.minX, piece.maxX) = (min(piece.minX, x), max(piece.maxX, x + 1))
        (piece.minY, piece.maxY) = (min(piece.minY, y), max(piece.maxY, y + 1))
      }
    }
    guard !piece.members.isEmpty else { return nil }
    let drawn = elongation(piece, picture: picture)
    return Remnant(
      count: piece.members.count,
      extent: Double(min(piece.maxX - piece.minX, piece.maxY - piece.minY)) / em,
      ringness: ringness(piece, picture: picture), amount: drawn.amount, covariance: drawn.covariance)
  }
}

extension DecodedLine {
  /// Where each of this reading's characters lies along the crop, `height` rows tall, it was read
  /// from (``VerticalColumn/row(of:content:height:)``): the place every step that weighs a mark of
  /// the ink against the reading measures from. Nil where the reading or the crop has no length,
  /// and no character a place.
  func rows(height: Double) -> ((DecodedCharacter) -> Double)? {
    let content = contentColumns
    guard content > 0, height > 0 else { return nil }
    return { VerticalColumn.row(of: $0, content: content, height: height) }
  }
}

extension VerticalColumn {
  /// The indices of `characters` whose place along the column (`row`, ``DecodedLine/rows(height:)``)
  /// lies within `reach` rows of `centre`, in order: the characters a mark the ink holds there may
  /// have been read as.
  static func indices(
    of characters: [DecodedCharacter], within reach: Double, of centre: Double,
    row: (DecodedCharacter) -> Double
  ) -> [Int] {
    characters.indices.filter { abs(row(characters[$0]) - centre) <= reach }
  }

  /// Of the indices of `characters` within `reach` rows of `centre` that `accepted` takes
  /// (``indices(of:within:of:row:)``), the one whose place lies nearest it, the first of two as
  /// near; nil where none is.
  static func nearestIndex(
    of characters: [DecodedCharacter], within reach: Double, of centre: Double,
    row: (DecodedCharacter) -> Double, where accepted: (Int) -> Bool = { _ in true }
  ) -> Int? {
    func distance(_ index: Int) -> Double { abs(row(characters[index]) - centre) }
    return indices(of: characters, within: reach, of: centre, row: row).filter(accepted)
      .min { distance($0) < distance($1) }
  }
}
