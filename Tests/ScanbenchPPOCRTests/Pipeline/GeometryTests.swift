import Foundation
import ScanbenchSupport
import Testing

@testable import ScanbenchPPOCR

@Suite struct GeometryTests {
  /// The least area of a rectangle at angle `angle` holding `points`.
  func area(at angle: Double, _ points: [Point]) -> Double {
    let u = (cos(angle), sin(angle))
    let projectionsU = points.map { $0.x * u.0 + $0.y * u.1 }
    let projectionsV = points.map { -$0.x * u.1 + $0.y * u.0 }
    let width = (projectionsU.max() ?? 0) - (projectionsU.min() ?? 0)
    let height = (projectionsV.max() ?? 0) - (projectionsV.min() ?? 0)
    return width * height
  }

  @Test func minAreaRectMatchesBruteForceOnRandomPointSets() {
    var random = SeededGenerator(seed: 15)
    for trial in 0..<60 {
      let count = Int.random(in: 3...40, using: &random)
      // Elongated, rotated clouds, like text regions, and round ones.
      let angle = Double.random(in: 0..<Double.pi, using: &random)
      let stretch = trial % 2 == 0 ? Double.random(in: 3...20, using: &random) : 1
      let points = (0..<count).map { _ -> Point in
        let a = Double.random(in: -10...10, using: &random) * stretch
        let b = Double.random(in: -10...10, using: &random)
        return Point(
          x: 100 + a * cos(angle) - b * sin(angle), y: 50 + a * sin(angle) + b * cos(angle))
      }
      let rect = Geometry.minAreaRect(points)
      // Every point lies inside the rectangle.
      let u = rect.axis
      for point in points {
        let d = point - rect.center
        #expect(abs(d.x * u.x + d.y * u.y) <= rect.width / 2 + 1e-6)
        #expect(abs(-d.x * u.y + d.y * u.x) <= rect.height / 2 + 1e-6)
      }
      // No angle, tried every 0.02°, gives a smaller rectangle; the best of them is close.
      let brute =
        stride(from: 0.0, to: 90.0, by: 0.02).map { area(at: $0 * Double.pi / 180, points) }.min() ?? 0
      #expect(rect.area <= brute * (1 + 1e-9) + 1e-9, "trial \(trial)")
      #expect(rect.area >= brute * 0.99 - 1e-9, "trial \(trial)")
    }
  }

  @Test func minAreaRectOfAnAxisAlignedGridIsItsBounds() {
    let points = (0..<5).flatMap { x in (0..<3).map { y in Point(x: Double(x), y: Double(y)) } }
    let rect = Geometry.minAreaRect(points)
    #expect(abs(rect.area - 8) < 1e-9)
    #expect(abs(rect.center.x - 2) < 1e-9 && abs(rect.center.y - 1) < 1e-9)
  }

