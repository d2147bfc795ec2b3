import Glibc

/// An 8-bit RGB image, rows top to bottom, pixels interleaved `R G B`: what the pipeline reads. The
/// caller converts whatever it decoded (a leptonica `Pix`, a grey scan) into it once per image.
public struct RGBImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width × height × 3` bytes.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "an image's size cannot be negative")
    precondition(pixels.count == width * height * 3, "an RGB image holds three bytes per pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image of one colour.
  public init(width: Int, height: Int, red: UInt8 = 255, green: UInt8 = 255, blue: UInt8 = 255) {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        buffer[index] = red
        buffer[index + 1] = green
        buffer[index + 2] = blue
        index += 3
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// A grey image (one byte per pixel, rows top to bottom) as RGB.
  public init(width: Int, height: Int, grey: [UInt8]) {
    precondition(grey.count == width * height, "a grey image holds one byte per pixel")
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    grey.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for index in 0..<source.count {
          let value = source[index]
          target[3 * index] = value
          target[3 * index + 1] = value
          target[3 * index + 2] = value
        }
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// Whether some channel's darkest and lightest pixels are more than `levels` apart. A page of text
  /// answers within its first rows; only an image that is one colour throughout is read to the end.
  public func spansMoreThan(_ levels: Int) -> Bool {
    guard levels > 0 else { return true }
    return pixels.withUnsafeBufferPointer { pixels in
      guard pixels.count >= 3 else { return false }
      var low = (pixels[0], pixels[1], pixels[2])
      var high = low
      // Checked a row at a time, so a page with ink stops early and the loop stays simple.
      let rowBytes = max(3, width * 3)
      var rowStart = 0
      while rowStart < pixels.count {
        let rowEnd = min(pixels.count, rowStart + rowBytes)
        var index = rowStart
        while index + 2 < rowEnd {
          low.0 = min(low.0, pixels[index])
          high.0 = max(high.0, pixels[index])
          low.1 = min(low.1, pixels[index + 1])
          high.1 = max(high.1, pixels[index + 1])
          low.2 = min(low.2, pixels[index + 2])
          high.2 = max(high.2, pixels[index + 2])
          index += 3
        }
        let spread = max(Int(high.0) - Int(low.0), Int(high.1) - Int(low.1), Int(high.2) - Int(low.2))
        if spread > levels { return true }
        rowStart = rowEnd
      }
      return false
    }
  }

  /// The pixel at (x, y) as (red, green, blue); for tests and small tools, not for loops.
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let index = (y * width + x) * 3
    return (pixels[index], pixels[index + 1], pixels[index + 2])
  }

  /// The image turned a quarter turn counter-clockwise: the top edge becomes the left edge, so a
  /// vertical text column, read top to bottom, reads left to right (what numpy's `rot90` does).
  public func rotatedCounterClockwise() -> RGBImage {
    var result = [UInt8](repeating: 0, count: pixels.count)
    let (width, height) = (self.width, self.height)
    pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        // Target is height wide and width high: target (tx, ty) = source (width - 1 - ty, tx).
        for ty in 0..<width {
          let sx = width - 1 - ty
          for tx in 0..<height {
            let s = (tx * width + sx) * 3
            let t = (ty * height + tx) * 3
            target[t] = source[s]
            target[t + 1] = source[s + 1]
            target[t + 2] = source[s + 2]
          }
        }
      }
    }
    return RGBImage(width: height, height: width, pixels: result)
  }

  /// The image turned half a turn.
  public func rotatedHalfTurn() -> RGBImage {
    var result = [UInt8](repeating: 0, count: pixels.count)
    let count = width * height
    pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for index in 0..<count {
          let s = index * 3
          let t = (count - 1 - index) * 3
          target[t] = source[s]
          target[t + 1] = source[s + 1]
          target[t + 2] = source[s + 2]
        }
      }
    }
    return RGBImage(width: width, height: height, pixels: result)
  }
}

extension RGBImage {
  /// The darkest and the lightest level of `histogram` (256 counts) once its darkest and its
  /// lightest `share` of the values are set aside: the ink's and the paper's levels, which a few
  /// specks of dust or glare do not move.
  static func levels(_ histogram: [Int], share: Double) -> (low: Int, high: Int) {
    let tail = max(1, Int(saturating: (Double(histogram.reduce(0, +)) * share).rounded(.up)))
    var seen = 0
    var low = 0
    while low < 255 && seen + histogram[low] < tail {
      seen += histogram[low]
      low += 1
    }
    seen = 0
    var high = 255
    while high > 0 && seen + histogram[high] < tail {
      seen += histogram[high]
      high -= 1
    }
    return (low, high)
  }

  /// The image's grey levels, `(R + 2G + B) / 4` a pixel, rows top to bottom, and their histogram.
  func greyLevels() -> (grey: [UInt8], histogram: [Int]) {
    let count = width * height
    var histogram = [Int](repeating: 0, count: 256)
    var grey = [UInt8](repeating: 0, count: count)
    pixels.withUnsafeBufferPointer { pixels in
      grey.withUnsafeMutableBufferPointer { out in
        for index in 0..<count {
          let value =
            (Int(pixels[3 * index]) + 2 * Int(pixels[3 * index + 1]) + Int(pixels[3 * index + 2])) / 4
          out[index] = UInt8(value)
          histogram[value] += 1
        }
      }
    }
    return (grey, histogram)
  }
}

extension RGBImage {
  /// The image with its levels stretched so that its darkest pixels (the darkest `inkShare` of its
  /// bytes) are black and its lightest (as many) white, when those lie fewer than `spread` levels
  /// apart and more than `above` (less is a blank image's noise), and the lightest are at
  /// `paperFrom` or lighter; nil otherwise. A faded print, or a light grey scan, has its ink far
  /// lighter than black, and the detector and the recognizer (whose inputs are the levels as they
  /// are, not normalized per image) miss it.
  func inkStretched(below spread: Int, above: Int, paperFrom: Int = 0, inkShare: Double = 0.005) -> RGBImage?
  {
    guard let (low, high) = inkLevels(inkShare: inkShare),
      high - low > max(0, above), high - low < spread, high >= paperFrom
    else { return nil }
    return stretched(from: low, to: high)
  }

  /// The levels of the image's darkest and lightest `inkShare` of bytes (its ink and its paper),
  /// nil for an empty image: measured once, they answer every rule of ``inkStretched(below:above:paperFrom:inkShare:)``.
  func inkLevels(inkShare: Double = 0.005) -> (low: Int, high: Int)? {
    guard !pixels.isEmpty else { return nil }
    var counts = [Int](repeating: 0, count: 256)
    for value in pixels { counts[Int(value)] += 1 }
    return Self.levels(counts, share: inkShare)
  }

  /// The image with level `low` made black and `high` white, the levels between spread over both.
  func stretched(from low: Int, to high: Int) -> RGBImage {
    guard high > low else { return self }
    let scale = 255 / Double(high - low)
    let table = (0..<256).map { value -> UInt8 in
      UInt8(saturating: min(255, max(0, (Double(value - low) * scale).rounded())))
    }
    return RGBImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
  }
}

extension RGBImage {
  /// The image blurred by a Gaussian of `sigma` pixels (its kernel cut at three sigmas, the image's
  /// edge pixels repeated beyond it), each channel alone: a bilevel scan's hard, broken strokes made
  /// grey and joined, as a grey scan's are.
  func blurred(sigma: Double) -> RGBImage {
    guard sigma > 0, width > 0, height > 0 else { return self }
    let radius = max(1, Int(saturating: (3 * sigma).rounded(.up)))
    var kernel = (-radius...radius).map { offset in Float(exp(-Double(offset * offset) / (2 * sigma * sigma)))
    }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let (width, height) = (self.width, self.height)
    var across = [Float](repeating: 0, count: pixels.count)
    pixels.withUnsafeBufferPointer { source in
      across.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let row = y * width * 3
          for x in 0..<width {
            var sum: (Float, Float, Float) = (0, 0, 0)
            for (k, weight) in kernel.enumerated() {
              let at = row + min(width - 1, max(0, x + k - radius)) * 3
              sum.0 += weight * Float(source[at])
              sum.1 += weight * Float(source[at + 1])
              sum.2 += weight * Float(source[at + 2])
            }
            let out = row + x * 3
            (target[out], target[out + 1], target[out + 2]) = sum
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: pixels.count)
    across.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          for x in 0..<width {
            var sum: (Float, Float, Float) = (0, 0, 0)
            for (k, weight) in kernel.enumerated() {
              let at = (min(height - 1, max(0, y + k - radius)) * width + x) * 3
              sum.0 += weight * source[at]
              sum.1 += weight * source[at + 1]
              sum.2 += weight * source[at + 2]
            }
            let out = (y * width + x) * 3
            target[out] = UInt8(clamping: Int(saturating: sum.0.rounded()))
            target[out + 1] = UInt8(clamping: Int(saturating: sum.1.rounded()))
            target[out + 2] = UInt8(clamping: Int(saturating: sum.2.rounded()))
          }
        }
      }
    }
    return RGBImage(width: width, height: height, pixels: result)
  }
}

extension RGBImage {
  /// The image darkened by a minimum filter over `down` rows and `across` columns (each pixel the
  /// darkest of the window that starts at it, the image's edge repeated beyond it), each channel
  /// alone: the specks a 1-bit threshold left of one stroke run together again.
  func darkened(down: Int, across: Int) -> RGBImage {
    guard down > 1 || across > 1, width > 0, height > 0 else { return self }
    let (width, height) = (self.width, self.height)
    var result = pixels
    pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          for x in 0..<width {
            let out = (y * width + x) * 3
            for channel in 0..<3 {
              var darkest = source[out + channel]
              for dy in 0..<max(1, down) {
                let row = min(height - 1, y + dy) * width
                for dx in 0..<max(1, across) {
                  darkest = min(darkest, source[(row + min(width - 1, x + dx)) * 3 + channel])
                }
              }
              target[out + channel] = darkest
            }
          }
        }
      }
    }
    return RGBImage(width: width, height: height, pixels: result)
  }
}

extension RGBImage {
  /// The image enlarged `factor` times across and down, bilinear as the models' inputs are sampled
  /// (``Sampling/resampled(_:width:height:channels:to:_:arithmetic:)``): a 1-bit scan's strokes, a
  /// pixel wide with hard edges, blurred at the enlarged size come out smooth and grey, where the
  /// recognizer enlarging a small cell itself samples them as steps.
  func enlarged(by factor: Int) -> RGBImage {
    guard factor > 1, width > 0, height > 0 else { return self }
    let (enlargedWidth, enlargedHeight) = (width * factor, height * factor)
    return RGBImage(
      width: enlargedWidth, height: enlargedHeight,
      pixels: Sampling.resampled(
        pixels, width: width, height: height, channels: 3, to: enlargedWidth, enlargedHeight,
        arithmetic: .asModelInputs))
  }
}
