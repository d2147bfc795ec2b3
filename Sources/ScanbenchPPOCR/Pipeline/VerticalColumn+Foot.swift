/// The `、。` under a column's foot.
///
/// The detector's box ends at a column's last character: a `、。` after it, set in the top right of
/// its own cell, small and apart, lies below the box, in no crop either reading sees, and in no gap
/// of the column's ink (``marksInInk(_:)``, ``marksInGaps(_:empty:remnant:longest:)``). A column
/// ends there, or the detector cut it at the mark's near-empty cell into two boxes. So the page is
/// looked at again under the box: where the cell after the last character holds nothing in its left
/// half and a ring or a diagonal stroke in its top right, that is the mark.
extension VerticalColumn {
  /// The mark under the foot of the column in `column` (a crop of the column's box and what lies
  /// below it, the box's foot at row `foot`), or nil where the cell after its last character holds
  /// none, or the crop does not reach far enough below it to tell.
  static func markUnderFoot(
    _ column: Grey, foot: Int, empty: Double, remnant: Double, longest: Double
  ) -> String? {
    guard let ink = ink(of: column) else { return nil }
    let (width, height, em) = (column.width, column.height, ink.em)
    let axis = ink.axis
    let (bandLeft, bandRight, rowInk) = ink.band
    // The last character: the ink the box ends in, however far below the box it reaches.
    guard foot > 0, foot <= height, let last = rowInk[0..<foot].lastIndex(where: { $0 > 0 }) else {
      return nil
    }
    var top = last + 1
    while top < height && rowInk[top] > 0 { top += 1 }
    let left = gapRemnant(ink.picture, top: top, em: em, axis: axis)
    // The rest of the column below, cut off by the detector at the mark's near-empty cell: the
    // gap between the two is that cell, as between two characters of one box.
    if let next = (top..<height).first(where: { rowInk[$0] > 0 }) {
      let length = Double(next - top) / em
      guard length >= min(empty, remnant), length <= longest else { return nil }
      // A full-size character below, not a speck, a stroke the scan broke, a small kana (right of
      // the axis, low in its cell: the gap above it looks a mark's, and narrow), a bar or bracket (`…」`, a
      // space above them) or the page's dark edge: ink left of the axis, a tenth of the top of its
      // cell or more, and paper.
      let nextBottom = next + Int(saturating: (0.5 * em).rounded(.up))
      guard nextBottom <= height else { return nil }
      let leftOfAxis = min(bandRight, Int(saturating: (axis - 0.2 * em).rounded(.down)))
      var (leftInk, allInk, inkLeft, inkRight) = (0, 0, width, 0)
      for y in next..<nextBottom {
        for x in bandLeft..<bandRight where ink.mask[y * width + x] {
          allInk += 1
          if x < leftOfAxis { leftInk += 1 }
          (inkLeft, inkRight) = (min(inkLeft, x), max(inkRight, x + 1))
        }
      }
      let area = (nextBottom - next) * (bandRight - bandLeft)
      guard leftInk > 0, allInk * 10 >= area, allInk * 2 < area, Double(inkRight - inkLeft) >= 0.6 * em
      else { return nil }
      guard left.map(\.isRing) == true else { return nil }
      return left.map(\.isComma) == true ? "、" : "。"
    }
    // The column's end: only the mark's own ink tells.
    let cellBottom = top + Int(saturating: (0.6 * em).rounded(.up))
    guard cellBottom <= height else { return nil }
    // A character's ink, not a mark's: anything in the cell's left half.
    let markLeft = min(bandRight, Int(saturating: (axis - 0.1 * em).rounded(.down)))
    for y in top..<cellBottom {
      for x in bandLeft..<markLeft where ink.mask[y * width + x] { return nil }
    }
    guard let left else { return nil }
    if left.isRing { return "。" }
    if left.isComma { return "、" }
    return nil
  }
}
