import Foundation
import Testing

@testable import ScanbenchPPOCR

/// Vertical pages of the tategaki sweep read as `jpn_vert` reads them, by the real models: what is
/// read under the tiers.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct VerticalTiersModelTests {
  /// A page of two tiers under a heading whose page number (`147`, set at 0.7 em) the scan left
  /// faint: the detector does not find it on the page, and finds it in the band under the tiers
  /// with its ink set black. It is read last, a line of its own.
  @Test func aFaintPageNumberUnderTheTiersIsRead() throws {
    let (image, _) = try PipelineModelTests.sample(VerticalColumnModelTests.fixtures, "sweep-1-book-head-015")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.last?.text == "147")
    // Read as it is: stretched as pale print on white paper, the page shows the number to the
    // detector, and the band under the tiers is not needed.
    options.palePrintOnWhite = nil
    options.linesUnderTheTiers = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(!without.lines.contains { $0.text.contains("147") }, "the band under the tiers is what finds it")
  }

  /// A narrow page of three tiers (`marks-1` book-3-002) whose page number (`11`, set small under
  /// the last tier) the detector joined to the column over it, the longest of its tier: read as
  /// that column's tail, the number was lost. Cut from the column's foot, it is read across, last.
  @Test func aPageNumberJoinedToTheColumnOverItIsReadAcross() throws {
    let (image, _) = try PipelineModelTests.sample(VerticalColumnModelTests.fixtures, "marks-1-book-3-002")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.last?.text == "11")
    #expect(result.lines.contains { $0.text.hasPrefix("ながった。") })
    options.numbersUnderColumnFeet = nil
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(!without.lines.contains { $0.text.contains("11") }, "cut from the column, the number is read")
  }

  /// A blurred photo of two tiers (`marks-1` book-2-004) whose upper tier's columns end well above
  /// its foot: the detector joins a column of each tier across the gap, and the gap's middle lies
  /// farther than ``PPOCRPipeline/Options/tierAlignment`` from where any other column ends or
  /// starts. Taken whole, the gap holds those ends and starts: the column is cut and the tiers are
  /// read one after the other (not cut, they interleaved, and the page read at 79%).
  @Test func aWideGapBetweenTiersIsTakenWhole() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(
      VerticalColumnModelTests.fixtures, "marks-1-book-2-004")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(result.lines.count == 9)
    #expect(result.lines.first?.text == "JavaScriptのPromise")
    #expect(result.lines.last?.text == "けて！")
    #expect(PipelineModelTests.cer(groundTruth, result.text, ignoreSpaces: true) < 0.1)
  }

  /// A 1-bit page of three tiers (`marks-2` book-3-008) whose left column's head (`た`, read `二`)
  /// the detector found apart, above the tier's other columns, and whose last tier lost a `。` at
  /// the same rows in its two longer columns. With the head taken first, it made a tier of its own
  /// that overlapped the first tier, the page had no tiers, and the reading order cut every
  /// column of the last tier at the lost marks: `で見返す` `を配った` `を配った` and then the two
  /// `予定表`. With the tallest columns first the tiers are found, the last one is joined again
  /// across the lost marks and read a column at a time. Read without the 1-bit columns' restored
  /// readings (``PPOCRPipeline/Options/bilevelColumnsRestored``): they change this page's readings,
  /// and with them which lines the layout keeps; this test is the tiers'.
  @Test func aColumnsHeadFoundApartLeavesThePagesTiers() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(
      VerticalColumnModelTests.fixtures, "marks-2-book-3-008")
    var options = ReadingOrderModelTests.vertical
    options.bilevelColumnsRestored = nil
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    let lines = result.lines.map(\.text)
    let right = try #require(lines.firstIndex { $0.hasPrefix("で見返す") })
    #expect(lines[right + 1].contains("定表"))
    options.tiersFromTallestColumns = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    let apart = without.lines.map(\.text)
    let first = try #require(apart.firstIndex { $0.hasPrefix("で見返す") })
    #expect(apart[first + 1].hasPrefix("を配った"), "the head's tier is what broke the page's tiers")
    #expect(
      PipelineModelTests.cer(groundTruth, result.text, ignoreSpaces: true)
        < PipelineModelTests.cer(groundTruth, without.text, ignoreSpaces: true))
  }
}
