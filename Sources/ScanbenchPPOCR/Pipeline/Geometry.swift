/// A point in pixel coordinates: x to the right, y down; integer values are pixel centres.
struct Point: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

  func distance(to other: Point) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The point a fraction `t` of the way from `self` to `other`.
  func interpolated(to other: Point, by t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }
}

/// An axis-aligned box in pixels of an image: origin top-left, as Tesseract's word boxes are.
public struct PPOCRBox: Sendable, Equatable, Hashable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest box of whole pixels that covers `points`, clipped to an image of the given size.
  init(covering points: [Point], imageWidth: Int, imageHeight: Int) {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for point in points {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    let left = max(0, min(imageWidth, Int(saturating: (minX).rounded(.down))))
    let top = max(0, min(imageHeight, Int(saturating: (minY).rounded(.down))))
    let right = max(left, min(imageWidth, Int(saturating: (maxX).rounded(.up))))
    let bottom = max(top, min(imageHeight, Int(saturating: (maxY).rounded(.up))))
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The smallest box that holds both.
  func union(_ other: PPOCRBox) -> PPOCRBox {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PPOCRBox(x: left, y: top, width: right - left, height: bottom - top)
  }
}

/// A rectangle at any angle: its centre, its side lengths and the direction of its `width` side.
struct RotatedRect: Sendable, Equatable {
  var center: Point
  var width: Double
  var height: Double
  /// The unit vector along the `width` side.
  var axis: Point

  var area: Double { width * height }

  /// The four corners, going round the rectangle.
  var corners: [Point] {
    let u = axis * (width / 2)
    let v = Point(x: -axis.y, y: axis.x) * (height / 2)
    return [center - u - v, center + u - v, center + u + v, center - u + v]
  }

  /// The rectangle grown by `distance` on every side. Offsetting a rectangle with round joins (what
  /// pyclipper does in PaddleOCR's unclip) gives a rounded rectangle whose minimum-area rectangle is
  /// exactly this one.
  func expanded(by distance: Double) -> RotatedRect {
    RotatedRect(center: center, width: width + 2 * distance, height: height + 2 * distance, axis: axis)
  }

  /// DB's unclip distance for this rectangle, `area × ratio / perimeter` (PaddleOCR's `DBPostProcess`).
  func unclipDistance(ratio: Double) -> Double {
    let perimeter = 2 * (width + height)
    return perimeter > 0 ? area * ratio / perimeter : 0
  }
}

enum Geometry {
  /// The convex hull, counter-clockwise in a y-up view (clockwise on screen), without collinear
  /// points: Andrew's monotone chain.
  static func convexHull(_ points: [Point]) -> [Point] {
    let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    if sorted.count < 3 { return uniqued(sorted) }
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    var hull: [Point] = []
    hull.reserveCapacity(sorted.count + 1)
    for point in sorted {
      while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 {
        hull.removeLast()
      }
      hull.append(point)
    }
    let lowerCount = hull.count + 1
    for point in sorted.reversed().dropFirst() {
      while hull.count >= lowerCount && cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 {
        hull.removeLast()
      }
      hull.append(point)
    }
    hull.removeLast()
    return hull
  }

  private static func uniqued(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    for point in points where result.last != point { result.append(point) }
    return result
  }

  /// The rectangle of least area that holds every point (OpenCV's `minAreaRect`). One side of the
  /// best rectangle lies along an edge of the convex hull, so each hull edge is tried in turn and the
  /// hull projected on it and on its normal (rotating calipers, done plainly: hulls here have tens of
  /// points).
  static func minAreaRect(_ points: [Point]) -> RotatedRect {
    let hull = convexHull(points)
    guard let first = hull.first else {
      return RotatedRect(center: Point(x: 0, y: 0), width: 0, height: 0, axis: Point(x: 1, y: 0))
    }
    if hull.count == 1 {
      return RotatedRect(center: first, width: 0, height: 0, axis: Point(x: 1, y: 0))
    }
    var best = RotatedRect(center: first, width: .infinity, height: .infinity, axis: Point(x: 1, y: 0))
    var bestArea = Double.infinity
    for index in 0..<hull.count {
      let a = hull[index]
      let b = hull[(index + 1) % hull.count]
      let length = a.distance(to: b)
      if length == 0 { continue }
      let u = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
      let v = Point(x: -u.y, y: u.x)
      var minU = Double.infinity
      var maxU = -Double.infinity
      var minV = Double.infinity
      var maxV = -Double.infinity
      for point in hull {
        let dx = point.x - a.x
        let dy = point.y - a.y
        let pu = dx * u.x + dy * u.y
        let pv = dx * v.x + dy * v.y
        minU = min(minU, pu)
        maxU = max(maxU, pu)
        minV = min(minV, pv)
        maxV = max(maxV, pv)
      }
      let area = (maxU - minU) * (maxV - minV)
      if area < bestArea {
        bestArea = area
        let cu = (minU + maxU) / 2
        let cv = (minV + maxV) / 2
        best = RotatedRect(
          center: Point(x: a.x + u.x * cu + v.x * cv, y: a.y + u.y * cu + v.y * cv),
          width: maxU - minU, height: maxV - minV, axis: u)
      }
    }
    return best
  }
}

/// A quadrilateral around a piece of text, its corners in reading order: `topLeft → topRight` runs
/// along the text as it is read, `topLeft → bottomLeft` across it. A vertical column (read top to
/// bottom) has its `topLeft` at the top right of the column on the page.
struct Quad: Sendable, Equatable {
  public var topLeft: Point
  public var topRight: Point
  public var bottomRight: Point
  public var bottomLeft: Point

  public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// An upright rectangle read across the page: left to right along the text, top to bottom
  /// across it.
  init(left: Double, top: Double, right: Double, bottom: Double) {
    self.init(
      topLeft: Point(x: left, y: top), topRight: Point(x: right, y: top),
      bottomRight: Point(x: right, y: bottom), bottomLeft: Point(x: left, y: bottom))
  }

  /// The corners in order.
  public var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// The upright rectangle around the corners, read across the page.
  var uprightBounds: Quad {
    let (xs, ys) = (points.map(\.x), points.map(\.y))
    return Quad(left: xs.min() ?? 0, top: ys.min() ?? 0, right: xs.max() ?? 0, bottom: ys.max() ?? 0)
  }

  /// Length along the text (the longer of the two sides that run along it).
  var length: Double { max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight)) }
  /// Length across the text.
  var thickness: Double { max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight)) }

  /// The same region read as if turned a quarter turn counter-clockwise: the old top edge becomes
  /// the left edge, read upwards — for a tall box, its top comes first.
  func turnedCounterClockwise() -> Quad {
    Quad(topLeft: topRight, topRight: bottomRight, bottomRight: bottomLeft, bottomLeft: topLeft)
  }

  /// The inverse of ``turnedCounterClockwise()``: a column's quad as it stands on the page.
  func turnedClockwise() -> Quad {
    Quad(topLeft: bottomLeft, topRight: topLeft, bottomRight: topRight, bottomLeft: bottomRight)
  }

  /// The same region read upside down.
  func turnedHalfTurn() -> Quad {
    Quad(topLeft: bottomRight, topRight: bottomLeft, bottomRight: topLeft, bottomLeft: topRight)
  }

  /// The point at fraction `s` along the text and `t` across it (a bilinear patch, which for a
  /// parallelogram is the affine map OpenCV's perspective crop uses).
  func point(along s: Double, across t: Double) -> Point {
    let top = topLeft.interpolated(to: topRight, by: s)
    let bottom = bottomLeft.interpolated(to: bottomRight, by: s)
    return top.interpolated(to: bottom, by: t)
  }

  /// The part of the quad from fraction `start` to `end` along the text.
  func slice(from start: Double, to end: Double) -> Quad {
    Quad(
      topLeft: topLeft.interpolated(to: topRight, by: start),
      topRight: topLeft.interpolated(to: topRight, by: end),
      bottomRight: bottomLeft.interpolated(to: bottomRight, by: end),
      bottomLeft: bottomLeft.interpolated(to: bottomRight, by: start))
  }

  /// A quad from a rotated rectangle's corners, ordered as PaddleOCR's `order_points_clockwise` does
  /// on the page: the two leftmost corners are the left side (the upper one top-left), the two
  /// rightmost the right side; then, where that top side runs more down or up than across, the
  /// corners are taken a quarter turn round, so that the top side is the one running most to the
  /// right. PaddleOCR's order alone makes a long box that leans a little off upright — a line of a
  /// page lying on its side in a photo — a line across the page running up it: read so, it is
  /// garbage, and the page is not seen to lie on its side (docs/engines.md, "Photos"). The two
  /// orders differ only for a box leaning more than half a right angle off level.
  init(orderingCorners corners: [Point]) {
    let byX = corners.enumerated().sorted { lhs, rhs in
      lhs.element.x != rhs.element.x ? lhs.element.x < rhs.element.x : lhs.offset < rhs.offset
    }.map(\.element)
    let left = byX[0].y <= byX[1].y ? (byX[0], byX[1]) : (byX[1], byX[0])
    let right = byX[2].y <= byX[3].y ? (byX[2], byX[3]) : (byX[3], byX[2])
    let ring = [left.0, right.0, right.1, left.1]
    // How far each side, taken as the top, runs to the right for its length.
    let across = (0..<4).map { index -> Double in
      let side = ring[(index + 1) % 4] - ring[index]
      let length = (side.x * side.x + side.y * side.y).squareRoot()
      return length > 0 ? side.x / length : -1
    }
    var first = 0
    for index in 1..<4 where across[index] > across[first] { first = index }
    self.init(
      topLeft: ring[first], topRight: ring[(first + 1) % 4], bottomRight: ring[(first + 2) % 4],
      bottomLeft: ring[(first + 3) % 4])
  }
}
