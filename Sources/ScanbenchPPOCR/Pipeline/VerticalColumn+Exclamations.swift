/// The exclamation marks a column's ink holds, read where a reading took them for a bar.
///
/// Set upright, `！` is a stroke down the column's axis, then a little paper, then a dot. Read
/// turned, the stroke lies down like a bar and the dot, a speck to the recognizer, goes: `一` or
/// `ー`. In the cells, a grid out of phase cuts the mark with its neighbour's ink, which
/// ``isExclamationMark(_:ink:width:)`` then does not see. But the mark is plain in the column's
/// ink: a thin stroke alone in its rows, a dot under its foot, the dot wider than the foot the
/// stroke tapers to — which a long vowel bar (`ー`, of one width; broken by a scan, its pieces
/// are too) and `i` (its dot on top) are not.
extension VerticalColumn {
  /// The `！` of `column`, top to bottom: a run of inked rows (specks counted, within the column's
  /// band) 0.4 to 0.8 of an em long and no more than a quarter of an em wide, within a sixth of an
  /// em of the axis; then paper no longer than a fifth of an em; then a run of rows 0.08 to a
  /// quarter of an em long, no more than twice as long one way as the other, its middle within a
  /// tenth of an em of the stroke's foot (its lowest fifth) across, and 1.3 times as wide as the
  /// foot or more; the whole under 0.95 em. Its `gap` the mark's rows.
  ///
  /// With `parted`, the marks of the column's darker ink (``darkInk(of:)``) are taken too where
  /// its own ink shows none: on a blurred page the paper between the stroke's tapering foot and
  /// the dot, or between the dot and the character under it, is grey, and at the column's
  /// threshold the mark is one run of rows with its dot or its neighbour.
  static func exclamationMarksInInk(_ column: Grey, parted: Bool = false) -> [InkMark] {
    guard let ink = ink(of: column), ink.withSpecks.count == ink.mask.count else { return [] }
    let (width, height) = (column.width, column.height)
    let marks = exclamationMarks(in: ink.withSpecks, of: ink, width: width, height: height)
    guard parted, let dark = darkInk(of: ink), dark.count == ink.mask.count else { return marks }
    let more = exclamationMarks(in: dark, of: ink, width: width, height: height).filter { found in
      !marks.contains { $0.gap.overlaps(found.gap) }
    }
    return (marks + more).sorted { $0.centre < $1.centre }
  }

  /// The `！` of `mask` (a picture `width` by `height` pixels, ink set), in the band and the em of
  /// the column's `ink` (``exclamationMarksInInk(_:parted:)``).
  static func exclamationMarks(in mask: [Bool], of ink: Ink, width: Int, height: Int) -> [InkMark] {
    let em = ink.em
    let (bandLeft, bandRight, _) = ink.band
    // Each row's ink across the band: its first and last pixel, or nil where it is paper.
    let spans: [(left: Int, right: Int)?] = (0..<height).map { y in
      guard let left = (bandLeft..<bandRight).first(where: { mask[y * width + $0] }),
        let right = (bandLeft..<bandRight).last(where: { mask[y * width + $0] })
      else { return nil }
      return (left, right + 1)
    }
    var blocks: [Range<Int>] = []
    for y in 0..<height where spans[y] != nil {
      if let last = blocks.last, last.upperBound == y {
        blocks[blocks.count - 1] = last.lowerBound..<(y + 1)
      } else {
        blocks.append(y..<(y + 1))
      }
    }
    func across(_ rows: some Collection<Int>) -> (left: Int, right: Int) {
      let inked = rows.compactMap { spans[$0] }
      return (inked.map(\.left).min() ?? 0, inked.map(\.right).max() ?? 0)
    }
    var marks: [InkMark] = []
    for (stroke, dot) in zip(blocks, blocks.dropFirst()) {
      let (strokeLength, dotLength) = (Double(stroke.count), Double(dot.count))
      let paper = Double(dot.lowerBound - stroke.upperBound)
      guard strokeLength >= 0.4 * em, strokeLength <= 0.8 * em, dotLength >= 0.08 * em,
        dotLength <= 0.25 * em,
        paper <= 0.2 * em, Double(dot.upperBound - stroke.lowerBound) < 0.95 * em
      else { continue }
      let (strokeLeft, strokeRight) = across(stroke)
      let (dotLeft, dotRight) = across(dot)
      let dotWidth = Double(dotRight - dotLeft)
      guard Double(strokeRight - strokeLeft) <= 0.25 * em,
        abs(Double(strokeLeft + strokeRight) / 2 - ink.axis) <= em / 6,
        dotWidth <= 2 * dotLength, dotLength <= 2 * dotWidth
      else { continue }
      let foot = stroke.suffix(max(1, stroke.count / 5))
      let (footLeft, footRight) = across(foot)
      let footWidths = foot.compactMap { spans[$0].map { $0.right - $0.left } }.sorted()
      guard let footWidth = footWidths.isEmpty ? nil : footWidths[footWidths.count / 2],
        abs(Double(dotLeft + dotRight) / 2 - Double(footLeft + footRight) / 2) <= 0.1 * em,
        dotWidth >= 1.3 * Double(footWidth)
      else { continue }
      marks.append(
        InkMark(
          text: "！", gap: stroke.lowerBound..<dot.upperBound,
          centre: Double(stroke.lowerBound + dot.upperBound) / 2))
    }
    return marks
  }

  /// What a recognizer reads for an exclamation mark set upright: a bar, read turned or standing.
  static func isLookalikeOfExclamationMark(_ text: String) -> Bool {
    ["一", "ー", "-", "‐", "－", "—", "―", "|", "｜", "l", "I", "1", "!", "︕"].contains(text)
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each of `marks` read: the nearest character within half a pitch read as an
  /// exclamation mark's lookalike (``isLookalikeOfExclamationMark(_:)``) is `！`, unless a `！` is
  /// read there already or it stands between ASCII letters or digits (a Latin word set upright).
  static func withInkExclamationMarks(
    _ marks: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  )
    -> DecodedLine
  {
    guard !marks.isEmpty, let row = reading.rows(height: height) else { return reading }
    var characters = reading.characters
    func isLatin(_ index: Int) -> Bool {
      characters.indices.contains(index) && isLatinLetterOrDigit(characters[index].text)
    }
    for mark in marks {
      let near = indices(of: characters, within: 0.5 * pitch, of: mark.centre, row: row)
      guard !near.contains(where: { characters[$0].text == "！" }),
        let nearest = nearestIndex(
          of: characters, within: 0.5 * pitch, of: mark.centre, row: row,
          where: { isLookalikeOfExclamationMark(characters[$0].text) }),
        !(isLatin(nearest - 1) && isLatin(nearest + 1))
      else { continue }
      characters[nearest].text = "！"
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `reading` of `column` (`pitch` rows a character) with the exclamation marks its ink holds.
  /// With `parted`, those its darker ink parts too (``exclamationMarksInInk(_:parted:)``).
  static func withExclamationMarksFromInk(
    _ column: Grey, into reading: DecodedLine, pitch: Double, parted: Bool = false
  ) -> DecodedLine {
    withInkExclamationMarks(
      exclamationMarksInInk(column, parted: parted), into: reading, height: Double(column.height),
      pitch: pitch)
  }
}
