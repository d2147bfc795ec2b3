/// Which pixels of an image are ink: the minority side of Otsu's threshold on the grey levels (dark
/// text on light paper, or light on dark). A page's, for ``Gutters``; a line's, for ``InkBounds``.
struct InkMap {
  let width: Int
  let height: Int
  /// One byte a pixel, rows top to bottom: 1 for ink.
  let bits: [UInt8]

  init(width: Int, height: Int, bits: [UInt8]) {
    precondition(bits.count == width * height, "an ink map holds one byte per pixel")
    self.width = width
    self.height = height
    self.bits = bits
  }

  /// The ink of `image`; nil for an image without two distinct grey levels.
  init?(_ image: RGBImage) {
    let count = image.width * image.height
    guard count > 0 else { return nil }
    var (grey, histogram) = image.greyLevels()
    guard let threshold = InkBounds.otsu(histogram) else { return nil }
    let inkIsDark = histogram[0...threshold].reduce(0, +) * 2 <= count
    for index in 0..<count {
      grey[index] = (Int(grey[index]) <= threshold) == inkIsDark ? 1 : 0
    }
    self.init(width: image.width, height: image.height, bits: grey)
  }

  /// Whether row `y` holds ink in `columns` (both within the map).
  func hasInk(row y: Int, columns: ClosedRange<Int>) -> Bool {
    let base = y * width
    return bits.withUnsafeBufferPointer { bits in
      columns.contains { bits[base + $0] != 0 }
    }
  }

  /// Runs of columns with ink in rows `rows`, over `columns`, left to right (page x, upper bound
  /// excluded).
  func inkRuns(rows: ClosedRange<Int>, columns: ClosedRange<Int>) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    bits.withUnsafeBufferPointer { bits in
      for x in columns {
        let inked = rows.contains { bits[$0 * width + x] != 0 }
        if inked, start == nil { start = x }
        if !inked, let first = start {
          runs.append(first..<x)
          start = nil
        }
      }
    }
    if let first = start { runs.append(first..<(columns.upperBound + 1)) }
    return runs
  }
}
