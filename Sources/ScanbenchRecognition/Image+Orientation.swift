import CLeptonica
import Foundation

extension Image {
  /// The image turned by one orthogonal step (leptonica `pixRotateOrth`, `pixFlipLR`, `pixFlipTB`);
  /// a new image, this one is left as it is.
  public func applying(_ step: ExifOrientation.Step) throws -> Image {
    let result: UnsafeMutablePointer<PIX>?
    switch step {
    case .rotate(let quarterTurns): result = pixRotateOrth(pointer, Int32(quarterTurns))
    case .flipLeftRight: result = pixFlipLR(nil, pointer)
    case .flipTopBottom: result = pixFlipTB(nil, pointer)
    }
    guard let pix = Image(owning: result) else {
      throw ImageDecodeError(kind: .undecodable, message: "leptonica could not \(step) the image")
    }
    return pix
  }

  /// The image made upright from one stored with `orientation`.
  public func applying(_ orientation: ExifOrientation) throws -> Image {
    var pix = self
    for step in orientation.steps { pix = try pix.applying(step) }
    return pix
  }

  /// The image as a PNG file (leptonica `pixWriteMemPng`), for fixtures and corpora; `compression`
  /// is zlib's level (0 none, 1 fastest … 9 smallest), nil for leptonica's default (6).
  public func pngData(compression: Int? = nil) throws -> Data {
    if let compression { pixSetZlibCompression(pointer, Int32(compression)) }
    return try encoded("PNG") { data, size in pixWriteMemPng(&data, &size, pointer, 0) }
  }

  /// The image as a baseline JPEG file (leptonica `pixWriteMemJpeg`), for fixtures and corpora.
  public func jpegData(quality: Int = 90) throws -> Data {
    try encoded("JPEG") { data, size in pixWriteMemJpeg(&data, &size, pointer, Int32(quality), 0) }
  }

  private func encoded(
    _ format: String, _ write: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32
  ) throws -> Data {
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = write(&bytes, &size)
    defer { lept_free(bytes) }
    guard status == 0, let bytes else {
      throw ImageDecodeError(kind: .undecodable, message: "leptonica could not encode the image as \(format)")
    }
    return Data(bytes: bytes, count: size)
  }
}
