import CLeptonica
import CPoppler
import Foundation

/// A PDF whose pages are rendered to images with poppler (its GLib binding, drawing with cairo), one
/// at a time: a page is read as a page of a multi-page TIFF is. The PDF's own text layer is never
/// read: scanbench measures recognition, and a text layer is somebody else's.
///
/// One `PopplerDocument` per object, freed with it; loaded from memory (archive entries never touch
/// the disk).
final class PDFDocument {
  private let document: OpaquePointer

  /// poppler's GLib binding sets up its global parameters on first use without a lock, and its cairo
  /// output device shares a FreeType library: documents are opened and pages rendered one at a time
  /// in the process. Rendering is a small part of a page's time next to recognition.
  private static let lock = NSLock()

  /// poppler's version, e.g. `22.12.0`.
  static var version: String { String(cString: poppler_get_version()) }

  /// Whether the bytes are a PDF: `%PDF-` within the first 1024 bytes, as readers accept it.
  static func isPDF(_ data: Data) -> Bool {
    data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil
  }

  init(_ data: Data) throws {
    // A PDF ends with `%%EOF` (within its last 1024 bytes, as readers allow): without it the file
    // was cut, and poppler would rebuild what it could and render a part as if it were the whole.
    guard data.suffix(1024).range(of: Data("%%EOF".utf8)) != nil else {
      throw ImageDecodeError(
        kind: .undecodable, message: "the PDF is truncated (no %%EOF at its end): not read")
    }
    var error: UnsafeMutablePointer<GError>?
    let opened: OpaquePointer? = Self.lock.withLock {
      data.withUnsafeBytes { raw in
        guard let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count)) else { return nil }
        defer { g_bytes_unref(bytes) }
        return poppler_document_new_from_bytes(bytes, nil, &error)
      }
    }
    defer { scanbench_poppler_free_error(error) }
    guard let opened else {
      if scanbench_poppler_error_is_encrypted(error) != 0 {
        throw ImageDecodeError(
          kind: .encrypted, message: "the PDF is encrypted (password-protected): scanbench takes no passwords"
        )
      }
      let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
      throw ImageDecodeError(kind: .undecodable, message: "the PDF is damaged: poppler says: \(reason)")
    }
    document = opened
    guard pageCount > 0 else {
      throw ImageDecodeError(kind: .undecodable, message: "the PDF has no pages")
    }
  }

  deinit {
    Self.lock.withLock { scanbench_poppler_unref(UnsafeMutableRawPointer(document)) }
  }

  var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

  /// Page `index` (from 0) at `resolution` dots per inch, or scaled to exactly `size` pixels (the
  /// size a run recorded, for overlays and thumbnails), refused before rendering when it would have
  /// more than `maxPixels`. White where the page is transparent; 32 bits a pixel.
  func render(page index: Int, resolution: Int, size: (width: Int, height: Int)? = nil, maxPixels: Int) throws
    -> Image
  {
    try Self.lock.withLock {
      guard let page = poppler_document_get_page(document, Int32(index)) else {
        throw ImageDecodeError(kind: .undecodable, message: "PDF page \(index + 1) cannot be read")
      }
      defer { scanbench_poppler_unref(UnsafeMutableRawPointer(page)) }
      var points = (width: 0.0, height: 0.0)
      poppler_page_get_size(page, &points.width, &points.height)
      guard points.width.isFinite, points.height.isFinite, points.width > 0, points.height > 0 else {
        throw ImageDecodeError(kind: .undecodable, message: "PDF page \(index + 1) has no size")
      }
      let scale = Double(resolution) / 72
      // Checked on doubles first: a page may claim to be kilometres wide. Rounded to the nearest
      // pixel, so that a page made from an image at the same resolution gives back its size.
      let claimed = (points.width * scale).rounded() * (points.height * scale).rounded()
      let pointSize = "\(Self.number(points.width))×\(Self.number(points.height)) points"
      guard claimed <= Double(maxPixels) else {
        throw ImageDecodeError(
          kind: .tooManyPixels,
          message:
            "PDF page \(index + 1) is \(pointSize), "
            + "\(Self.number((points.width * scale).rounded()))×\(Self.number((points.height * scale).rounded())) "
            + "pixels at \(resolution) dpi, over the limit of \(maxPixels) (--max-pixels)")
      }
      let width = size?.width ?? Int(saturating: (points.width * scale).rounded())
      let height = size?.height ?? Int(saturating: (points.height * scale).rounded())
      // A page smaller than a pixel at this resolution (0.01 points) has nothing to render.
      guard width > 0, height > 0 else {
        throw ImageDecodeError(
          kind: .undecodable,
          message:
            "PDF page \(index + 1) is \(pointSize): under one pixel at \(resolution) dpi, nothing to read")
      }
      guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
        !width.multipliedReportingOverflow(by: height).overflow
      else {
        throw ImageDecodeError(
          kind: .tooManyPixels,
          message:
            "PDF page \(index + 1) is \(pointSize), "
            + "\(width)×\(height) pixels at \(resolution) dpi, over the limit of \(maxPixels) (--max-pixels)")
      }
      // cairo's image surfaces are at most 32767 pixels a side.
      guard width <= 32767, height <= 32767 else {
        throw ImageDecodeError(
          kind: .tooManyPixels,
          message:
            "PDF page \(index + 1) would be \(width)×\(height) pixels: over cairo's 32767 pixels a side")
      }
      guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
        throw ImageDecodeError(kind: .undecodable, message: "no memory to render PDF page \(index + 1)")
      }
      defer { cairo_surface_destroy(surface) }
      guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
        throw ImageDecodeError(kind: .undecodable, message: "no memory to render PDF page \(index + 1)")
      }
      cairo_set_source_rgb(context, 1, 1, 1)
      cairo_paint(context)
      cairo_scale(context, Double(width) / points.width, Double(height) / points.height)
      poppler_page_render(page, context)
      cairo_destroy(context)
      cairo_surface_flush(surface)
      return try Self.image(of: surface, width: width, height: height, resolution: resolution)
    }
  }

  /// A page dimension for messages: whole numbers as such, huge ones in exponent form (`3e+18`),
  /// never through an integer conversion that a MediaBox of 1e20 would trap.
  static func number(_ value: Double) -> String {
    if value.isFinite, abs(value) < 1e15, value == value.rounded() { return String(Int(saturating: value)) }
    return String(format: "%.4g", value)
  }

  /// cairo's RGB24 (`0x00RRGGBB` in each 32-bit word) as leptonica's 32 bits (`0xRRGGBB00`).
  private static func image(of surface: OpaquePointer, width: Int, height: Int, resolution: Int) throws
    -> Image
  {
    guard let pixels = cairo_image_surface_get_data(surface),
      let image = Image(owning: pixCreate(Int32(width), Int32(height), 32)),
      let data = pixGetData(image.pointer)
    else {
      throw ImageDecodeError(kind: .undecodable, message: "no memory for a rendered PDF page")
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let wordsPerLine = Int(pixGetWpl(image.pointer))
    pixels.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { source in
      for row in 0..<height {
        let from = source + row * (stride / 4)
        let to = data + row * wordsPerLine
        for column in 0..<width { to[column] = from[column] << 8 }
      }
    }
    pixSetResolution(image.pointer, Int32(resolution), Int32(resolution))
    return image
  }
}

@available(*, unavailable)
extension PDFDocument: Sendable {}