  @Test func degeneratePointSets() {
    #expect(Geometry.minAreaRect([]).area == 0)
    #expect(Geometry.minAreaRect([Point(x: 3, y: 4)]).center == Point(x: 3, y: 4))
    let line = Geometry.minAreaRect([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 0)])
    #expect(line.area == 0)
    #expect(abs(max(line.width, line.height) - 10) < 1e-9)
  }

  @Test func convexHullHoldsEveryPoint() {
    var random = SeededGenerator(seed: 7)
    let points = (0..<300).map { _ in
      Point(x: Double.random(in: 0...50, using: &random), y: Double.random(in: 0...20, using: &random))
    }
    let hull = Geometry.convexHull(points)
    #expect(hull.count >= 3)
    for point in points {
      for index in hull.indices {
        let a = hull[index]
        let b = hull[(index + 1) % hull.count]
        let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        #expect(cross >= -1e-9)
      }
    }
    #expect(hull.allSatisfy { points.contains($0) })
  }

  /// PaddleOCR unclips with pyclipper (round joins); the minimum-area rectangle of the rounded
  /// rectangle that gives is the rectangle grown by the offset on every side.
  @Test func unclipGrowsEverySideByAreaTimesRatioOverPerimeter() {
    let angle = 0.3
    let rect = RotatedRect(
      center: Point(x: 40, y: 30), width: 100, height: 10, axis: Point(x: cos(angle), y: sin(angle)))
    let distance = rect.unclipDistance(ratio: 1.5)
    #expect(abs(distance - 100 * 10 * 1.5 / 220) < 1e-12)
    // The offset polygon: each corner swept by a circle of that radius.
    var offset: [Point] = []
    for corner in rect.corners {
      for step in 0..<64 {
        let t = Double(step) / 64 * 2 * Double.pi
        offset.append(Point(x: corner.x + distance * cos(t), y: corner.y + distance * sin(t)))
      }
    }
    let measured = Geometry.minAreaRect(offset)
    let grown = rect.expanded(by: distance)
    #expect(abs(max(measured.width, measured.height) - grown.width) < 0.01)
    #expect(abs(min(measured.width, measured.height) - grown.height) < 0.01)
    #expect(measured.center.distance(to: grown.center) < 1e-6)
  }

  @Test func quadTurnsAndSlices() {
    let quad = Quad(
      topLeft: Point(x: 0, y: 0), topRight: Point(x: 10, y: 0), bottomRight: Point(x: 10, y: 40),
      bottomLeft: Point(x: 0, y: 40))
    let turned = quad.turnedCounterClockwise()
    // A column read top to bottom: it starts at the top (its top-right corner first).
    #expect(turned.topLeft == Point(x: 10, y: 0))
    #expect(turned.topRight == Point(x: 10, y: 40))
    #expect(turned.length == 40 && turned.thickness == 10)
    #expect(quad.turnedHalfTurn().turnedHalfTurn() == quad)
    let half = quad.slice(from: 0.5, to: 1)
    #expect(half.topLeft == Point(x: 5, y: 0) && half.bottomRight == Point(x: 10, y: 40))
  }

  @Test func anUprightRectangleAndTheBoundsOfALeaningQuad() {
    let rectangle = Quad(left: 2, top: 3, right: 12, bottom: 43)
    #expect(rectangle.topLeft == Point(x: 2, y: 3) && rectangle.topRight == Point(x: 12, y: 3))
    #expect(rectangle.bottomRight == Point(x: 12, y: 43) && rectangle.bottomLeft == Point(x: 2, y: 43))
    // A column leaning right as it goes down, as the detector gives it: its bounds hold every corner.
    let leaning = Quad(
      topLeft: Point(x: 20, y: 0), topRight: Point(x: 24, y: 50), bottomRight: Point(x: 14, y: 51),
      bottomLeft: Point(x: 10, y: 1))
    #expect(leaning.uprightBounds == Quad(left: 10, top: 0, right: 24, bottom: 51))
    // A column turned to be read as a line covers the same page.
    #expect(leaning.turnedCounterClockwise().uprightBounds == leaning.uprightBounds)
  }

  @Test func cornersAreOrderedOnThePage() {
    let quad = Quad(orderingCorners: [
      Point(x: 10, y: 12), Point(x: 0, y: 2), Point(x: 100, y: 0), Point(x: 110, y: 10),
    ])
    #expect(quad.topLeft == Point(x: 0, y: 2))
    #expect(quad.bottomLeft == Point(x: 10, y: 12))
    #expect(quad.topRight == Point(x: 100, y: 0))
    #expect(quad.bottomRight == Point(x: 110, y: 10))
  }

  /// A long box leaning a little off upright (a line of a page lying on its side, photographed at a
  /// slant) is a tall box read from its top, whichever way it leans: PaddleOCR's order alone takes
  /// its lower end for its left side, and reads it as a line across running up the page.
  @Test(arguments: [-8.0, -3.0, 3.0, 8.0, 30.0])
  func aLongBoxLeaningOffUprightIsTall(degrees: Double) {
    let angle = degrees * Double.pi / 180
    // 400 long, 20 thick, its long side turned `degrees` clockwise from straight down.
    let rect = RotatedRect(
      center: Point(x: 500, y: 500), width: 20, height: 400, axis: Point(x: cos(angle), y: sin(angle)))
    let quad = Quad(orderingCorners: rect.corners)
    #expect(abs(quad.length - 20) < 1e-6 && abs(quad.thickness - 400) < 1e-6)
    #expect(quad.topLeft.y < 500 && quad.topRight.y < 500, "the top side is the box's upper end")
    #expect(quad.topRight.x > quad.topLeft.x, "the top side runs to the right")
  }

  @Test func boxCoversPointsWithinTheImage() {
    let box = PPOCRBox(
      covering: [Point(x: -3, y: 2.5), Point(x: 10.2, y: 7)], imageWidth: 8, imageHeight: 100)
    #expect(box == PPOCRBox(x: 0, y: 2, width: 8, height: 5))
  }
}
