import CLeptonica
import Foundation
import ScanbenchRecognition
import ScanbenchScoring
import Testing

@testable import ScanbenchPPOCR

/// The pipeline with the real PP-OCRv6 models: rendered text at known places, real lines, a real
/// receipt, vertical Japanese, and pages without text.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct PipelineModelTests {
  static func pipeline(
    recognizer: String = "small", classifier: Bool = false, options: PPOCRPipeline.Options = .init()
  ) throws -> PPOCRPipeline {
    let small = recognizer == "small"
    let path = { (file: PPOCRModelLocator.File) throws -> String in try #require(Installed.path(file)) }
    return PPOCRPipeline(
      detector: try ONNXModel(path: path(small ? .detectorSmall : .detectorTiny)),
      recognizer: try ONNXModel(path: path(small ? .recognizerSmall : .recognizerTiny)),
      classifier: classifier ? try ONNXModel(path: path(.lineOrientation)) : nil,
      dictionary: try PPOCRDictionary.load(path: path(small ? .dictionarySmall : .dictionaryTiny)),
      options: options)
  }

  /// Character error rate as scanbench counts it.
  static func cer(_ groundTruth: String, _ text: String, ignoreSpaces: Bool = false, caseFold: Bool = false)
    -> Double
  {
    let options = ScoringOptions(whitespace: ignoreSpaces ? .ignore : .collapse, caseFold: caseFold)
    return Scorer.score(groundTruth: groundTruth, recognized: text, options: options).cer ?? 1
  }

  /// Lines of text drawn in black with leptonica's bitmap font on white, and the box of each.
  static func render(width: Int, height: Int, fontSize: Int32, lines: [(text: String, x: Int, y: Int)]) throws
    -> (image: RGBImage, boxes: [PPOCRBox])
  {
    let font = try #require(bmfCreate(nil, fontSize))
    var owned: UnsafeMutablePointer<L_BMF>? = font
    defer { bmfDestroy(&owned) }
    let pix = try #require(pixCreate(Int32(width), Int32(height), 32))
    var page: UnsafeMutablePointer<PIX>? = pix
    defer { pixDestroy(&page) }
    pixSetAllArbitrary(pix, 0xFFFF_FF00)
    var boxes: [PPOCRBox] = []
    for line in lines {
      var baseline: Int32 = 0
      bmfGetBaseline(font, CChar(UInt8(ascii: "x")), &baseline)
      var textWidth: Int32 = 0
      var overflow: Int32 = 0
      // y0 is the baseline; the font's line height spans ascenders and descenders.
      pixSetTextline(pix, font, line.text, 0x0000_0000, Int32(line.x), Int32(line.y), &textWidth, &overflow)
      // The whole text must fit: a test of clipped text would test nothing.
      try #require(overflow == 0, "\(line.text) does not fit in \(width) pixels")
      let lineHeight = Int(font.pointee.lineheight)
      boxes.append(PPOCRBox(x: line.x, y: line.y - Int(baseline), width: Int(textWidth), height: lineHeight))
    }
    // A second reference for the Image, which releases it; `page` releases the first.
    let image = try #require(Image(owning: pixClone(pix)))
    return (try #require(RGBImage(image)), boxes)
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let shared = root.deletingLastPathComponent().appendingPathComponent("shared/corpora").path
  static let hasShared = FileManager.default.fileExists(atPath: shared + "/sroie-receipts")

  /// The members of one of the project's corpus archives, unpacked once into a temporary folder.
  static func corpus(_ archive: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ppocr-tests-\(archive)").path
    if FileManager.default.fileExists(atPath: folder + "/.done") { return folder }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let tar = Process()
    tar.executableURL = URL(fileURLWithPath: "/bin/tar")
    tar.arguments = ["xzf", root.appendingPathComponent("Corpora/\(archive).tar.gz").path, "-C", folder]
    try tar.run()
    tar.waitUntilExit()
    try #require(tar.terminationStatus == 0)
    try #require(FileManager.default.createFile(atPath: folder + "/.done", contents: nil))
    return folder
  }

  static func sample(_ folder: String, _ name: String) throws -> (image: RGBImage, groundTruth: String) {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let file = try #require(names.first { $0.hasPrefix(name + ".") && !$0.hasSuffix(".txt") })
    let image = try #require(RGBImage(contentsOf: folder + "/" + file))
    return (image, try String(contentsOfFile: folder + "/" + name + ".gt.txt", encoding: .utf8))
  }

  /// The share of `inner` covered by `outer`.
  static func coverage(of inner: PPOCRBox, by outer: PPOCRBox) -> Double {
    let width = min(inner.x + inner.width, outer.x + outer.width) - max(inner.x, outer.x)
    let height = min(inner.y + inner.height, outer.y + outer.height) - max(inner.y, outer.y)
    guard width > 0, height > 0 else { return 0 }
    return Double(width * height) / Double(inner.width * inner.height)
  }

  @Test func detectedLinesSitWhereTheTextWasDrawn() throws {
    let texts = [
      (text: "Invoice 2024-117 for three items", x: 80, y: 120),
      (text: "Total due: 42.50 EUR", x: 380, y: 300),
      (text: "Thank you for shopping with us", x: 120, y: 520),
    ]
    let (image, boxes) = try Self.render(width: 1200, height: 700, fontSize: 12, lines: texts)
    let result = try Self.pipeline().recognize(image)
    #expect(result.lines.count == 3)
    for (expected, box) in zip(texts, boxes) {
      let line = try #require(result.lines.first { Self.coverage(of: box, by: $0.box) > 0.75 })
      #expect(Self.cer(expected.text, line.text) < 0.05, "\(line.text)")
      // The line box is about the drawn text, not a block around it.
      #expect(line.box.width < box.width + 2 * box.height)
      #expect(line.box.height < 3 * box.height)
    }
    // Reading order is top to bottom.
    #expect(result.lines.map(\.box.y) == result.lines.map(\.box.y).sorted())
  }

  @Test func wordBoxesSitOverTheirWords() throws {
    // Each word drawn on its own, so its box is known.
    let words = ["Receipt", "number", "80917", "paid"]
    var x = 60
    var placed: [(text: String, x: Int, y: Int)] = []
    let font = try #require(bmfCreate(nil, 12))
    var owned: UnsafeMutablePointer<L_BMF>? = font
    defer { bmfDestroy(&owned) }
    for word in words {
      placed.append((word, x, 50))
      var width: Int32 = 0
      bmfGetStringWidth(font, word, &width)
      x += Int(width) + Int(font.pointee.spacewidth) * 2
    }
    // A line image as a line finder would cut it: the text fills most of its height.
    let (image, boxes) = try Self.render(width: x + 60, height: 70, fontSize: 12, lines: placed)
    let result = try Self.pipeline().recognize(image, singleLine: true)
    let line = try #require(result.lines.first)
    #expect(line.words.map(\.text) == words)
    for (word, box) in zip(line.words, boxes) {
      #expect(Self.coverage(of: box, by: word.box) > 0.8, "\(word.text): \(word.box) over \(box)")
      // And not much wider than the word: within one character on each side.
      #expect(word.box.width < box.width + 2 * Int(font.pointee.spacewidth) * 3)
      #expect(word.confidence > 80)
    }
  }

  @Test func renderedEnglishLineInSingleLineMode() throws {
    let text = "The quick brown fox jumps over 13 lazy dogs."
    let (image, _) = try Self.render(width: 900, height: 60, fontSize: 10, lines: [(text, 10, 40)])
    let result = try Self.pipeline().recognize(image, singleLine: true)
    #expect(Self.cer(text, result.text) < 0.03, "\(result.text)")
    #expect(result.confidence > 80)
  }

  @Test(.enabled(if: hasShared, "../shared/corpora is not beside the repository"))
  func realEnglishLines() throws {
    let folder = Self.shared + "/uw3-lines"
    let pipeline = try Self.pipeline()
    var edits = 0.0
    var length = 0.0
    // The first twenty lines, as they come.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
      .sorted().prefix(20).map { String($0.dropLast(4)) }
    for name in names {
      let (image, groundTruth) = try Self.sample(folder, name)
      let text = try pipeline.recognize(image, singleLine: true).text
      edits += Self.cer(groundTruth, text) * Double(groundTruth.count)
      length += Double(groundTruth.count)
    }
    #expect(length > 500)
    #expect(edits / length < 0.03)
  }

  @Test func japaneseLinesInSingleLineMode() throws {
    let folder = try Self.corpus("jpn-lines")
    let pipeline = try Self.pipeline()
    for name in ["jpn-line-001", "jpn-line-002", "jpn-line-010"] {
      let (image, groundTruth) = try Self.sample(folder, name)
      let text = try pipeline.recognize(image, singleLine: true).text
      #expect(Self.cer(groundTruth, text, ignoreSpaces: true) < 0.05, "\(name): \(text)")
    }
  }

  @Test func theTinyRecognizerReadsEnglishButHasNoKana() throws {
    let text = "Order 5521 shipped on Monday"
    let (image, _) = try Self.render(width: 700, height: 60, fontSize: 10, lines: [(text, 10, 40)])
    let pipeline = try Self.pipeline(recognizer: "tiny")
    #expect(Self.cer(text, try pipeline.recognize(image, singleLine: true).text) < 0.05)
    let dictionary = try PPOCRDictionary.load(path: try #require(Installed.path(.dictionaryTiny)))
    #expect(dictionary.count == 6904)
    #expect(!dictionary.contains("の") && !dictionary.contains("ア"))
  }

  @Test func verticalJapaneseIsReadInColumnsFromRightToLeft() throws {
    let folder = try Self.corpus("jpn-vertical")
    let (image, groundTruth) = try Self.sample(folder, "jpn-vert-01")
    let result = try Self.pipeline().recognize(image)
    #expect(result.lines.count >= 4)
    #expect(result.lines.allSatisfy { $0.isVertical })
    // Columns go right to left, each read top to bottom.
    let lefts = result.lines.map(\.box.x)
    #expect(lefts == lefts.sorted(by: >))
    #expect(Self.cer(groundTruth, result.text, ignoreSpaces: true) < 0.15, "\(result.text)")
  }

  @Test(.enabled(if: hasShared, "../shared/corpora is not beside the repository"))
  func aReceiptEndToEnd() throws {
    let (image, groundTruth) = try Self.sample(Self.shared + "/sroie-receipts", "110")
    let pipeline = try Self.pipeline()
    let result = try pipeline.recognize(image)
    // The Python reference (RapidOCR, same models) reads this receipt at 8.9 %.
    #expect(Self.cer(groundTruth, result.text, caseFold: true) < 0.12, "\(result.text)")
    #expect(result.text.uppercased().contains("TOTAL"))
    for line in result.lines {
      #expect(line.box.x >= 0 && line.box.y >= 0)
      #expect(line.box.x + line.box.width <= image.width && line.box.y + line.box.height <= image.height)
      #expect((0...100).contains(line.confidence))
    }
    #expect(pipeline.timings.detectionInference > 0 && pipeline.timings.recognitionInference > 0)
  }

  @Test func pagesWithoutTextHaveNoLines() throws {
    let pipeline = try Self.pipeline()
    let white = RGBImage(width: 800, height: 600)
    #expect(try pipeline.recognize(white).lines.isEmpty)
    // A smooth grey gradient with a faint frame: no text either.
    var grey = [UInt8](repeating: 0, count: 640 * 480)
    for y in 0..<480 {
      for x in 0..<640 { grey[y * 640 + x] = UInt8(180 + (x + y) * 60 / 1120) }
    }
    let result = try pipeline.recognize(RGBImage(width: 640, height: 480, grey: grey))
    #expect(result.text.isEmpty && result.lines.isEmpty && result.confidence == 0)
  }

  @Test func anUpsideDownLineIsTurnedByTheClassifier() throws {
    let text = "Upside down lines are turned back"
    let (image, _) = try Self.render(width: 900, height: 200, fontSize: 12, lines: [(text, 40, 110)])
    let upsideDown = image.rotatedHalfTurn()
    // The classifier turns a line's crop, whatever the size the page was detected at: detected as
    // drawn, not enlarged to the detector's shorter side, which would cost most of the test's time.
    var asDrawn = PPOCRPipeline.Options()
    asDrawn.detectionMaxUpscale = 1
    let plain = try Self.pipeline(options: asDrawn).recognize(upsideDown).text
    let classified = try Self.pipeline(classifier: true, options: asDrawn).recognize(upsideDown).text
    #expect(Self.cer(text, classified) < 0.05, "\(classified)")
    #expect(Self.cer(text, plain) > 0.3, "\(plain)")
  }
}

extension PipelineModelTests {
  /// A Latin line turned a quarter turn counter-clockwise (read bottom to top, as one of uw3's lines
  /// is): turned counter-clockwise again, as a Japanese column would be, it is upside down; the
  /// pipeline reads it both ways and keeps the likelier.
  @Test func aSidewaysLatinLineIsReadTheRightWayUp() throws {
    let text = "Sideways lines are read either way"
    let (image, _) = try Self.render(width: 900, height: 70, fontSize: 12, lines: [(text, 20, 50)])
    let sideways = image.rotatedCounterClockwise()
    #expect(sideways.height > sideways.width)
    let result = try Self.pipeline().recognize(sideways, singleLine: true)
    #expect(Self.cer(text, result.text) < 0.05, "\(result.text)")
  }
}
