import Foundation

/// Characters a column of vertical Japanese does not hold, read where one it does hold stands.
///
/// Each letter read in cells sits alone in a square of one em, with room above and beside it that
/// a word set across does not leave, and the recognizer fills it: an accent over a letter
/// (`Packagē`), a times sign for an `x` (`Linu×`), a zero between capitals (`JS0N`). Read turned,
/// a `。` set in the top right of its cell comes out as a degree sign, and a `、` beside a kana as
/// an apostrophe or a comma.
extension VerticalColumn {
  /// `line` (a column read in cells) with a Latin letter under an accent read as the bare letter,
  /// `×` beside a letter as `x`, `0` between two capitals as `O`, a word's only digit `0` before a
  /// capital and after no digit as `O`, `l` in a word of two letters beside a capital as `I`, and
  /// `エ` or `工` before two capitals, not after a katakana, as `H`.
  static func bareLetters(_ line: DecodedLine) -> DecodedLine {
    var result = line
    let texts = line.characters.map(\.text)
    func letter(_ index: Int, where test: (Unicode.Scalar) -> Bool) -> Bool {
      guard texts.indices.contains(index), texts[index].unicodeScalars.count == 1,
        let scalar = texts[index].unicodeScalars.first
      else { return false }
      return test(scalar)
    }
    func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
      (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
    func isCapital(_ scalar: Unicode.Scalar) -> Bool { (0x41...0x5A).contains(scalar.value) }
    func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }
    /// The indices of the run of ASCII letters and digits `index` is in.
    func word(around index: Int) -> ClosedRange<Int> {
      let inWord = { (at: Int) in letter(at, where: { isASCIILetter($0) || isDigit($0) }) }
      var (lower, upper) = (index, index)
      while inWord(lower - 1) { lower -= 1 }
      while inWord(upper + 1) { upper += 1 }
      return lower...upper
    }
    for index in texts.indices {
      let text = texts[index]
      if let bare = bareLetter(text) {
        result.characters[index].text = bare
      } else if text == "×",
        letter(index - 1, where: isASCIILetter) || letter(index + 1, where: isASCIILetter)
      {
        result.characters[index].text = "x"
      } else if text == "0", letter(index - 1, where: isCapital), letter(index + 1, where: isCapital) {
        result.characters[index].text = "O"
      } else if text == "0", letter(index + 1, where: isCapital), !letter(index - 1, where: isDigit),
        word(around: index).filter({ letter($0, where: isDigit) }).count == 1
      {
        // A word's `O` before a capital, at its head or after a small letter (`OS`, `macOS`), is
        // read as `0` as surely: a zero leads no word of letters, and a number of one digit is
        // no part of a word with a capital after it.
        result.characters[index].text = "O"
      } else if text == "l", word(around: index).count == 2,
        word(around: index).allSatisfy({ $0 == index || letter($0, where: isCapital) })
      {
        // A word of two capitals (`AI`, `IT`) has no small `l`: read turned, `I` lying down is a
        // bare stroke, and the recognizer takes it for the small letter.
        result.characters[index].text = "I"
      } else if text == "エ" || text == "工", !isKatakana(index > 0 ? texts[index - 1] : ""),
        letter(index + 1, where: isCapital), letter(index + 2, where: isCapital)
      {
        // `H` set sideways is `エ` lying down, and at the head of a word of capitals the turned
        // reading reads it so as surely as the cells do (`エTTP`); a katakana word ends in `エ`
        // before a Latin word only after another katakana.
        result.characters[index].text = "H"
      }
    }
    return result
  }

  /// The ASCII letter `text` is under one or more accents (`ē`, `ř`), or nil.
  static func bareLetter(_ text: String) -> String? {
    let scalars = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
    guard scalars.count >= 2, let first = scalars.first,
      (0x41...0x5A).contains(first.value) || (0x61...0x7A).contains(first.value),
      scalars.dropFirst().allSatisfy({ (0x300...0x36F).contains($0.value) })
    else { return nil }
    return String(first)
  }

