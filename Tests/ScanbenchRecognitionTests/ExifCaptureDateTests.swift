import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchSupport

struct ExifCaptureDateTests {
  func jpeg() throws -> Data { try PhotoFixtures.corpusEntry("eng-lines.tar.gz", "eng-line-006.jpg") }

  @Test func aJPEGsDateTimeOriginalIsItsCaptureDateInEitherByteOrder() throws {
    for bigEndian in [false, true] {
      let payload = PhotoFixtures.exifPayload(
        dateTimeOriginal: "2019:07:14 12:34:56", offset: "+09:00", bigEndian: bigEndian)
      let length = payload.count + 2
      let file =
        try jpeg().prefix(2) + Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        + jpeg().dropFirst(2)
      #expect(ExifCaptureDate.read(fromJPEG: file) == "2019-07-14T12:34:56+09:00")
    }
    let withoutOffset = PhotoFixtures.jpeg(try jpeg(), dateTimeOriginal: "2003:12:31 23:59:59")
    #expect(ExifCaptureDate.read(fromJPEG: withoutOffset) == "2003-12-31T23:59:59")
    // Decoding records it, beside the orientation.
    #expect(try ImageDecoder.decode(withoutOffset, maxPixels: 10_000_000).capturedAt == "2003-12-31T23:59:59")
    #expect(try ImageDecoder.decode(try jpeg(), maxPixels: 10_000_000).capturedAt == nil)
  }

  @Test func datesThatAreNotRealOnesAreNoDate() throws {
    for text in [
      "0000:00:00 00:00:00", "    :  :     :  :  ", "2019:02:29 10:00:00", "2019:13:01 10:00:00",
      "1850:01:01 10:00:00", "2107:01:01 10:00:00", "2019:07:14 24:00:00", "2019-07-14 12:34:56",
      "2019:07:14 12:34", "",
    ] {
      let file = PhotoFixtures.jpeg(try jpeg(), dateTimeOriginal: text)
      #expect(ExifCaptureDate.read(fromJPEG: file) == nil, "\(text)")
    }
    // An offset that is not one is dropped, the date kept.
    let file = PhotoFixtures.jpeg(try jpeg(), dateTimeOriginal: "2019:07:14 12:34:56", offset: "+99:00")
    #expect(ExifCaptureDate.read(fromJPEG: file) == "2019-07-14T12:34:56")
  }

  @Test func aDamagedSegmentGivesNoDateAndNeverATrap() throws {
    let good = PhotoFixtures.jpeg(try jpeg(), dateTimeOriginal: "2019:07:14 12:34:56", offset: "+09:00")
    for length in 0..<200 { _ = ExifCaptureDate.read(fromJPEG: good.prefix(length)) }
    var generator = SeededGenerator(seed: 23)
    for _ in 0..<2000 {
      var bytes = [UInt8](good.prefix(120))
      for _ in 0..<3 {
        bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      if let date = ExifCaptureDate.read(fromJPEG: Data(bytes)) {
        #expect(CaptureDate.validated(date) == date)
      }
      _ = ExifCaptureDate.read(fromHEIFExifItem: Data(bytes))
    }
  }

  @Test(
    .enabled(
      if: PhotoFixtures.hasTool("heif-enc"), "heif-enc is not installed (apt-get install libheif-examples)"))
  func aHEICsExifItemGivesItsCaptureDate() throws {
    let folder = try TestKit.temporaryFolder("scanbench-photo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("photo.jpg")
    try PhotoFixtures.jpeg(try jpeg(), dateTimeOriginal: "2021:03:04 05:06:07", offset: "-05:00").write(
      to: source)
    let heic = folder.appendingPathComponent("photo.heic")
    // heif-enc carries a JPEG's Exif into the HEIF file's Exif item.
    try PhotoFixtures.run("heif-enc", ["-q", "60", "-o", heic.path, source.path])
    let data = try Data(contentsOf: heic)
    #expect(HeifContainer.isHEIF(data))
    #expect(try ImageDecoder.decode(data, maxPixels: 10_000_000).capturedAt == "2021-03-04T05:06:07-05:00")
  }
}
