import CLeptonica
import Foundation
import ScanbenchRunner
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// `scanbench overlay`: the boxes of a result drawn over its image.
struct OverlayTests {
  static func pixel(_ pix: ScanbenchRecognition.Image, x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
    var value: UInt32 = 0
    pixGetPixel(pix.pointer, Int32(x), Int32(y), &value)
    return (Int(value >> 24 & 0xFF), Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF))
  }

  @Test func wordsAreBlueLinesOrangeAndTheRestUntouched() throws {
    let page = RenderedPage.threeLines
    let (output, width, height) = try PhotoFixtures.recognizePage(page.png)
    var record = ResultRecord.fixture(
      "page.png", run: "r", time: "t", source: "s", sha256: SHA256.hex(page.png), profile: "fast",
      lang: "eng", engine: EngineIdentity.schema1(version: "5", models: [:]))
    record.width = width
    record.height = height
    record.words = output.layout?.words
    record.lines = output.layout?.lines
    let png = try Overlay.render(record, imageData: page.png)
    let overlay = try #require(try ImageDecoder.decodePages(png, maxPixels: 10_000_000).first)
    #expect(overlay.width == width && overlay.height == height)
    let word = try #require(record.words?.first { $0.text == "river" })
    let middleOfTopEdge = Self.pixel(overlay, x: word.x + word.width / 2, y: word.y)
    #expect(middleOfTopEdge == (30, 90, 230), "word box edge is blue")
    let line = try #require(record.lines?.first)
    let leftEdge = Self.pixel(overlay, x: line.x, y: line.y + line.height / 2)
    #expect(
      leftEdge == (255, 140, 0) || leftEdge == (30, 90, 230), "line box edge is orange (or under a word's)")
    #expect(Self.pixel(overlay, x: width - 3, y: height - 3) == (255, 255, 255), "paper away from any box")
  }

  @Test func aResultWithoutBoxesIsRefusedWithTheFlagToUse() throws {
    let record = ResultRecord.fixture(
      "page.png", run: "r", time: "t", source: "s", sha256: "", profile: "fast", lang: "eng",
      engine: EngineIdentity.schema1(version: "5", models: [:]))
    #expect {
      try Overlay.render(record, imageData: RenderedPage.threeLines.png)
    } throws: { error in
      String(describing: error).contains("--boxes")
    }
  }

  @Test func fileNamesFlattenFoldersAndKeepPages() {
    var record = ResultRecord.fixture(
      "2019/trip/IMG_0001.jpg", run: "r", time: "t", source: "s", sha256: "", profile: "fast", lang: "eng",
      engine: EngineIdentity.schema1(version: "5", models: [:]))
    #expect(Overlay.fileName(for: record) == "2019__trip__IMG_0001.overlay.png")
    record.entry = "scan.tif"
    record.page = 3
    #expect(Overlay.fileName(for: record) == "scan.page-3.overlay.png")
  }
}
