/// A column of vertical Japanese set out again as a horizontal line of upright characters — what the
/// recognizer was trained on.
///
/// Turned a quarter turn, as PaddleOCR reads a tall crop, a column shows the recognizer every
/// character on its side, and the marks typeset for vertical text in the wrong places: `、。` in the
/// top right of their cell come out at the top of the line, small kana high, `﹁﹂` and the long
/// vowel bar turned. The recognizer drops them (docs/engines.md, "Vertical Japanese"). Instead the column is cut
/// into its character cells — typeset vertical text sits on a grid of one pitch, found here as the
/// pitch and phase whose cell boundaries cross the least ink — and each cell is laid side by side,
/// upright, with the vertical forms set as horizontal text sets them: `、。` to the bottom left,
/// small kana to the bottom, bars and brackets (`ー ～ … ﹁﹂`) turned back a quarter turn. A
/// column without Latin may instead be cut along the gaps between its characters
/// (``Grid/boundaries(crossing:inkAcross:top:bottom:pitch:)``), which holds where the grid's phase
/// moves down the column (``PPOCRPipeline/Options/cellsAlongGaps``, off: it did not read the
/// sweep better on the whole).
struct VerticalColumn {
  /// The method's name in the records' engine settings (with the page never enlarged for
  /// detection, ``PPOCRPipeline/Options/detectionMaxUpscale``): a change to it is a change of name.
  static let method =
    "cells on a grid 1, detection not enlarged, faint pages stretched, pieces joined, Latin runs read both ways between anchors, thin letters standing, letters in ASCII, ruby left out, tiers, marks from the other reading, lookalikes, case by height, case from words across, lines under the tiers, Latin read alone, marks from the ink, characters from the turned reading, words the cells lost, gaps of ink bridged, one column read whole, a neighbour read twice kept once, a column line read as a page, a column in pieces read whole, a column found in part read whole, marks in empty cells, voicing marks from the turned reading, marks under the foot, whole marks under the foot, brackets from the ink, kana beside sideways words from the cells, broken strokes blurred, small kana from the ink, opening brackets after a full stop, ellipses from the ink, parentheses from the ink, exclamation marks standing, full-width marks beside Japanese, parentheses at the column's ends, parentheses nearer the middle of their cells, parentheses read for one, parentheses beyond the box, parentheses as wide as the column, single brackets for double, closing brackets after question marks, colons from the ink, characters the cells lost from the turned reading, O and I in Latin words, tier gaps taken whole, pale pages stretched, blurred ruby left out, letters in ASCII whichever reading kept, points after Japanese as commas, J at a column's head, no lost marks inside Latin words, voicing marks from both readings, broken tiers joined, feet the cells lost from the turned reading, numbers lying beside brackets, colons set upright, exclamation marks from the ink, opening brackets after closing ones, short sideways words the cells lost, kana over doubtful letters, tiers found from the tallest columns, 1-bit columns read restored too, letters from words across, doubtful letters read upright alone, kana beside Latin runs read upright alone, kinds of marks from the ink, brackets back to back, colons off their gap's middle and at a column's foot, brackets at the column's ends, page numbers cut from a column's foot, marks from every reading of a 1-bit column, pale print on white paper stretched, the lower stroke of ko no closing bracket, marks from every reading only where they have room, a kana read twice anchored where it lies, cells or turned by summed log-probability, small kana into the turned reading before the choice, letters for bars between Latin letters, O and I from lookalikes in the turned reading, short sideways words over one cell from 0.8, a bar across the column read as the kanji one, kana the cells read as letters from the turned reading, doubtful letters at a column's foot and between spaced words read upright alone, pale pages' columns read again blurred too, small kana read small by their ink, a neighbour read twice at a word no sure kana, exclamation marks parted in the darker ink, doubtful letters read upright in their middle cell first, bars ending words as l, case of sideways letters by their height across the column, 1-bit columns read again enlarged, short commas plain in the ink, thin letters from words across, sideways letters measured from their baseline, 1-bit commas from the own reading where the mark's own piece is a tick, a column of letters read across whole, hyphens in words no brackets"

