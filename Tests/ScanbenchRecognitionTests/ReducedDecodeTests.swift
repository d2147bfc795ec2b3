import Foundation
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition

/// A large JPEG decoded reduced for a look at whether it holds text: the same facts as decoding it
/// whole (its upright size, what EXIF turn was applied, when it was taken), at a fraction of the side.
struct ReducedDecodeTests {
  /// A JPEG line image of the project's corpus, stored in `orientation`, and the image upright.
  static func photo(_ orientation: ExifOrientation) throws -> (jpeg: Data, upright: Image) {
    let png = try PhotoFixtures.corpusEntry("eng-lines.tar.gz", ExifOrientationTests.line)
    let upright = try #require(ImageDecoder.decodePages(png, maxPixels: 100_000_000).first)
    let stored = try upright.applying(orientation.inverse)
    return (PhotoFixtures.jpeg(try stored.jpegData(quality: 90), orientation: orientation.rawValue), upright)
  }

  @Test(arguments: ExifOrientation.allCases)
  func theReducedDecodeSaysWhatTheWholeOneDoes(orientation: ExifOrientation) throws {
    let (jpeg, upright) = try Self.photo(orientation)
    let whole = try ImageDecoder.decode(jpeg, maxPixels: 100_000_000)
    let longer = max(upright.width, upright.height)
    let reduced = try #require(
      try ImageDecoder.decodeReduced(jpeg, maxPixels: 100_000_000, longSide: (longer + 3) / 4))
    let page = try #require(whole.pages.first)
    #expect((reduced.fullWidth, reduced.fullHeight) == (page.width, page.height))
    #expect((reduced.fullWidth, reduced.fullHeight) == (upright.width, upright.height))
    #expect(reduced.orientation == whole.orientation)
    #expect(reduced.capturedAt == whole.capturedAt)
    // The strongest reduction that keeps the longer side: a quarter, each side rounded up.
    #expect(reduced.reduction == 4)
    #expect((reduced.image.width, reduced.image.height) == ((page.width + 3) / 4, (page.height + 3) / 4))
  }

  @Test func aSmallOrNonJPEGImageIsNotReduced() throws {
    let (jpeg, upright) = try Self.photo(.up)
    let longer = max(upright.width, upright.height)
    #expect(
      try ImageDecoder.decodeReduced(jpeg, maxPixels: 100_000_000, longSide: (longer + 1) / 2 + 1) == nil)
    #expect(
      try ImageDecoder.decodeReduced(try upright.pngData(), maxPixels: 100_000_000, longSide: 100) == nil)
    #expect(throws: ImageDecodeError.self) {
      try ImageDecoder.decodeReduced(jpeg, maxPixels: 1000, longSide: 100)
    }
  }
}

extension ReducedDecodeTests {
  /// A JPEG decoded at a reduction asked for: each side that many times smaller (rounded up), upright,
  /// with the whole image's facts; a reduction libjpeg does not offer, or an image not a JPEG, none.
  @Test(arguments: [2, 4, 8], [ExifOrientation.up, .right])
  func aJPEGDecodesAtTheReductionAskedFor(reduction: Int, orientation: ExifOrientation) throws {
    let (jpeg, upright) = try Self.photo(orientation)
    let reduced = try #require(
      try ImageDecoder.decodeReduced(jpeg, maxPixels: 100_000_000, reduction: reduction))
    #expect(reduced.reduction == reduction)
    #expect((reduced.fullWidth, reduced.fullHeight) == (upright.width, upright.height))
    #expect(
      (reduced.image.width, reduced.image.height)
        == ((upright.width + reduction - 1) / reduction, (upright.height + reduction - 1) / reduction))
    let decoded = reduced.decoded
    #expect(decoded.pages.count == 1 && decoded.orientation == reduced.orientation)
    #expect(decoded.orientation == (try ImageDecoder.decode(jpeg, maxPixels: 100_000_000)).orientation)
  }

  @Test func onlyLibjpegsReductionsOfAJPEG() throws {
    let (jpeg, upright) = try Self.photo(.up)
    #expect(try ImageDecoder.decodeReduced(jpeg, maxPixels: 100_000_000, reduction: 3) == nil)
    #expect(try ImageDecoder.decodeReduced(jpeg, maxPixels: 100_000_000, reduction: 1) == nil)
    #expect(
      try ImageDecoder.decodeReduced(try upright.pngData(), maxPixels: 100_000_000, reduction: 2) == nil)
    #expect(throws: ImageDecodeError.self) {
      try ImageDecoder.decodeReduced(jpeg, maxPixels: 1000, reduction: 2)
    }
  }
}
