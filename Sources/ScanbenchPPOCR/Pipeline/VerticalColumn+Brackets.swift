/// The corner brackets a column's ink holds, read where a reading took them for a bar.
///
/// Set vertically, `「」` take their vertical forms: `﹁`, a bar across the column with a short
/// stroke down from its right end, in the foot of its cell against what it opens; `﹂`, a bar with
/// a stroke up from its left end, in the head of its cell against what it closes. A cell whose
/// grid cut the bracket with part of its neighbour sets it upright, and the recognizer reads the
/// bar and not the stroke: `ー`, `-` or `一`. But in a column the long vowel bar stands along it, so
/// a `ー` read where the ink lies across the column is a misreading, and the stroke at one end tells
/// the bracket (``bracketsInInk(_:)``). A `一` is left as read: it is text as
/// often, and a faint one's serif and the paper's noise can take a bracket's shape.
extension VerticalColumn {
  /// The `﹁﹂` of `column` (as `「」`), top to bottom: pieces of ink across the column, each a bar
  /// with a stroke at one end and nothing else within its bounds, nearer the ink after it (`﹁`) or
  /// before it (`﹂`) than the other; their `gap` the piece's rows. Each piece is judged with the
  /// fainter ink joined to it (``wholeStroke(of:picture:em:)``): a thin stroke often falls below
  /// the column's threshold where its bar does not.
  ///
  /// With `koStrokes`, a `﹂` that is the lower stroke of a `こ` (``isLowerStrokeOfKo(_:ink:width:)``)
  /// is given as `こ`, not as `」`.
  static func bracketsInInk(_ column: Grey, koStrokes: Bool = false) -> [InkMark] {
    guard let ink = ink(of: column) else { return [] }
    let (width, height, em) = (column.width, column.height, ink.em)
    let axis = ink.axis
    let rows = ink.band.rows
    var brackets: [InkMark] = []
    for piece in components(ink.mask, width: width, height: height) {
      let (w, h) = (piece.maxX - piece.minX, piece.maxY - piece.minY)
      guard Double(w) >= 0.35 * em, Double(w) <= 0.85 * em, Double(h) <= 0.5 * em,
        abs(Double(piece.minX + piece.maxX) / 2 - axis) <= 0.5 * em,
        let whole = wholeStroke(of: piece, picture: ink.picture, em: em)
      else { continue }
      let (ww, wh) = (whole.maxX - whole.minX, whole.maxY - whole.minY)
      guard Double(ww) <= 0.85 * em, Double(wh) >= 0.1 * em, Double(wh) <= 0.5 * em else { continue }
      let inked = mask(of: whole, width: width)
      guard let text = bracketShape(inked, width: ww, height: wh, em: em),
        standsAgainst(opening: text == "「", rows: whole.minY..<whole.maxY, ink: rows, height: height, em: em)
      else { continue }
      let ko = koStrokes && text == "」" && isLowerStrokeOfKo(whole, ink: ink, width: width)
      brackets.append(
        InkMark(
          text: ko ? "こ" : text, gap: whole.minY..<whole.maxY, centre: Double(whole.minY + whole.maxY) / 2))
    }
    return brackets.sorted { $0.centre < $1.centre }
  }

  /// Whether `piece`, a `﹂` of the ink, is the lower stroke of a `こ`: the stroke turns up at its
  /// left end as the bracket's does, and the recognizer reads it `」` where the column's foot cuts
  /// it from the rest of the kana. But `こ` has a bar across the column right above its lower
  /// stroke, paper between them and above the bar: a bar at least half again as long as it is
  /// thick and a quarter of an em long, at most a third of an em thick, within a third of an em of
  /// the stroke. The mark a closing bracket follows is no such bar: `。` is round, the dot of `？`
  /// short, and a character reaches higher.
  static func isLowerStrokeOfKo(_ piece: Piece, ink: Ink, width: Int) -> Bool {
    let em = ink.em
    let rows = ink.band.rows
    var bottom = piece.minY
    while bottom > 0 && rows[bottom - 1] == 0 { bottom -= 1 }
    guard bottom > 0, bottom < piece.minY, Double(piece.minY - bottom) <= em / 3 else { return false }
    var top = bottom
    while top > 0 && rows[top - 1] > 0 { top -= 1 }
    guard top > 0, Double(bottom - top) <= em / 3 else { return false }
    var (minX, maxX) = (Int.max, Int.min)
    for y in top..<bottom {
      for x in ink.band.left..<ink.band.right where ink.mask[y * width + x] {
        (minX, maxX) = (min(minX, x), max(maxX, x + 1))
      }
    }
    let long = maxX - minX
    return Double(long) >= 0.25 * em && long * 2 >= (bottom - top) * 3
  }

