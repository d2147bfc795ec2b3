/// The voicing marks (`゛゜`) a column's ink holds, read where both readings lost them.
///
/// A voicing mark sits in the top right corner of its kana's em, where a cell's edge and the
/// recognizer's attention are weakest: read in cells and read turned, `ご` comes out `こ` and `で`
/// `て`, both readings sure of it (``withSurerCharacters(of:into:margin:voicingMargin:lostSurerThan:)`` takes a
/// mark only one of them read). Where the scan keeps the mark apart from its kana, it is plain in
/// the ink, whatever the font: a small round piece of its own (`゛`'s two strokes run into one when
/// blurred; `゜` a ring) right of the column's axis, at the right edge of the kana's body and level
/// with its top — where the bare kana that take a mark hold no piece of their own (`か`'s and
/// `ト`'s stroke lie lower, `ふ`'s dots low or centred, `ソ`'s and `シ`'s left of the axis). Where
/// the reading holds such a kana in a cell whose ink shows the mark, the kana takes it. The other
/// way (a mark read where the ink shows none) is not taken: a blurred mark runs into its kana's
/// body and shows no piece of its own.
extension VerticalColumn {
  /// The voicing mark a cell's ink shows.
  enum VoicingMark: Equatable {
    /// `゛`: two short strokes side by side.
    case voiced
    /// `゜`: a small ring.
    case semiVoiced
  }

  /// The bare kana that take `゛` and their voiced forms (`つ`, `う` and their katakana left out:
  /// the small `っ` sits right of the axis and its dots with it, and `ゔ` is seldom set).
  static let voicedForms: [Character: Character] = {
    let bare = Array("かきくけこさしすせそたちてとはひふへほカキクケコサシスセソタチテトハヒフヘホ")
    let voiced = Array("がぎぐげござじずぜぞだぢでどばびぶべぼガギグゲゴザジズゼゾダヂデドバビブベボ")
    return Dictionary(uniqueKeysWithValues: zip(bare, voiced))
  }()

  /// The kana of the `は` row and their semi-voiced forms (`ぱ`).
  static let semiVoicedForms: [Character: Character] = {
    let bare = Array("はひふへほハヒフヘホ")
    let semi = Array("ぱぴぷぺぽパピプペポ")
    return Dictionary(uniqueKeysWithValues: zip(bare, semi))
  }()

  /// `text` (one kana) with the voicing `mark`, or nil where the kana does not take it. A bare
  /// kana takes either mark it has a form with; a voiced kana of the `は` row takes a ring (`ば` is
  /// `ぱ`), but a semi-voiced one keeps its ring: blurred, a ring's hole fills and it shows as `゛`.
  static func kana(_ text: String, with mark: VoicingMark) -> String? {
    guard text.count == 1, let character = text.first else { return nil }
    switch mark {
    case .voiced:
      return voicedForms[character].map(String.init)
    case .semiVoiced:
      let bare = voicedForms[character] != nil ? character : voicedForms.first { $0.value == character }?.key
      return bare.flatMap { semiVoicedForms[$0] }.map(String.init)
    }
  }

  /// Whether `text` is a kana that takes one voicing mark or the other.
  static func takesMark(_ text: String) -> Bool {
    kana(text, with: .voiced) != nil || kana(text, with: .semiVoiced) != nil
  }

  /// The pieces of a column's ink as thresholded, small pieces kept (a voicing mark's stroke is
  /// smaller than the specks ``ink(of:)`` drops), within 0.6 em of its axis; nil without ink.
  struct VoicingInk {
    var pieces: [Piece]
    var width: Int
    var em: Double
    var axis: Double

    init?(_ column: Grey) {
      guard let ink = VerticalColumn.ink(of: column) else { return nil }
      let blurred = blur(ink.picture)
      guard let split = InkBounds.otsu(histogram(blurred)) else { return nil }
      let (left, right) = (ink.axis - 0.6 * ink.em, ink.axis + 0.6 * ink.em)
      var mask = blurred.pixels.map { $0 <= UInt8(split) }
      for index in mask.indices where mask[index] {
        let x = Double(index % column.width)
        if x < left || x >= right { mask[index] = false }
      }
      pieces = components(mask, width: column.width, height: column.height)
      width = column.width
      em = ink.em
      axis = ink.axis
    }

