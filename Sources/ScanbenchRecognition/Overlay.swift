import CLeptonica
import Foundation
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

public struct OverlayError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }

  public init(message: String) {
    self.message = message
  }
}

/// Word and line boxes drawn over the image they were found in, as the detection app drew Vision's
/// boxes over the photo: lines in orange, words in blue.
public enum Overlay {
  /// The file an overlay of this result is written to inside an overlay folder; the report links to
  /// the same name. Slashes become `__` so every overlay sits in one folder.
  public static func fileName(for record: ResultRecord) -> String {
    let stem: String
    if case .image(let imageStem) = EntryName.role(of: record.entry) {
      stem = imageStem
    } else {
      stem = record.entry
    }
    let flat = stem.replacingOccurrences(of: "/", with: "__")
    return flat + (record.page.map { ".page-\($0)" } ?? "") + ".overlay.png"
  }

  /// Draws `record`'s boxes over `imageData` (the image the record was made from) and returns a PNG.
  public static func render(_ record: ResultRecord, imageData: Data, maxPixels: Int = 100_000_000) throws
    -> Data
  {
    guard let words = record.words, let lines = record.lines else {
      throw OverlayError(message: "\(record.entry): the result has no boxes (run with --boxes)")
    }
    // The image as it was recognized: EXIF and HEIF transforms (in decoding), then any turn that
    // orientation detection made, so the boxes land where they were found.
    var page: Image
    do {
      let pages = try ImageDecoder.decode(imageData, maxPixels: maxPixels).pages
      let index = (record.page ?? 1) - 1
      guard pages.indices.contains(index) else {
        throw OverlayError(message: "\(record.entry): has no page \(index + 1)")
      }
      page = pages[index]
      if let turn = record.orientation?.osdCorrection { page = try page.applying(turn) }
    } catch let error as OverlayError {
      throw error
    } catch {
      throw OverlayError(message: "\(record.entry): \(error)")
    }
    guard let canvas = Image(owning: pixConvertTo32(page.pointer)) else {
      throw OverlayError(message: "\(record.entry): could not convert the image to colour")
    }
    if let width = record.width, let height = record.height, width != canvas.width || height != canvas.height
    {
      throw OverlayError(
        message:
          "\(record.entry): the image is \(canvas.width)×\(canvas.height), the result says \(width)×\(height)"
      )
    }
    // Thick enough to see on a 3000-pixel photo, thin enough not to hide a 10-pixel word.
    let stroke = Int32(max(1, min(canvas.width, canvas.height) / 600))
    for line in lines { draw(line, on: canvas, stroke: stroke + 1, colour: (255, 140, 0)) }
    for word in words { draw(word, on: canvas, stroke: stroke, colour: (30, 90, 230)) }
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    guard pixWriteMemPng(&bytes, &size, canvas.pointer, 0) == 0, let bytes else {
      throw OverlayError(message: "\(record.entry): could not encode the overlay as PNG")
    }
    defer { lept_free(bytes) }
    return Data(bytes: bytes, count: size)
  }

  private static func draw(_ item: TextBox, on canvas: Image, stroke: Int32, colour: (UInt8, UInt8, UInt8)) {
    var box = boxCreate(Int32(item.x), Int32(item.y), Int32(item.width), Int32(item.height))
    guard box != nil else { return }
    pixRenderBoxArb(canvas.pointer, box, stroke, colour.0, colour.1, colour.2)
    boxDestroy(&box)
  }
}
