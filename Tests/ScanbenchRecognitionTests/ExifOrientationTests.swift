import Foundation
import ScanbenchScoring
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

struct ExifOrientationTests {
  /// A JPEG line image of the project's corpus (leptonica decodes it; the tests re-encode it).
  static let line = "eng-line-004.jpg"

  @Test(arguments: ExifOrientation.allCases, [false, true])
  func theTagIsReadInBothByteOrders(orientation: ExifOrientation, bigEndian: Bool) {
    let jpeg = PhotoFixtures.jpeg(
      Data([0xFF, 0xD8, 0xFF, 0xD9]), orientation: orientation.rawValue, bigEndian: bigEndian)
    #expect(ExifOrientation.read(fromJPEG: jpeg) == orientation)
  }

  @Test func malformedExifIsIgnored() {
    let good = PhotoFixtures.jpeg(Data([0xFF, 0xD8, 0xFF, 0xD9]), orientation: 6)
    #expect(ExifOrientation.read(fromJPEG: good) == .right)
    // Every truncation, and every single-byte change, gives an orientation or nil: never a crash,
    // never a value outside 1–8.
    for length in 0..<good.count {
      _ = ExifOrientation.read(fromJPEG: good.prefix(length))
    }
    for index in 0..<good.count {
      for value: UInt8 in [0, 1, 0x7F, 0xFF] {
        var bytes = good
        bytes[index] = value
        _ = ExifOrientation.read(fromJPEG: bytes)
      }
    }
    var generator = SeededGenerator(seed: 9)
    for _ in 0..<2000 {
      var bytes = [UInt8](good)
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      if let found = ExifOrientation.read(fromJPEG: Data(bytes)) { #expect((1...8).contains(found.rawValue)) }
    }
    // Values outside 1–8, a wrong type, an IFD offset past the end, a segment longer than the file.
    let payload = PhotoFixtures.exifPayload(orientation: 9, bigEndian: false)
    #expect(ExifOrientation.read(fromJPEG: segment(payload)) == nil)
    var wrongType = PhotoFixtures.exifPayload(orientation: 6, bigEndian: false)
    wrongType[6 + 10 + 12 + 2] = 4  // LONG instead of SHORT
    #expect(ExifOrientation.read(fromJPEG: segment(wrongType)) == nil)
    var farIFD = PhotoFixtures.exifPayload(orientation: 6, bigEndian: true)
    farIFD[6 + 4...6 + 7] = [0x7F, 0xFF, 0xFF, 0xF0]
    #expect(ExifOrientation.read(fromJPEG: segment(farIFD)) == nil)
    #expect(ExifOrientation.read(fromJPEG: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45])) == nil)
    // XMP in APP1 and a PNG are not Exif.
    #expect(ExifOrientation.read(fromJPEG: segment(Array("http://ns.adobe.com/xap/1.0/\0".utf8))) == nil)
    #expect(ExifOrientation.read(fromJPEG: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
  }

  func segment(_ payload: [UInt8]) -> Data {
    let length = payload.count + 2
    return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9])
  }

  /// Turning an image by an orientation's inverse, then by the orientation, gives back its pixels.
  @Test func eachTransformUndoesItsInverse() throws {
    let png = try PhotoFixtures.corpusEntry("eng-lines.tar.gz", Self.line)
    let upright = try #require(ImageDecoder.decodePages(png, maxPixels: 100_000_000).first)
    let reference = try upright.pngData()
    for orientation in ExifOrientation.allCases {
      let stored = try upright.applying(orientation.inverse)
      #expect(
        (stored.width, stored.height)
          == (orientation.swapsDimensions ? (upright.height, upright.width) : (upright.width, upright.height))
      )
      #expect(try stored.applying(orientation).pngData() == reference, "orientation \(orientation.rawValue)")
      if orientation != .up {
        #expect(try stored.pngData() != reference, "orientation \(orientation.rawValue) changes the pixels")
      }
    }
  }

  /// The issue's test: one photo stored in each of the 8 orientations reads as the same text.
  @Test func theSameJPEGInEachOfTheEightOrientationsReadsTheSame() throws {
    let png = try PhotoFixtures.corpusEntry("eng-lines.tar.gz", Self.line)
    let truth = try PhotoFixtures.corpusEntry("eng-lines.tar.gz", "eng-line-004.gt.txt")
    let upright = try #require(ImageDecoder.decodePages(png, maxPixels: 100_000_000).first)
    let engine = try PhotoFixtures.lineEngine()
    var texts: [Int: String] = [:]
    for orientation in ExifOrientation.allCases {
      let stored = try upright.applying(orientation.inverse)
      let jpeg = PhotoFixtures.jpeg(try stored.jpegData(quality: 95), orientation: orientation.rawValue)
      let decoded = try ImageDecoder.decode(jpeg, maxPixels: 100_000_000)
      let pix = try #require(decoded.pages.first)
      #expect(
        (pix.width, pix.height) == (upright.width, upright.height), "width and height after the transform")
      if orientation == .up {
        #expect(decoded.orientation == nil, "nothing applied, nothing recorded")
      } else {
        #expect(decoded.orientation?.exif == orientation.rawValue)
        #expect(
          decoded.orientation?.applied == "\(orientation.transformDescription) (EXIF \(orientation.rawValue))"
        )
      }
      texts[orientation.rawValue] = try engine.recognize(pix, boxes: false).text
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(Set(texts.values).count == 1, "\(texts)")
    let score = Scorer.score(
      groundTruth: String(decoding: truth, as: UTF8.self), recognized: texts[1] ?? "", options: .default)
    #expect((score.cer ?? 1) < 0.05, "upright text: \(texts[1] ?? "")")
  }

  @Test func descriptionsSayWhatIsDone() {
    #expect(ExifOrientation.right.transformDescription == "rotate 90° clockwise")
    #expect(ExifOrientation.left.transformDescription == "rotate 270° clockwise")
    #expect(ExifOrientation.leftMirrored.transformDescription == "rotate 90° clockwise, then flip left-right")
  }
}
