/// Spaces the recognizer dropped between words, put back from the gaps in the crop's ink.
///
/// The recognizer reads a space as a class of its own, and where a line's words stand close (a
/// condensed font, a tight justified line, a receipt's columns of figures) it often reads none:
/// `physicallyperforming`. The crop still shows the gap. Within one line the words are set with one
/// space width (justified lines stretch them all alike), so a gap between two characters as wide as
/// the gaps where the line's spaces were read is one too, and the letters' own gaps are far
/// narrower. Only lines whose spaces and letters stand apart that clearly are mended, only between
/// two letters the recognizer read, and only where it gave the space some likelihood itself.
enum SpacesFromInk {
  /// A space between words of a Latin font, with its letters' side bearings, as a share of a
  /// recognizer crop's height (the crop holds the line with a margin round it).
  static let spaceShareOfHeight = 0.25
  /// The space class's probability, in a column between the two characters, below which the
  /// recognizer saw no space there at all: a gap in the ink alone is a broken stroke as often.
  static let leastSpaceLikelihood: Float = 0.05

  /// Which of a crop's pixel columns hold ink, in its middle rows (a neighbour line's ascenders and
  /// descenders reach into the crop's top and bottom rows, and would close a gap that is there).
  /// `pixel(x, y)` is a pixel's brightness (any scale, dark ink); a pixel is ink when darker than
  /// a quarter of the way from the crop's background (its median) to its darkest pixel: a faint
  /// stroke left out would open a gap inside a word.
  static func inkColumns(width: Int, height: Int, pixel: (Int, Int) -> Float) -> [Bool] {
    guard width > 0, height > 0 else { return [] }
    let top = height / 8
    let bottom = max(top + 1, height - height / 8)
    var samples: [Float] = []
    samples.reserveCapacity(width * (bottom - top))
    for y in top..<bottom {
      for x in 0..<width { samples.append(pixel(x, y)) }
    }
    let darkest = samples.min() ?? 0
    let background = median(&samples)
    guard background > darkest else { return [Bool](repeating: false, count: width) }
    let threshold = background - (background - darkest) / 4
    var ink = [Bool](repeating: false, count: width)
    for x in 0..<width {
      for y in top..<bottom where pixel(x, y) < threshold {
        ink[x] = true
        break
      }
    }
    return ink
  }

  /// The middle value of `values` (the upper of the two middle ones of an even count), the value
  /// `values.sorted()[values.count / 2]` is, found by selection (Wirth's): every crop of every
  /// English line comes here, and a whole sort of its pixels was the costliest part of this step.
  /// `values` is left reordered; empty, 0.
  static func median(_ values: inout [Float]) -> Float {
    guard !values.isEmpty else { return 0 }
    let middle = values.count / 2
    values.withUnsafeMutableBufferPointer { values in
      var low = 0
      var high = values.count - 1
      while low < high {
        let pivot = values[middle]
        var i = low
        var j = high
        repeat {
          while values[i] < pivot { i += 1 }
          while pivot < values[j] { j -= 1 }
          if i <= j {
            values.swapAt(i, j)
            i += 1
            j -= 1
          }
        } while i <= j
        if j < middle { low = i }
        if middle < i { high = j }
      }
    }
    return values[middle]
  }

  /// The longest run of columns without ink in `range` of `ink`, in pixels.
  static func widestGap(_ ink: [Bool], in range: Range<Int>) -> Int {
    let range = range.clamped(to: 0..<ink.count)
    var widest = 0
    var run = 0
    for x in range {
      run = ink[x] ? 0 : run + 1
      widest = max(widest, run)
    }
    return widest
  }

  /// `line` with a space put back between two characters wherever the ink between them is as open
  /// as between the line's words: at least `share` of the typical (median) gap where a space was
  /// read, and more than twice the letters' typical gap and two pixels. A line whose words stand no
  /// farther apart than that from its letters is returned as it is. `height`: the crop's, in
  /// pixels; `pixelsPerColumn`: the crop's pixels for one of the recognizer's output columns.
  static func mended(
    _ line: DecodedLine, ink: [Bool], spaceLikelihood: [Float], height: Int, pixelsPerColumn: Double,
    share: Double
  ) -> DecodedLine {
    let characters = line.characters
    guard characters.count > 2, pixelsPerColumn > 0 else { return line }
    func centre(_ character: DecodedCharacter) -> Int {
      Int(
        saturating: ((Double(character.firstColumn + character.lastColumn) / 2 + 0.5) * pixelsPerColumn)
          .rounded())
    }
    // The gap between each pair of neighbouring characters that are not spaces, and whether a space
    // was read between them.
    var pairs: [(after: Int, gap: Int, spaced: Bool)] = []
    var previous: Int?
    var spaced = false
    for (index, character) in characters.enumerated() {
      if Words.isSpace(character.text) {
        spaced = previous != nil
        continue
      }
      // Only between letters: a point or a comma stands apart from its word, and figures apart
      // from each other, by more than letters do.
      if let before = previous, characters[before].text.allSatisfy(\.isLetter),
        character.text.allSatisfy(\.isLetter)
      {
        let from = centre(characters[before])
        let gap = widestGap(ink, in: from..<max(from, centre(character)))
        pairs.append((after: before, gap: gap, spaced: spaced))
      }
      previous = index
      spaced = false
    }
    let wordGaps = pairs.filter(\.spaced).map(\.gap).sorted()
    let letterGaps = pairs.filter { !$0.spaced }.map(\.gap).sorted()
    guard !letterGaps.isEmpty else { return line }
    // Medians: the dropped space is itself among the letters' gaps, and a space read where there is
    // none among the words'. A line read with no space at all (a narrow column's few words) has a
    // space's usual width at the crop's scale instead.
    let word = wordGaps.isEmpty ? spaceShareOfHeight * Double(height) : Double(wordGaps[wordGaps.count / 2])
    let letterClearance = 2 * Double(letterGaps[letterGaps.count / 2]) + 2
    guard word >= letterClearance else { return line }
    let least = max(share * word, letterClearance)
    // The recognizer must have doubted too: a space likely in some column between the two.
    func doubted(_ after: Int) -> Bool {
      let next = characters[(after + 1)...].first { !Words.isSpace($0.text) }
      guard let next else { return false }
      let columns =
        (characters[after].lastColumn + 1)..<max(characters[after].lastColumn + 1, next.firstColumn)
      return columns.clamped(to: 0..<spaceLikelihood.count).contains {
        spaceLikelihood[$0] >= leastSpaceLikelihood
      }
    }
    let open = Set(pairs.filter { !$0.spaced && Double($0.gap) >= least && doubted($0.after) }.map(\.after))
    guard !open.isEmpty else { return line }
    var mended = line
    mended.characters = []
    mended.characters.reserveCapacity(characters.count + open.count)
    for (index, character) in characters.enumerated() {
      mended.characters.append(character)
      if open.contains(index) {
        mended.characters.append(
          DecodedCharacter(
            text: " ", firstColumn: character.lastColumn, lastColumn: character.lastColumn,
            probability: character.probability))
      }
    }
    return mended
  }
}