  /// `line` (a column's reading, either way) with a degree sign not after a digit read as `。`, and
  /// an apostrophe or a comma after a kana or a kanji as `、`; with `pointsAsCommas`, a full stop
  /// there too (a `、` faint or blurred to a dot: Japanese never sets `.` after a kana or kanji).
  static func verticalMarks(_ line: DecodedLine, pointsAsCommas: Bool = false) -> DecodedLine {
    var result = line
    let commaLookalikes = ["'", ",", "’"] + (pointsAsCommas ? ["."] : [])
    for index in line.characters.indices {
      let before = index > 0 ? line.characters[index - 1].text : ""
      let text = line.characters[index].text
      if text == "°", !(before.last?.isNumber ?? false) {
        result.characters[index].text = "。"
      } else if commaLookalikes.contains(text), isKana(before) || isKanji(before) {
        result.characters[index].text = "、"
      }
    }
    return result
  }

  /// `line` (a column's reading, either way) with a bar (`ー`, `|`) that ends a word of two
  /// ASCII letters or more, the last a small letter, read as `l`: a thin `l` upright in its cell,
  /// or lying on its side, is a bare stroke the recognizer takes for the long vowel mark
  /// (`Pixel` as `Pixeー`), and Japanese writes `ー` after a katakana, never after a Latin letter.
  /// A bar with a letter or digit after it is left (a hyphen, `e-mail`); so is one after a capital
  /// (``lettersFromLookalikes(_:)`` reads it as `I` where it may), and the kanji one, which
  /// counts after a word (`iPad一台`).
  static func barsEndingWordsAsL(_ line: DecodedLine) -> DecodedLine {
    var result = line
    let texts = line.characters.map(\.text)
    func isASCIILetter(_ index: Int) -> Bool { texts.indices.contains(index) && isLatinLetter(texts[index]) }
    func isWordCharacter(_ index: Int) -> Bool {
      texts.indices.contains(index) && isLatinLetterOrDigit(texts[index])
    }
    for index in texts.indices where ["ー", "|", "｜"].contains(texts[index]) {
      guard isASCIILetter(index - 1), isASCIILetter(index - 2), texts[index - 1].allSatisfy(\.isLowercase),
        !isWordCharacter(index + 1)
      else { continue }
      result.characters[index].text = "l"
    }
    return result
  }

  /// `line` (a column's reading, either way) beginning with `」` before a Latin letter, with that
  /// `」` read as `J`: no column begins with a closing bracket (kinsoku), and an upright `J` is the
  /// bracket's shape, its hook at the foot.
  static func letterJAtHead(_ line: DecodedLine) -> DecodedLine {
    guard line.characters.count >= 2, ["」", "﹂"].contains(line.characters[0].text),
      let next = line.characters[1].text.unicodeScalars.first,
      next.isASCII && next.properties.isAlphabetic
    else { return line }
    var result = line
    result.characters[0].text = "J"
    return result
  }

  /// `line` (a column's reading, either way) with each `?` and `!` beside Japanese read as the
  /// full-width mark: Japanese sets `？！` full-width, and in a column they stand in a cell of their
  /// own, whose width the recognizer does not see; read turned, the mark lies on its side among
  /// characters on theirs. The mark after a kana, a kanji or a Japanese mark (`。」`), or before
  /// one where no ASCII letter, digit or mark is before it, is Japanese; one inside a Latin word or
  /// an address (`a?b=1`), or after a Latin word with no Japanese after it, stays ASCII.
  static func fullWidthMarks(_ line: DecodedLine) -> DecodedLine {
    var result = line
    let texts = line.characters.map(\.text)
    /// The nearest character's text from `index` in `step`'s direction past spaces, or nil.
    func neighbour(_ index: Int, _ step: Int) -> String? {
      var other = index + step
      while texts.indices.contains(other), texts[other].allSatisfy(\.isWhitespace) { other += step }
      return texts.indices.contains(other) ? texts[other] : nil
    }
    for index in texts.indices {
      let full: String
      switch texts[index] {
      case "?": full = "？"
      case "!": full = "！"
      default: continue
      }
      let before = neighbour(index, -1)
      let after = neighbour(index, 1)
      let japaneseBefore = before.map(isJapanese) ?? false
      let japaneseAfter = after.map(isJapanese) ?? false
      let asciiBefore = before.map { $0.unicodeScalars.allSatisfy(\.isASCII) } ?? false
      if japaneseBefore || (japaneseAfter && !asciiBefore) {
        result.characters[index].text = full
      }
    }
    return result
  }

