/// What a page's grey levels say of how its ink was scanned: whether the scan is bilevel (a fax, a
/// 1-bit scanner's threshold: every pixel ink or paper, few between), how wide its strokes are, and
/// into how short pieces they are broken. A threshold set dark takes the thin strokes of a Mincho
/// face (its horizontals) away whole and cuts the rest into specks: such a page reads many times
/// worse than a grey scan of the same print (docs/engines.md, "Vertical Japanese").
///
/// Ink is every pixel darker than halfway between the page's ink level and its paper level (its
/// darkest and lightest ``levelShare`` of pixels, as ``RGBImage/inkStretched(below:above:paperFrom:inkShare:)``
/// takes them), the grey level `(R + 2G + B) / 4`.
struct InkStrokes: Equatable {
  /// The share of pixels whose levels, darkest and lightest, are taken as the ink's and the paper's.
  static let levelShare = 0.005
  /// Pixels whose level lies in the middle half between the ink's level and the paper's, per ink
  /// pixel. A grey scan's strokes have edges of such levels all along them (about one a pixel of ink,
  /// 0.68 the least measured on the sweeps' pages); a bilevel scan has none, or as a JPEG only the
  /// ringing around its strokes (0.08 the most measured).
  var greyPerInk: Double
  /// Twice the ink over its edge (ink pixels with paper above, below or beside them): a stroke's
  /// width in pixels, 2 for strokes a pixel or two wide, the ink's thickness for large blots.
  var strokeWidth: Double
  /// The mean ink of a piece (8-connected), in squares of ``strokeWidth``: how many widths long a
  /// piece of stroke is. Whole characters of small print hold pieces of 6 to 40 widths; strokes
  /// broken into specks, 2 to 4.
  var pieceLength: Double
  /// How many pixels are ink.
  var inkPixels: Int

  init(greyPerInk: Double, strokeWidth: Double, pieceLength: Double, inkPixels: Int) {
    self.greyPerInk = greyPerInk
    self.strokeWidth = strokeWidth
    self.pieceLength = pieceLength
    self.inkPixels = inkPixels
  }

  /// The strokes of `image`; nil for one without ink and paper `leastSpread` levels apart or more,
  /// or whose ink (the darker side) covers half of it or more (light print on dark, or no page).
  init?(_ image: RGBImage, leastSpread: Int = 64) {
    let (width, height) = (image.width, image.height)
    let count = width * height
    guard count > 0 else { return nil }
    let (grey, histogram) = image.greyLevels()
    let (low, high) = RGBImage.levels(histogram, share: Self.levelShare)
    let spread = high - low
    guard spread >= leastSpread else { return nil }
    // Ink: below the middle; grey: within the middle half (a quarter of the spread from either end).
    let middle = low + spread / 2
    let greyLow = low + spread / 4
    let greyHigh = high - spread / 4
    let inkCount = histogram[0..<middle].reduce(0, +)
    guard inkCount > 0, inkCount * 2 < count else { return nil }
    let greyCount = histogram[(greyLow + 1)..<greyHigh].reduce(0, +)
    var edge = 0
    // Pieces: runs of ink a row at a time, joined (union–find) to the runs of the row above that
    // touch them, corners included.
    var parent: [Int32] = []
    var previous: [(start: Int, end: Int, run: Int32)] = []
    var current: [(start: Int, end: Int, run: Int32)] = []
    func root(_ run: Int32) -> Int32 {
      var run = run
      while parent[Int(run)] != run {
        parent[Int(run)] = parent[Int(parent[Int(run)])]
        run = parent[Int(run)]
      }
      return run
    }
    grey.withUnsafeBufferPointer { grey in
      let threshold = UInt8(middle)
      @inline(__always) func ink(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && grey[y * width + x] < threshold
      }
      for y in 0..<height {
        current.removeAll(keepingCapacity: true)
        var x = 0
        let row = y * width
        while x < width {
          guard grey[row + x] < threshold else {
            x += 1
            continue
          }
          let start = x
          while x < width && grey[row + x] < threshold {
            if !ink(x - 1, y) || !ink(x + 1, y) || !ink(x, y - 1) || !ink(x, y + 1) { edge += 1 }
            x += 1
          }
          let run = Int32(parent.count)
          parent.append(run)
          for above in previous where above.start <= x && start <= above.end {
            let (a, b) = (root(above.run), root(run))
            if a != b { parent[Int(max(a, b))] = min(a, b) }
          }
          current.append((start, x, run))
        }
        swap(&previous, &current)
      }
    }
    var pieces = 0
    for run in parent.indices where root(Int32(run)) == Int32(run) { pieces += 1 }
    let strokeWidth = 2 * Double(inkCount) / Double(max(1, edge))
    self.init(
      greyPerInk: Double(greyCount) / Double(inkCount), strokeWidth: strokeWidth,
      pieceLength: Double(inkCount) / Double(max(1, pieces)) / (strokeWidth * strokeWidth),
      inkPixels: inkCount)
  }
}
