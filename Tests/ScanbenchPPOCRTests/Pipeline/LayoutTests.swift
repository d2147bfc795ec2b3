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
      item(200, 408, 230, 600),  // 3: the middle column's continuation, the detector's gap between
    ]
    #expect(Layout.order(rects, vertical: true) == [[1], [2, 3], [0]])
  }
}

/// Blocks from page boxes: columns, tiers and orientations.
@Suite struct LayoutBlockTests {
  func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> PPOCRBox {
    PPOCRBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  func blocks(_ boxes: [(PPOCRBox, vertical: Bool)]) -> [Layout.Block] {
    let spaces = Layout.Spaces(boxes: boxes.map(\.0), isVertical: boxes.map(\.vertical))
    let set = Array(boxes.indices)
    return Layout.cut(
      set, spaces, vertical: spaces.majorityVertical(set, current: false), Layout.Parameters())
  }

  /// Three vertical columns and a title column, given left to right: read right to left.
  @Test func threeVerticalColumnsReadRightToLeft() {
    let result = blocks([
      (box(300, 100, 340, 600), true), (box(400, 100, 440, 600), true), (box(600, 160, 640, 400), true),
      (box(500, 100, 540, 600), true),
    ])
    #expect(result.flatMap(\.lines) == [[2], [3], [1], [0]])
    #expect(result.allSatisfy { $0.isVertical })
  }

  /// A horizontal heading over vertical columns is read first, as a horizontal line; the columns
  /// then right to left.
  @Test func aHorizontalHeadingOverVerticalColumns() {
    let result = blocks([
      (box(300, 120, 340, 600), true), (box(380, 30, 560, 70), false), (box(500, 120, 540, 600), true),
      (box(400, 120, 440, 600), true),
    ])
    #expect(result.flatMap(\.lines) == [[1], [2], [3], [0]])
    #expect(result.first?.isVertical == false && result.dropFirst().allSatisfy { $0.isVertical })
  }

  /// A vertical page in two tiers (as newspapers are set): the top tier right to left, then the
  /// bottom one.
  @Test func verticalTiersTopToBottom() {
    let result = blocks([
      (box(300, 360, 340, 600), true), (box(300, 100, 340, 300), true), (box(400, 360, 440, 600), true),
      (box(400, 100, 440, 300), true),
    ])
    #expect(result.flatMap(\.lines) == [[3], [1], [2], [0]])
    #expect(result.count == 2)
  }

  /// Two columns of ten lines and a caption set across the gutter between them, lower down: the
  /// left column, the right one, then the caption — it does not split either column.
  @Test func aCaptionAcrossTheGutterIsReadAfterTheColumns() {
    var boxes: [(PPOCRBox, vertical: Bool)] = []
    for row in 0..<10 {
      let y = 100 + row * 28
      // Beside the caption (rows 6 and 7) the columns make room for it.
      let narrow = row == 6 || row == 7
      boxes.append((box(50, y, narrow ? 360 : 450, y + 20), false))
      boxes.append((box(narrow ? 560 : 480, y, 880, y + 20), false))
    }
    boxes.append((box(380, 268, 540, 288), false))
    boxes.append((box(380, 296, 540, 316), false))
    let result = blocks(boxes)
    let left = Array(stride(from: 0, to: 20, by: 2))
    let right = Array(stride(from: 1, to: 20, by: 2))
    #expect(result.flatMap(\.lines) == (left + right + [20, 21]).map { [$0] })
    #expect(result.count == 3)
  }
}
