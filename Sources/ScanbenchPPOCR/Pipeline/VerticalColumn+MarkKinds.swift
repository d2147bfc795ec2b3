/// The kind of each `、。` a reading holds, read again from the column's ink where the ink shows it
/// beyond doubt.
///
/// The two marks differ in little but their shape: the recognizer, reading a cell the grid cut
/// with a neighbour's ink or a blurred one, takes a `、` for `。` and the other way round, and so
/// does a rule that tells them from a faint remnant. Where the mark stands alone in the top of its
/// gap (``marksInInk(_:)``) its ink tells: a closed ring, round, is `。`; a stroke drawn out along
/// the diagonal from its top left, its middle as dark as its ink and closing round no paper, is
/// `、` (``InkMark/plain``). A blurred ring whose hole has filled, or a stroke the scan broke, is
/// neither, and the reading keeps its kind.
extension VerticalColumn {
  /// `reading` (its characters' columns along a column of `height` rows) with the one `、。` (or
  /// what the recognizer reads for one half seen, ``isLookalikeOfMark(_:)``) it holds near each
  /// of `marks` the ink plainly shows read as that mark: near is within half the gap's length of
  /// the gap the mark stands in, which the cell it was read from lies in. A lookalike other than
  /// `、。` is taken only after a kana or kanji (in a Latin word `.` and `'` are its own); where
  /// two marks are read near one, which is which is unknown, and the reading stands.
  static func withMarkKindsFromInk(_ marks: [InkMark], into reading: DecodedLine, height: Double)
    -> DecodedLine
  {
    guard !marks.isEmpty, let row = reading.rows(height: height) else { return reading }
    var result = reading
    let characters = reading.characters
    for mark in marks where mark.plain {
      let reach = Double(mark.gap.count) / 2
      let near = characters.indices.filter { index in
        let text = characters[index].text
        guard isLookalikeOfMark(text) else { return false }
        if text != "、" && text != "。" {
          guard index > 0, isKana(characters[index - 1].text) || isKanji(characters[index - 1].text)
          else { return false }
        }
        let place = row(characters[index])
        return place >= Double(mark.gap.lowerBound) - reach && place < Double(mark.gap.upperBound) + reach
      }
      guard near.count == 1, let index = near.first, result.characters[index].text != mark.text else {
        continue
      }
      result.characters[index].text = mark.text
    }
    return result
  }
}
