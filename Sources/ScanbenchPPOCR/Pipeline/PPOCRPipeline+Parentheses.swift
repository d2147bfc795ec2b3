/// The parentheses beyond a column's box.
///
/// The detector's box runs from a column's first character to its last: a vertical parenthesis
/// (`︵︶`, a flat arc across the column, set in the end of its cell against what it opens or
/// closes) before the first or after the last lies outside the box, in no crop either reading sees.
/// The page is looked at again just beyond each end of the box
/// (``VerticalColumn/parenthesisBeyondBox(_:boxRows:opening:widest:)``).
extension PPOCRPipeline {
  /// `reading` of the column `detected[index]` of `image`, with the `（` just above its box and the
  /// `）` just below it, looked for `reach` of the box's widths beyond it (not past another box that
  /// lies across the column there).
  func withParenthesesBeyondBox(
    _ image: RGBImage, of index: Int, in detected: [TextRegion], reading: DecodedLine, reach: Double
  ) -> DecodedLine {
    guard let first = reading.characters.first, let last = reading.characters.last else { return reading }
    let box = PPOCRBox(
      covering: detected[index].quad.points, imageWidth: image.width, imageHeight: image.height)
    let bottom = box.y + box.height
    var (above, below) = (
      min(reach * Double(box.width), Double(box.y)),
      min(reach * Double(box.width), Double(image.height - bottom))
    )
    for other in detected.indices where other != index {
      let them = PPOCRBox(
        covering: detected[other].quad.points, imageWidth: image.width, imageHeight: image.height)
      let overlap = min(box.x + box.width, them.x + them.width) - max(box.x, them.x)
      guard overlap > 0 else { continue }
      if them.y >= bottom { below = min(below, Double(them.y - bottom)) }
      if them.y + them.height <= box.y { above = min(above, Double(box.y - them.y - them.height)) }
    }
    let upright = detected[index].quad.turnedClockwise()
    var result = reading
    // As likely as the reading on the whole (``VerticalColumn/withInkEllipses(_:into:height:em:)``).
    let likelihood = Float(reading.probability)
    if first.text != "（", above >= 1,
      let beyond = columnBeyondBox(image, upright: upright, by: above, opening: true),
      VerticalColumn.parenthesisBeyondBox(
        beyond.column, boxRows: beyond.boxRows, opening: true, widest: options.widestParenthesis) != nil
    {
      result.characters.insert(
        DecodedCharacter(text: "（", firstColumn: 0, lastColumn: 0, probability: likelihood), at: 0)
    }
    if last.text != "）", below >= 1,
      let beyond = columnBeyondBox(image, upright: upright, by: below, opening: false),
      VerticalColumn.parenthesisBeyondBox(
        beyond.column, boxRows: beyond.boxRows, opening: false, widest: options.widestParenthesis) != nil
    {
      let at = max(last.lastColumn, Int(saturating: reading.contentColumns.rounded(.up)) - 1)
      result.characters.append(
        DecodedCharacter(text: "）", firstColumn: at, lastColumn: at, probability: likelihood))
    }
    return result
  }

  /// The column `upright` (a box turned upright) stretched `length` pixels beyond its head
  /// (`opening`) or its foot, cut upright from `image`, and the rows of it the box itself covers.
  private func columnBeyondBox(_ image: RGBImage, upright: Quad, by length: Double, opening: Bool)
    -> (column: VerticalColumn.Grey, boxRows: Range<Int>)?
  {
    let downLength = upright.topLeft.distance(to: upright.bottomLeft)
    guard downLength > 0 else { return nil }
    let down = (upright.bottomLeft - upright.topLeft) * (length / downLength)
    var extended = upright
    if opening {
      extended.topLeft = upright.topLeft - down
      extended.topRight = upright.topRight - down
    } else {
      extended.bottomLeft = upright.bottomLeft + down
      extended.bottomRight = upright.bottomRight + down
    }
    guard let column = uprightColumn(image, quad: extended) else { return nil }
    let boxHeight = Int(
      saturating: (Double(column.height) * upright.thickness / extended.thickness).rounded(.down))
    return (column, opening ? (column.height - boxHeight)..<column.height : 0..<boxHeight)
  }
}
