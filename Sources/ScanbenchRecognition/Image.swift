import CLeptonica
import Foundation
import ScanbenchSeam

/// A decoded image: one leptonica `PIX`, destroyed with this object.
public final class Image {
  package let pointer: UnsafeMutablePointer<PIX>

  /// Takes ownership of a `PIX` returned by leptonica; nil in, nil out.
  package init?(owning pointer: UnsafeMutablePointer<PIX>?) {
    guard let pointer else { return nil }
    self.pointer = pointer
  }

  deinit {
    var pointer: UnsafeMutablePointer<PIX>? = self.pointer
    pixDestroy(&pointer)
  }

  public var width: Int { Int(pixGetWidth(pointer)) }
  public var height: Int { Int(pixGetHeight(pointer)) }
  public var depth: Int { Int(pixGetDepth(pointer)) }
  public var resolution: Int { Int(pixGetXRes(pointer)) }
}

@available(*, unavailable)
extension Image: Sendable {}

public struct ImageDecodeError: Error, CustomStringConvertible, Sendable {
  public enum Kind: String, Sendable {
    case notAnImage = "not-an-image"
    case tooManyPixels = "too-many-pixels"
    case undecodable
    /// A password-protected PDF.
    case encrypted
  }

  public var kind: Kind
  public var message: String
  public var description: String { message }
}

/// Decodes image bytes already in memory: leptonica reads them without a temporary file.
public enum ImageDecoder {
  /// What the image's header says, read without decoding the pixels.
  public struct Header: Sendable {
    public var width: Int
    public var height: Int
    public var isTIFF: Bool
    public var isJPEG = false
  }

  /// leptonica's version, e.g. `1.82.0` (it says `leptonica-1.82.0`).
  public static var leptonicaVersion: String {
    guard let text = getLeptonicaVersion() else { return "unknown" }
    defer { lept_free(text) }
    let version = String(cString: text)
    return version.hasPrefix("leptonica-") ? String(version.dropFirst("leptonica-".count)) : version
  }

  /// Called once per process before any decoding: leptonica must not print to our stderr.
  static let silenced: Void = scanbench_leptonica_silence()

  public static func header(of data: Data) throws -> Header {
    _ = silenced
    guard !data.isEmpty else {
      throw ImageDecodeError(kind: .notAnImage, message: "the file is empty (0 bytes)")
    }
    var format: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    var bitsPerSample: Int32 = 0
    var samplesPerPixel: Int32 = 0
    var hasColormap: Int32 = 0
    let status = data.withUnsafeBytes { raw in
      pixReadHeaderMem(
        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &format, &width, &height, &bitsPerSample,
        &samplesPerPixel, &hasColormap)
    }
    guard status == 0, width > 0, height > 0 else {
      throw ImageDecodeError(kind: .notAnImage, message: "not an image leptonica can read (unknown header)")
    }
    let tiffFormats = Set(
      [
        IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF_ZIP,
        IFF_TIFF_JPEG,
      ].map { Int32($0) })
    return Header(
      width: Int(width), height: Int(height), isTIFF: tiffFormats.contains(format),
      isJPEG: format == Int32(IFF_JFIF_JPEG))
  }

  /// A JPEG decoded reduced (libjpeg's DCT scaling: an eighth, a quarter or half the side, far
  /// cheaper than decoding it whole), and upright by its EXIF orientation as ``decode(_:maxPixels:pdfResolution:)``
  /// turns the whole one.
  public struct Reduced {
    /// The reduced image, upright.
    public var image: Image
    /// The whole image's size, upright: what a full decode would give.
    public var fullWidth: Int
    public var fullHeight: Int
    /// Each side is about this many times smaller than the whole image's (2, 4 or 8).
    public var reduction: Int
    public var orientation: PageOrientation?
    public var capturedAt: String?

    /// The reduced image as a decode of one page, with what decoding did.
    public var decoded: Decoded { Decoded(pages: [image], orientation: orientation, capturedAt: capturedAt) }
  }