  /// A grey picture, one byte a pixel, rows top to bottom.
  struct Grey: Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
      precondition(width > 0 && height > 0 && pixels.count == width * height)
      self.width = width
      self.height = height
      self.pixels = pixels
    }

    init(width: Int, height: Int, value: UInt8) {
      self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    subscript(x: Int, y: Int) -> UInt8 {
      get { pixels[y * width + x] }
      set { pixels[y * width + x] = newValue }
    }

    /// The picture's rows `range` (inside it, not empty), whole across: a cell or a stretch of a
    /// column to read alone.
    func rows(_ range: Range<Int>) -> Grey {
      Grey(
        width: width, height: range.count,
        pixels: Array(pixels[(range.lowerBound * width)..<(range.upperBound * width)]))
    }
  }

  /// The line: its picture, and where each of its cells came from in the column.
  struct Line {
    var image: Grey
    /// Per cell, the row of the column where it starts.
    var cellStarts: [Double]
    /// The column's pitch (rows a cell) and the line's (columns a cell), and the line's margin.
    var pitch: Double
    var cellSize: Int
    var margin: Int
    /// The column's height in rows.
    var columnLength: Double
    /// Whether a cell was set as a bar (`ー` turned back): a thin upright letter (`i l I 1`) looks
    /// the same, so a column with one is read again with its bars left standing.
    var hasBars = false
    /// Whether the cells follow the gaps between characters rather than one grid.
    var followsGaps = false
    /// Per cell, its ink's height in ems (before any scaling down to the cell).
    var inkHeights: [Double] = []
    /// The column's picture (ink dark), its ink, and per cell its rows: a run of upright letters is
    /// read again from them set across (``VerticalColumn/wordAcross(rows:of:)``).
    var picture: Grey?
    var ink: [Bool] = []
    var cellRows: [Range<Int>] = []
    /// The column's em and axis (the centre of its full-size characters) in the picture's pixels.
    var em: Double = 0
    var axis: Double = 0

    /// The cell a character read in the line lies in, from its output columns (of `content`
    /// across the line), or nil outside every cell.
    func cell(of character: DecodedCharacter, content: Double) -> Int? {
      guard content > 0 else { return nil }
      let centre = VerticalColumn.row(of: character, content: content, height: 1)
      let x = centre * Double(image.width) - Double(margin)
      let cell = Int(saturating: (x / Double(cellSize)).rounded(.down))
      return x >= 0 && cell < cellStarts.count ? cell : nil
    }

    /// Where a position along the line (a fraction of its width) lies along the column.
    func columnFraction(ofLineFraction fraction: Double) -> Double {
      guard !cellStarts.isEmpty, columnLength > 0 else { return fraction }
      let x = fraction * Double(image.width) - Double(margin)
      let cell = min(max(Int(saturating: (x / Double(cellSize)).rounded(.down)), 0), cellStarts.count - 1)
      let within = min(max(x / Double(cellSize) - Double(cell), 0), 1)
      return min(max((cellStarts[cell] + within * pitch) / columnLength, 0), 1)
    }
  }

  /// How a cell's mark is set in the line.
  enum Kind: Equatable {
    /// A character set upright, where it stands in its cell.
    case upright
    /// `、。` and the like, in the top right of a vertical cell: to the bottom left.
    case mark
    /// A small kana, right of centre and high: to the bottom.
    case smallKana
    /// A long thin upright bar (`ー ～ …` set vertically): turned back.
    case bar
    /// A corner bracket set vertically (`﹁﹂`): turned back, against its neighbour.
    case bracket
  }

  /// A column's width over the em it is set in: a full-width character's ink fills about this much
  /// of its cell.
  static let inkPerEm = 0.92

  /// The line for `column` (upright, the top of the column at the top), or nil when it holds no ink
  /// to cut.
  static func line(_ column: Grey, turningBars: Bool = true, followingGaps: Bool = false) -> Line? {
    guard let ink = ink(of: column) else { return nil }
    let grid = Grid(
      ink: ink.mask, width: column.width, height: column.height, em: ink.em, left: ink.left, right: ink.right,
      followingGaps: followingGaps)
    guard let grid else { return nil }
    var line = compose(ink.picture, ink: ink.mask, grid: grid, em: ink.em, turningBars: turningBars)
    line?.followsGaps = followingGaps
    return line
  }

  // MARK: Ink

  static func histogram(_ grey: Grey) -> [Int] {
    var counts = [Int](repeating: 0, count: 256)
    for value in grey.pixels { counts[Int(value)] += 1 }
    return counts
  }

  /// A 3 × 3 binomial blur (borders replicated), so that noise does not split Otsu's classes.
  static func blur(_ grey: Grey) -> Grey {
    var result = grey
    let (w, h) = (grey.width, grey.height)
    for y in 0..<h {
      let ys = (max(y - 1, 0), y, min(y + 1, h - 1))
      for x in 0..<w {
        let xs = (max(x - 1, 0), x, min(x + 1, w - 1))
        func row(_ r: Int) -> Int {
          Int(grey[xs.0, r]) + 2 * Int(grey[xs.1, r]) + Int(grey[xs.2, r])
        }
        result[x, y] = UInt8((row(ys.0) + 2 * row(ys.1) + row(ys.2) + 8) / 16)
      }
    }
    return result
  }

  /// The size, in ems, of the smallest piece of ink ``dropSpecks(_:width:height:em:left:right:)``
  /// keeps: a speck is smaller both ways.
  static let smallestPiece = 0.15

  /// The ink without specks: connected pieces (8-connected) smaller than ``smallestPiece`` both
  /// ways, or away from the column, are dropped.
  static func dropSpecks(_ mask: [Bool], width: Int, height: Int, em: Double, left: Int, right: Int) -> [Bool]
  {
    var label = [Int32](repeating: -1, count: mask.count)
    var kept = [Bool](repeating: false, count: mask.count)
    var stack: [Int] = []
    var members: [Int] = []
    for start in mask.indices where mask[start] && label[start] < 0 {
      label[start] = 0
      stack.append(start)
      members.removeAll(keepingCapacity: true)
      var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
      while let index = stack.popLast() {
        members.append(index)
        let (x, y) = (index % width, index / width)
        (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
        for dy in -1...1 {
          let ny = y + dy
          guard ny >= 0, ny < height else { continue }
          for dx in -1...1 {
            let nx = x + dx
            guard nx >= 0, nx < width else { continue }
            let next = ny * width + nx
            if mask[next] && label[next] < 0 {
              label[next] = 0
              stack.append(next)
            }
          }
        }
      }
      let size = Double(max(maxX - minX, maxY - minY) + 1)
      let near = Double(maxX + 1) > Double(left) - 0.3 * em && Double(minX) < Double(right) + 0.3 * em
      if size >= smallestPiece * em && near {
        for index in members { kept[index] = true }
      }
    }
    return kept
  }

  // MARK: The grid

  /// The cells of a column: the pitch and phase whose boundaries cross the least ink (among pitches
  /// of 0.9–1.25 em; of equals, the nearest an em), and the cells between them that hold ink.
  struct Grid {
    var pitch: Double
    /// Per cell holding ink, its first and last-plus-one row.
    var cells: [(top: Int, bottom: Int)]

    init?(
      ink: [Bool], width: Int, height: Int, em: Double, left: Int, right: Int, followingGaps: Bool = false
    ) {
      // Ink per row within the column, smoothed over three rows.
      var rows = [Double](repeating: 0, count: height)
      var firstRow = Int.max
      var lastRow = Int.min
      for y in 0..<height {
        var count = 0
        for x in 0..<width where ink[y * width + x] {
          if x >= left && x < right { count += 1 }
          firstRow = min(firstRow, y)
          lastRow = max(lastRow, y)
        }
        rows[y] = Double(count)
      }
      guard firstRow <= lastRow else { return nil }
      var smooth = rows
      for y in 0..<height {
        let before = y > 0 ? rows[y - 1] : 0
        let after = y + 1 < height ? rows[y + 1] : 0
        smooth[y] = (before + rows[y] + after) / 3
      }
      let (top, bottom) = (Double(firstRow), Double(lastRow + 1))
      var best: (cost: Double, distance: Double, pitch: Double, start: Double)?
      var pitch = 0.9 * em
      while pitch < 1.25 * em {
        var phase = 0.0
        while phase < pitch {
          let start = top - phase
          var sum = 0.0
          var count = 0
          var boundary = start + pitch
          while boundary < bottom {
            if boundary > top {
              sum += smooth[min(Int(boundary), height - 1)]
              count += 1
            }
            boundary += pitch
          }
          let cost = count > 0 ? (sum / Double(count) * 100).rounded() / 100 : 0
          let distance = abs(pitch - em)
          if best.map({ cost < $0.cost || (cost == $0.cost && distance < $0.distance) }) ?? true {
            best = (cost, distance, pitch, start)
          }
          phase += 1
        }
        pitch += 0.25
      }
      guard let best else { return nil }
      self.pitch = best.pitch
      var spans: [(Int, Int)] = []
      if followingGaps {
        let boundaries = Self.boundaries(
          crossing: smooth, inkAcross: Double(max(right - left, 1)), top: firstRow, bottom: lastRow + 1,
          pitch: Self.gapPitch(smooth, em: em) ?? best.pitch)
        spans = zip(boundaries, boundaries.dropFirst()).map { (max(0, $0), min(height, $1)) }
      } else {
        var edge = best.start
        while edge < bottom {
          spans.append(
            (
              Int(saturating: max(0, edge).rounded()),
              Int(saturating: min(Double(height), edge + best.pitch).rounded())
            ))
          edge += best.pitch
        }
      }
      cells = []
      for (a, b) in spans {
        guard a < b else { continue }
        var holdsInk = false
        scan: for y in a..<b {
          for x in left..<right where ink[y * width + x] {
            holdsInk = true
            break scan
          }
        }
        if holdsInk { cells.append((a, b)) }
      }
      if cells.isEmpty { return nil }
    }

    /// The column's pitch from the gaps between its characters (runs of rows without ink): the
    /// median distance between neighbouring gaps' middles, of those 0.6–1.4 em apart; nil when
    /// fewer than three are. Unlike the one grid's, it holds when the cells' phase moves.
    static func gapPitch(_ rows: [Double], em: Double) -> Double? {
      var middles: [Double] = []
      var start: Int?
      for (index, ink) in rows.enumerated() {
        if ink <= 0.5 {
          if start == nil { start = index }
        } else if let first = start {
          middles.append(Double(first + index - 1) / 2)
          start = nil
        }
      }
      let distances = zip(middles, middles.dropFirst()).map { $1 - $0 }.filter {
        $0 >= 0.6 * em && $0 <= 1.4 * em
      }
      .sorted()
      guard distances.count >= 3 else { return nil }
      return distances[distances.count / 2]
    }

    /// The rows between cells: from above the first ink to below the last, each cell about `pitch`
    /// long, the boundaries crossing the least ink. The grid's one phase is where the boundaries
    /// start; a column does not keep it to its end — a Latin word set sideways, two digits across
    /// the column or a mark set half-width (`。」`) moves every cell after it — so each boundary is
    /// placed anew: the least ink crossed (`crossing`, rows of ink smoothed, over `inkAcross`) plus
    /// a cost for each cell as its length departs from the pitch, which keeps a character with a
    /// gap inside (`二`, `三`, `い`) in one cell. Rows outside the column cross no ink.
    static func boundaries(crossing: [Double], inkAcross: Double, top: Int, bottom: Int, pitch: Double)
      -> [Int]
    {
      let shortest = max(2, Int(saturating: (0.45 * pitch).rounded(.down)))
      let longest = max(shortest + 1, Int(saturating: (1.25 * pitch).rounded(.up)))
      let first = top - longest
      let last = bottom + longest
      let count = last - first + 1
      func cost(_ row: Int) -> Double {
        row >= 0 && row < crossing.count ? crossing[row] / inkAcross : 0
      }
      // Per row, the least cost of boundaries from above the first ink down to a boundary there.
      var least = [Double](repeating: .infinity, count: count)
      var previous = [Int](repeating: -1, count: count)
      for index in 0..<count where first + index <= top { least[index] = cost(first + index) }
      for index in 0..<count where first + index > top {
        for length in shortest...longest where index - length >= 0 {
          let before = least[index - length]
          guard before.isFinite else { continue }
          let departure = (Double(length) - pitch) / pitch
          let total = before + cost(first + index) + 2 * departure * departure
          if total < least[index] {
            least[index] = total
            previous[index] = index - length
          }
        }
      }
      var end: Int?
      for index in 0..<count where first + index >= bottom && least[index].isFinite {
        if end.map({ least[index] < least[$0] }) ?? true { end = index }
      }
      guard var index = end else { return [top, bottom] }
      var rows = [first + index]
      while previous[index] >= 0 {
        index = previous[index]
        rows.append(first + index)
      }
      return rows.reversed()
    }
  }

  // MARK: The line

  /// A cell's ink: its bounds within the cell's rows (whole width of the column).
  struct Glyph {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
  }

  static func glyph(in cell: (top: Int, bottom: Int), ink: [Bool], width: Int) -> Glyph? {
    var bounds: Glyph?
    for y in cell.top..<cell.bottom {
      for x in 0..<width where ink[y * width + x] {
        if var b = bounds {
          (b.minX, b.maxX, b.minY, b.maxY) = (
            min(b.minX, x), max(b.maxX, x + 1), min(b.minY, y), max(b.maxY, y + 1)
          )
          bounds = b
        } else {
          bounds = Glyph(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
        }
      }
    }
    return bounds
  }

  /// How the glyph of a cell of `cellHeight` rows is set, for a column of `em` whose axis (the
  /// centre of its full-size characters) is at `axis`.
  static func kind(
    of glyph: Glyph, cellTop: Int, cellHeight: Int, axis: Double, em: Double, ink: [Bool], width: Int
  ) -> Kind {
    let (w, h) = (Double(glyph.width), Double(glyph.height))
    let down = (Double(glyph.minY + glyph.maxY) / 2 - Double(cellTop)) / Double(cellHeight)
    let right = (Double(glyph.minX + glyph.maxX) / 2 - axis) / em
    if h < 0.45 * em && w < 0.45 * em && right > 0.05 && down < 0.5 { return .mark }
    if w < 0.25 * em && h > 0.5 * em {
      return isExclamationMark(glyph, ink: ink, width: width) ? .upright : .bar
    }
    if w >= 0.5 * em && h >= 0.18 * em && h <= 0.5 * em && isVerticalBracket(glyph, ink: ink, width: width) {
      return .bracket
    }
    if h < 0.68 * em && w < 0.68 * em && right > 0.04 && down < 0.5 { return .smallKana }
    return .upright
  }

  /// Whether a thin tall glyph is `！` (set upright in vertical text): a stroke down most of its
  /// height, then paper, then a dot at its foot. Turned back as a bar, it reads as `ー` or `一`;
  /// standing, as the mark. A long vowel bar has no gap; `︙` and `‥` are dots of one size, and an
  /// upright `i` has its dot on top.
  static func isExclamationMark(_ glyph: Glyph, ink: [Bool], width: Int) -> Bool {
    let inked = (glyph.minY..<glyph.maxY).map { y in
      (glyph.minX..<glyph.maxX).contains { ink[y * width + $0] }
    }
    // The runs of inked rows, top to bottom.
    var runs: [Range<Int>] = []
    for (row, hasInk) in inked.enumerated() where hasInk {
      if let last = runs.last, last.upperBound == row {
        runs[runs.count - 1] = last.lowerBound..<(row + 1)
      } else {
        runs.append(row..<(row + 1))
      }
    }
    guard runs.count == 2 else { return false }
    let height = Double(glyph.height)
    return Double(runs[0].count) >= 0.55 * height && Double(runs[1].count) <= 0.3 * height
  }

  /// `﹁` (a bar along the top, a stroke down the right end) or `﹂` (along the bottom, up the left
  /// end) — and not `へ`, `一` or `ニ`, which the sizes alone would let through.
  static func isVerticalBracket(_ glyph: Glyph, ink: [Bool], width: Int) -> Bool {
    let (w, h) = (glyph.width, glyph.height)
    let band = max(1, Int(saturating: 0.3 * Double(h)))
    func columnsInked(rows: Range<Int>) -> Double {
      var inked = 0
      for x in glyph.minX..<glyph.maxX where rows.contains(where: { ink[(glyph.minY + $0) * width + x] }) {
        inked += 1
      }
      return Double(inked) / Double(w)
    }
    func rowsInked(columns: Range<Int>) -> Double {
      var inked = 0
      for y in glyph.minY..<glyph.maxY where columns.contains(where: { ink[y * width + glyph.minX + $0] }) {
        inked += 1
      }
      return Double(inked) / Double(h)
    }
    let opening =
      columnsInked(rows: 0..<band) > 0.85 && rowsInked(columns: Int(saturating: 0.75 * Double(w))..<w) > 0.8
    let closing =
      columnsInked(rows: (h - band)..<h) > 0.85
      && rowsInked(columns: 0..<max(1, Int(saturating: 0.25 * Double(w)))) > 0.8
    return opening || closing
  }

  static func compose(_ picture: Grey, ink: [Bool], grid: Grid, em: Double, turningBars: Bool = true) -> Line?
  {
    let width = picture.width
    let glyphs = grid.cells.map { glyph(in: $0, ink: ink, width: width) }
    var centres = zip(grid.cells, glyphs).compactMap { _, glyph -> Double? in
      guard let glyph, Double(glyph.width) > 0.6 * em else { return nil }
      return Double(glyph.minX + glyph.maxX) / 2
    }
    centres.sort()
    let axis: Double
    if centres.isEmpty {
      axis = Double(width) / 2
    } else if centres.count % 2 == 1 {
      axis = centres[centres.count / 2]
    } else {
      axis = (centres[centres.count / 2 - 1] + centres[centres.count / 2]) / 2
    }
    // The paper: the median grey where there is no ink.
    var paperCounts = [Int](repeating: 0, count: 256)
    for (index, value) in picture.pixels.enumerated() where !ink[index] { paperCounts[Int(value)] += 1 }
    let paper = median(of: paperCounts) ?? 255

    let size = max(4, Int(saturating: em.rounded()))
    let margin = max(1, size / 4)
    var cellStarts: [Double] = []
    var placed: [(Grey, Int, Int)] = []
    var hasBars = false
    var inkHeights: [Double] = []
    var cellRows: [Range<Int>] = []
    for (cell, glyph) in zip(grid.cells, glyphs) {
      guard let glyph else { continue }
      // No column starts with a mark (kinsoku: `、。・` never begin a line): a dot in the first
      // cell is a speck.
      if placed.isEmpty && Double(max(glyph.width, glyph.height)) < 0.3 * em { continue }
      let cellHeight = cell.bottom - cell.top
      var kind = kind(
        of: glyph, cellTop: cell.top, cellHeight: cellHeight, axis: axis, em: em, ink: ink, width: width)
      if kind == .bar {
        hasBars = true
        if !turningBars { kind = .upright }
      }
      var mark = Grey(width: glyph.width, height: glyph.height, value: 0)
      for y in 0..<glyph.height {
        for x in 0..<glyph.width { mark[x, y] = picture[glyph.minX + x, glyph.minY + y] }
      }
      if kind == .bar || kind == .bracket { mark = turnedCounterClockwise(mark) }
      if mark.width > size || mark.height > size {
        let scale = min(Double(size) / Double(mark.height), Double(size) / Double(mark.width))
        let shrunk = (
          width: max(1, Int(saturating: Double(mark.width) * scale)),
          height: max(1, Int(saturating: Double(mark.height) * scale))
        )
        mark = Grey(
          width: shrunk.width, height: shrunk.height,
          pixels: Sampling.resampled(
            mark.pixels, width: mark.width, height: mark.height, channels: 1, to: shrunk.width, shrunk.height,
            arithmetic: .asColumnGlyphs))
      }
      let (w, h) = (mark.width, mark.height)
      let fromAxis = Int(
        saturating: min(max(0, Double(glyph.minX) - (axis - Double(size) / 2)), Double(size - w)))
      let offset: (x: Int, y: Int)
      switch kind {
      case .mark:
        offset = (Int(saturating: 0.08 * Double(size)), size - h - Int(saturating: 0.08 * Double(size)))
      case .smallKana:
        offset = ((size - w) / 2, size - h - Int(saturating: 0.06 * Double(size)))
      case .bracket:
        // After the turn, an opening bracket (in the top of its cell) stands right, against what it
        // opens; a closing one left.
        let opening = glyph.minY - cell.top < cellHeight / 2 && Double(glyph.height) < 0.5 * em
        offset = (
          opening ? size - w - Int(saturating: 0.05 * Double(size)) : Int(saturating: 0.05 * Double(size)),
          (size - h) / 2
        )
      case .bar:
        offset = (fromAxis, (size - h) / 2)
      case .upright:
        let down = Double(glyph.minY - cell.top) - Double(cellHeight - size) / 2
        offset = (fromAxis, Int(saturating: min(max(0, down), Double(size - h))))
      }
      placed.append((mark, max(0, offset.x), max(0, offset.y)))
      cellStarts.append(Double(cell.top))
      inkHeights.append(Double(tallestInk(rows: cell.top..<cell.bottom, ink: ink, width: width)) / em)
      cellRows.append(cell.top..<cell.bottom)
    }
    guard !placed.isEmpty else { return nil }
    var line = Grey(width: 2 * margin + placed.count * size, height: size + 2 * margin, value: UInt8(paper))
    for (slot, (mark, dx, dy)) in placed.enumerated() {
      let (x0, y0) = (margin + slot * size + dx, margin + dy)
      for y in 0..<mark.height where y0 + y < line.height {
        for x in 0..<mark.width where x0 + x < line.width {
          line[x0 + x, y0 + y] = min(line[x0 + x, y0 + y], mark[x, y])
        }
      }
    }
    return Line(
      image: line, cellStarts: cellStarts, pitch: grid.pitch, cellSize: size, margin: margin,
      columnLength: Double(picture.height), hasBars: hasBars, inkHeights: inkHeights, picture: picture,
      ink: ink, cellRows: cellRows, em: em, axis: axis)
  }

  /// The most rows of ink in a row, a one-row gap bridged, among `rows`: the height of a letter
  /// alone where the cell also holds the ends of its neighbours.
  static func tallestInk(rows: Range<Int>, ink: [Bool], width: Int) -> Int {
    var (tallest, run, gap) = (0, 0, 0)
    for y in rows {
      if (0..<width).contains(where: { ink[y * width + $0] }) {
        run += 1 + gap
        gap = 0
        tallest = max(tallest, run)
      } else if run > 0 && gap == 0 {
        gap = 1
      } else {
        (run, gap) = (0, 0)
      }
    }
    return tallest
  }

  static func median(of counts: [Int]) -> Int? {
    let total = counts.reduce(0, +)
    guard total > 0 else { return nil }
    var seen = 0
    for (value, count) in counts.enumerated() {
      seen += count
      if seen * 2 >= total { return value }
    }
    return nil
  }

  /// A quarter turn counter-clockwise: the right edge becomes the top.
  static func turnedCounterClockwise(_ grey: Grey) -> Grey {
    var result = Grey(width: grey.height, height: grey.width, value: 0)
    for y in 0..<grey.height {
      for x in 0..<grey.width { result[y, grey.width - 1 - x] = grey[x, y] }
    }
    return result
  }
}
