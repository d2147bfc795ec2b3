/// A column read two ways, joined run by run, and the ruby beside columns left out.
///
/// Read in cells (``VerticalColumn``) a column keeps its `、。「」` and small kana, but a Latin word
/// set sideways (`text-orientation: mixed`, as books set them) is cut into em-high slices of its
/// letters, which the recognizer reads as kana. Read turned a quarter turn, the same column reads
/// that word right and drops the marks. So neither reading is kept whole: each run of Latin
/// letters and digits in the turned reading replaces what the cells reading saw between the same
/// neighbours (``splicedAtAnchors(cells:turned:overWordsTheCellsLost:)``; by position along the column where the two
/// readings share no character, ``spliced(cells:turned:keepingLatinCells:)``) when the recognizer
/// was surer of the run.
extension VerticalColumn {
  /// A character that a Latin run is made of: ASCII and full-width letters and digits, and the
  /// marks inside words and numbers (`.-'/:&+`).
  static func isLatin(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
      case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return true
      default: return "-.'/:&+".unicodeScalars.contains(scalar)
      }
    }
  }

  /// Whether `line` holds a run of two Latin letters or digits read surely (0.8 or more).
  static func hasLatinRun(_ line: DecodedLine) -> Bool {
    var run = 0
    for character in line.characters {
      run = isLatin(character.text) && character.probability >= 0.8 ? run + 1 : 0
      if run >= 2 { return true }
    }
    return false
  }

  /// Where a character lies along the column, as a fraction of it, from its output columns.
  static func span(_ character: DecodedCharacter, of line: DecodedLine) -> (start: Double, end: Double) {
    let content = max(line.contentColumns, 1)
    return (Double(character.firstColumn) / content, Double(character.lastColumn + 1) / content)
  }

  /// `cells` with each run of Latin characters of `turned` (both read from the same column, their
  /// columns along it) put in place of the characters of `cells` over the same stretch, where the
  /// run's mean probability is higher than theirs. A run holds at least one letter or digit; its
  /// stretch reaches halfway to the turned reading's characters on either side, so that the cells
  /// of its first and last letters, which the CTC peaks do not cover, are inside it.
  ///
  /// With `keepingLatinCells` (the other reading is the turned one), a stretch the cells reading
  /// already read as letters is kept: those stood upright, one a cell.
  static func spliced(cells: DecodedLine, turned: DecodedLine, keepingLatinCells: Bool = true) -> DecodedLine
  {
    guard !cells.characters.isEmpty, !turned.characters.isEmpty, cells.contentColumns > 0,
      turned.contentColumns > 0
    else { return cells }
    let t = turned.characters
    let runs = latinRuns(t)
    guard !runs.isEmpty else { return cells }
    var result = cells.characters
    let cellContent = cells.contentColumns
    // Replaced from the last run back, so earlier positions stay valid.
    for run in runs.reversed() {
      let first = span(t[run.lowerBound], of: turned)
      let last = span(t[run.upperBound - 1], of: turned)
      // A letter's length along the column, from the run's; the stretch reaches one beyond its CTC
      // peaks either way, never past halfway to the turned reading's neighbours.
      let letter = (last.end - first.start) / Double(run.count)
      let before = run.lowerBound > 0 ? (span(t[run.lowerBound - 1], of: turned).end + first.start) / 2 : 0
      let after = run.upperBound < t.count ? (last.end + span(t[run.upperBound], of: turned).start) / 2 : 1
      let from = max(before, first.start - letter)
      let to = min(after, last.end + letter)
      let inside = result.indices.filter {
        let at = centre(of: result[$0], scale: cellContent)
        return at >= from && at <= to
      }
      // Cells that read as letters saw them upright, one a cell (`UIKit` set `upright`): the cells
      // reading stands there.
      let latinInside = inside.filter { isLatin(result[$0].text) }.count
      guard !keepingLatinCells || latinInside * 2 < max(inside.count, 1) else { continue }
      let runProbability = t[run].reduce(0.0) { $0 + Double($1.probability) } / Double(run.count)
      let insideProbability =
        inside.isEmpty ? 0 : inside.reduce(0.0) { $0 + Double(result[$1].probability) } / Double(inside.count)
      guard runProbability > insideProbability else { continue }
      // A kana or kanji the cells read surely (0.9 or more) is no slice of a sideways letter: the
      // turned reading ran the word over it (`Pythonのscript` as `Fscript`), and the cells stand.
      guard
        keepingLatinCells == false
          || !inside.contains(where: {
            !isLatin(result[$0].text) && result[$0].probability >= 0.9
          })
      else { continue }
      // The run's characters, their columns moved to the cells reading's scale.
      let moved = t[run].map { Self.moved($0, scale: cellContent / turned.contentColumns) }
      if let lower = inside.first, let upper = inside.last {
        result.replaceSubrange(lower...upper, with: moved)
      } else {
        let at = result.firstIndex { centre(of: $0, scale: cellContent) > to } ?? result.count
        result.insert(contentsOf: moved, at: at)
      }
    }
    return DecodedLine(characters: result, contentColumns: cells.contentColumns)
  }

  static func centre(of character: DecodedCharacter, scale: Double) -> Double {
    let first = Double(character.firstColumn)
    let end = Double(character.lastColumn + 1)
    return (first + end) / 2 / scale
  }

  /// Below this mean probability a narrow column beside a body column's right edge that reads no
  /// kanji is ruby the scan blurred (``rubyColumns(_:probabilities:)``).
  static let doubtfulRubyProbability = 0.8

  /// Whether a character is kana (ruby is set in kana).
  static func isKana(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy { (0x3041...0x30FF).contains($0.value) || $0.value == 0x30FC }
  }

  /// The indices of `columns` (the page boxes of tall regions and what was read in them) that are
  /// ruby: furigana set in a narrow column of kana right of the column it glosses, which a reader
  /// leaves out. A ruby column is at most 0.65 of a body column's width across (the upper
  /// quartile's: ruby columns may be many), lies within its height beside a wider column whose
  /// right edge it touches (within half its own width), and reads as kana only (and marks), or,
  /// read doubtfully (its mean probability, `probabilities`' entry, below
  /// ``doubtfulRubyProbability``), as no kanji at all: ruby blurred by the scan reads as digits and
  /// marks, never as a kanji, which a narrow column of body text holds.
  static func rubyColumns(_ columns: [(box: PPOCRBox, text: String)], probabilities: [Double] = [])
    -> Set<Int>
  {
    let widths = columns.map(\.box.width).sorted()
    guard widths.count >= 2 else { return [] }
    let median = Double(widths[widths.count * 3 / 4])
    var ruby: Set<Int> = []
    for (index, column) in columns.enumerated() {
      let width = Double(column.box.width)
      // The marks the other reading of a column gives it (``withMarks(of:into:surerThan:)``) are
      // no sign of body text: a ruby column's cells may take a speck or its neighbour's mark for one.
      let kana = column.text.filter { !isDroppedMark(String($0)) }
      let doubtful = index < probabilities.count && probabilities[index] < doubtfulRubyProbability
      let readAsRuby =
        kana.allSatisfy { isKana(String($0)) }
        || doubtful && !column.text.unicodeScalars.contains { $0.properties.isIdeographic }
      guard width <= 0.65 * median, !kana.isEmpty, readAsRuby else { continue }
      let (top, bottom) = (column.box.y, column.box.y + column.box.height)
      let left = Double(column.box.x)
      let glossed = columns.indices.contains { other in
        let box = columns[other].box
        guard other != index, Double(box.width) > 0.8 * median else { return false }
        let right = Double(box.x + box.width)
        return abs(right - left) <= 0.5 * width + 0.15 * median && box.y <= top + column.box.height / 2
          && box.y + box.height >= bottom - column.box.height / 2
      }
      if glossed { ruby.insert(index) }
    }
    return ruby
  }
}

