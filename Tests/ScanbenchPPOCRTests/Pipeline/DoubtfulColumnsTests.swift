import Testing

@testable import ScanbenchPPOCR

/// A column read doubtfully on a page of columns is kept (``PPOCRPipeline/Options/doubtfulColumnsKept``,
/// off by default): dropped, each of its characters is an edit.
@Suite struct DoubtfulColumnsTests {
  /// A column `length` pixels down from `top`, its right edge at `right`, reading `text` with every
  /// character at `probability`.
  static func column(right: Double, top: Double, length: Double, text: String, probability: Float)
    -> PPOCRRegion
  {
    let left = right - 40
    let pitch = 10
    let characters = text.enumerated().map { index, character in
      PPOCRRegion.Character(
        text: String(character), firstColumn: index * pitch, lastColumn: index * pitch + 5,
        probability: probability)
    }
    return PPOCRRegion(
      corners: [right, top, right, top + length, left, top + length, left, top], isVertical: true, score: 0.8,
      characters: characters, contentColumns: Double(text.count * pitch))
  }

  static func read(_ regions: [PPOCRRegion], options: PPOCRPipeline.Options) -> [String] {
    PPOCRPipeline.layout(regions, imageWidth: 400, imageHeight: 500, singleLine: false, options: options)
      .lines.map(\.text)
  }

  @Test func aDoubtfulColumnOfAPageOfColumnsIsKept() {
    let page = [
      Self.column(right: 350, top: 10, length: 400, text: "あいうえお", probability: 0.9),
      Self.column(right: 300, top: 10, length: 400, text: "かきくけこ", probability: 0.9),
      Self.column(right: 250, top: 10, length: 380, text: "さしすせそ", probability: 0.3),
      Self.column(right: 200, top: 10, length: 400, text: "たちつてと", probability: 0.9),
      // A speck found as a region, as doubtful: far shorter than a column.
      Self.column(right: 150, top: 10, length: 40, text: "ー", probability: 0.3),
    ]
    var options = PPOCRPipeline.Options.verticalColumns
    options.doubtfulColumnsKept = 0.5
    #expect(Self.read(page, options: options) == ["あいうえお", "かきくけこ", "さしすせそ", "たちつてと"])
    options.doubtfulColumnsKept = nil
    #expect(Self.read(page, options: options) == ["あいうえお", "かきくけこ", "たちつてと"])
  }

  @Test func aDoubtfulColumnBesideOneOtherOrOutsideVerticalJapaneseIsDropped() {
    let two = [
      Self.column(right: 350, top: 10, length: 400, text: "あいうえお", probability: 0.9),
      Self.column(right: 300, top: 10, length: 400, text: "かきくけこ", probability: 0.3),
    ]
    var options = PPOCRPipeline.Options.verticalColumns
    options.doubtfulColumnsKept = 0.5
    #expect(Self.read(two, options: options) == ["あいうえお"])
    let three = two + [Self.column(right: 250, top: 10, length: 400, text: "さしすせそ", probability: 0.9)]
    var horizontal = PPOCRPipeline.Options()
    horizontal.doubtfulColumnsKept = 0.5
    #expect(Self.read(three, options: horizontal) == ["あいうえお", "さしすせそ"])
    // Off, the default.
    #expect(Self.read(three, options: .verticalColumns) == ["あいうえお", "さしすせそ"])
  }
}

/// A page of the tategaki sweep read as `jpn_vert` reads it, by the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct DoubtfulColumnsModelTests {
  /// A narrow page of three tiers (`marks-1` book-3-016) printed so pale its ink is a few levels
  /// under the paper: the detector finds every column, and the first column of the first tier
  /// (`ヴァイオリンの音が、`) reads doubtfully. Dropped, all its characters were edits; kept, it is read
  /// first, and some of them are right.
  @Test func aPalePagesDoubtfulColumnIsRead() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(
      VerticalColumnModelTests.fixtures, "marks-1-book-3-016")
    var options = ReadingOrderModelTests.vertical
    options.doubtfulColumnsKept = 0.5
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.first?.text.contains("イオ") == true, "\(result.text)")
    options.doubtfulColumnsKept = nil
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(!without.text.contains("イオ"), "kept, the doubtful column is what reads it")
    #expect(
      PipelineModelTests.cer(groundTruth, result.text, ignoreSpaces: true)
        < PipelineModelTests.cer(groundTruth, without.text, ignoreSpaces: true))
  }
}
