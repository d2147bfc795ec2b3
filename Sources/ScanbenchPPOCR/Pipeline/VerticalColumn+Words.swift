/// The case of Latin letters set upright, one under another, from the word they make set across.
///
/// Read in cells, each upright letter stands alone in its em, where the recognizer has no word to
/// read it in: it reads a word's letters in one case (`iPhone` as `IPHONE`, `Swift` as `SWIft`),
/// and a letter whose capital is its small letter made larger (`w`, `W`) it cannot tell apart.
/// Set across, side by side as a horizontal word sets them, the same letters keep their heights
/// and where they stand on the line (each is cut from its cell, whose rows keep the column's
/// baseline), and the recognizer reads them as the word it was trained on.
extension VerticalColumn {
  /// The runs of ASCII letters in `cells` (read in `line`, the columns still the line's), two
  /// letters or more, each in a cell of its own, the cells one after another: per run, the indices
  /// of its characters and of their cells. Spaces the recognizer puts beside a letter alone are
  /// passed over. With `thinStrokes`, a `1` is in the word as a bar is: a thin upright letter
  /// (`i l I`) read with its bar standing reads as the digit as often as as itself.
  static func uprightWords(_ cells: DecodedLine, line: Line, thinStrokes: Bool = false) -> [(
    characters: [Int], cells: [Int]
  )] {
    func isStroke(_ text: String) -> Bool { isBar(text) || (thinStrokes && text == "1") }
    var runs: [(characters: [Int], cells: [Int])] = []
    var open = false
    for index in cells.characters.indices {
      let text = cells.characters[index].text
      if text.allSatisfy(\.isWhitespace) && !text.isEmpty { continue }
      // A thin letter the grid set as a bar (`ーPhone`, `UIK-t`) is in the word, which tells it.
      let letter = text.count == 1 && text.allSatisfy { $0.isASCII && $0.isLetter } || isStroke(text)
      guard letter, let cell = line.cell(of: cells.characters[index], content: cells.contentColumns) else {
        open = false
        continue
      }
      if open, let last = runs.last?.cells.last, cell == last + 1 {
        runs[runs.count - 1].characters.append(index)
        runs[runs.count - 1].cells.append(cell)
      } else {
        runs.append(([index], [cell]))
        open = true
      }
    }
    // A run is letters with bars among them, not bars alone.
    return runs.filter { run in
      run.characters.count >= 2 && run.characters.contains { !isStroke(cells.characters[$0].text) }
    }
  }

  /// The letters standing in `rows` of `line`'s column (a letter's rows each, one after
  /// another) set across: each one's ink, its rows whole, side by side a tenth of an em apart; nil
  /// where the line keeps no picture, or rows hold no ink.
  static func wordAcross(rows: [Range<Int>], of line: Line) -> Grey? {
    guard let picture = line.picture, !rows.isEmpty, line.ink.count == picture.pixels.count else {
      return nil
    }
    // Rows spaced along a fitted line can run past either end of the column: clipped to it, such a
    // letter's rows are empty, and the word is not set.
    let clipped = rows.map { rows in
      let top = min(picture.height, max(0, rows.lowerBound))
      return top..<max(top, min(picture.height, rows.upperBound))
    }
    var glyphs: [Glyph] = []
    for range in clipped {
      guard !range.isEmpty,
        let glyph = glyph(in: (range.lowerBound, range.upperBound), ink: line.ink, width: picture.width)
      else { return nil }
      glyphs.append(glyph)
    }
    let gap = max(1, Int(saturating: (0.1 * line.pitch).rounded()))
    let height = clipped.map(\.count).max() ?? 0
    let width = glyphs.reduce(0) { $0 + $1.width } + gap * (glyphs.count + 1)
    guard height > 0, width > 0 else { return nil }
    let paper = median(of: histogram(picture)) ?? 255
    var word = Grey(width: width, height: height, value: UInt8(paper))
    var x0 = gap
    for (range, glyph) in zip(clipped, glyphs) {
      for (y, row) in range.enumerated() {
        for x in 0..<glyph.width { word[x0 + x, y] = picture[glyph.minX + x, row] }
      }
      x0 += glyph.width + gap
    }
    return word
  }