  /// `data` decoded at the strongest reduction that keeps its longer side at least `longSide`;
  /// nil when it is not a JPEG, or when not even halving it keeps that side (decode it whole).
  /// Refuses images over `maxPixels` as ``decodePages(_:maxPixels:)`` does.
  public static func decodeReduced(_ data: Data, maxPixels: Int, longSide: Int) throws -> Reduced? {
    guard let header = try reducibleHeader(of: data, maxPixels: maxPixels) else { return nil }
    // libjpeg scales each side to its length over the reduction, rounded up.
    let longer = max(header.width, header.height)
    guard let reduction = [8, 4, 2].first(where: { (longer + $0 - 1) / $0 >= longSide }) else { return nil }
    return try decodeJPEG(data, header: header, reduction: reduction)
  }

  /// `data` decoded at 1/`reduction` of each side (2, 4 or 8: libjpeg's DCT scaling), upright by its
  /// EXIF orientation; nil when it is not a JPEG or `reduction` is none of those. Refuses images
  /// over `maxPixels` as ``decodePages(_:maxPixels:)`` does.
  public static func decodeReduced(_ data: Data, maxPixels: Int, reduction: Int) throws -> Reduced? {
    guard [2, 4, 8].contains(reduction),
      let header = try reducibleHeader(of: data, maxPixels: maxPixels)
    else { return nil }
    return try decodeJPEG(data, header: header, reduction: reduction)
  }

  /// The header of `data` when it is a JPEG libjpeg can decode reduced; nil for any other format.
  /// Refuses images over `maxPixels` as ``decodePages(_:maxPixels:)`` does.
  private static func reducibleHeader(of data: Data, maxPixels: Int) throws -> Header? {
    guard !PDFDocument.isPDF(data), !HeifContainer.isHEIF(data) else { return nil }
    let header = try header(of: data)
    guard header.isJPEG else { return nil }
    guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= maxPixels else {
      throw ImageDecodeError(
        kind: .tooManyPixels,
        message:
          "header claims \(header.width)×\(header.height) pixels, over the limit of \(maxPixels) (--max-pixels)"
      )
    }
    return header
  }

  /// A JPEG of `header` decoded at 1/`reduction` of each side and turned upright.
  private static func decodeJPEG(_ data: Data, header: Header, reduction: Int) throws -> Reduced {
    let decoded = data.withUnsafeBytes { raw in
      pixReadMemJpeg(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 0, Int32(reduction), nil, 0)
    }
    guard var image = Image(owning: decoded) else {
      throw ImageDecodeError(kind: .undecodable, message: "the image data is corrupt or truncated")
    }
    let capturedAt = ExifCaptureDate.read(fromJPEG: data)
    var (fullWidth, fullHeight) = (header.width, header.height)
    guard let exif = ExifOrientation.read(fromJPEG: data), exif != .up else {
      return Reduced(
        image: image, fullWidth: fullWidth, fullHeight: fullHeight, reduction: reduction, orientation: nil,
        capturedAt: capturedAt)
    }
    image = try image.applying(exif)
    if exif.swapsDimensions { (fullWidth, fullHeight) = (fullHeight, fullWidth) }
    return Reduced(
      image: image, fullWidth: fullWidth, fullHeight: fullHeight, reduction: reduction,
      orientation: orientation(applying: exif), capturedAt: capturedAt)
  }

  /// A decoded image and how it was turned upright while decoding.
  public struct Decoded {
    /// Every page, decoded; empty for a PDF, whose pages are rendered one at a time (`page(_:)`).
    public var pages: [Image]
    /// The EXIF orientation applied to a JPEG, or the transforms libheif applied to a HEIF image.
    public var orientation: PageOrientation?
    /// When the photo was taken (`ExifCaptureDate`), if a JPEG's or HEIF file's EXIF says.
    public var capturedAt: String?
    fileprivate var pdf: PDFDocument?
    fileprivate var pdfResolution = 300
    fileprivate var maxPixels = 0

    public init(pages: [Image], orientation: PageOrientation? = nil, capturedAt: String? = nil) {
      self.pages = pages
      self.orientation = orientation
      self.capturedAt = capturedAt
    }

    public var pageCount: Int { pdf?.pageCount ?? pages.count }

    /// Page `index` (from 0): decoded already, or a PDF's page rendered now — at the resolution
    /// decoding was given, or to exactly `size` pixels (what a run recorded, to draw on it again).
    public func page(_ index: Int, size: (width: Int, height: Int)? = nil) throws -> Image {
      if let pdf {
        return try pdf.render(page: index, resolution: pdfResolution, size: size, maxPixels: maxPixels)
      }
      guard pages.indices.contains(index) else {
        throw ImageDecodeError(kind: .undecodable, message: "the image has no page \(index + 1)")
      }
      return pages[index]
    }
  }