  /// Whether a character is Japanese: a kana, a kanji, or a mark of the CJK symbols (`、。「」`)
  /// or of the full-width forms (`？！（）：`).
  static func isJapanese(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE10...0xFE4F: true
      case 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: true
      default: false
      }
    }
  }

  /// Whether a character is a katakana or the long vowel mark `ー`.
  static func isKatakana(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { (0x30A1...0x30FC).contains($0.value) }
  }

  /// Whether a character is a kanji (the CJK unified ideographs).
  static func isKanji(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) }
  }

  /// Letters whose capital is their small letter made larger (`c o s u v w x z`): read alone in a
  /// cell, where each is set in the middle of its own em, the recognizer cannot tell them apart.
  static let caseByHeight = Set("cosuvwxzCOSUVWXZ")
  /// Letters whose ink reaches a capital's height (capitals, and small letters with an ascender)
  /// that are not in ``caseByHeight``: the height a capital stands in the word.
  static let fullHeight = Set("ABDEFGHIJKLMNPQRTYbdfhklt")

  /// `cells` (read in `line`, the columns still the line's) with each letter of ``caseByHeight``
  /// in a run of Latin letters read as a small letter where its ink stands at most 0.78 of the
  /// run's tallest ``fullHeight`` letter, and as a capital at 0.9 or more (`M OCK` for `Mock`,
  /// `swift` for `Swift`). A run with no such letter is left as read.
  static func casedByHeight(_ cells: DecodedLine, line: VerticalColumn.Line) -> DecodedLine {
    var result = cells
    let heights = cells.characters.map { character -> Double? in
      guard let cell = line.cell(of: character, content: cells.contentColumns),
        line.inkHeights.indices.contains(cell)
      else { return nil }
      return line.inkHeights[cell]
    }
    let letters = cells.characters.indices.filter { index in
      let text = cells.characters[index].text
      return text.count == 1 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
    // Runs of letters, past the spaces the recognizer puts beside a letter alone.
    var runs: [[Int]] = []
    for index in letters {
      let between = (runs.last?.last).map { cells.characters[($0 + 1)..<index] } ?? []
      if let last = runs.last?.last, between.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }),
        last < index
      {
        runs[runs.count - 1].append(index)
      } else {
        runs.append([index])
      }
    }
    for run in runs {
      let tall = run.compactMap { index -> Double? in
        guard let character = cells.characters[index].text.first, fullHeight.contains(character) else {
          return nil
        }
        return heights[index]
      }
      guard let reference = tall.max(), reference > 0 else { continue }
      for index in run {
        guard let character = cells.characters[index].text.first, caseByHeight.contains(character),
          let height = heights[index]
        else { continue }
        if height <= 0.78 * reference {
          result.characters[index].text = character.lowercased()
        } else if height >= 0.9 * reference {
          result.characters[index].text = character.uppercased()
        }
      }
    }
    return result
  }
}

extension VerticalColumn {
  /// `turned` (a column's turned reading) with a ring (`〇`, `○`) beside an ASCII letter read as
  /// `O`, and a bar (`ー`, `一`, `|`) right after a capital that begins a word, with no letter or
  /// digit after it, read as `I`. Read turned, a sideways `O` is a ring the recognizer takes for the
  /// kanji zero (`OS` as `〇S`), and an `I` lying down a bare stroke it takes for the long vowel
  /// mark (`AI` as `Aー`); as kana or marks they are no letters of the word, which then is one
  /// letter, no run that goes into the cells. A Japanese text writes neither beside a Latin letter:
  /// `〇` stands among kanji numerals, `ー` after a katakana.
  static func lettersFromLookalikes(_ turned: DecodedLine) -> DecodedLine {
    var result = turned
    let texts = turned.characters.map(\.text)
    func isASCIILetter(_ index: Int) -> Bool { texts.indices.contains(index) && isLatinLetter(texts[index]) }
    func isCapital(_ index: Int) -> Bool {
      isASCIILetter(index) && texts[index].allSatisfy(\.isUppercase)
    }
    func isWordCharacter(_ index: Int) -> Bool {
      texts.indices.contains(index) && isLatin(texts[index]) && texts[index] != "-" && texts[index] != "."
    }
    for index in texts.indices {
      let text = texts[index]
      if text == "〇" || text == "○", isASCIILetter(index - 1) || isASCIILetter(index + 1) {
        result.characters[index].text = "O"
      } else if ["ー", "一", "|"].contains(text), isCapital(index - 1), !isWordCharacter(index - 2),
        !isWordCharacter(index + 1)
      {
        result.characters[index].text = "I"
      }
    }
    return result
  }
}