extension VerticalColumn {
  /// The runs of Latin characters of `characters` worth splicing: at least one letter or digit
  /// (a lone `-` or `.` starts none), two characters or more once the ends read doubtfully (below
  /// 0.8) are left off — a lone letter of the turned reading is as often a kana or a mark read wrong
  /// (`一` as `-`, `エ` as `I`), and the turned reading runs a word on into the kana after it as
  /// `l9`. `sureAtEnds`: the probability an end must reach to stay (lower for a word read alone,
  /// where no kana lies beside it to be run on into).
  static func latinRuns(_ characters: [DecodedCharacter], sureAtEnds: Float = 0.8) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for index in characters.indices {
      let text = characters[index].text
      let latin = isLatin(text) && text != "-" && text != "." || (start != nil && isLatin(text))
      if latin {
        if start == nil { start = index }
      } else if let first = start {
        runs.append(first..<index)
        start = nil
      }
    }
    if let first = start { runs.append(first..<characters.count) }
    return runs.map { run in
      var run = run
      while !run.isEmpty && characters[run.upperBound - 1].probability < sureAtEnds {
        run = run.lowerBound..<(run.upperBound - 1)
      }
      while !run.isEmpty && characters[run.lowerBound].probability < sureAtEnds {
        run = (run.lowerBound + 1)..<run.upperBound
      }
      return run
    }
    .filter { $0.count >= 2 }
  }

  /// The characters two readings share, in order, as pairs of indices (`first`'s, `second`'s): their
  /// longest common subsequence, matching only characters whose text `counts`. What lies between
  /// two anchors in one reading stands where what lies between them in the other does.
  ///
  /// Of the subsequences as long, the one that matches each character of `first` to the earliest
  /// of `second`'s that will do, or, with `nearestInPlace` (each reading's content columns, both
  /// readings' columns along the same column), to the one of them that lies nearest it along the
  /// column: a reading that reads a kana twice, once for a slice of a word beside it, holds it
  /// first where the word is.
  static func anchors(
    _ first: [DecodedCharacter], _ second: [DecodedCharacter], counting counts: (String) -> Bool,
    nearestInPlace places: (first: Double, second: Double)? = nil
  ) -> [(first: Int, second: Int)] {
    func matches(_ i: Int, _ j: Int) -> Bool { counts(first[i].text) && first[i].text == second[j].text }
    var longest = [[Int]](repeating: [Int](repeating: 0, count: second.count + 1), count: first.count + 1)
    for i in first.indices.reversed() {
      for j in second.indices.reversed() {
        longest[i][j] = matches(i, j) ? longest[i + 1][j + 1] + 1 : max(longest[i + 1][j], longest[i][j + 1])
      }
    }
    var anchors: [(first: Int, second: Int)] = []
    var (i, j) = (0, 0)
    func distance(_ i: Int, _ j: Int) -> Double {
      guard let places, places.first > 0, places.second > 0 else { return 0 }
      let along = { (character: DecodedCharacter, content: Double) in
        Double(character.firstColumn + character.lastColumn + 1) / 2 / content
      }
      return abs(along(first[i], places.first) - along(second[j], places.second))
    }
    while i < first.count && j < second.count {
      if matches(i, j) && longest[i][j] == longest[i + 1][j + 1] + 1 {
        // A later character of `second` the subsequence can match instead, as long, nearer.
        var match = j
        if places != nil {
          var other = j + 1
          while other < second.count && longest[i][other] == longest[i][j] {
            if matches(i, other) && longest[i + 1][other + 1] + 1 == longest[i][j]
              && distance(i, other) < distance(i, match)
            {
              match = other
            }
            other += 1
          }
        }
        anchors.append((i, match))
        (i, j) = (i + 1, match + 1)
      } else if longest[i + 1][j] >= longest[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return anchors
  }

  /// Where two readings of a column each hold one character, marks aside, between the same two
  /// characters they share (``anchors(_:_:counting:nearestInPlace:)``, marks not counted) or
  /// between one of them and the column's head or foot: that character's index in each, `first`'s
  /// and `second`'s. The two stand for the same ink, read two ways.
  static func loneCharactersBetweenAnchors(
    _ first: [DecodedCharacter], _ second: [DecodedCharacter]
  ) -> [(first: Int, second: Int)] {
    let anchors =
      [(first: -1, second: -1)] + Self.anchors(first, second) { !isMark($0) } + [(first.count, second.count)]
    return zip(anchors, anchors.dropFirst()).compactMap { before, after in
      let inFirst = (before.first + 1..<after.first).filter { !isMark(first[$0].text) }
      let inSecond = (before.second + 1..<after.second).filter { !isMark(second[$0].text) }
      guard inFirst.count == 1, inSecond.count == 1 else { return nil }
      return (inFirst[0], inSecond[0])
    }
  }

  /// `cells` with each run of Latin characters of `turned` (both read from the same column) put in
  /// place of what the cells read between the same neighbours. The neighbours are found by text,
  /// not by position: the characters other than Latin that both readings share, in order (their
  /// longest common subsequence), anchor one reading to the other, and a run replaces the cells
  /// between the anchors on either side of it. Positions along the column do not hold for this: the
  /// cells of a column whose grid lost its phase at a sideways word lie half a character off, and a
  /// kana beside the word then falls inside the word's stretch.
  ///
  /// The cells' marks at either end of that stretch stay (the turned reading drops `、。`); a
  /// stretch the cells read as letters stays (upright letters, one a cell); and a stretch that
  /// holds a hiragana or a kanji the cells read surely (0.9 or more), which the turned reading does
  /// not have, stays: there the turned reading ran the word over it (`Pythonのscript` as `Fscript`).
  /// Otherwise the run replaces the stretch when it was read more surely.
  ///
  /// With `overWordsTheCellsLost`, a run of three letters or more read surely (0.9 or more on the
  /// whole) also replaces a stretch the cells read as a character for every two of its letters or
  /// fewer, however surely, and letters the cells read doubtfully (below 0.5) are no upright
  /// letters. The pipeline judges the cells against the turned reading by the likelihood of the
  /// splice without these (``PPOCRPipeline/readColumnsInCells(_:detected:regions:decoded:)``).
  ///
  /// With `shortWordsAtLeast`, a word of two or three letters with a capital (``isShortWord(_:atLeast:)``)
  /// also replaces the one or two characters the cells read in its stretch where the cells lost it
  /// (``cellsLostShortWord(_:cells:)``), its letters each read at least that surely.
  ///
  /// With `neighbourReadTwiceNoWord`, a sure kana at either end of a stretch that is the anchor
  /// beside it read again (``neighbourReadTwice(_:inside:cells:turned:)``) is no sure word: the
  /// cells lost their phase at the word and read its neighbour twice, once for the word's last or
  /// first slice (`Mockを` read `でロをを`).
  static func splicedAtAnchors(
    cells: DecodedLine, turned: DecodedLine, overWordsTheCellsLost: Bool = true,
    shortWordsAtLeast: Double? = nil, anchorsNearestInPlace: Bool = false, shortWordOverOneCell: Double = 0.9,
    neighbourReadTwiceNoWord: Bool = false
  ) -> DecodedLine {
    let (c, t) = (cells.characters, turned.characters)
    guard !c.isEmpty, !t.isEmpty, cells.contentColumns > 0, turned.contentColumns > 0 else { return cells }
    var runs = latinRuns(t)
    // A short word's letters read less surely than a run's ends must be (`OS` as `0` and `S`, the
    // `0` doubtful) are still a word where the cells lost it.
    if let least = shortWordsAtLeast {
      let short = shortWords(t, atLeast: least).filter { word in !runs.contains { $0.overlaps(word) } }
      runs = (runs + short).sorted { $0.lowerBound < $1.lowerBound }
    }
    guard !runs.isEmpty else { return cells }
    let places = anchorsNearestInPlace ? (first: turned.contentColumns, second: cells.contentColumns) : nil
    let anchors = Self.anchors(t, c, counting: { !isLatin($0) }, nearestInPlace: places).map {
      (turned: $0.first, cells: $0.second)
    }
    // Without anchors, positions along the column are all there is.
    guard !anchors.isEmpty else { return spliced(cells: cells, turned: turned) }
    // A run and what the turned reading holds with it between the same two anchors (its
    // neighbours the cells misread, which is why they are no anchors) is one stretch.
    var stretches: [(turned: Range<Int>, cells: Range<Int>)] = []
    for run in runs {
      let before = anchors.last { $0.turned < run.lowerBound }
      let after = anchors.first { $0.turned >= run.upperBound }
      let turnedStretch = (before.map { $0.turned + 1 } ?? 0)..<(after?.turned ?? t.count)
      let lower = before.map { $0.cells + 1 } ?? 0
      let cellsStretch = lower..<max(lower, after?.cells ?? c.count)
      if stretches.last?.turned != turnedStretch { stretches.append((turnedStretch, cellsStretch)) }
    }
    var result = c
    let scale = cells.contentColumns / turned.contentColumns
    // Where the stretches after the one at hand begin in the cells: what lies there is spliced.
    var spliceFrom = c.count
    let anchored = Set(anchors.map(\.cells))
    for stretch in stretches.reversed() {
      defer { spliceFrom = stretch.cells.lowerBound }
      var (lower, upper) = (stretch.cells.lowerBound, stretch.cells.upperBound)
      while lower < upper && isMark(c[lower].text) { lower += 1 }
      while upper > lower && isMark(c[upper - 1].text) { upper -= 1 }
      let inside = lower..<upper
      let run = t[stretch.turned]
      // Letters the cells read upright, one a cell, stand; those read doubtfully are slices of a
      // sideways word (`Mock` as `W0`).
      let latinInside = inside.filter {
        isLatin(c[$0].text) && (!overWordsTheCellsLost || c[$0].probability >= 0.5)
      }.count
      let latinRun = run.filter { isLatin($0.text) }.count
      // Two or three digits set across the column (`text-combine-upright`) fill one cell, which
      // the cells reading reads as one character (`24` as `2`, `12` as `に`); read turned, they
      // are a number read surely.
      // The turned reading's brackets beside the number (`（11月`), which the cells may lose, do not
      // count: two digits lying in a column fill one cell too.
      let digits = run.filter { !isMark($0.text) }
      let numberAcross =
        inside.count == 1 && (2...3).contains(digits.count)
        && digits.allSatisfy {
          $0.probability >= 0.9 && $0.text.allSatisfy(\.isASCII) && $0.text.allSatisfy(\.isNumber)
        }
      // The anchor after the stretch, read twice by the cells where the turned reading holds it
      // once: the cells lost their phase at the word, and the anchor's ink fell in two cells, each
      // read as it (`HTTPでで`, `Mockをを`). Once the word goes in, the less sure of the two goes.
      let (anchor, twin) = (stretch.cells.upperBound, stretch.cells.upperBound + 1)
      let doubled =
        twin < spliceFrom && !anchored.contains(twin) && stretch.turned.upperBound < t.count
        && !isMark(c[anchor].text)
        && c[twin].text == c[anchor].text && t[stretch.turned.upperBound].text == c[anchor].text
        && (stretch.turned.upperBound + 1 == t.count
          || t[stretch.turned.upperBound + 1].text != c[anchor].text)
      func splice() {
        if doubled { result.remove(at: c[twin].probability < c[anchor].probability ? twin : anchor) }
        result.replaceSubrange(inside, with: run.map { moved($0, scale: scale) })
      }
      if numberAcross {
        splice()
        continue
      }
      if let least = shortWordsAtLeast, isShortWord(run, atLeast: least),
        cellsLostShortWord(run, cells: inside.map { c[$0] }, oneCellAtLeast: shortWordOverOneCell)
      {
        splice()
        continue
      }
      guard latinInside * 2 < max(inside.count, 1) || latinInside * 2 < latinRun else { continue }
      let runProbability = run.reduce(0.0) { $0 + Double($1.probability) } / Double(run.count)
      // A word the cells read as a character for every two letters or fewer, however surely
      // (`iPhone` as `る`, `Package` as `百`), they did not see: its letters' slices read as
      // nothing. A kana the turned reading ran a word over leaves the cells one for each of its
      // characters and slices of the word besides.
      let lostInCells =
        overWordsTheCellsLost && latinRun >= 3 && inside.count * 2 <= latinRun && runProbability >= 0.9
      let twice =
        neighbourReadTwiceNoWord ? neighbourReadTwice(stretch, inside: inside, cells: c, turned: t) : []
      let sureWords = inside.filter { isSureWord(c[$0]) && !twice.contains($0) }.count
      guard lostInCells || sureWords <= run.count - latinRun else { continue }
      let insideProbability =
        inside.isEmpty ? 0 : inside.reduce(0.0) { $0 + Double(c[$1].probability) } / Double(inside.count)
      guard lostInCells || runProbability > insideProbability else { continue }
      splice()
    }
    return DecodedLine(characters: result, contentColumns: cells.contentColumns)
  }

  /// The indices of `inside` (what the cells read in `stretch`, marks at its ends left off) at its
  /// ends that read the same as the anchor just beyond that end, where the turned reading holds
  /// that character once there: the anchor after the stretch read again as its last character, or
  /// the anchor before it read again as its first. A sideways word is no whole number of cells
  /// long, and the cells that lost their phase at it take the kana beside it into the word's last
  /// (or first) cell and read it there too, as surely as the kana itself.
  static func neighbourReadTwice(
    _ stretch: (turned: Range<Int>, cells: Range<Int>), inside: Range<Int>, cells c: [DecodedCharacter],
    turned t: [DecodedCharacter]
  ) -> Set<Int> {
    guard !inside.isEmpty else { return [] }
    var twice: Set<Int> = []
    let (after, before) = (stretch.cells.upperBound, stretch.cells.lowerBound - 1)
    if after < c.count, stretch.turned.upperBound < t.count, let last = inside.last,
      c[last].text == c[after].text, t[stretch.turned.upperBound].text == c[after].text,
      t[stretch.turned].last?.text != c[after].text
    {
      twice.insert(last)
    }
    if before >= 0, stretch.turned.lowerBound > 0, let first = inside.first, first != inside.last,
      c[first].text == c[before].text, t[stretch.turned.lowerBound - 1].text == c[before].text,
      t[stretch.turned].first?.text != c[before].text
    {
      twice.insert(first)
    }
    return twice
  }

  /// Whether `run` (a stretch of the turned reading between two anchors) is a short Latin word: two
  /// or three ASCII letters or digits, each read at least `least` surely, one a capital other than
  /// `I` and `J` — the thin strokes a kana on its side is read as — (`OS`, `AI`, `0S`).
  static func isShortWord(_ run: ArraySlice<DecodedCharacter>, atLeast least: Double) -> Bool {
    guard (2...3).contains(run.count),
      run.allSatisfy({ character in
        Double(character.probability) >= least && character.text.count == 1
          && character.text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return false }
    return run.contains { character in character.text.allSatisfy { $0.isUppercase && !"IJ".contains($0) } }
  }

  /// The runs of Latin letters and digits of `characters` that are short words
  /// (``isShortWord(_:atLeast:)``), whole: none of their letters left off as ``latinRuns(_:sureAtEnds:)``
  /// leaves off a doubtful end.
  static func shortWords(_ characters: [DecodedCharacter], atLeast least: Double) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for index in 0...characters.count {
      let text = index < characters.count ? characters[index].text : ""
      if isLatin(text) && text != "-" && text != "." {
        if start == nil { start = index }
      } else if let first = start {
        if isShortWord(characters[first..<index], atLeast: least) { result.append(first..<index) }
        start = nil
      }
    }
    return result
  }

  /// Whether the cells lost the short sideways word `run` in `cells`, what they read between the
  /// same anchors: a word of two or three letters lying sideways is about an em long, one cell, and
  /// the cells read it as one or two characters, kana as often as not, and sometimes surely (`AI`
  /// as `こ`, `OS` as `へ`). The cells hold no mark there and no letter read surely (those stood
  /// upright, one a cell), and either read one character where every letter of the word was read
  /// surely (0.9 or more), or were less sure of what they read than the turned reading of the word.
  static func cellsLostShortWord(
    _ run: ArraySlice<DecodedCharacter>, cells: [DecodedCharacter], oneCellAtLeast: Double = 0.9
  ) -> Bool {
    guard (1...2).contains(cells.count),
      cells.allSatisfy({ !isMark($0.text) && !(isLatin($0.text) && $0.probability >= 0.9) })
    else { return false }
    if cells.count == 1 && run.allSatisfy({ Double($0.probability) >= oneCellAtLeast }) { return true }
    let runMean = run.reduce(0.0) { $0 + Double($1.probability) } / Double(run.count)
    let cellsMean = cells.reduce(0.0) { $0 + Double($1.probability) } / Double(cells.count)
    return runMean > cellsMean
  }

  /// `character` with its columns scaled by `scale`.
  static func moved(_ character: DecodedCharacter, scale: Double) -> DecodedCharacter {
    var moved = character
    moved.firstColumn = Int(saturating: (Double(character.firstColumn) * scale).rounded(.down))
    moved.lastColumn = max(
      moved.firstColumn, Int(saturating: (Double(character.lastColumn) * scale).rounded(.down)))
    return moved
  }

  /// Punctuation (`、。「」`), which the turned reading drops and the cells keep.
  static func isMark(_ text: String) -> Bool {
    text.count == 1 && text.allSatisfy(\.isPunctuation)
  }

  /// A hiragana or a kanji read surely: no slice of a sideways letter — but for the kanji of one
  /// to three strokes that a letter lying down looks like (`I` as `一`, `H` as `工`).
  static func isSureWord(_ character: DecodedCharacter) -> Bool {
    guard character.probability >= 0.9, character.text.unicodeScalars.count == 1,
      let scalar = character.text.unicodeScalars.first
    else { return false }
    if "一二三十工口".unicodeScalars.contains(scalar) { return false }
    return (0x3041...0x3096).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
  }
}

extension VerticalColumn {
  /// The stretches of a column's turned reading to read again alone: runs of characters that are
  /// Latin letters or digits, or read doubtfully (below 0.5), holding a letter or digit or two
  /// doubtful characters, and read less surely than 0.9 on the whole (or a gap where nothing was
  /// read). Turned, a small column's sideways
  /// word is read among kana lying on their sides, which the recognizer takes for context: it
  /// reads the word as kana, or drops letters (`JSON` as `こS`, `HTTP` as `ミコや`). Each stretch
  /// reaches, along the column (fractions of it, `em` of them an em), an em and a half beyond the
  /// run's first and last characters, but no nearer its neighbours' middles than half an em.
  ///
  /// With `loneDoubtfulCharacters`, a run of one character read doubtfully (below 0.5) is read
  /// alone too: a two-letter word lying sideways among kana on their sides is read turned as one
  /// doubtful kana (`AI` as `こ`).
  static func stretchesToReadAlone(
    _ turned: DecodedLine, em: Double, loneDoubtfulCharacters: Bool = false
  ) -> [(
    run: Range<Int>, from: Double, to: Double
  )] {
    let t = turned.characters
    guard turned.contentColumns > 0, em > 0 else { return [] }
    func isLetter(_ text: String) -> Bool { isLatin(text) && text != "-" && text != "." }
    var result: [(run: Range<Int>, from: Double, to: Double)] = []
    var index = 0
    while index < t.count {
      guard isLetter(t[index].text) || t[index].probability < 0.5 else {
        index += 1
        continue
      }
      var end = index
      while end < t.count && (isLatin(t[end].text) || t[end].probability < 0.5) { end += 1 }
      let run = index..<end
      index = end
      let letters = t[run].filter { isLetter($0.text) }.count
      let doubtful = t[run].filter { $0.probability < 0.5 }.count
      let mean = t[run].reduce(0.0) { $0 + Double($1.probability) } / Double(run.count)
      let lone = loneDoubtfulCharacters && run.count == 1 && doubtful == 1 && !isMark(t[run.lowerBound].text)
      guard letters >= 1 || doubtful >= 2 || lone, mean < 0.9 else { continue }
      let first = span(t[run.lowerBound], of: turned)
      let last = span(t[run.upperBound - 1], of: turned)
      var from = max(0, first.start - 1.5 * em)
      var to = min(1, last.end + 1.5 * em)
      if run.lowerBound > 0 {
        let before = span(t[run.lowerBound - 1], of: turned)
        from = max(from, min(first.start, (before.start + before.end) / 2 + 0.5 * em))
      }
      if run.upperBound < t.count {
        let after = span(t[run.upperBound], of: turned)
        to = min(to, max(last.end, (after.start + after.end) / 2 - 0.5 * em))
      }
      if to > from { result.append((run, from, to)) }
    }
    // Where the turned reading dropped a word whole, its neighbours lie more than three ems apart
    // with nothing read between them: that stretch is read alone too. (Two ems apart is one
    // character dropped, most often a mark: `。` read alone is `10`.)
    let inRuns = Set(result.flatMap { Array($0.run) })
    for index in t.indices.dropFirst() where !inRuns.contains(index - 1) && !inRuns.contains(index) {
      let before = span(t[index - 1], of: turned)
      let after = span(t[index], of: turned)
      let (from, to) = ((before.start + before.end) / 2 + 0.5 * em, (after.start + after.end) / 2 - 0.5 * em)
      guard to - from > 2 * em else { continue }
      let stretch = (run: index..<index, from: from, to: to)
      let at = result.firstIndex { $0.run.lowerBound >= index } ?? result.count
      result.insert(stretch, at: at)
    }
    return result
  }

  /// `turned` with the characters of `run` replaced by the Latin run of `alone` (the stretch from
  /// `from` to `to` along the column read alone) when `alone` holds exactly one run
  /// (``latinRuns(_:)``), none of its characters doubtful (below 0.5), no fewer than the letters
  /// `turned` read there (and a letter, where `run` is empty), and was surer of it than `turned`
  /// was of `run`. The run's columns are
  /// moved to where the stretch lies in `turned`; the characters of `run` other than Latin outside
  /// the word read alone (`Coordinatorに`, its `に` doubtful) stay.
  static func withRunReadAlone(
    _ turned: DecodedLine, run: Range<Int>, from: Double, to: Double, alone: DecodedLine
  ) -> DecodedLine {
    let runs = latinRuns(alone.characters, sureAtEnds: 0.5)
    guard runs.count == 1, let found = runs.first, alone.contentColumns > 0, turned.contentColumns > 0 else {
      return turned
    }
    let read = alone.characters[found]
    let mean = { (characters: ArraySlice<DecodedCharacter>) -> Double in
      characters.reduce(0.0) { $0 + Double($1.probability) } / Double(max(characters.count, 1))
    }
    let letters = turned.characters[run].filter { isLatin($0.text) }.count
    // One doubtful character of the turned reading (``stretchesToReadAlone(_:em:loneDoubtfulCharacters:)``).
    let loneDoubtful = run.count == 1 && letters == 0
    // In a gap the turned reading left, a mark it dropped reads alone as digits (`。` as `10`), and
    // a lone doubtful character is as often a kana: a word found for either holds a letter.
    let hasLetter = read.contains { $0.text.contains(where: \.isLetter) }
    guard read.allSatisfy({ $0.probability >= 0.5 }), read.count >= letters,
      (!run.isEmpty && !loneDoubtful) || hasLetter,
      mean(read) > mean(turned.characters[run])
    else { return turned }
    // A lone doubtful character is a short word or nothing: read alone as more than two characters,
    // or with a mark, the stretch took in a neighbouring word the turned reading had read, or the
    // character was a kana.
    if loneDoubtful {
      guard read.count <= 2, read.allSatisfy({ isLatinLetterOrDigit($0.text) }) else { return turned }
    }
    let moved = read.map { character -> DecodedCharacter in
      var moved = character
      func along(_ column: Int) -> Int {
        let fraction = from + (Double(column) + 0.5) / alone.contentColumns * (to - from)
        return Int(saturating: (fraction * turned.contentColumns).rounded(.down))
      }
      moved.firstColumn = along(character.firstColumn)
      moved.lastColumn = max(moved.firstColumn, along(character.lastColumn))
      return moved
    }
    // The characters of `run` the word covers (half a letter beyond its ends), and its letters.
    var replaced = run
    if let first = moved.first, let last = moved.last {
      let half = Double(last.lastColumn + 1 - first.firstColumn) / Double(moved.count) / 2
      let covered = run.filter { index in
        let character = turned.characters[index]
        let middle = Double(character.firstColumn + character.lastColumn + 1) / 2
        return isLatin(character.text)
          || (middle >= Double(first.firstColumn) - half && middle <= Double(last.lastColumn + 1) + half)
      }
      if let lower = covered.first, let upper = covered.last {
        replaced = lower..<(upper + 1)
      } else {
        let at =
          run.first { index in
            Double(turned.characters[index].firstColumn) > Double(last.lastColumn)
          } ?? run.upperBound
        replaced = at..<at
      }
    }
    var result = turned
    result.characters.replaceSubrange(replaced, with: moved)
    return result
  }
}

extension VerticalColumn {
  /// `reading` (a column's turned reading, or its cells with the turned runs spliced in) with each
  /// letter or digit inside a Latin run put back as the hiragana `cells` read surely
  /// (``isSureWord(_:)``) where it stands. A kana set beside a sideways word lies on its side with
  /// it, and read turned among the word's letters it reads as one (`Pythonのscript` as
  /// `PythonSscript`, `Swiftのasync` as `SwiftGasync`); the cells see it upright. Both readings'
  /// columns lie along the column; the letter is the run's nearest to the cell's middle, within half
  /// a letter of it, and a letter is put back once. Only a letter with three of the run's characters
  /// on either side: nearer a run's ends, the cells' sure kana is as often the neighbour of a word
  /// they lost their phase at, read twice (`はiPhone` as `ははPhone`, `Mockを` as `Mocをを`).
  ///
  /// With `doubtful`, a letter read less surely than `letterBelow` also gives way to a hiragana
  /// the cells read at least `kanaAtLeast` surely, within `reach` half-letters of it: among a
  /// sideways word's letters read surely, the one the turned reading doubts is most often the kana
  /// lying on its side (`JavaScriptのPromise` as `JavaScriptOPromise`, the `O` doubtful), where the
  /// cells, cut across the word's slices, read the kana less surely, and off their phase.
  static func withSureKana(
    of cells: DecodedLine, into reading: DecodedLine,
    doubtful: (letterBelow: Float, kanaAtLeast: Float, reach: Double)? = nil
  ) -> DecodedLine {
    guard cells.contentColumns > 0, reading.contentColumns > 0 else { return reading }
    let r = reading.characters
    func middle(_ character: DecodedCharacter, of line: DecodedLine) -> Double {
      let (start, end) = span(character, of: line)
      return (start + end) / 2
    }
    let least = min(doubtful?.kanaAtLeast ?? 0.9, 0.9)
    let kana = cells.characters.filter { character in
      character.probability >= least && character.text.unicodeScalars.count == 1
        && character.text.unicodeScalars.allSatisfy { (0x3041...0x3096).contains($0.value) }
    }
    guard !kana.isEmpty else { return reading }
    var result = reading
    for run in latinRuns(r, sureAtEnds: 0) where run.count >= 7 {
      let middles = run.map { middle(r[$0], of: reading) }
      guard let first = middles.first, let last = middles.last else { continue }
      let half = (last - first) / Double(run.count - 1) / 2
      var putBack = Set<Int>()
      for character in kana {
        let at = middle(character, of: cells)
        guard at >= first - half, at <= last + half,
          let nearest = middles.indices.min(by: { abs(middles[$0] - at) < abs(middles[$1] - at) }),
          abs(middles[nearest] - at) <= half * max(doubtful?.reach ?? 1, 1), !putBack.contains(nearest)
        else { continue }
        guard nearest >= 3, nearest < run.count - 3 else { continue }
        let index = run.lowerBound + nearest
        guard r[index].text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { continue }
        // A kana read doubtfully, or off by more than half a letter, only over a doubtful letter.
        let overDoubtful = doubtful.map { r[index].probability < $0.letterBelow } ?? false
        guard overDoubtful || (isSureWord(character) && abs(middles[nearest] - at) <= half) else { continue }
        putBack.insert(nearest)
        result.characters[index].text = character.text
        result.characters[index].probability = character.probability
      }
    }
    return result
  }
}

extension VerticalColumn {
  /// The letters of `reading`'s Latin runs to read again upright, alone in the cell they lie in
  /// (``withKanaReadUpright(_:at:upright:kanaAtLeast:)``): a letter or digit read less surely
  /// than `letterBelow`, with three of its run's characters on either side, where the run holds
  /// seven or more. Among a
  /// sideways word's letters read surely, the one the turned reading doubts is most often a kana
  /// set between two words, lying on its side with them (`JavaScriptのPromise` as
  /// `JavaScriptOPromise`); nearer a run's ends the doubtful letter is as often the word's own.
  /// Each is given with where its middle lies along the column, as a fraction of it.
  ///
  /// With `atFootAndBetweenSpacedWords`, two more places of such a kana are read too. A run may
  /// hold spaces between its letters (spaces not counted among its characters): the recognizer
  /// sets a space either side of the kana between two words, where the upright kana leaves a gap
  /// the letters lying down do not (`PostgreSQL S VACUUM`). And the reading's last character, a
  /// doubtful letter after three of its run's characters: a line broken after the kana that
  /// follows a word ends the column with it (`JavaScriptの|Promise` read `JavaScriptS`), where
  /// nothing follows to tell it from the word.
  static func doubtfulLettersToReadUpright(
    _ reading: DecodedLine, letterBelow: Float, atFootAndBetweenSpacedWords: Bool = false
  ) -> [(index: Int, middle: Double)] {
    let r = reading.characters
    func isWordLetter(_ index: Int) -> Bool {
      r[index].probability < letterBelow
        && r[index].text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    }
    func place(_ index: Int) -> (index: Int, middle: Double) {
      let (start, end) = span(r[index], of: reading)
      return (index, (start + end) / 2)
    }
    var letters: [(index: Int, middle: Double)] = []
    for run in latinRuns(r, sureAtEnds: 0) where run.count >= 7 {
      for index in (run.lowerBound + 3)..<(run.upperBound - 3) where isWordLetter(index) {
        letters.append(place(index))
      }
    }
    guard atFootAndBetweenSpacedWords else { return letters }
    let found = Set(letters.map(\.index))
    for run in latinRunsAcrossSpaces(r) {
      // The run's characters other than spaces, in order.
      let characters = run.filter { !r[$0].text.allSatisfy(\.isWhitespace) }
      let spaced = characters.count < run.count
      for (position, index) in characters.enumerated() where !found.contains(index) && isWordLetter(index) {
        let inside = spaced && characters.count >= 7 && position >= 3 && position < characters.count - 3
        let atFoot = index == r.count - 1 && position >= 3
        if inside || atFoot { letters.append(place(index)) }
      }
    }
    return letters.sorted { $0.index < $1.index }
  }

  /// The runs of `characters` that are Latin letters, digits and the marks inside words
  /// (``isLatin(_:)``) with spaces between them, from a letter or digit to a letter or digit.
  static func latinRunsAcrossSpaces(_ characters: [DecodedCharacter]) -> [Range<Int>] {
    func isLetter(_ index: Int) -> Bool {
      let text = characters[index].text
      return isLatin(text) && text.contains { $0.isLetter || $0.isNumber }
    }
    var runs: [Range<Int>] = []
    var index = 0
    while index < characters.count {
      guard isLetter(index) else {
        index += 1
        continue
      }
      var last = index
      var next = index + 1
      while next < characters.count,
        isLatin(characters[next].text) || characters[next].text.allSatisfy(\.isWhitespace)
      {
        if isLetter(next) { last = next }
        next += 1
      }
      runs.append(index..<(last + 1))
      index = last + 1
    }
    return runs
  }

  /// `reading` with the letter at `index` read as the hiragana that `upright` (the cell it lies in,
  /// read upright alone) holds, where that reading is one character, a hiragana read at least
  /// `kanaAtLeast` surely; otherwise `reading` as it is. Upright, alone, the kana is read whole
  /// with no word's letters beside it for context.
  static func withKanaReadUpright(
    _ reading: DecodedLine, at index: Int, upright: DecodedLine, kanaAtLeast: Float
  ) -> DecodedLine {
    guard reading.characters.indices.contains(index), upright.characters.count == 1,
      let kana = upright.characters.first, kana.probability >= kanaAtLeast,
      kana.text.unicodeScalars.count == 1,
      kana.text.unicodeScalars.allSatisfy({ (0x3041...0x3096).contains($0.value) })
    else { return reading }
    var result = reading
    result.characters[index].text = kana.text
    result.characters[index].probability = kana.probability
    return result
  }
}

extension VerticalColumn {
  /// The stretches of the column beside `reading`'s Latin runs that no character of the reading
  /// stands in, an em or more long, where a kana beside a sideways word was lost by both readings
  /// (`JavaScriptのPromiseで、` read `JavaScriptのPromise、`): turned, the kana lies on its side
  /// after the word and is read as nothing, and the cells lost their phase at the word. Each is
  /// given as where a character would go in (the index it takes) and the em of the column next to
  /// the run (`from` to `from + em`, fractions along the column). A run is four or more characters
  /// read surely at its ends; the stretch reaches to the next character's cell (a mark's, which
  /// sits in the top of its cell, reaches less far) or to the column's ink at either end
  /// (`inkFrom`, `inkTo`); `em` is an em as a fraction of the column.
  static func stretchesBesideLatinRuns(
    _ reading: DecodedLine, inkFrom: Double, inkTo: Double, em: Double
  ) -> [(insertAt: Int, from: Double)] {
    let r = reading.characters
    func middle(_ index: Int) -> Double {
      let (start, end) = span(r[index], of: reading)
      return (start + end) / 2
    }
    var stretches: [(insertAt: Int, from: Double)] = []
    for run in latinRuns(r, sureAtEnds: 0.8) where run.count >= 4 {
      let first = middle(run.lowerBound)
      let last = middle(run.upperBound - 1)
      let half = (last - first) / Double(run.count - 1) / 2
      guard half > 0 else { continue }
      let before = run.lowerBound > 0 ? middle(run.lowerBound - 1) + em / 2 : inkFrom
      if first - half - before >= em { stretches.append((run.lowerBound, first - half - em)) }
      let after: Double
      if run.upperBound < r.count {
        let mark = ["、", "。", "，", "．"].contains(r[run.upperBound].text)
        after = middle(run.upperBound) - (mark ? em / 4 : em / 2)
      } else {
        after = inkTo
      }
      if after - (last + half) >= em { stretches.append((run.upperBound, last + half)) }
    }
    return stretches
  }

  /// `reading` with the hiragana `upright` holds (one character read at least `kanaAtLeast`
  /// surely, the em at `from` read upright alone) put in at `insertAt`, unless the character on
  /// that side of the stretch is the same kana (the reading placed it off its cell).
  static func withKanaPutIn(
    _ reading: DecodedLine, at insertAt: Int, from: Double, em: Double, upright: DecodedLine,
    kanaAtLeast: Float
  ) -> DecodedLine {
    guard insertAt >= 0, insertAt <= reading.characters.count, upright.characters.count == 1,
      let kana = upright.characters.first, kana.probability >= kanaAtLeast,
      kana.text.unicodeScalars.count == 1,
      kana.text.unicodeScalars.allSatisfy({ (0x3041...0x3096).contains($0.value) })
    else { return reading }
    let neighbours = [insertAt - 1, insertAt].filter { reading.characters.indices.contains($0) }
    guard !neighbours.contains(where: { reading.characters[$0].text == kana.text }) else { return reading }
    let column = max(0, Int(saturating: ((from + em / 2) * reading.contentColumns).rounded(.down)))
    var result = reading
    result.characters.insert(
      DecodedCharacter(
        text: kana.text, firstColumn: column, lastColumn: column, probability: kana.probability),
      at: insertAt)
    return result
  }
}