    /// The voicing mark the cell of `rows` shows, or nil: a small round piece of ink apart from
    /// the body (the cell's pieces longer than 0.3 em), right of the axis and of the body's middle
    /// but within the em, reaching the body's right edge, level with the body's top, and with no
    /// other piece under it (ruby beside the column, a neighbour's stroke, is a column of pieces);
    /// a ring is `゜`, else `゛` (blurred, its two strokes run into one piece). The end of a stroke
    /// broken off by the scan lies lower, or is long and thin.
    func mark(rows: Range<Int>) -> VoicingMark? {
      let inside = pieces.filter { $0.minY >= rows.lowerBound && $0.maxY <= rows.upperBound }
      func size(_ piece: Piece) -> Int { max(piece.maxX - piece.minX, piece.maxY - piece.minY) }
      let body = inside.filter { Double(size($0)) > 0.3 * em }
      guard let top = body.map(\.minY).min(), let bottom = body.map(\.maxY).max(),
        let bodyLeft = body.map(\.minX).min(), let bodyRight = body.map(\.maxX).max(),
        Double(bottom - top) >= 0.4 * em
      else { return nil }
      let middle = Double(bodyLeft + bodyRight) / 2
      let small = inside.filter { Double(size($0)) <= 0.3 * em }
      let marks = small.filter { piece in
        let extent = Double(size(piece))
        let thin = Double(max(1, min(piece.maxX - piece.minX, piece.maxY - piece.minY)))
        let x = Double(piece.minX + piece.maxX) / 2
        let under = small.contains { other in
          other.minY >= piece.maxY && other.minX < piece.maxX && other.maxX > piece.minX
        }
        return extent >= 0.08 * em && extent <= 0.25 * em && extent <= 1.8 * thin && piece.members.count >= 3
          && x >= axis + 0.12 * em && Double(piece.maxX) <= axis + 0.5 * em && Double(piece.minX) >= middle
          && Double(piece.maxX) >= Double(bodyRight) - 0.15 * em
          && Double(piece.minY) <= Double(top) + 0.12 * em && Double(piece.maxY) >= Double(top) && !under
      }
      guard !marks.isEmpty else { return nil }
      return marks.contains { isRing($0, width: width) } ? .semiVoiced : .voiced
    }
  }

  /// `reading` (a column's, read either way, its columns along `column`) with each kana that takes a
  /// voicing mark given the one its cell's ink shows
  /// (``VoicingInk/mark(rows:)``). A character's cell is the one of `line`'s cells (each from its
  /// start to the next's, at most `pitch` long) its middle falls in.
  static func withInkVoicingMarks(_ reading: DecodedLine, column: Grey, line: Line) -> DecodedLine {
    let content = reading.contentColumns
    guard content > 0, !line.cellStarts.isEmpty,
      reading.characters.contains(where: { takesMark($0.text) })
    else { return reading }
    guard let ink = VoicingInk(column) else { return reading }
    let height = Double(column.height)
    var result = reading
    for (index, character) in reading.characters.enumerated() {
      guard takesMark(character.text) else { continue }
      let middle = VerticalColumn.row(of: character, content: content, height: height)
      guard let cell = line.cellStarts.lastIndex(where: { $0 <= middle }) else { continue }
      let start = line.cellStarts[cell]
      let end = min(
        start + line.pitch, cell + 1 < line.cellStarts.count ? line.cellStarts[cell + 1] : height)
      guard middle < end else { continue }
      let rows =
        Int(saturating: start.rounded())..<min(column.height, Int(saturating: end.rounded()))
      guard !rows.isEmpty, let mark = ink.mark(rows: rows),
        let marked = kana(character.text, with: mark)
      else { continue }
      result.characters[index].text = marked
    }
    return result
  }

  /// `kept` (a column's reading) with each kana the two readings of the column read with and
  /// without a voicing mark (`こ`/`ご`, `バ`/`パ`) taken in the form both readings together hold
  /// likelier. Where the two differ by one kana between characters both share (their longest common
  /// subsequence, marks left out), each form's likelihood is what the reading that chose it gave it
  /// plus what the other reading gave it as the runner-up of its own form
  /// (``DecodedCharacter/voicingAlternatives``); `other`'s form is taken where its sum is larger by
  /// more than `margin`, but a bare kana never replaces the kept reading's marked one. A mark is
  /// small and sits in the corner of its cell, where the recognizer doubts it in both readings: the
  /// reading that lost it still gives it weight, and two doubts that agree tell more than either
  /// reading's first choice alone.
  static func withVoicingFromBothReadings(
    of other: DecodedLine, into kept: DecodedLine, margin: Double
  ) -> DecodedLine {
    let (k, o) = (kept.characters, other.characters)
    guard !k.isEmpty, !o.isEmpty else { return kept }
    var result = kept
    for (inKept, inOther) in loneCharactersBetweenAnchors(k, o) {
      let (mine, theirs) = (k[inKept], o[inOther])
      // A mark the kept reading holds is not taken away: ink the other reading missed, or a mark
      // the page's own font draws faint (`猫である` read `猫てある` turned).
      guard isVoicingPair(mine.text, theirs.text), hasVoicingMark(theirs.text) || !hasVoicingMark(mine.text)
      else { continue }
      func doubt(_ character: DecodedCharacter, of form: String) -> Double {
        Double(character.voicingAlternatives.first { $0.text == form }?.probability ?? 0)
      }
      let mineLikelihood = Double(mine.probability) + doubt(theirs, of: mine.text)
      let theirsLikelihood = Double(theirs.probability) + doubt(mine, of: theirs.text)
      guard theirsLikelihood > mineLikelihood + margin else { continue }
      result.characters[inKept].takeReading(of: theirs)
    }
    return result
  }
}
