/// Connected regions of a thresholded probability map (DB's text map) and what DB needs of them.
/// Buffers are kept between images: one `TextMap` per pipeline.
final class TextMap {
  struct Region {
    /// The minimum-area rectangle around the region's pixel centres, in map pixels.
    var rect: RotatedRect
    /// The region's top row, for `maxCandidates` (regions are taken top first).
    var top: Int
  }

  private(set) var width = 0
  private(set) var height = 0
  private var bitmap: [UInt8] = []
  private var runStart: [Int32] = []
  private var runEnd: [Int32] = []
  private var runRow: [Int32] = []
  private var parent: [Int32] = []
  private var componentOfRoot: [Int32] = []
  private var order: [Int32] = []
  private var offsets: [Int32] = []
  private var points: [Point] = []

  /// The regions where `probability > threshold`, 8-connected (as OpenCV's contours follow them),
  /// after an optional 2 × 2 dilation (PaddleOCR's `use_dilation`), in the order of their top rows.
  func regions(
    probability: UnsafeBufferPointer<Float>, width: Int, height: Int, threshold: Float, dilate: Bool
  ) -> [Region] {
    precondition(probability.count >= width * height)
    self.width = width
    self.height = height
    binarize(probability, threshold: threshold, dilate: dilate)
    findRuns()
    return collectRegions()
  }

  private func binarize(_ probability: UnsafeBufferPointer<Float>, threshold: Float, dilate: Bool) {
    let count = width * height
    if bitmap.count < count { bitmap = [UInt8](repeating: 0, count: count) }
    let (width, height) = (self.width, self.height)
    bitmap.withUnsafeMutableBufferPointer { bits in
      for index in 0..<count { bits[index] = probability[index] > threshold ? 1 : 0 }
      guard dilate else { return }
      // OpenCV's 2 × 2 kernel is anchored at its second row and column: each pixel takes the
      // maximum of itself, its left, upper and upper-left neighbours. Done in place from the end.
      for y in stride(from: height - 1, through: 0, by: -1) {
        for x in stride(from: width - 1, through: 0, by: -1) {
          let index = y * width + x
          var value = bits[index]
          if x > 0 { value |= bits[index - 1] }
          if y > 0 {
            value |= bits[index - width]
            if x > 0 { value |= bits[index - width - 1] }
          }
          bits[index] = value
        }
      }
    }
  }

  /// Horizontal runs of set pixels, joined with union-find to the runs of the row above that touch
  /// them (diagonals included).
  private func findRuns() {
    runStart.removeAll(keepingCapacity: true)
    runEnd.removeAll(keepingCapacity: true)
    runRow.removeAll(keepingCapacity: true)
    parent.removeAll(keepingCapacity: true)
    let (width, height) = (self.width, self.height)
    bitmap.withUnsafeBufferPointer { bits in
      var previousBegin = 0
      var previousEnd = 0
      for y in 0..<height {
        let row = y * width
        let currentBegin = runStart.count
        var x = 0
        var above = previousBegin
        while x < width {
          if bits[row + x] == 0 {
            x += 1
            continue
          }
          let start = x
          while x < width && bits[row + x] != 0 { x += 1 }
          let end = x - 1
          let index = Int32(runStart.count)
          runStart.append(Int32(start))
          runEnd.append(Int32(end))
          runRow.append(Int32(y))  // lint: integer (a row index)
          parent.append(index)
          // Runs above that end left of start - 1 cannot touch this run or any later one.
          while above < previousEnd && Int(runEnd[above]) < start - 1 { above += 1 }
          var candidate = above
          while candidate < previousEnd && Int(runStart[candidate]) <= end + 1 {
            union(Int32(candidate), index)
            candidate += 1
          }
        }
        previousBegin = currentBegin
        previousEnd = runStart.count
      }
    }
  }

  private func find(_ index: Int32) -> Int32 {
    var root = index
    while parent[Int(root)] != root { root = parent[Int(root)] }
    var node = index
    while parent[Int(node)] != root {
      let next = parent[Int(node)]
      parent[Int(node)] = root
      node = next
    }
    return root
  }

  private func union(_ a: Int32, _ b: Int32) {
    let rootA = find(a)
    let rootB = find(b)
    if rootA == rootB { return }
    // The smaller index stays root, so a component's root is its first run (its top row).
    if rootA < rootB { parent[Int(rootB)] = rootA } else { parent[Int(rootA)] = rootB }
  }

