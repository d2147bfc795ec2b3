/// Where the ink is in an image of one text line: the rows and columns that hold nearly all of it.
struct InkBounds: Equatable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int

  /// Ink is what ``InkMap`` says it is. The bounds drop the outermost rows holding the last 1/200
  /// of the ink above and below (specks of dust would otherwise shrink the text); no columns are
  /// dropped, since a line's first and last marks (a hyphen, a full stop) can be that small. Nil for
  /// an image without two distinct levels.
  static func find(in image: RGBImage) -> InkBounds? {
    let (width, height) = (image.width, image.height)
    guard width > 1, height > 1, let map = InkMap(image) else { return nil }
    var rows = [Int](repeating: 0, count: height)
    var columns = [Int](repeating: 0, count: width)
    map.bits.withUnsafeBufferPointer { bits in
      for y in 0..<height {
        for x in 0..<width where bits[y * width + x] != 0 {
          rows[y] += 1
          columns[x] += 1
        }
      }
    }
    let total = rows.reduce(0, +)
    guard total > 0 else { return nil }
    let (top, bottom) = span(rows, trim: total / 200)
    let (left, right) = span(columns, trim: 0)
    return InkBounds(minX: left, minY: top, maxX: right, maxY: bottom)
  }

  /// The first and last index after dropping at most `trim` of the counts from each end.
  static func span(_ counts: [Int], trim: Int) -> (Int, Int) {
    var start = 0
    var dropped = 0
    while start < counts.count - 1 && dropped + counts[start] <= trim {
      dropped += counts[start]
      start += 1
    }
    var end = counts.count - 1
    dropped = 0
    while end > start && dropped + counts[end] <= trim {
      dropped += counts[end]
      end -= 1
    }
    return (start, end)
  }

  /// Otsu's threshold: the level that best separates the histogram into two classes (levels up to
  /// and including it, and above); nil when all pixels share one level.
  static func otsu(_ histogram: [Int]) -> Int? {
    let total = histogram.reduce(0, +)
    let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
    var weightBelow = 0
    var sumBelow = 0.0
    var best = -1.0
    var threshold: Int?
    for level in 0..<255 {
      weightBelow += histogram[level]
      if weightBelow == 0 { continue }
      let weightAbove = total - weightBelow
      if weightAbove == 0 { break }
      sumBelow += Double(level * histogram[level])
      let meanBelow = sumBelow / Double(weightBelow)
      let meanAbove = (sum - sumBelow) / Double(weightAbove)
      let between =
        Double(weightBelow) * Double(weightAbove) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
      if between > best {
        best = between
        threshold = level
      }
    }
    return threshold
  }
}
