import Foundation

/// The characters of a column read in cells that its turned reading read better.
///
/// Read in cells, each character is seen upright but alone in its cell, and where the cells hold
/// part of a neighbour or the character's ink at a size between a small kana's and a full one's
/// (a small kana of 0.7 em in some fonts, above what ``VerticalColumn/kind(of:cellTop:cellHeight:axis:em:ink:width:)``
/// takes for small), the recognizer misreads it: `ッ` as `ツ`, `ご` as `こ`, `止` as `正`. Read turned,
/// the same character lies on its side among its neighbours, whole, at the place the column gives
/// it, and a small kana keeps its size against them. So where the two readings differ by one
/// character between characters they share, the turned reading's is taken when it read it surer by
/// a margin — and always when it read the small form of the cells' full-size kana: a small kana
/// read full size is the error the cells make, not the turned reading.
///
/// Where the two differ only by a voicing mark (`ご`/`こ`, `ボ`/`ポ`), the mark sits in the top
/// right corner of the character, where the cell's edge and its neighbour's ink fall; the cells
/// lose it, add it and swap `゛` for `゜` about as often as the turned reading does, so neither is
/// the reading that errs, and a mark the turned reading read on the cells' bare kana is taken by
/// the smaller margin `voicingMargin`. A mark it did not read may be ink it missed, and `゛` for
/// `゜` is swapped by both; those need the full margin.
extension VerticalColumn {
  /// `cells` with each character the turned reading (`turned`, of the same column) read in its
  /// place, where it is the one character other than marks between two characters both readings
  /// share (their longest common subsequence, marks left out) in each, both kana or kanji, and
  /// either the small form of the cells' kana or read surer than the cells' by more than `margin`
  /// — by more than `voicingMargin` where the two are one kana with and without a voicing mark,
  /// only the turned reading's with one (never the full form of a small kana the cells read). The
  /// cells' character keeps its place along the column.
  ///
  /// Where the cells read no character but marks between two shared characters and the turned
  /// reading read one kana or kanji there with a probability of `lostSurerThan` or more, it goes in,
  /// among the cells' marks where the column puts it: a cell that holds a mark and the head of the
  /// next character (the grid's phase moved by a mark set half-width, or by spacing stretched
  /// along a justified column) loses that character, which the turned reading sees whole.
  static func withSurerCharacters(
    of turned: DecodedLine, into cells: DecodedLine, margin: Double, voicingMargin: Double? = nil,
    lostSurerThan: Double? = nil
  ) -> DecodedLine {
    let (c, t) = (cells.characters, turned.characters)
    guard !c.isEmpty, !t.isEmpty else { return cells }
    let anchors = [(first: -1, second: -1)] + Self.anchors(c, t) { !isMark($0) } + [(c.count, t.count)]
    var result = cells
    var lost: [(at: Int, character: DecodedCharacter)] = []
    let scale = turned.contentColumns > 0 ? cells.contentColumns / turned.contentColumns : 1
    for (before, after) in zip(anchors, anchors.dropFirst()) {
      let inCells = (before.first + 1..<after.first).filter { !isMark(c[$0].text) }
      let inTurned = (before.second + 1..<after.second).filter { !isMark(t[$0].text) }
      if let lostSurerThan, inCells.isEmpty, inTurned.count == 1, before.first >= 0, after.first < c.count,
        isKanaOrKanji(t[inTurned[0]].text), Double(t[inTurned[0]].probability) >= lostSurerThan
      {
        let character = moved(t[inTurned[0]], scale: scale)
        let centre = Double(character.firstColumn + character.lastColumn) / 2
        // Among the marks the cells read between the two, where the column puts it.
        let at =
          (before.first + 1..<after.first).first {
            Double(c[$0].firstColumn + c[$0].lastColumn) / 2 > centre
          } ?? after.first
        lost.append((at, character))
        continue
      }
      guard inCells.count == 1, inTurned.count == 1 else { continue }
      let (mine, theirs) = (c[inCells[0]], t[inTurned[0]])
      guard mine.text != theirs.text, isKanaOrKanji(mine.text), isKanaOrKanji(theirs.text),
        !isSmallForm(mine.text, of: theirs.text)
      else { continue }
      let needed =
        isVoicingPair(mine.text, theirs.text) && hasVoicingMark(theirs.text) && !hasVoicingMark(mine.text)
        ? voicingMargin ?? margin : margin
      let surer = Double(theirs.probability) > Double(mine.probability) + needed
      guard isSmallForm(theirs.text, of: mine.text) || surer else { continue }
      result.characters[inCells[0]].takeReading(of: theirs)
    }
    for (at, character) in lost.reversed() { result.characters.insert(character, at: at) }
    return result
  }

