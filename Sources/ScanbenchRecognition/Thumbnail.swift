import CLeptonica
import Foundation

/// Small pictures of images for reports, made with leptonica: any format scanbench reads (TIFF and
/// HEIC, which browsers do not show, and PDF pages too), upright as recognized by EXIF and HEIF, cut
/// down to fit in a box and encoded as JPEG (photos, grey scans) or PNG (black-and-white scans,
/// which JPEG blurs and PNG keeps small).
public enum Thumbnail {
  public struct Picture: Sendable, Equatable {
    /// `image/jpeg` or `image/png`.
    public var mediaType: String
    public var data: Data
    public var width: Int
    public var height: Int
  }

  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Page `page` (from 1; nil for an image of one page) of the image in `data`, at most
  /// `longestSide` pixels on its longer side (never enlarged). A PDF's page is rendered at that size
  /// directly; `recordedSize`, the size the run recognized the page at, gives its proportions.
  public static func make(
    _ data: Data, page: Int?, longestSide: Int, maxPixels: Int = 100_000_000,
    recordedSize: (width: Int, height: Int)? = nil
  ) throws -> Picture {
    let decoded = try ImageDecoder.decode(data, maxPixels: maxPixels)
    let index = (page ?? 1) - 1
    guard index >= 0, index < decoded.pageCount else {
      throw Failure(description: "the image has no page \(index + 1)")
    }
    var target: (width: Int, height: Int)?
    if let recordedSize, recordedSize.width > 0, recordedSize.height > 0 {
      target = fitted(recordedSize, longestSide: longestSide)
    }
    let image = try decoded.page(index, size: target)
    return try picture(of: image, longestSide: longestSide)
  }

  /// `size` scaled down (never up) so that its longer side is at most `longestSide`.
  static func fitted(_ size: (width: Int, height: Int), longestSide: Int) -> (width: Int, height: Int) {
    let scale = min(1, Double(longestSide) / Double(max(size.width, size.height)))
    return (
      max(1, Int(saturating: (Double(size.width) * scale).rounded())),
      max(1, Int(saturating: (Double(size.height) * scale).rounded()))
    )
  }

  static func picture(of image: Image, longestSide: Int) throws -> Picture {
    let blackAndWhite = image.depth == 1
    // Grey or colour before scaling, so that scaling averages (a 1-bit image scaled stays jagged).
    let converted: Image?
    switch image.depth {
    case 1, 2, 4: converted = Image(owning: pixConvertTo8(image.pointer, 0))
    case 8 where pixGetColormap(image.pointer) == nil: converted = image
    case 8, 16: converted = Image(owning: pixConvertTo8(image.pointer, 0))
    default: converted = Image(owning: pixConvertTo32(image.pointer))
    }
    guard let base = converted else { throw Failure(description: "could not convert the image") }
    let size = fitted((base.width, base.height), longestSide: longestSide)
    var scaled = base
    if size.width < base.width {
      guard let smaller = Image(owning: pixScaleToSize(base.pointer, Int32(size.width), Int32(size.height)))
      else {
        throw Failure(description: "could not scale the image")
      }
      scaled = smaller
    }
    var bytes: UnsafeMutablePointer<UInt8>?
    var count = 0
    let status =
      blackAndWhite
      ? pixWriteMemPng(&bytes, &count, scaled.pointer, 0)
      : pixWriteMemJpeg(&bytes, &count, scaled.pointer, 80, 0)
    guard status == 0, let bytes else { throw Failure(description: "could not encode the thumbnail") }
    defer { lept_free(bytes) }
    return Picture(
      mediaType: blackAndWhite ? "image/png" : "image/jpeg", data: Data(bytes: bytes, count: count),
      width: scaled.width, height: scaled.height)
  }
}
