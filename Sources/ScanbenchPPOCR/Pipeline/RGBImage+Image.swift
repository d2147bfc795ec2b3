import Foundation
import ScanbenchRecognition

extension RGBImage {
  /// The pixels of a decoded image of any depth (colour maps applied, alpha ignored).
  public init?(_ image: Image) {
    guard let pixels = image.rgbBytes() else { return nil }
    self.init(width: image.width, height: image.height, pixels: pixels)
  }

  /// The (first page of the) image at `path`, or nil when it cannot be read or decoded.
  public init?(contentsOf path: String) {
    guard let data = FileManager.default.contents(atPath: path),
      let page = try? ImageDecoder.decodePages(data, maxPixels: .max).first
    else { return nil }
    self.init(page)
  }
}