  /// The rows of the letters of `run` in `turned` (the column read turned, its columns along the
  /// column of `line`), one box a letter: upright letters are set one under another on a pitch of
  /// their own (the font's height, not the em the kana keep), so the boxes are evenly spaced along
  /// the least-squares line through the letters' places, then moved, a row at a time within half a
  /// letter, to where their boundaries cross the least ink. Nil for a run of fewer than two letters,
  /// or letters closer than 0.8 of the column's pitch (a word lying sideways, its letters narrower
  /// than an em: boxes cut from it are slices of letters).
  static func letterRows(of run: Range<Int>, in turned: DecodedLine, line: Line) -> [Range<Int>]? {
    guard turned.contentColumns > 0, run.count >= 2, let picture = line.picture,
      line.ink.count == picture.pixels.count
    else { return nil }
    let centres = run.map { index -> Double in
      let along = span(turned.characters[index], of: turned)
      return (along.start + along.end) / 2 * Double(picture.height)
    }
    let n = Double(centres.count)
    let meanK = (n - 1) / 2
    let meanC = centres.reduce(0, +) / n
    var (sxy, sxx) = (0.0, 0.0)
    for (k, c) in centres.enumerated() {
      sxy += (Double(k) - meanK) * (c - meanC)
      sxx += (Double(k) - meanK) * (Double(k) - meanK)
    }
    let pitch = sxy / sxx
    guard pitch >= 0.8 * line.pitch, pitch <= 2 * line.pitch else { return nil }
    let first = meanC - meanK * pitch - pitch / 2
    let width = picture.width
    func inkInRow(_ y: Int) -> Int {
      guard y >= 0, y < picture.height else { return 0 }
      return (0..<width).count { line.ink[y * width + $0] }
    }
    var best: (cost: Int, shift: Int)?
    let reach = Int(saturating: (pitch / 2).rounded(.down))
    for shift in -reach...reach {
      let cost = (0...centres.count).reduce(0) { sum, k in
        sum + inkInRow(Int(saturating: (first + Double(k) * pitch).rounded()) + shift)
      }
      if best.map({ cost < $0.cost || (cost == $0.cost && abs(shift) < abs($0.shift)) }) ?? true {
        best = (cost, shift)
      }
    }
    guard let shift = best?.shift else { return nil }
    return (0..<centres.count).map { k in
      let top = Int(saturating: (first + Double(k) * pitch).rounded()) + shift
      let bottom = Int(saturating: (first + Double(k + 1) * pitch).rounded()) + shift
      return top..<bottom
    }
  }

  /// The letters `across` (the letters of `cells` at `indices`, read set across) reads, in its
  /// case and as surely as it reads each, where it reads, spaces left out, the same letters but for their case, and none of them
  /// doubtfully (below 0.5); nil otherwise. With `otherLettersSurerThan`, a word of three letters
  /// or more may also read one letter in three as another letter, read across at least that surely
  /// and more surely than in its cell: alone in its cell a letter loses what tells it from its
  /// lookalike (`Q` its tail to `O`, `i` its dot to `l`), which the word beside it gives back.
  /// With `thinLettersSurerThan`, a bar or a `1` in the word may also read as `l`, `I` or `i`
  /// read across at least that surely, but for a bar that begins the word after a katakana or
  /// `ー` (a long vowel mark): alone in its cell a thin upright letter is a bare stroke, which
  /// only the letters beside it tell (`cronがーog` for `cronがlog`, `-nte-` for `Intel`).
  static func letters(
    readAcross across: DecodedLine, matching cells: DecodedLine, at indices: [Int],
    otherLettersSurerThan surer: Double? = nil, thinLettersSurerThan thin: Double? = nil
  ) -> [DecodedCharacter]? {
    let letters = across.characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
    guard letters.count == indices.count, letters.allSatisfy({ $0.probability >= 0.5 }) else { return nil }
    var others = 0
    for (position, (letter, index)) in zip(letters, indices).enumerated() {
      let read = cells.characters[index]
      if let thin, isBar(read.text) || read.text == "1", ["l", "I", "i"].contains(letter.text),
        Double(letter.probability) >= thin,
        position > 0 || !isBar(read.text) || !followsLongVowel(indices[0], in: cells)
      {
        continue
      }
      // A bar is a thin letter set as one only where the word reads it `i` (the long vowel mark `ー`
      // set in a column stands as an `l` or an `I` would, and reads as one across).
      if isBar(read.text) {
        // Nor is `ー` written after a capital: a bar there, read surely as `I` across, is one.
        let capitalBefore =
          position > 0 && letters[position - 1].text.allSatisfy { $0.isASCII && $0.isUppercase }
        let surelyI =
          surer.map { letter.text == "I" && capitalBefore && Double(letter.probability) >= $0 } ?? false
        guard letter.text == "i" || surelyI else { return nil }
      } else if letter.text.lowercased() != read.text.lowercased() {
        guard let surer, letter.text.count == 1, letter.text.allSatisfy({ $0.isASCII && $0.isLetter }),
          Double(letter.probability) >= surer, letter.probability > read.probability
        else { return nil }
        others += 1
      }
    }
    guard others == 0 || (letters.count >= 3 && 3 * others <= letters.count) else { return nil }
    return letters
  }

