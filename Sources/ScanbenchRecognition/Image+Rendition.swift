import CLeptonica
import Foundation

extension Image {
  /// This image in colour or grey (8 or 32 bits a pixel, no colormap, no alpha), scaled down to fit
  /// in `maxSide` × `maxSide` (never up): what a JPEG thumbnail or preview is made of. Bitonal and
  /// low-depth scans become grey before scaling, so their lines are averaged rather than dropped.
  public func scaled(toFit maxSide: Int) throws -> Image {
    var pix = self
    let hasColormap = pixGetColormap(pointer) != nil
    if pix.depth != 8 && pix.depth != 32 || hasColormap {
      let converted =
        pix.depth == 1 || pix.depth == 2 || pix.depth == 4 || pix.depth == 16
        ? pixConvertTo8(pointer, 0) : pixConvertTo32(pointer)
      guard let image = Image(owning: converted) else {
        throw ImageDecodeError(
          kind: .undecodable, message: "leptonica could not convert the image to grey or colour")
      }
      pix = image
    }
    if pixGetSpp(pix.pointer) == 4, let opaque = Image(owning: pixRemoveAlpha(pix.pointer)) { pix = opaque }
    let factor = Double(maxSide) / Double(max(pix.width, pix.height))
    guard factor < 1 else { return pix }
    // Area mapping below 0.7 (leptonica picks it for 8 and 32 bpp): every source pixel counts.
    guard let scaled = Image(owning: pixScale(pix.pointer, Float(factor), Float(factor))) else {
      throw ImageDecodeError(kind: .undecodable, message: "leptonica could not scale the image")
    }
    return scaled
  }
}
