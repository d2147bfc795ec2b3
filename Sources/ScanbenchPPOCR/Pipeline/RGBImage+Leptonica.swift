import CLeptonica

extension RGBImage {
  /// The pixels of a leptonica image of any depth (colour maps applied, alpha ignored).
  public init?(pix: UnsafeMutablePointer<PIX>) {
    guard let rgb = pixConvertTo32(pix) else { return nil }
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
    self.init(width: width, height: height, pixels: pixels)
  }

  /// The image at `path`, read by leptonica, or nil when leptonica cannot read it.
  public init?(contentsOf path: String) {
    guard let pix = pixRead(path) else { return nil }
    var owned: UnsafeMutablePointer<PIX>? = pix
    defer { pixDestroy(&owned) }
    self.init(pix: pix)
  }
}
