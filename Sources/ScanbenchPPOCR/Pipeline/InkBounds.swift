/// Where the ink is in an image of one text line: the rows and columns that hold nearly all of it.
struct InkBounds: Equatable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int

  /// Ink is the minority side of Otsu's threshold on the grey levels (dark text on light paper, or
  /// light on dark). The bounds drop the outermost rows holding the last 1/200 of the ink above and
  /// below (specks of dust would otherwise shrink the text); no columns are dropped, since a line's
  /// first and last marks (a hyphen, a full stop) can be that small. Nil for an image without two
  /// distinct levels.
  static func find(in image: RGBImage) -> InkBounds? {
    let (width, height) = (image.width, image.height)
    guard width > 1, height > 1 else { return nil }
    var histogram = [Int](repeating: 0, count: 256)
    var grey = [UInt8](repeating: 0, count: width * height)
    image.pixels.withUnsafeBufferPointer { pixels in
      grey.withUnsafeMutableBufferPointer { out in
        for index in 0..<(width * height) {
          let value =
            (Int(pixels[3 * index]) + 2 * Int(pixels[3 * index + 1]) + Int(pixels[3 * index + 2])) / 4
          out[index] = UInt8(value)
          histogram[value] += 1
        }
      }
    }
    guard let threshold = otsu(histogram) else { return nil }
    let darkCount = histogram[0...threshold].reduce(0, +)
    let inkIsDark = darkCount * 2 <= width * height
    var rows = [Int](repeating: 0, count: height)
    var columns = [Int](repeating: 0, count: width)
    grey.withUnsafeBufferPointer { grey in
      for y in 0..<height {
        for x in 0..<width {
          let isDark = Int(grey[y * width + x]) <= threshold
          if isDark == inkIsDark {
            rows[y] += 1
            columns[x] += 1
          }
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
