import CLeptonica
import Testing

@testable import ScanbenchPPOCR

/// The reading order on rendered pages read by the real models: columns one after the other, a
/// heading across them first, a receipt's label and price on one line, and the blocks each is in.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct ReadingOrderModelTests {
  /// Short sentences the bitmap font draws legibly, a line of a column each.
  static let sentences = [
    "Rain fell on the old town all night", "and the river rose over its banks",
    "so the bakers opened their doors late", "while children watched from the bridge",
    "Boats were tied to every lamp post", "and nobody went to work that day",
    "The mayor walked along the water", "counting houses that stayed dry",
    "By noon the sun came out again", "and the streets began to steam",
    "Shops put their goods out to dry", "on tables in the market square",
    "Old men argued about the last flood", "which none of them could remember",
    "The school opened again on Monday", "with mud still on the floors",
    "Letters came from the next valley", "asking whether the road was open",
    "It was not open for another week", "but the trains ran as before",
  ]

  /// A page of `columns` columns of `perColumn` lines each, under `heading` when there is one: the
  /// page, and its lines in reading order (heading, then each column top to bottom, left to right).
  static func columnPage(columns: Int, perColumn: Int, heading: String? = nil) throws -> (RGBImage, [String])
  {
    // Each column as wide as its longest line, and a little more.
    let font = try #require(bmfCreate(nil, 12))
    var owned: UnsafeMutablePointer<L_BMF>? = font
    defer { bmfDestroy(&owned) }
    var columnWidth = 0
    for sentence in sentences {
      var width: Int32 = 0
      bmfGetStringWidth(font, sentence, &width)
      columnWidth = max(columnWidth, Int(width) + 20)
    }
    let gutter = 44
    let margin = 60
    let pitch = 34
    let width = 2 * margin + columns * columnWidth + (columns - 1) * gutter
    var lines: [(text: String, x: Int, y: Int)] = []
    var top = margin + 20
    if let heading {
      // Centred on the page, across the gutter.
      var headingWidth: Int32 = 0
      bmfGetStringWidth(font, heading, &headingWidth)
      lines.append((heading, (width - Int(headingWidth)) / 2, top))
      top += 2 * pitch
    }
    var order: [String] = heading.map { [$0] } ?? []
    for column in 0..<columns {
      for row in 0..<perColumn {
        let text = sentences[(column * perColumn + row) % sentences.count]
        lines.append((text, margin + column * (columnWidth + gutter), top + row * pitch))
        order.append(text)
      }
    }
    let (image, _) = try PipelineModelTests.render(
      width: width, height: top + perColumn * pitch + margin, fontSize: 12, lines: lines)
    return (image, order)
  }

  /// The lines read are the lines drawn, in the same order: each read line is the drawn line at its
  /// place, but for a character or two (the bitmap font gets a stray accent now and then).
  static func expectInOrder(_ result: PPOCRResult, _ expected: [String]) {
    #expect(result.lines.count == expected.count, "\(result.text)")
    for (line, text) in zip(result.lines, expected) {
      #expect(PipelineModelTests.cer(text, line.text) <= 0.1, "\(line.text) in place of \(text)")
    }
    #expect(PipelineModelTests.cer(expected.joined(separator: "\n"), result.text) < 0.02)
  }

  @Test func aTwoColumnPageComesBackInReadingOrder() throws {
    let (image, lines) = try Self.columnPage(columns: 2, perColumn: 8)
    let result = try PipelineModelTests.pipeline(options: Self.asDrawn).recognize(image)
    Self.expectInOrder(result, lines)
    #expect(result.blocks.count == 2)
    #expect(result.blocks.map { $0.paragraphs.map(\.lines) } == [[0..<8], [8..<16]])
  }

  @Test func aThreeColumnPageComesBackInReadingOrder() throws {
    let (image, lines) = try Self.columnPage(columns: 3, perColumn: 6)
    let result = try PipelineModelTests.pipeline(options: Self.asDrawn).recognize(image)
    Self.expectInOrder(result, lines)
    #expect(result.blocks.count == 3)
  }

  @Test func aHeadingAcrossTheColumnsComesFirst() throws {
    let heading = "Floods in the valley"
    let (image, lines) = try Self.columnPage(columns: 2, perColumn: 7, heading: heading)
    let result = try PipelineModelTests.pipeline(options: Self.asDrawn).recognize(image)
    #expect(result.lines.first?.text == heading)
    Self.expectInOrder(result, lines)
    #expect(result.blocks.count == 3)
    #expect(result.blocks.first?.paragraphs.map(\.lines) == [0..<1])
  }

  @Test func aReceiptsLabelAndPriceStayOneLine() throws {
    let rows = [
      ("Coffee large", "3.50"), ("Almond croissant", "2.80"), ("Orange juice", "4.10"),
      ("Sparkling water", "1.90"), ("Total", "12.30"),
    ]
    var lines: [(text: String, x: Int, y: Int)] = [("CORNER CAFE", 260, 60)]
    for (index, row) in rows.enumerated() {
      lines.append((row.0, 60, 130 + index * 40))
      lines.append((row.1, 560, 130 + index * 40))
    }
    let (image, _) = try PipelineModelTests.render(width: 700, height: 400, fontSize: 12, lines: lines)
    let result = try PipelineModelTests.pipeline().recognize(image)
    #expect(result.text == (["CORNER CAFE"] + rows.map { "\($0.0) \($0.1)" }).joined(separator: "\n"))
  }

  /// A vertical page under a horizontal heading, in two tiers (`Corpora/jpn-vertical-mixed`): the
  /// heading first, as a horizontal line, then each tier's columns from right to left, the upper
  /// tier first — the text in the ground truth's order.
  @Test func aVerticalPageUnderAHorizontalHeadingInTwoTiers() throws {
    let folder = try PipelineModelTests.corpus("jpn-vertical-mixed")
    let (image, groundTruth) = try PipelineModelTests.sample(folder, "jpn-vert-mixed-03")
    let result = try PipelineModelTests.pipeline().recognize(image)
    let heading = try #require(result.lines.first)
    #expect(!heading.isVertical && heading.text == groundTruth.split(separator: "\n").first.map(String.init))
    let columns = Array(result.lines.dropFirst())
    #expect(columns.count >= 10 && columns.allSatisfy { $0.isVertical })
    // Each tier right to left; the lower tier below the upper.
    let tiers = Dictionary(grouping: columns.indices) { columns[$0].box.y > image.height / 2 }
    let upper = try #require(tiers[false])
    let lower = try #require(tiers[true])
    #expect(try #require(upper.max()) < (try #require(lower.min())))
    for tier in [upper, lower] {
      let lefts = tier.map { columns[$0].box.x }
      #expect(lefts == lefts.sorted(by: >))
    }
    #expect(result.blocks.first?.isVertical == false)
    // What is left is the recognizer's: it drops the punctuation of a column turned to lie down.
    #expect(PipelineModelTests.cer(groundTruth, result.text) < 0.1, "\(result.text)")
  }

  /// A vertical page of six columns after a title column, right to left (`Corpora/jpn-vertical`).
  @Test func aVerticalPageOfSixColumnsReadsRightToLeft() throws {
    let folder = try PipelineModelTests.corpus("jpn-vertical")
    let (image, groundTruth) = try PipelineModelTests.sample(folder, "jpn-vert-05")
    let result = try PipelineModelTests.pipeline().recognize(image)
    let expected = groundTruth.split(separator: "\n").map(String.init)
    #expect(result.lines.count == expected.count)
    #expect(result.lines.map(\.box.x) == result.lines.map(\.box.x).sorted(by: >))
    for (line, text) in zip(result.lines, expected) {
      // A column read in the place of another would be wrong in nearly every character.
      #expect(PipelineModelTests.cer(text, line.text) < 0.35, "\(line.text) in place of \(text)")
    }
  }

  /// The column pages above detected as drawn, not enlarged to the detector's shorter side: the order is
  /// found from the boxes in the page's own pixels whatever the scale they were detected at, and the
  /// enlargement would cost most of these tests' time.
  static var asDrawn: PPOCRPipeline.Options {
    var options = PPOCRPipeline.Options()
    options.detectionMaxUpscale = 1
    return options
  }

  /// `jpn_vert`'s options, as its engine takes them: columns read cut into upright character cells,
  /// the page never enlarged.
  static var vertical: PPOCRPipeline.Options { .verticalColumns }

  /// The same vertical page read as `jpn_vert` reads it: every column, right to left, exactly its
  /// ground truth, punctuation and small kana included (turned to lie down, the recognizer drops
  /// `、。` and reads small `っ` as `た`).
  @Test func aVerticalPageReadInCellsIsExact() throws {
    let folder = try PipelineModelTests.corpus("jpn-vertical")
    let (image, groundTruth) = try PipelineModelTests.sample(folder, "jpn-vert-02")
    let result = try PipelineModelTests.pipeline(options: Self.vertical).recognize(image)
    #expect(result.lines.allSatisfy { $0.isVertical })
    #expect(result.lines.map(\.box.x) == result.lines.map(\.box.x).sorted(by: >))
    let expected = groundTruth.split(separator: "\n").map(String.init)
    #expect(result.lines.map(\.text) == expected)
    let turned = try PipelineModelTests.pipeline().recognize(image)
    #expect(turned.lines.map(\.text) != expected, "the cells are what reads it")
  }

  /// A vertical page under a horizontal heading in two tiers, read as `jpn_vert` reads it: the
  /// heading, then the upper tier right to left, then the lower — exactly.
  @Test func aMixedVerticalPageReadInCellsIsExact() throws {
    let folder = try PipelineModelTests.corpus("jpn-vertical-mixed")
    let (image, groundTruth) = try PipelineModelTests.sample(folder, "jpn-vert-mixed-03")
    let result = try PipelineModelTests.pipeline(options: Self.vertical).recognize(image)
    #expect(result.lines.first?.isVertical == false)
    #expect(result.lines.dropFirst().allSatisfy { $0.isVertical })
    #expect(result.lines.map(\.text) == groundTruth.split(separator: "\n").map(String.init))
  }

  /// One line of an upright page printed upside down (a label stuck on the wrong way): the line
  /// orientation classifier turns that crop alone; without it, that line is lost.
  @Test func anUpsideDownLineOnAnUprightPage() throws {
    let upright = ["Rain fell on the old town all night", "and the river rose over its banks"]
    let turned = "Upside down lines are turned back"
    let (page, _) = try PipelineModelTests.render(
      width: 900, height: 300, fontSize: 12, lines: [(upright[0], 60, 70), (upright[1], 60, 110)])
    let (label, _) = try PipelineModelTests.render(
      width: 900, height: 120, fontSize: 12, lines: [(turned, 60, 70)])
    let image = page.stacked(over: label.rotatedHalfTurn())
    let classified = try PipelineModelTests.pipeline(classifier: true).recognize(image)
    #expect(classified.text == (upright + [turned]).joined(separator: "\n"), "\(classified.text)")
    let plain = try PipelineModelTests.pipeline().recognize(image)
    #expect(!plain.text.contains(turned), "\(plain.text)")
  }
}

extension RGBImage {
  /// This image above `other`, on white, as wide as the wider.
  func stacked(over other: RGBImage) -> RGBImage {
    var result = RGBImage(width: max(width, other.width), height: height + other.height)
    for (image, top) in [(self, 0), (other, height)] {
      for y in 0..<image.height {
        for x in 0..<image.width {
          for channel in 0..<3 {
            result.pixels[((top + y) * result.width + x) * 3 + channel] =
              image.pixels[(y * image.width + x) * 3 + channel]
          }
        }
      }
    }
    return result
  }
}