  private func collectRegions() -> [Region] {
    let runCount = runStart.count
    if runCount == 0 { return [] }
    componentOfRoot.removeAll(keepingCapacity: true)
    componentOfRoot.append(contentsOf: repeatElement(-1, count: runCount))
    var componentCount: Int32 = 0
    var componentOfRun = [Int32](repeating: 0, count: runCount)
    for index in 0..<runCount {
      let root = Int(find(Int32(index)))
      if componentOfRoot[root] < 0 {
        componentOfRoot[root] = componentCount
        componentCount += 1
      }
      componentOfRun[index] = componentOfRoot[root]
    }
    // Counting sort of the runs by component, keeping row order within each.
    offsets.removeAll(keepingCapacity: true)
    offsets.append(contentsOf: repeatElement(0, count: Int(componentCount) + 1))
    for component in componentOfRun { offsets[Int(component) + 1] += 1 }
    for index in 0..<Int(componentCount) { offsets[index + 1] += offsets[index] }
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: repeatElement(0, count: runCount))
    var next = offsets
    for index in 0..<runCount {
      let component = Int(componentOfRun[index])
      order[Int(next[component])] = Int32(index)
      next[component] += 1
    }
    var regions: [Region] = []
    regions.reserveCapacity(Int(componentCount))
    for component in 0..<Int(componentCount) {
      // The leftmost and rightmost pixel centre of each row hold the region's convex hull.
      points.removeAll(keepingCapacity: true)
      var row: Int32 = -1
      var left: Int32 = 0
      var right: Int32 = 0
      for slot in Int(offsets[component])..<Int(offsets[component + 1]) {
        let run = Int(order[slot])
        if runRow[run] != row {
          if row >= 0 { appendRow(Int(row), Int(left), Int(right)) }
          row = runRow[run]
          left = runStart[run]
          right = runEnd[run]
        } else {
          left = min(left, runStart[run])
          right = max(right, runEnd[run])
        }
      }
      appendRow(Int(row), Int(left), Int(right))
      let top = Int(runRow[Int(order[Int(offsets[component])])])
      regions.append(Region(rect: Geometry.minAreaRect(points), top: top))
    }
    return regions
  }

  private func appendRow(_ row: Int, _ left: Int, _ right: Int) {
    points.append(Point(x: Double(left), y: Double(row)))
    if right != left { points.append(Point(x: Double(right), y: Double(row))) }
  }

  /// The mean probability inside a convex polygon (DB's "fast" box score: OpenCV fills the polygon
  /// over its bounding box and averages the map there).
  static func meanProbability(
    _ probability: UnsafeBufferPointer<Float>, width: Int, height: Int, inside polygon: [Point]
  ) -> Double {
    guard width > 0, height > 0 else { return 0 }
    var minY = Double.infinity
    var maxY = -Double.infinity
    for point in polygon {
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    let top = max(0, min(height - 1, Int(saturating: minY.rounded(.down))))
    let bottom = max(0, min(height - 1, Int(saturating: maxY.rounded(.up))))
    var sum = 0.0
    var count = 0
    for y in top...bottom {
      let rowY = Double(y)
      var left = Double.infinity
      var right = -Double.infinity
      for index in 0..<polygon.count {
        let a = polygon[index]
        let b = polygon[(index + 1) % polygon.count]
        if (a.y <= rowY && b.y >= rowY) || (b.y <= rowY && a.y >= rowY) {
          if a.y == b.y {
            left = min(left, min(a.x, b.x))
            right = max(right, max(a.x, b.x))
          } else {
            let x = a.x + (rowY - a.y) * (b.x - a.x) / (b.y - a.y)
            left = min(left, x)
            right = max(right, x)
          }
        }
      }
      if left > right {
        // The row passes between vertices of a polygon thinner than a pixel: take its nearest point.
        continue
      }
      let from = max(0, min(width - 1, Int(saturating: left.rounded())))
      let to = max(0, min(width - 1, Int(saturating: right.rounded())))
      if from > to { continue }
      let base = y * width
      var rowSum: Float = 0
      for x in from...to { rowSum += probability[base + x] }
      sum += Double(rowSum)
      count += to - from + 1
    }
    return count > 0 ? sum / Double(count) : 0
  }
}
