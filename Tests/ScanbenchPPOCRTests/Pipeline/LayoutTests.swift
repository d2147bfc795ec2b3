import Testing

@testable import ScanbenchPPOCR

@Suite struct LayoutTests {
  func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layout.Rect {
    Layout.Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
  }

  @Test func rowsTopToBottomMembersLeftToRight() {
    // A receipt: item and price on each row, the second row a little skewed; given shuffled.
    let rects = [
      rect(400, 62, 60, 20),  // 0: price, row 2
      rect(10, 10, 200, 20),  // 1: item, row 1
      rect(10, 58, 150, 20),  // 2: item, row 2
      rect(410, 12, 50, 20),  // 3: price, row 1
      rect(10, 110, 300, 22),  // 4: total
    ]
    #expect(Layout.rows(Array(rects.indices), rects) == [[1, 3], [2, 0], [4]])
  }

  @Test func stackedRegionsThatOverlapAlongAreSeparateLines() {
    // Two lines so close that they overlap across by more than half: still two lines, since they
    // overlap along the line too.
    let rects = [rect(10, 10, 300, 20), rect(12, 20, 280, 20)]
    #expect(Layout.rows([0, 1], rects) == [[0], [1]])
  }

  /// A vertical page's columns, mapped into reading space, come right to left.
  @Test func verticalColumnsReadRightToLeft() {
    func item(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Layout.Rect {
      // What `Item.rect(vertical: true)` gives for page bounds (minX, minY, maxX, maxY).
      Layout.Rect(minX: minY, minY: -maxX, maxX: maxY, maxY: -minX)
    }
    let rects = [
      item(100, 20, 130, 400),  // 0: leftmost column
      item(300, 20, 330, 200),  // 1: title, rightmost
      item(200, 20, 230, 400),  // 2: middle column
      item(200, 420, 230, 600),  // 3: the middle column's continuation below a gap
    ]
    #expect(Layout.order(rects, vertical: true) == [[1], [2, 3], [0]])
  }
}
