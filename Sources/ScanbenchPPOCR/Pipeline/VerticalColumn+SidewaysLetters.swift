/// Letters of a sideways Latin word told apart by their ink.
///
/// A word set sideways in a column (`text-orientation: mixed`) lies on its side, its baseline
/// left, and the turned reading reads it so; but on its side a small `c` is an `e` with its bar
/// lost to the scan (`script` as `seript`), and a capital is its small letter made larger
/// (`LaTeX` as `LaTex`), which the recognizer does not measure. The column's ink shows both: each
/// letter lying down fills rows of its own between gaps, its bar is a stroke along the column
/// through the middle of its ink, and its height is its ink's width across the column.
extension VerticalColumn {
  /// The letters whose case is their size (``caseByHeight``) and the `c`/`e` pair are read again
  /// from the ink of `column` (the column upright, as ``ink(of:)`` reads it) where `reading` (its
  /// columns along the column) holds them in a sideways Latin run: a run of three letters or more
  /// that take less than 0.8 em of the column each (upright letters stand one an em).
  ///
  /// Each letter is a run of inked rows (in the column's band), 0.3 to 0.8 em long, found in order
  /// where the run's rows hold as many such runs as it has characters, each near its character's
  /// middle; elsewhere the run is left as read. An `e`
  /// whose middle third across holds no stroke along most of its rows (at most 0.4 of them) is a
  /// `c`, and a `c` with one along 0.75 of them or more an `e`. A letter of ``caseByHeight`` is
  /// small where its ink is at most 0.78 as wide across as the median of the run's letters with
  /// a capital's height (``fullHeight``), and a capital at 0.9 or more.
  static func sidewaysLettersFromInk(_ reading: DecodedLine, column: Grey) -> DecodedLine {
    guard reading.contentColumns > 0, let ink = ink(of: column) else { return reading }
    let (width, height, em) = (column.width, column.height, ink.em)
    guard em > 0 else { return reading }
    let (bandLeft, bandRight, rowInk) = ink.band
    guard bandRight > bandLeft else { return reading }
    // The letters' rows: runs of inked rows.
    var pieces: [Range<Int>] = []
    var start: Int?
    for y in 0...height {
      let inked = y < height && rowInk[y] > 0
      if inked, start == nil { start = y }
      if !inked, let first = start {
        pieces.append(first..<y)
        start = nil
      }
    }
    func isLetter(_ text: String) -> Bool {
      text.count == 1 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
    var result = reading
    let characters = reading.characters
    for run in latinRuns(characters, sureAtEnds: 0) {
      let letters = run.filter { isLetter(characters[$0].text) }
      guard letters.count >= 3 else { continue }
      let first = span(characters[run.lowerBound], of: reading)
      let last = span(characters[run.upperBound - 1], of: reading)
      guard (last.end - first.start) * Double(height) / Double(run.count) < 0.8 * em else { continue }
      // The run's pieces of ink: those whose middle lies within half a letter of the run's first
      // and last middles. Where they are as many as the run's characters, the first is the first
      // character's, and so on, and each holds its character's middle or lies within a quarter em
      // of it; elsewhere (a letter broken in two, two letters touching, a kana beside the word read
      // as a letter) the run is left as read.
      let middles = run.map { index -> Double in
        let (from, to) = span(characters[index], of: reading)
        return (from + to) / 2 * Double(height)
      }
      guard let firstMiddle = middles.first, let lastMiddle = middles.last else { continue }
      let half = (lastMiddle - firstMiddle) / Double(run.count - 1) / 2
      let inRun = pieces.filter { piece in
        let middle = Double(piece.lowerBound + piece.upperBound) / 2
        return middle >= firstMiddle - half && middle <= lastMiddle + half
      }
      guard inRun.count == run.count,
        zip(inRun, middles).allSatisfy({ piece, middle in
          middle >= Double(piece.lowerBound) - 0.25 * em && middle <= Double(piece.upperBound) + 0.25 * em
        })
      else { continue }
      // Per letter: its ink's extent across and its rows.
      var shapes: [Int: (left: Int, right: Int, rows: Range<Int>)] = [:]
      for (slot, index) in run.enumerated() where isLetter(characters[index].text) {
        let rows = inRun[slot]
        let length = Double(rows.count)
        guard length >= 0.3 * em, length <= 0.8 * em else { continue }
        var (left, right) = (Int.max, Int.min)
        for y in rows {
          for x in bandLeft..<bandRight where ink.mask[y * width + x] {
            left = min(left, x)
            right = max(right, x)
          }
        }
        guard right >= left else { continue }
        shapes[index] = (left, right, rows)
      }
      // The bar: the most rows inked in one column of pixels in the middle third across.
      func bar(_ shape: (left: Int, right: Int, rows: Range<Int>)) -> Double {
        let across = Double(shape.right + 1 - shape.left)
        let from = shape.left + Int(saturating: (0.35 * across).rounded(.down))
        let to = shape.left + Int(saturating: (0.65 * across).rounded(.down))
        var most = 0
        for x in from...max(from, to) {
          most = max(most, shape.rows.filter { ink.mask[$0 * width + x] }.count)
        }
        return Double(most) / Double(shape.rows.count)
      }
      // The capitals' height: the median width of the run's letters with a capital's height (not
      // `J Q`, whose tail reaches below the baseline in many faces).
      let tall = shapes.compactMap { index, shape -> Int? in
        guard let letter = characters[index].text.first, fullHeight.contains(letter), !"JQ".contains(letter)
        else { return nil }
        return shape.right + 1 - shape.left
      }.sorted()
      let reference = tall.isEmpty ? nil : tall[tall.count / 2]
      for (index, shape) in shapes {
        guard let letter = characters[index].text.first else { continue }
        var read = letter
        if letter == "e" || letter == "c" {
          let stroke = bar(shape)
          if letter == "e" && stroke <= 0.4 { read = "c" }
          if letter == "c" && stroke >= 0.75 { read = "e" }
        }
        if caseByHeight.contains(read), let reference, reference > 0 {
          let size = Double(shape.right + 1 - shape.left) / Double(reference)
          if size <= 0.78 {
            read = Character(read.lowercased())
          } else if size >= 0.9 {
            read = Character(read.uppercased())
          }
        }
        if read != letter { result.characters[index].text = String(read) }
      }
    }
    return result
  }
}
