import CLeptonica
import Foundation
import ScanbenchSeam
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
  /// The page a layout was read from, as recognition saw it: which page of the file, its size as
  /// recognized and how it was turned upright (a stored result's `page`, `width`, `height` and
  /// `orientation`).
  public struct Page: Sendable {
    /// What errors name: the archive entry or file.
    public var name: String
    /// 1-based page of a multi-page file; nil for the first.
    public var number: Int?
    public var width: Int?
    public var height: Int?
    public var orientation: PageOrientation?

    public init(
      name: String, number: Int? = nil, width: Int? = nil, height: Int? = nil,
      orientation: PageOrientation? = nil
    ) {
      self.name = name
      self.number = number
      self.width = width
      self.height = height
      self.orientation = orientation
    }
  }

  /// The file an overlay of `entry` (its page `page`) is written to inside an overlay folder; the
  /// report links to the same name. Slashes become `__` so every overlay sits in one folder.
  public static func fileName(entry: String, page: Int?) -> String {
    let stem: String
    if case .image(let imageStem) = EntryName.role(of: entry) {
      stem = imageStem
    } else {
      stem = entry
    }
    let flat = stem.replacingOccurrences(of: "/", with: "__")
    return flat + (page.map { ".page-\($0)" } ?? "") + ".overlay.png"
  }

  /// Draws `layout`'s lines and words over `imageData` (the file `page` was read from) and returns
  /// a PNG.
  public static func render(
    _ layout: TextLayout, on page: Page, imageData: Data, maxPixels: Int = 100_000_000
  )
    throws -> Data
  {
    let name = page.name
    // The image as it was recognized: EXIF and HEIF transforms (in decoding), then any turn that
    // orientation detection made, so the boxes land where they were found.
    var image: Image
    do {
      let decoded = try ImageDecoder.decode(imageData, maxPixels: maxPixels)
      let index = (page.number ?? 1) - 1
      guard index >= 0, index < decoded.pageCount else {
        throw OverlayError(message: "\(name): has no page \(index + 1)")
      }
      // A PDF's page is rendered to the size it was recognized at (before any turn).
      var turned = false
      if case .rotate(let quarterTurns) = page.orientation?.osdCorrection { turned = quarterTurns % 2 != 0 }
      let size = page.width.flatMap { width in
        page.height.map { turned ? (width: $0, height: width) : (width: width, height: $0) }
      }
      image = try decoded.page(index, size: size)
      if let turn = page.orientation?.osdCorrection { image = try image.applying(turn) }
    } catch let error as OverlayError {
      throw error
    } catch {
      throw OverlayError(message: "\(name): \(error)")
    }
    guard let canvas = Image(owning: pixConvertTo32(image.pointer)) else {
      throw OverlayError(message: "\(name): could not convert the image to colour")
    }
    if let width = page.width, let height = page.height, width != canvas.width || height != canvas.height {
      throw OverlayError(
        message: "\(name): the image is \(canvas.width)×\(canvas.height), the result says \(width)×\(height)")
    }
    // Thick enough to see on a 3000-pixel photo, thin enough not to hide a 10-pixel word.
    let stroke = Int32(max(1, min(canvas.width, canvas.height) / 600))
    for line in layout.lines { draw(line, on: canvas, stroke: stroke + 1, colour: (255, 140, 0)) }
    for word in layout.words { draw(word, on: canvas, stroke: stroke, colour: (30, 90, 230)) }
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    guard pixWriteMemPng(&bytes, &size, canvas.pointer, 0) == 0, let bytes else {
      throw OverlayError(message: "\(name): could not encode the overlay as PNG")
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