extension VerticalColumn {
  /// Small letters without an ascender or a descender (`a e m n r`) that are not in
  /// ``caseByHeight``: the height a small letter stands in the word.
  static let smallHeight = Set("aemnr")
  /// A capital's height in ems, the least, set sideways in a column (Japanese fonts' capitals
  /// stand about three quarters of an em, their small letters about half of one).
  static let sidewaysCapitalHeight = 0.63
  /// A small letter's height in ems, the most, set sideways in a column.
  static let sidewaysSmallHeight = 0.59
  /// The distance in ems between the middles of a sideways word's letters, on average, below
  /// which they lie sideways: upright, a letter a cell, they stand an em apart.
  static let sidewaysPitch = 0.85

  /// `turned` (a column's turned reading, its columns along the column `line` was cut from) with
  /// each letter of ``caseByHeight`` in a run of two ASCII letters or digits or more read in the
  /// case the height of its ink says. Lying sideways, a letter's height lies across the column; the
  /// recognizer sees the word turned among kana on their sides, with nothing of the line's size to
  /// go by, and reads `OS` as `os` and `arXiv` as `arxiv`. The word's letters are the pieces of
  /// ink in its stretch of the column (``lettersInInk(_:from:to:em:)``), one a character of the
  /// run, closer together than ``sidewaysPitch``, its small letters below its letters of full
  /// height, or the run is left as read. A letter is a capital where it stands at least 0.9 of
  /// the run's tallest ``fullHeight`` letter and small at most 0.78 of it; in a run without one, a
  /// capital at 1.2 of its tallest ``smallHeight`` letter or more and small at 1.1 or less; in a
  /// run of neither, a capital at ``sidewaysCapitalHeight`` of an em or more, small at
  /// ``sidewaysSmallHeight`` or less. Between the bounds it stays as read. With `fromBaseline`, a
  /// letter that may descend is measured from the word's baseline, not across its whole extent
  /// (``heightsAboveBaseline(of:em:run:)``).
  static func casedAcross(_ turned: DecodedLine, line: Line, fromBaseline: Bool = false) -> DecodedLine {
    guard let picture = line.picture, line.em > 0, line.ink.count == picture.pixels.count else {
      return turned
    }
    let characters = turned.characters
    let texts = characters.map(\.text)
    func isLetterOrDigit(_ index: Int) -> Bool {
      texts[index].count == 1 && texts[index].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    var runs: [Range<Int>] = []
    var start: Int?
    for index in 0...texts.count {
      if index < texts.count && isLetterOrDigit(index) {
        if start == nil { start = index }
      } else if let first = start {
        if index - first >= 2
          && (first..<index).contains(where: { texts[$0].first.map(caseByHeight.contains) ?? false })
        {
          runs.append(first..<index)
        }
        start = nil
      }
    }
    guard !runs.isEmpty else { return turned }
    let (width, height, em) = (picture.width, Double(picture.height), line.em)
    let (left, right) = (line.axis - 0.6 * em, line.axis + 0.6 * em)
    let pieces = components(line.ink, width: width, height: picture.height).filter {
      Double($0.maxX) > left && Double($0.minX) < right
    }
    func middle(_ index: Int) -> Double {
      let span = VerticalColumn.span(characters[index], of: turned)
      return (span.start + span.end) / 2 * height
    }
    var result = turned
    for run in runs {
      // The word's stretch along the column: a third of an em beyond its first and last letters'
      // columns, but no nearer its neighbours' middles.
      var top = VerticalColumn.span(characters[run.lowerBound], of: turned).start * height - em / 3
      var bottom = VerticalColumn.span(characters[run.upperBound - 1], of: turned).end * height + em / 3
      if run.lowerBound > 0 { top = max(top, middle(run.lowerBound - 1)) }
      if run.upperBound < characters.count { bottom = min(bottom, middle(run.upperBound)) }
      let letters = lettersInInk(pieces, from: top, to: bottom, em: em)
      guard letters.count == run.count else { continue }
      // Letters set upright stand one a cell, an em apart, their width across the column: only a
      // word lying sideways, its letters closer than that, shows their height there.
      let middles = letters.map { Double($0.rows.lowerBound + $0.rows.upperBound) / 2 }
      guard let first = middles.first, let last = middles.last,
        (last - first) / Double(letters.count - 1) < sidewaysPitch * em
      else { continue }
      let heights =
        fromBaseline
        ? heightsAboveBaseline(of: letters, em: em, run: run.map { texts[$0].first ?? " " })
        : letters.map { Double($0.maxX - $0.minX) / em }
      func heightsOf(_ set: Set<Character>) -> [Double] {
        zip(run, heights).compactMap { index, height in
          texts[index].first.flatMap { set.contains($0) ? height : nil }
        }
      }
      func tallest(of set: Set<Character>) -> Double? { heightsOf(set).max() }
      // A small letter as high as a letter of full height: the pieces are not the letters read
      // (a piece more or fewer puts every one after it a letter off).
      if let small = tallest(of: smallHeight), let full = heightsOf(fullHeight).min(), small >= full {
        continue
      }
      let bounds: (small: Double, capital: Double)
      if let tall = tallest(of: fullHeight) {
        bounds = (0.78 * tall, 0.9 * tall)
      } else if let small = tallest(of: smallHeight) {
        bounds = (1.1 * small, 1.2 * small)
      } else {
        bounds = (sidewaysSmallHeight, sidewaysCapitalHeight)
      }
      for (index, height) in zip(run, heights) {
        guard let character = texts[index].first, caseByHeight.contains(character) else { continue }
        if height <= bounds.small {
          result.characters[index].text = character.lowercased()
        } else if height >= bounds.capital {
          result.characters[index].text = character.uppercased()
        }
      }
    }
    return result
  }

  /// The letters of a sideways word in `pieces` of a column's ink: those whose middle lies between
  /// rows `top` and `bottom`, joined where their rows overlap (a letter's dot and its stem, a
  /// stroke the scan broke), top to bottom, each with its rows and its left and right edges across
  /// the column in pixels, those less than 0.3 of `em` across left out. Empty where one is longer along the column than
  /// a letter is (0.9 of `em`): letters that touch, or a kana among them.
  static func lettersInInk(_ pieces: [Piece], from top: Double, to bottom: Double, em: Double) -> [(
    rows: Range<Int>, minX: Int, maxX: Int
  )] {
    let inside = pieces.filter {
      let middle = Double($0.minY + $0.maxY) / 2
      return middle >= top && middle < bottom
    }
    .sorted { $0.minY < $1.minY }
    var letters: [(rows: Range<Int>, minX: Int, maxX: Int)] = []
    for piece in inside {
      if let last = letters.last, piece.minY < last.rows.upperBound {
        letters[letters.count - 1] = (
          last.rows.lowerBound..<max(last.rows.upperBound, piece.maxY), min(last.minX, piece.minX),
          max(last.maxX, piece.maxX)
        )
      } else {
        letters.append((piece.minY..<piece.maxY, piece.minX, piece.maxX))
      }
    }
    guard letters.allSatisfy({ Double($0.rows.count) <= 0.9 * em }) else { return [] }
    // A speck beside the word stands less than a small letter's height across it: no letter.
    return letters.filter { Double($0.maxX - $0.minX) >= 0.3 * em }
  }

  /// Letters whose ink reaches below the baseline in some faces (`Q`'s tail, `J` in a serif face).
  static let descending = Set("gjpqyJQ")

  /// The heights in ems of a sideways word's `letters` (``lettersInInk(_:from:to:em:)``, read as
  /// the characters of `run`): each letter's whole extent across the column, but a letter of
  /// ``descending``'s, measured from the word's baseline to the top of its ink. Set sideways in a
  /// vertical column (`text-orientation: mixed`, turned a quarter clockwise), a letter's top lies
  /// toward the column's right and its baseline toward its left, so the baseline is the median of
  /// the left edges of the letters not in ``descending``. Measured whole, `Q`'s tail made it the
  /// word's tallest letter and set the capital bar above its other capitals (`SQL` read `sQL`).
  /// The other letters keep their whole extents: the median edge of a pale or broken word is no
  /// surer than each letter's own. Without a letter to find the baseline by, all are whole.
  static func heightsAboveBaseline(
    of letters: [(rows: Range<Int>, minX: Int, maxX: Int)], em: Double, run: [Character]
  ) -> [Double] {
    let lefts = zip(letters, run).compactMap { letter, character in
      descending.contains(character) ? nil : letter.minX
    }
    .sorted()
    let baseline = lefts.isEmpty ? nil : lefts[(lefts.count - 1) / 2]
    return zip(letters, run).map { letter, character in
      guard let baseline, descending.contains(character) else {
        return Double(letter.maxX - letter.minX) / em
      }
      return Double(max(0, letter.maxX - baseline)) / em
    }
  }
}
