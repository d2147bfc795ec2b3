import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

struct HeifTests {
  static let hasEncoder = PhotoFixtures.hasTool("heif-enc")

  /// An `ftyp` box with a major brand and compatible brands.
  func ftyp(_ major: String, _ compatible: [String]) -> Data {
    let body = Data(major.utf8) + Data([0, 0, 0, 0]) + compatible.reduce(Data()) { $0 + Data($1.utf8) }
    return box("ftyp", body)
  }

  func box(_ type: String, _ body: Data) -> Data {
    let size = UInt32(body.count + 8)
    return withUnsafeBytes(of: size.bigEndian) { Data($0) } + Data(type.utf8) + body
  }

  @Test func heifIsKnownByItsBrandNotItsName() {
    #expect(HeifContainer.isHEIF(ftyp("heic", ["mif1", "heic"])))
    #expect(HeifContainer.isHEIF(ftyp("mif1", ["heic"])))
    #expect(HeifContainer.isHEIF(ftyp("avif", [])))
    #expect(
      !HeifContainer.isHEIF(ftyp("isom", ["mp41", "avc1"])), "an MP4 (a live photo's video) is not HEIF")
    #expect(!HeifContainer.isHEIF(ftyp("qt  ", ["qt  "])), "a .MOV is not HEIF")
    #expect(!HeifContainer.isHEIF(Data([0xFF, 0xD8, 0xFF, 0xE0])), "a JPEG named .HEIC is a JPEG")
    #expect(!HeifContainer.isHEIF(Data()))
    // A box that claims more than the file holds.
    #expect(!HeifContainer.isHEIF(Data([0, 0, 1, 0]) + Data("ftypheic".utf8)))
  }

  /// `meta` with `pitm`, and `iprp` holding `ipco` (irot, imir) and `ipma` tying them to item 1.
  @Test func theTransformsOfThePrimaryImageAreRead() {
    let fullBox = { (type: String, body: Data) in self.box(type, Data([0, 0, 0, 0]) + body) }
    let ipco = box("ipco", box("irot", Data([1])) + box("imir", Data([0])) + box("irot", Data([3])))
    // Item 2 has the third property; item 1 the first two, in that order.
    let ipma = fullBox("ipma", Data([0, 0, 0, 2, 0, 2, 1, 0x83, 0, 1, 2, 0x81, 0x02]))
    let meta = fullBox("meta", fullBox("pitm", Data([0, 1])) + box("iprp", ipco + ipma))
    let file = ftyp("heic", ["mif1"]) + meta
    #expect(
      HeifContainer.transforms(file) == [
        "rotate 90° counter-clockwise (irot)", "mirror about the vertical axis (imir)",
      ])
    // Truncated anywhere: fewer transforms or none, never a crash.
    for length in 0..<file.count { _ = HeifContainer.transforms(file.prefix(length)) }
  }

  /// The test: a HEIC made from a PNG of rendered text reads as the PNG does.
  @Test(.enabled(if: hasEncoder, "heif-enc is not installed (apt-get install libheif-examples)"))
  func aHEICReadsLikeThePNGItWasMadeFrom() throws {
    let folder = try TestKit.temporaryFolder("scanbench-photo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try PhotoFixtures.corpusEntry("eng-lines.tar.gz", "eng-line-001.png")
    let pngURL = folder.appendingPathComponent("line.png")
    try png.write(to: pngURL)
    let heic = folder.appendingPathComponent("line.heic")
    try PhotoFixtures.run("heif-enc", ["-q", "90", pngURL.path, "-o", heic.path])
    let data = try Data(contentsOf: heic)
    #expect(HeifContainer.isHEIF(data))

    let engine = try PhotoFixtures.lineEngine()
    let fromPNG = try #require(ImageDecoder.decode(png, maxPixels: 100_000_000).pages.first)
    let decoded = try ImageDecoder.decode(data, maxPixels: 100_000_000)
    let fromHEIC = try #require(decoded.pages.first)
    #expect((fromHEIC.width, fromHEIC.height) == (fromPNG.width, fromPNG.height))
    #expect(fromHEIC.depth == 32)
    #expect(decoded.orientation == nil, "heif-enc writes no irot or imir")
    let expected = try engine.recognize(fromPNG, boxes: false).text
    #expect(try engine.recognize(fromHEIC, boxes: false).text == expected)

    // The declared size is checked before decoding.
    #expect {
      try ImageDecoder.decode(data, maxPixels: fromPNG.width * fromPNG.height - 1)
    } throws: { ($0 as? ImageDecodeError)?.kind == .tooManyPixels }
    // A cut or damaged HEIC is an error, not a crash.
    for length in [12, 40, data.count / 3, data.count - 100] {
      #expect(throws: ImageDecodeError.self) {
        try ImageDecoder.decode(data.prefix(length), maxPixels: 100_000_000)
      }
    }
    var damaged = data
    for index in stride(from: data.count / 2, to: data.count, by: 7) { damaged[index] ^= 0x5A }
    _ = try? ImageDecoder.decode(damaged, maxPixels: 100_000_000)
  }
}
