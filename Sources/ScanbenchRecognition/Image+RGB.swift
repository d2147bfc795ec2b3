import CLeptonica

extension Image {
  /// The pixels as 8-bit RGB, rows top to bottom, `R G B` interleaved (colour maps applied, alpha
  /// dropped): for engines that read pixels themselves, so that none but Tesseract links leptonica.
  /// nil when leptonica cannot convert the image.
  public func rgbBytes() -> [UInt8]? {
    guard let rgb = pixConvertTo32(pointer) else { return nil }
    var converted: UnsafeMutablePointer<PIX>? = rgb
    defer { pixDestroy(&converted) }
    let width = Int(pixGetWidth(rgb))
    let height = Int(pixGetHeight(rgb))
    let wordsPerLine = Int(pixGetWpl(rgb))
    guard width > 0, height > 0, let data = pixGetData(rgb) else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let line = data + y * wordsPerLine
        var index = y * width * 3
        for x in 0..<width {
          // A 32-bit pixel is 0xRRGGBBAA in a host-order word.
          let word = line[x]
          out[index] = UInt8(truncatingIfNeeded: word >> 24)
          out[index + 1] = UInt8(truncatingIfNeeded: word >> 16)
          out[index + 2] = UInt8(truncatingIfNeeded: word >> 8)
          index += 3
        }
      }
    }
    return pixels
  }
}