  /// poppler's version, for the run's list of libraries.
  public static var popplerVersion: String { PDFDocument.version }

  /// Decodes every page, upright: a HEIF file (known by its `ftyp` brand, whatever its name) through
  /// libheif with its transforms, a JPEG with its EXIF orientation applied, the rest as they are. A
  /// PDF (known by its `%PDF-` header) is opened, each of its pages rendered at `pdfResolution`
  /// dots per inch when asked for (`Decoded.page(_:)`); one that needs a password, is cut short or
  /// damaged is refused here.
  public static func decode(_ data: Data, maxPixels: Int, pdfResolution: Int = 300) throws -> Decoded {
    if PDFDocument.isPDF(data) {
      var decoded = Decoded(pages: [])
      decoded.pdf = try PDFDocument(data)
      decoded.pdfResolution = pdfResolution
      decoded.maxPixels = maxPixels
      return decoded
    }
    if HeifContainer.isHEIF(data) {
      let pix = try HeifDecoder.decode(data, maxPixels: maxPixels)
      let transforms = HeifContainer.transforms(data)
      let capturedAt = HeifDecoder.exif(data).flatMap(ExifCaptureDate.read(fromHEIFExifItem:))
      guard !transforms.isEmpty else { return Decoded(pages: [pix], capturedAt: capturedAt) }
      return Decoded(
        pages: [pix],
        orientation: .init(heif: transforms, applied: transforms.joined(separator: "; ") + ", by libheif"),
        capturedAt: capturedAt)
    }
    var pages = try decodePages(data, maxPixels: maxPixels)
    let capturedAt = ExifCaptureDate.read(fromJPEG: data)
    // HEIC keeps an EXIF orientation too, equal to its irot; libheif has applied that one already.
    guard pages.count == 1, let exif = ExifOrientation.read(fromJPEG: data), exif != .up else {
      return Decoded(pages: pages, capturedAt: capturedAt)
    }
    pages[0] = try pages[0].applying(exif)
    return Decoded(pages: pages, orientation: orientation(applying: exif), capturedAt: capturedAt)
  }

  /// What decoding records of the EXIF orientation it applied.
  static func orientation(applying exif: ExifOrientation) -> PageOrientation {
    PageOrientation(exif: exif.rawValue, applied: "\(exif.transformDescription) (EXIF \(exif.rawValue))")
  }

  /// Decodes every page (one for most formats, each page of a multi-page TIFF), refusing images
  /// whose header claims more than `maxPixels` before any pixel is decoded.
  public static func decodePages(_ data: Data, maxPixels: Int) throws -> [Image] {
    let header = try header(of: data)
    guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= maxPixels,
      header.width <= Int(Int32.max) / max(header.height, 1)
    else {
      throw ImageDecodeError(
        kind: .tooManyPixels,
        message:
          "header claims \(header.width)×\(header.height) pixels, over the limit of \(maxPixels) (--max-pixels)"
      )
    }
    return try data.withUnsafeBytes { raw -> [Image] in
      let bytes = raw.bindMemory(to: UInt8.self).baseAddress
      guard header.isTIFF else {
        guard let pix = Image(owning: pixReadMem(bytes, raw.count)) else {
          throw ImageDecodeError(kind: .undecodable, message: "the image data is corrupt or truncated")
        }
        return [pix]
      }
      var pages: [Image] = []
      var offset = 0
      repeat {
        guard let page = Image(owning: pixReadMemFromMultipageTiff(bytes, raw.count, &offset)) else {
          if pages.isEmpty {
            throw ImageDecodeError(kind: .undecodable, message: "the TIFF data is corrupt or truncated")
          }
          break
        }
        if page.width * page.height > maxPixels {
          throw ImageDecodeError(
            kind: .tooManyPixels,
            message: "TIFF page \(pages.count + 1) has \(page.width)×\(page.height) pixels, over --max-pixels"
          )
        }
        pages.append(page)
      } while offset != 0
      return pages
    }
  }
}