  /// Whether the character before `index` in `line` (spaces passed over) is a katakana or the long
  /// vowel mark, which a bar after it lengthens.
  static func followsLongVowel(_ index: Int, in line: DecodedLine) -> Bool {
    guard let before = line.characters[..<index].last(where: { !$0.text.allSatisfy(\.isWhitespace) }),
      let scalar = before.text.unicodeScalars.last
    else { return false }
    return isKatakana(String(scalar)) || (0xFF66...0xFF9F).contains(scalar.value)
  }

  /// `reading` (a column's, either way) with each run of ASCII letters that is one of `words` but
  /// for its case, or holds one of three letters or more once, in that word's case.
  static func withCase(ofWords words: [String], into reading: DecodedLine) -> DecodedLine {
    withWords(words.map { (read: $0, word: $0) }, into: reading)
  }

  /// `reading` (a column's, either way) with each run of ASCII letters that reads as one of
  /// `words` was read (its `read` letters, but for their case), or holds those letters once, three
  /// or more, as that word reads across (its `word`, as many letters: its case, and any letter
  /// the word read across reads as another).
  static func withWords(_ words: [(read: String, word: String)], into reading: DecodedLine) -> DecodedLine {
    guard !words.isEmpty else { return reading }
    var result = reading
    let characters = reading.characters
    let runs = letterRuns(characters)
    for (read, word) in words where read.count == word.count {
      let letters = word.map(String.init)
      let lowered = read.map { String($0).lowercased() }
      // Where the word stands in the reading's runs: the whole of one, or once within one.
      var places: [Int] = []
      for run in runs where run.count >= letters.count {
        let text = characters[run].map { $0.text.lowercased() }
        let found = (0...(text.count - letters.count)).filter {
          Array(text[$0..<($0 + letters.count)]) == lowered
        }
        if text.count == letters.count || letters.count >= 3 {
          places += found.map { run.lowerBound + $0 }
        }
      }
      guard places.count == 1, let place = places.first else { continue }
      for (offset, letter) in letters.enumerated() { result.characters[place + offset].text = letter }
    }
    return result
  }

  /// The runs of `characters` that are ASCII letters, one a character.
  static func letterRuns(_ characters: [DecodedCharacter]) -> [Range<Int>] {
    func isLetter(_ text: String) -> Bool { text.count == 1 && text.allSatisfy { $0.isASCII && $0.isLetter } }
    var runs: [Range<Int>] = []
    var start: Int?
    for index in characters.indices {
      if isLetter(characters[index].text) {
        if start == nil { start = index }
      } else if let first = start {
        runs.append(first..<index)
        start = nil
      }
    }
    if let first = start { runs.append(first..<characters.count) }
    return runs
  }
}
