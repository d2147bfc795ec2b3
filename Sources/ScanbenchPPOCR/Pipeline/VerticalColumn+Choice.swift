import Foundation

/// What a column's two readings, in cells and turned, lose for how they were read, put back before
/// they are weighed against each other (``PPOCRPipeline/Options/cellReadingChoice``).
///
/// Read turned, a column drops a small kana (`っ ゃ ョ`) between two characters, its ink too small
/// beside them; the cells set it in a cell of its own and read it, doubtfully. Weighed by their
/// summed log-probabilities, the turned reading then sums higher for the character it dropped, and
/// is kept without it (`戻ってくる` read `戻てくる`). The small kana goes into the turned reading
/// before the two are weighed, and stays there where the turned reading is kept.
///
/// The cells misread a full-size kana small as often as the turned reading misreads a small one
/// full size (`待っ。` for `待つ。`): where the two readings hold a kana's two forms, the cell's ink
/// tells which it is (``VerticalColumn/isSmallKanaInk(_:)``).
///
/// A thin upright letter (`I` of `UIKit`) looks like a bar, and either reading may read it `ー`,
/// surely (the turned one did on a test page, where the cells read `I`). A bar between two Latin
/// letters is no Japanese: where the other reading reads one letter between the same two, the
/// reading takes it before the two are weighed.
extension VerticalColumn {
  /// What the cells read for a thin upright letter set as a bar.
  static let barsForLetters: Set<String> = ["ー", "-", "|", "｜", "一", "丨", "―", "—", "－"]

  /// The ink of the cell a character read along a column lies in (its columns of `content`
  /// across the reading); nil where no cell with ink holds it.
  typealias InkOfCharacter = (_ character: DecodedCharacter, _ content: Double) -> CellInk?

  /// `kept` with each small kana of `other` put in where `kept` lacks it between the same two
  /// neighbours (characters both share, small kana and marks left out), or holds its full-size form
  /// there, read small. Only where the two readings differ there by small kana and marks alone:
  /// elsewhere one of them read another character. A small kana at a column's head, where none
  /// stands (kinsoku), is left out. With `smallKanaInk` (the ink of `other`'s cells), the full-size
  /// form is read small only where `other`'s small kana has a small kana's ink
  /// (``isSmallKanaInk(_:)``).
  static func withSmallKana(
    of other: DecodedLine, into kept: DecodedLine, smallKanaInk: InkOfCharacter? = nil
  ) -> DecodedLine {
    let (o, k) = (other.characters, kept.characters)
    guard o.contains(where: { smallKana[$0.text] != nil }), !k.isEmpty, other.contentColumns > 0,
      kept.contentColumns > 0
    else { return kept }
    let content = other.contentColumns
    let readsSmall = { (small: DecodedCharacter) in
      smallKanaInk.map { $0(small, content).map(isSmallKanaInk) ?? false } ?? true
    }
    let counts = { (text: String) in smallKana[text] == nil && !isMark(text) }
    let anchors = Self.anchors(k, o, counting: counts).map { (kept: $0.first, other: $0.second) }
    guard !anchors.isEmpty else { return kept }
    let scale = kept.contentColumns / other.contentColumns
    // The stretches between anchors, the column's head and foot too, in each reading.
    let bounds = [(kept: -1, other: -1)] + anchors + [(kept: k.count, other: o.count)]
    var result: [DecodedCharacter] = []
    var changed = false
    for (before, after) in zip(bounds, bounds.dropFirst()) {
      let keptStretch = Array(k[(before.kept + 1)..<after.kept])
      let otherStretch = Array(o[(before.other + 1)..<after.other])
      if let mended = smallKanaMended(
        keptStretch, from: otherStretch, after: result.last, scale: scale, readsSmall: readsSmall),
        mended != keptStretch
      {
        result += mended
        changed = true
      } else {
        result += keptStretch
      }
      if after.kept < k.count { result.append(k[after.kept]) }
    }
    guard changed else { return kept }
    return DecodedLine(
      characters: result, contentColumns: kept.contentColumns, leastSureColumn: kept.leastSureColumn)
  }

  /// One stretch of `kept` between anchors with the small kana of `other`'s stretch put in (over
  /// a full-size form of `kept` where `readsSmall` holds for `other`'s small kana); nil where the
  /// two differ by more than small kana and marks.
  private static func smallKanaMended(
    _ kept: [DecodedCharacter], from other: [DecodedCharacter], after previous: DecodedCharacter?,
    scale: Double, readsSmall: (DecodedCharacter) -> Bool
  ) -> [DecodedCharacter]? {
    var result: [DecodedCharacter] = []
    var (i, j) = (0, 0)
    while i < other.count || j < kept.count {
      if i < other.count && j < kept.count && other[i].text == kept[j].text {
        result.append(kept[j])
        (i, j) = (i + 1, j + 1)
      } else if i < other.count && j < kept.count && isSmallForm(other[i].text, of: kept[j].text) {
        var kana = kept[j]
        if readsSmall(other[i]) { kana.text = other[i].text }
        result.append(kana)
        (i, j) = (i + 1, j + 1)
      } else if i < other.count && smallKana[other[i].text] != nil {
        // No column starts with a small kana (kinsoku).
        if result.last ?? previous != nil {
          result.append(moved(other[i], scale: scale))
        }
        i += 1
      } else if i < other.count && isMark(other[i].text) {
        i += 1
      } else if j < kept.count && (isMark(kept[j].text) || smallKana[kept[j].text] != nil) {
        result.append(kept[j])
        j += 1
      } else {
        return nil
      }
    }
    return result
  }

  /// `reading` (a column's, in cells or turned) with each bar between two Latin letters read as
  /// the one Latin letter `other` (the column's other reading) reads between the same two letters
  /// (the characters both share, bars left out).
  static func withLettersOverBars(of other: DecodedLine, into reading: DecodedLine) -> DecodedLine {
    let (t, c) = (other.characters, reading.characters)
    guard c.count >= 3,
      (1..<(c.count - 1)).contains(where: {
        barsForLetters.contains(c[$0].text) && isLatinLetter(c[$0 - 1].text) && isLatinLetter(c[$0 + 1].text)
      })
    else { return reading }
    let anchors = Self.anchors(c, t) { !barsForLetters.contains($0) }.map {
      (cells: $0.first, turned: $0.second)
    }
    var result = c
    for (before, after) in zip(anchors, anchors.dropFirst())
    where after.cells == before.cells + 2 && after.turned == before.turned + 2 {
      let bar = before.cells + 1
      let letter = t[before.turned + 1]
      guard barsForLetters.contains(c[bar].text), isLatinLetter(c[before.cells].text),
        isLatinLetter(c[after.cells].text), isLatinLetter(letter.text)
      else { continue }
      result[bar].text = letter.text
      result[bar].probability = letter.probability
    }
    return DecodedLine(
      characters: result, contentColumns: reading.contentColumns, leastSureColumn: reading.leastSureColumn)
  }
}
