import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport
import ScanbenchTesseract
import ScanbenchTestKit

/// Images for the orientation and HEIF tests, made by the tests from the project's own corpora.
package enum PhotoFixtures {
  /// The checkout: this file is `Tests/ScanbenchTestSupport/PhotoFixtures.swift`.
  package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// One entry of one of `Corpora/*.tar.gz`, read through the library's own archive reader.
  package static func corpusEntry(_ archive: String, _ name: String) throws -> Data {
    let source = try InputOpener.open(packageRoot.appendingPathComponent("Corpora/\(archive)").path)
    while let header = try source.nextEntry() {
      if header.path == name { return try source.readData(limit: 64 << 20) }
    }
    throw ToolError(description: "no \(name) in Corpora/\(archive)")
  }

  /// An APP1 Exif payload whose IFD0 holds the Orientation tag (and one other tag before it, so the
  /// parser has to walk the entries), in either byte order.
  package static func exifPayload(orientation: Int, bigEndian: Bool) -> [UInt8] {
    func u16(_ value: Int) -> [UInt8] {
      let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      return bigEndian ? bytes : bytes.reversed()
    }
    func u32(_ value: Int) -> [UInt8] {
      bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
    }
    var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
    tiff += u16(42) + u32(8) + u16(2)
    tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]  // Make: "ABC"
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
    tiff += u32(0)  // no next IFD
    return Array("Exif".utf8) + [0, 0] + tiff
  }

  /// An APP1 Exif payload as a camera writes the capture date: IFD0 points to the Exif IFD, which
  /// holds DateTimeOriginal (`2019:07:14 12:34:56`) and, when given, OffsetTimeOriginal (`+09:00`).
  package static func exifPayload(dateTimeOriginal: String, offset: String?, bigEndian: Bool = false)
    -> [UInt8]
  {
    func u16(_ value: Int) -> [UInt8] {
      let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      return bigEndian ? bytes : bytes.reversed()
    }
    func u32(_ value: Int) -> [UInt8] {
      bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
    }
    let date = Array(dateTimeOriginal.utf8) + [0]
    let zone = offset.map { Array($0.utf8) + [0] }
    let exifIFD = 8 + 2 + 12 + 4
    let entries = zone == nil ? 1 : 2
    let dataStart = exifIFD + 2 + 12 * entries + 4
    var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
    tiff += u16(42) + u32(8)
    tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
    tiff += u16(entries) + u16(0x9003) + u16(2) + u32(date.count) + u32(dataStart)
    if let zone { tiff += u16(0x9011) + u16(2) + u32(zone.count) + u32(dataStart + date.count) }
    tiff += u32(0) + date + (zone ?? [])
    return Array("Exif".utf8) + [0, 0] + tiff
  }

  /// The JPEG with an APP1 Exif segment holding a capture date, after its SOI marker.
  package static func jpeg(_ jpeg: Data, dateTimeOriginal: String, offset: String? = nil) -> Data {
    let payload = exifPayload(dateTimeOriginal: dateTimeOriginal, offset: offset)
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
  }

  /// The JPEG with an APP1 Exif segment inserted right after its SOI marker, as cameras write it.
  package static func jpeg(_ jpeg: Data, orientation: Int, bigEndian: Bool = false) -> Data {
    let payload = exifPayload(orientation: orientation, bigEndian: bigEndian)
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
  }

  package static func hasTool(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }

  package struct ToolError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Runs a tool (heif-enc) and fails the test when it fails.
  package static func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolError(
        description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
  }

  /// A worker's engine for one text line (fast models: what every machine with Tesseract has).
  package static func lineEngine() throws -> any RecognitionEngine {
    var options = EngineOptions(level: .fast, language: "eng")
    options.pageSegmentation = 7
    options.resolution = 300
    return try TesseractBackend(options).makeEngine()
  }

  /// A page read by Tesseract with automatic page segmentation at 300 dpi (fast models).
  package static func recognizePage(_ png: Data, boxes: Bool = true) throws -> (
    output: RecognizedText, width: Int, height: Int
  ) {
    var options = EngineOptions(level: .fast, language: "eng")
    options.resolution = 300
    let engine = try TesseractBackend(options).makeEngine()
    guard let pix = try ImageDecoder.decodePages(png, maxPixels: 10_000_000).first else {
      throw ToolError(description: "the page did not decode")
    }
    return (try engine.recognize(pix, boxes: boxes), pix.width, pix.height)
  }
}