  /// `piece` with the fainter ink joined to it: a bracket's short stroke, thinner than its bar, may
  /// fall under the column's threshold where the bar does not. The ink darker than halfway from the
  /// piece's own darkest ink to the paper around it, connected to the piece, within its columns
  /// and a third of an em above and below; nil where that reaches the edge of those rows (the
  /// piece is part of a character).
  static func wholeStroke(of piece: Piece, picture: Grey, em: Double) -> Piece? {
    let width = picture.width
    let reach = Int(saturating: (em / 3).rounded(.up))
    let (x0, x1) = (max(0, piece.minX - 1), min(width, piece.maxX + 1))
    let (y0, y1) = (max(0, piece.minY - reach), min(picture.height, piece.maxY + reach))
    let values = piece.members.map { Int(picture.pixels[$0]) }.sorted()
    let darkest = values.prefix(max(1, values.count * 3 / 10)).reduce(0, +) / max(1, values.count * 3 / 10)
    var around: [Int] = []
    for y in y0..<y1 {
      for x in x0..<x1 { around.append(Int(picture[x, y])) }
    }
    around.sort()
    let paper = around[around.count * 9 / 10]
    guard paper > darkest else { return nil }
    let split = (paper + darkest) / 2
    var whole = Piece(members: [], minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
    var seen = Set(piece.members)
    var stack = piece.members
    while let index = stack.popLast() {
      whole.members.append(index)
      let (x, y) = (index % width, index / width)
      (whole.minX, whole.maxX) = (min(whole.minX, x), max(whole.maxX, x + 1))
      (whole.minY, whole.maxY) = (min(whole.minY, y), max(whole.maxY, y + 1))
      for ny in max(y0, y - 1)...min(y1 - 1, y + 1) {
        for nx in max(x0, x - 1)...min(x1 - 1, x + 1) {
          let next = ny * width + nx
          if Int(picture.pixels[next]) < split && !seen.contains(next) {
            seen.insert(next)
            stack.append(next)
          }
        }
      }
    }
    guard whole.minY > y0, whole.maxY < y1 else { return nil }
    return whole
  }

  /// `「` where `inked` (a piece's pixels, rows top to bottom, `width` × `height`) is a bar along its
  /// top with a stroke down its right end (`﹁`), `」` where it is a bar along its bottom with a stroke
  /// up its left end (`﹂`), else nil: the bar's rows inked all across, the stroke's columns inked
  /// all down, and the corner between them paper — not `一` (no stroke), `こ` or `フ` (curved, or
  /// ink in the corner), nor `コ` (a second bar).
  static func bracketShape(_ inked: [Bool], width: Int, height: Int, em: Double) -> String? {
    guard width >= 3, height >= 2, width * 10 >= height * 14 else { return nil }
    func at(_ x: Int, _ y: Int, turned: Bool) -> Bool {
      turned ? inked[(height - 1 - y) * width + width - 1 - x] : inked[y * width + x]
    }
    for turned in [false, true] {
      // The bar's thickness: its inked rows in the middle column.
      let bar = (0..<height).count { at(width / 2, $0, turned: turned) }
      let stroke = max(bar + 1, Int(saturating: (0.3 * Double(width)).rounded(.up)))
      guard bar > 0, Double(height - bar) >= 0.08 * em, stroke < width else { continue }
      let across = (0..<width).count { x in (0...bar).contains { at(x, $0, turned: turned) } }
      let down = (0..<height).count { y in (width - stroke..<width).contains { at($0, y, turned: turned) } }
      var corner = 0
      for y in (bar + 1)..<height {
        for x in 0..<(width - stroke) where at(x, y, turned: turned) { corner += 1 }
      }
      let cornerArea = max(1, (height - bar - 1) * (width - stroke))
      if across * 10 >= width * 9 && down * 10 >= height * 9 && corner * 25 <= cornerArea {
        return turned ? "」" : "「"
      }
    }
    return nil
  }

  /// What a recognizer reads for a corner bracket it sees upright, the bar and not the stroke, that
  /// a column cannot hold across it (not `一`).
  static func isLookalikeOfBracket(_ text: String) -> Bool {
    ["ー", "-", "－", "—", "―", "‐", "ｰ", "_"].contains(text)
  }

  /// The corner brackets a column's reading holds, in either form (`「` and its vertical `﹁`).
  static let cornerBrackets: Set<String> = ["「", "」", "『", "』", "﹁", "﹂"]

  /// What a recognizer reads for a corner bracket's bar alone: a bar (``isLookalikeOfBracket(_:)``),
  /// or `一` and `二` (two brackets back to back), which a step reads again only where the ink
  /// shows the bracket's stroke.
  static func isReadForBracketsBar(_ text: String) -> Bool {
    text == "一" || text == "二" || isLookalikeOfBracket(text)
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each character read as a bar (``isLookalikeOfBracket(_:)``) whose place is
  /// within three quarters of a pitch of one of `brackets` read as that bracket, each bracket taken
  /// once, by the nearest bar: a character's place is its cell's middle, and a bracket lies in one
  /// end of its cell. `replacing`: which readings are taken for a bar.
  static func withInkBrackets(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double,
    replacing: (String) -> Bool = isLookalikeOfBracket
  ) -> DecodedLine {
    guard !brackets.isEmpty, let row = reading.rows(height: height) else { return reading }
    var result = reading
    var taken = Set<Int>()
    for bracket in brackets {
      guard
        let index = nearestIndex(
          of: reading.characters, within: 0.75 * pitch, of: bracket.centre, row: row,
          where: { !taken.contains($0) && replacing(reading.characters[$0].text) })
      else { continue }
      taken.insert(index)
      result.characters[index].text = bracket.text
    }
    return result
  }

  /// `reading` of `column` (`pitch` rows a character) with its bars read as the brackets its ink
  /// holds, and with `openingAfterFullStops` the `「` it lost after a `。` put in — with
  /// `openingAfterClosing`, after a `」` too
  /// (``withOpeningBracketsAfterFullStops(_:into:height:pitch:afterClosingBrackets:)``).
  ///
  /// With `singleOverDouble`, a `『』` read where the ink holds the single bracket is read as it
  /// (``isDoubleOf(_:bracket:)``); with `closingAfterMarks`, a `」` lost after `？！` goes in
  /// (``withClosingBracketsAfterMarks(_:into:height:pitch:)``). With `backToBack`, a `」「` read as
  /// one character goes in as both (``withBracketsBackToBack(_:into:height:pitch:)``), a `「` read
  /// as `一 二` after a `。」』` as it (``withOpeningBracketsReadAsOnes(_:into:height:pitch:)``), and
  /// a `「` lost after a `」` goes in though that `」` lies within a pitch of it. With `atColumnEnds`,
  /// a `「` lost above the column's first character or a `」` lost below its last goes in
  /// (``withBracketsAtColumnEnds(_:into:height:pitch:)``). With `koOverClosing`, a `﹂` that is
  /// the lower stroke of `こ` is none of these brackets, and a `」` read nearest it is `こ`
  /// (``withKoOverClosingBrackets(_:into:height:pitch:)``).
  static func withBracketsFromInk(
    _ column: Grey, into reading: DecodedLine, pitch: Double, openingAfterFullStops: Bool = false,
    openingAfterClosing: Bool = false, singleOverDouble: Bool = false, closingAfterMarks: Bool = false,
    backToBack: Bool = false, atColumnEnds: Bool = false, koOverClosing: Bool = false,
    hyphensInWords: Bool = false
  ) -> DecodedLine {
    let found = bracketsInInk(column, koStrokes: koOverClosing)
    let brackets = found.filter { $0.text != "こ" }
    let height = Double(column.height)
    var read = withKoOverClosingBrackets(
      found.filter { $0.text == "こ" }, into: reading, height: height, pitch: pitch)
    if backToBack {
      read = withBracketsBackToBack(brackets, into: read, height: height, pitch: pitch)
      read = withOpeningBracketsReadAsOnes(brackets, into: read, height: height, pitch: pitch)
    }
    let beforeBrackets = read
    read = withInkBrackets(brackets, into: read, height: height, pitch: pitch)
    if hyphensInWords { read = withHyphensInWords(of: beforeBrackets, into: read) }
    if singleOverDouble {
      for bracket in brackets {
        read = withInkBrackets([bracket], into: read, height: height, pitch: pitch) {
          isDoubleOf($0, bracket: bracket.text)
        }
      }
    }
    if closingAfterMarks {
      read = withClosingBracketsAfterMarks(brackets, into: read, height: height, pitch: pitch)
    }
    if atColumnEnds {
      read = withBracketsAtColumnEnds(brackets, into: read, height: height, pitch: pitch)
    }
    guard openingAfterFullStops else { return read }
    return withOpeningBracketsAfterFullStops(
      brackets, into: read, height: height, pitch: pitch, afterClosingBrackets: openingAfterClosing,
      besideTheClosing: backToBack)
  }

  /// `reading` (``withInkBrackets(_:into:height:pitch:replacing:)`` of `before`, character for
  /// character) with each hyphen or other bar `before` read between two Latin letters or digits
  /// read as it was, not as the bracket it became: a corner bracket never stands inside a word.
  static func withHyphensInWords(of before: DecodedLine, into reading: DecodedLine) -> DecodedLine {
    guard before.characters.count == reading.characters.count, before.characters.count >= 3 else {
      return reading
    }
    var result = reading
    for index in 1..<(before.characters.count - 1)
    where isLookalikeOfBracket(before.characters[index].text)
      && cornerBrackets.contains(reading.characters[index].text)
      && isLatinLetterOrDigit(before.characters[index - 1].text)
      && isLatinLetterOrDigit(before.characters[index + 1].text)
    {
      result.characters[index].text = before.characters[index].text
    }
    return result
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with the `」` read nearest each of `strokes` (the lower strokes of `こ`,
  /// ``isLowerStrokeOfKo(_:ink:width:)``), within three quarters of a pitch of it, read as `こ`,
  /// where no `こ` is read that near: cut from its bar by the column's foot or a cell's edge, the
  /// kana's lower stroke reads as the bracket it looks like.
  static func withKoOverClosingBrackets(
    _ strokes: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  ) -> DecodedLine {
    guard !strokes.isEmpty, let row = reading.rows(height: height) else { return reading }
    var result = reading
    for stroke in strokes {
      let near = indices(of: result.characters, within: 0.75 * pitch, of: stroke.centre, row: row)
      guard
        let nearest = nearestIndex(of: result.characters, within: 0.75 * pitch, of: stroke.centre, row: row),
        ["」", "﹂"].contains(result.characters[nearest].text),
        !near.contains(where: { result.characters[$0].text == "こ" })
      else { continue }
      result.characters[nearest].text = "こ"
      result.characters[nearest].voicingAlternatives = []
    }
    return result
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each pair of `brackets` set back to back — a `」` and a `「` under it less than
  /// a pitch away — that it read as one character read as both: the character read as `二`, `一`
  /// or a bar (``isLookalikeOfBracket(_:)``) nearest the pair's middle, within half a pitch, where
  /// no bracket is read within three quarters of a pitch. Set back to back, each bracket takes half
  /// a cell, and the one cell their two bars share reads as `二`, or as one bar; a kanji `二` or `一`
  /// has no stroke at its bars' ends, which both brackets show in the ink.
  static func withBracketsBackToBack(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  ) -> DecodedLine {
    guard brackets.count >= 2, let row = reading.rows(height: height) else { return reading }
    var characters = reading.characters
    for (closing, opening) in zip(brackets, brackets.dropFirst())
    where closing.text == "」" && opening.text == "「" && opening.centre - closing.centre < pitch {
      let middle = (closing.centre + opening.centre) / 2
      let read = indices(of: characters, within: 0.75 * pitch, of: middle, row: row).contains {
        cornerBrackets.contains(characters[$0].text)
      }
      guard !read,
        let index = nearestIndex(
          of: characters, within: 0.5 * pitch, of: middle, row: row,
          where: { isReadForBracketsBar(characters[$0].text) })
      else { continue }
      // The cell's columns shared, the closing bracket's half first.
      let (first, last) = (characters[index].firstColumn, characters[index].lastColumn)
      let split = (first + last) / 2
      var second = characters[index]
      second.text = "「"
      second.firstColumn = min(split + 1, last)
      second.voicingAlternatives = []
      characters[index].text = "」"
      characters[index].lastColumn = split
      characters[index].voicingAlternatives = []
      characters.insert(second, at: index + 1)
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each `「` of `brackets` that it read as `一` or `二` right after a `。`, `」` or
  /// `』` read as it: the character read within half a pitch of the bracket, nearest it. A
  /// quotation opening after a sentence or after another quotation sets `﹁` alone, and the
  /// recognizer reads its bar and not its short stroke; the ink, which holds the stroke at the bar's
  /// end, tells it from a kanji `一` or `二`, which have none.
  static func withOpeningBracketsReadAsOnes(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  ) -> DecodedLine {
    guard !brackets.isEmpty, let row = reading.rows(height: height) else { return reading }
    var characters = reading.characters
    for bracket in brackets where bracket.text == "「" {
      guard let index = nearestIndex(of: characters, within: 0.5 * pitch, of: bracket.centre, row: row),
        index > 0, ["一", "二"].contains(characters[index].text),
        ["。", "」", "』"].contains(characters[index - 1].text)
      else { continue }
      characters[index].text = "「"
      characters[index].voicingAlternatives = []
    }
    var result = reading
    result.characters = characters
    return result
  }

  /// Whether `text` is the double corner bracket of the same side as `bracket` (`『` of `「`): the
  /// recognizer reads a single one so where its stroke is thick or blurred, but the double one's
  /// inner corner is ink, which ``bracketShape(_:width:height:em:)`` finds no bracket in.
  static func isDoubleOf(_ text: String, bracket: String) -> Bool {
    bracket == "「" && text == "『" || bracket == "」" && text == "』"
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each `」` of `brackets` it read as nothing put in, where it follows a `？` or
  /// `！` read: set in the head of the cell after the mark, against it, the bracket falls in the
  /// mark's cell when the mark is set short, and the cell reads only the mark. Only where no
  /// character but the mark is read within a third of a pitch of the bracket (it may be that
  /// character's stroke), no closing bracket, bar or `一` within three quarters of one, and no
  /// closing bracket read right after the mark.
  static func withClosingBracketsAfterMarks(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  ) -> DecodedLine {
    let marks: Set<String> = ["？", "！", "?", "!"]
    return withLostBrackets(brackets, text: "」", into: reading, height: height) {
      characters, at, row, bracket in
      let near = characters.contains {
        let distance = abs(row($0) - bracket.centre)
        return distance <= pitch / 3 && !marks.contains($0.text)
          || distance <= 0.75 * pitch
            && (isLookalikeOfBracket($0.text) || ["」", "』", "一", "﹂"].contains($0.text))
      }
      return !near && at > 0 && marks.contains(characters[at - 1].text)
        && (at == characters.count || !["」", "』", "﹂"].contains(characters[at].text))
    }
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with a `「` of `brackets` it read as nothing put in above its first character, and
  /// a `」` below its last. A quotation that opens a column sets `﹁` in the foot of the column's
  /// first cell, alone, and one that closes a column sets `﹂` in the head of its last; the cells'
  /// grid, which starts and ends at the column's ink, cuts the bracket with paper only, and both
  /// readings drop it. The strokes of `こ た に` and a Latin letter on its side take a bracket's
  /// shape as often, but inside their own character's cell, less than half a pitch from its place;
  /// the bracket stands more than half a pitch beyond the character it opens or closes. So the
  /// bracket goes in only there, with no character read beyond it, none read as a bracket or a bar
  /// (``isReadForBracketsBar(_:)``) within three quarters of a pitch of it, and not beside a Latin
  /// letter, digit or other ASCII, which a bracket's stroke can be read as.
  static func withBracketsAtColumnEnds(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double
  ) -> DecodedLine {
    var read = reading
    for text in ["「", "」"] {
      read = withLostBrackets(brackets, text: text, into: read, height: height) {
        characters, at, row, bracket in
        let opening = text == "「"
        guard opening ? at == 0 : at == characters.count, !characters.isEmpty else { return false }
        let neighbour = characters[opening ? 0 : characters.count - 1]
        let near = characters.contains {
          abs(row($0) - bracket.centre) <= 0.75 * pitch
            && (cornerBrackets.contains($0.text) || isReadForBracketsBar($0.text))
        }
        return !near && abs(row(neighbour) - bracket.centre) > 0.5 * pitch
          && !neighbour.text.unicodeScalars.contains(where: \.isASCII)
      }
    }
    return read
  }

  /// `reading` (its characters' columns along the column, of `height` rows, `pitch` rows a
  /// character) with each `「` of `brackets` it read as nothing put in, where it follows a `。`
  /// read: a sentence that opens a quotation sets `﹁` in the foot of the cell after the mark's,
  /// and both readings drop it — the one read turned sees no bracket on its side, the cells a thin
  /// bar apart from its neighbours. Elsewhere a bracket lost is not put in: the heads of `ア マ ァ`
  /// and a Latin letter on its side take a bracket's shape as often. So the bracket goes in only
  /// between a `。` and a character other than a Latin letter, digit or other ASCII, and only where no character
  /// within three quarters of a pitch of it is read as a bracket, as a bar
  /// (``isLookalikeOfBracket(_:)``) or as `一 二`, which its bar is read as. With
  /// `afterClosingBrackets`, after a `」` or `』` read too: a quotation that follows another
  /// (`」「`) opens in the same place, the foot of the cell after the closing bracket's. With
  /// `besideTheClosing`, that `」` or `』` itself does not count as a bracket read near it: set back
  /// to back, the two brackets share a cell, their places less than a pitch apart.
  static func withOpeningBracketsAfterFullStops(
    _ brackets: [InkMark], into reading: DecodedLine, height: Double, pitch: Double,
    afterClosingBrackets: Bool = false, besideTheClosing: Bool = false
  ) -> DecodedLine {
    let before: Set<String> = afterClosingBrackets ? ["。", "」", "』"] : ["。"]
    return withLostBrackets(brackets, text: "「", into: reading, height: height) {
      characters, at, row, bracket in
      let near = characters.indices.contains { index in
        let character = characters[index]
        return !(besideTheClosing && index == at - 1)
          && abs(row(character) - bracket.centre) <= 0.75 * pitch
          && (cornerBrackets.contains(character.text) || isReadForBracketsBar(character.text))
      }
      return !near && at > 0 && at < characters.count && before.contains(characters[at - 1].text)
        && !characters[at].text.unicodeScalars.contains(where: \.isASCII)
    }
  }

  /// `reading` (of a crop `height` rows tall) with each mark of `brackets` whose text is `text`
  /// put in before the first character read below it, where `belongs` says so — given the
  /// characters so far, the index the bracket would take, each character's row and the mark: the
  /// frame of the rules that put back a bracket both readings lost, each with its own test of the
  /// bracket's neighbours.
  static func withLostBrackets(
    _ brackets: [InkMark], text: String, into reading: DecodedLine, height: Double,
    belongs: (
      _ characters: [DecodedCharacter], _ at: Int, _ row: (DecodedCharacter) -> Double, _ bracket: InkMark
    ) -> Bool
  ) -> DecodedLine {
    guard !brackets.isEmpty, !reading.characters.isEmpty, let row = reading.rows(height: height) else {
      return reading
    }
    var characters = reading.characters
    for bracket in brackets where bracket.text == text {
      let at = characters.firstIndex { row($0) > bracket.centre } ?? characters.count
      guard belongs(characters, at, row, bracket) else { continue }
      // As likely as the reading on the whole (``withInkEllipses(_:into:height:em:)``).
      characters.insert(
        character(
          from: bracket, content: reading.contentColumns, height: height,
          probability: Float(reading.probability)),
        at: at)
    }
    var result = reading
    result.characters = characters
    return result
  }
}