  /// Whether `a` and `b` are one kana each, the same kana but for a voicing mark `゛` or `゜` on one
  /// or both (`こ`/`ご`, `ボ`/`ポ`): decomposed, the same base followed by at most one mark.
  static func isVoicingPair(_ a: String, _ b: String) -> Bool {
    let x = Array(a.decomposedStringWithCanonicalMapping.unicodeScalars)
    let y = Array(b.decomposedStringWithCanonicalMapping.unicodeScalars)
    let voicing: Set<UInt32> = [0x3099, 0x309A]
    guard a != b, let base = x.first, base == y.first, isKanaOrKanji(String(base)) else { return false }
    return x.dropFirst().allSatisfy { voicing.contains($0.value) } && x.count <= 2
      && y.dropFirst().allSatisfy { voicing.contains($0.value) } && y.count <= 2
  }

  /// Whether `text` ends in a voicing mark `゛` or `゜` once decomposed (`ご`, `ポ`).
  static func hasVoicingMark(_ text: String) -> Bool {
    guard let last = text.decomposedStringWithCanonicalMapping.unicodeScalars.last else { return false }
    return last.value == 0x3099 || last.value == 0x309A
  }

  /// Whether `text` is one kana (the long vowel bar too) or one kanji.
  static func isKanaOrKanji(_ text: String) -> Bool {
    guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC: return true
    case 0x3005, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
    default: return false
    }
  }

  /// The small kana and the full-size kana each is a small form of.
  static let smallKana: [String: String] = {
    let small = Array("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ")
    let full = Array("あいうえおつやゆよわアイウエオツヤユヨワ")
    return Dictionary(uniqueKeysWithValues: zip(small.map(String.init), full.map(String.init)))
  }()

  /// Whether `small` is the small form of the kana `full` (`ッ` of `ツ`).
  static func isSmallForm(_ small: String, of full: String) -> Bool {
    smallKana[small] == full
  }
}

/// The kana and kanji of a column the cells read as Latin letters.
///
/// A column of upright Latin letters set one under another (`る。Xcodeを`) sets the Japanese
/// character before the word in a cell like theirs, and read in a line of letters the recognizer
/// reads that character as a letter too (`る` as `z`, `た` as `t`), doubtfully. Read turned, the
/// column's Japanese lies on its side among its neighbours as the recognizer reads any vertical
/// Japanese, and it reads the character surely.
extension VerticalColumn {
  /// `cells` with each ASCII letter the cells read less surely than `letterBelow`, where it is the
  /// one character other than marks between two characters both readings share (or the column's
  /// head or foot), taking the hiragana or kanji the turned reading (`turned`, of the same column)
  /// read there at least `kanaAtLeast` surely, and surer than the cells' letter. A kanji of a few
  /// straight strokes that a letter lying on its side looks like (``isSureWord(_:)``) is not taken.
  static func withKanaOverLetters(
    of turned: DecodedLine, into cells: DecodedLine, kanaAtLeast: Double, letterBelow: Double
  ) -> DecodedLine {
    let (c, t) = (cells.characters, turned.characters)
    guard !c.isEmpty, !t.isEmpty else { return cells }
    var result = cells
    for (inCells, inTurned) in loneCharactersBetweenAnchors(c, t) {
      let (mine, theirs) = (c[inCells], t[inTurned])
      // Its kind asked of ``isSureWord(_:)`` whatever its probability, which is asked here.
      var kind = theirs
      kind.probability = 1
      guard isLatinLetter(mine.text), Double(mine.probability) < letterBelow,
        Double(theirs.probability) >= kanaAtLeast,
        theirs.probability > mine.probability, isSureWord(kind)
      else { continue }
      result.characters[inCells].takeReading(of: theirs)
    }
    return result
  }
}
