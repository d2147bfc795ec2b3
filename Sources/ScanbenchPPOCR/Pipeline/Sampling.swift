/// How image bytes become a model's input planes: plane `k` takes the image channel
/// `channels[k]` (0 red, 1 green, 2 blue) as `(byte / 255 − mean[k]) / std[k]`.
public struct InputNormalization: Sendable, Equatable {
  /// For each input plane, the image channel it reads.
  public var channels: [Int]
  public var mean: [Float]
  public var std: [Float]

  public init(channels: [Int], mean: [Float], std: [Float]) {
    precondition(channels.count == 3 && mean.count == 3 && std.count == 3)
    precondition(channels.allSatisfy { (0..<3).contains($0) })
    self.channels = channels
    self.mean = mean
    self.std = std
  }

  /// PaddleOCR's models are trained on images decoded by OpenCV, so their first plane is blue.
  public static let bgr = [2, 1, 0]

  /// The detector's normalization in the model's own `inference.yml` (ImageNet mean and deviation,
  /// applied to B, G, R in that order, as PaddleOCR does).
  public static let paddleDetection = InputNormalization(
    channels: bgr, mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225])

  /// RapidOCR's detector normalization: `(x / 255 − 0.5) / 0.5` on B, G, R.
  public static let rapidDetection = InputNormalization(
    channels: bgr, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5])

  /// The recognizer's (and the line classifier's): `(x / 255 − 0.5) / 0.5` on every plane.
  public static let paddleRecognition = InputNormalization(
    channels: bgr, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5])

  /// Per plane, `scale` and `offset` such that the input value is `byte × scale + offset`.
  var affine: (scale: (Float, Float, Float), offset: (Float, Float, Float)) {
    let scale = (0..<3).map { 1 / (255 * std[$0]) }
    let offset = (0..<3).map { -mean[$0] / std[$0] }
    return ((scale[0], scale[1], scale[2]), (offset[0], offset[1], offset[2]))
  }
}

/// Where a model's input planes are written: `planes[k][row × rowStride + column]`, with
/// `planeStride` floats between planes.
struct PlanarTarget {
  var base: UnsafeMutablePointer<Float>
  var planeStride: Int
  var rowStride: Int
}

enum Sampling {
  /// Resizes the whole image to `width × height` (``bilinear(_:width:height:channels:to:_:rows:arithmetic:_:)``,
  /// as the models' inputs are sampled) and writes it normalized into `target` — only the output
  /// rows `rows` (all by default), the first of them at the target's first row.
  static func resize(
    _ image: RGBImage, width: Int, height: Int, rows: Range<Int>? = nil, normalization: InputNormalization,
    into target: PlanarTarget
  ) {
    let rows = rows ?? 0..<height
    let (scale, offset) = normalization.affine
    let channels = normalization.channels
    let (c0, c1, c2) = (channels[0], channels[1], channels[2])
    let plane0 = target.base
    let plane1 = target.base + target.planeStride
    let plane2 = target.base + 2 * target.planeStride
    image.pixels.withUnsafeBufferPointer { pixels in
      bilinear(
        pixels, width: image.width, height: image.height, channels: 3, to: width, height, rows: rows,
        arithmetic: .asModelInputs
      ) { x, y, sample in
        let out = (y - rows.lowerBound) * target.rowStride + x
        plane0[out] = Float(sample(c0)) * scale.0 + offset.0
        plane1[out] = Float(sample(c1)) * scale.1 + offset.1
        plane2[out] = Float(sample(c2)) * scale.2 + offset.2
      }
    }
  }

  /// OpenCV's linear-resize tap for output coordinate `x`: source `(x + 0.5) × scale − 0.5`,
  /// clamped at the borders.
  @inline(__always)
  static func tap(_ x: Double, scale: Double, size: Int) -> (Int, Int, Double) {
    let source = (x + 0.5) * scale - 0.5
    if source <= 0 { return (0, 0, 0) }
    let index = Int(source)
    if index >= size - 1 { return (size - 1, size - 1, 0) }
    return (index, index + 1, source - Double(index))
  }

  /// Samples the quadrilateral `quad` of `image` as a `width × height` picture of the text it holds
  /// (its top-left corner at the picture's top-left), bilinear with the borders replicated, and
  /// writes it normalized into `target`. The picture is what PaddleOCR's perspective crop of the box
  /// followed by a linear resize to `width × height` gives, in one pass.
  static func crop(
    _ image: RGBImage, quad: Quad, width: Int, height: Int, normalization: InputNormalization,
    into target: PlanarTarget
  ) {
    precondition(image.width > 0 && image.height > 0)
    guard width > 0, height > 0 else { return }
    let (scale, offset) = normalization.affine
    let channels = normalization.channels
    let (c0, c1, c2) = (channels[0], channels[1], channels[2])
    // The crop is `cropWidth × cropHeight` pixels at the quad's own scale; output pixel centres map
    // to crop coordinates as in a linear resize, crop coordinates to the page through the quad.
    let cropWidth = max(1, quad.length.rounded(.down))
    let cropHeight = max(1, quad.thickness.rounded(.down))
    let scaleX = cropWidth / Double(width)
    let scaleY = cropHeight / Double(height)
    // The fraction along the text of each output column, the same on every row.
    var along = [Float](repeating: 0, count: width)
    for x in 0..<width {
      along[x] = Float(min(max((Double(x) + 0.5) * scaleX - 0.5, 0), cropWidth - 1) / cropWidth)
    }
    let maxX = Float(image.width - 1)
    let maxY = Float(image.height - 1)
    let lastX = image.width - 1
    let lastY = image.height - 1
    let rowBytes = image.width * 3
    let tl = quad.topLeft
    let alongTop = quad.topRight - quad.topLeft
    let alongBottom = quad.bottomRight - quad.bottomLeft
    let across = quad.bottomLeft - quad.topLeft
    let twist = alongBottom - alongTop
    image.pixels.withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress else { return }
      along.withUnsafeBufferPointer { along in
        let plane0 = target.base
        let plane1 = target.base + target.planeStride
        let plane2 = target.base + 2 * target.planeStride
        for y in 0..<height {
          let cy = min(max((Double(y) + 0.5) * scaleY - 0.5, 0), cropHeight - 1)
          let t = cy / cropHeight
          // Along the row, the page position moves linearly: start + fraction × direction.
          let direction = alongTop + twist * t
          let start = tl + across * t
          let (startX, startY) = (Float(start.x), Float(start.y))
          let (stepX, stepY) = (Float(direction.x), Float(direction.y))
          let out = y * target.rowStride
          for x in 0..<width {
            let s = along[x]
            let px = min(max(startX + stepX * s, 0), maxX)
            let py = min(max(startY + stepY * s, 0), maxY)
            let ix = Int(px)
            let iy = Int(py)
            let fx = px - Float(ix)
            let fy = py - Float(iy)
            let row0 = base + iy * rowBytes
            let row1 = iy < lastY ? row0 + rowBytes : row0
            let p00 = row0 + ix * 3
            let p10 = row1 + ix * 3
            let next = ix < lastX ? 3 : 0
            @inline(__always) func sample(_ c: Int) -> Float {
              let a = Float(p00[c]) + (Float(p00[c + next]) - Float(p00[c])) * fx
              let b = Float(p10[c]) + (Float(p10[c + next]) - Float(p10[c])) * fx
              return a + (b - a) * fy
            }
            plane0[out + x] = sample(c0) * scale.0 + offset.0
            plane1[out + x] = sample(c1) * scale.1 + offset.1
            plane2[out + x] = sample(c2) * scale.2 + offset.2
          }
        }
      }
    }
  }
}

extension Sampling {
  /// The arithmetic of one bilinear sample. Both give the same value but for rounding in its last
  /// bits, which a picture kept as bytes turns into a grey level on a few pixels: each caller keeps
  /// the arithmetic its readings were tuned with.
  enum Arithmetic {
    /// In Float, each pair as `a + (b − a) × t`: as the models' inputs are sampled (``crop``), and
    /// so a page enlarged before it is read (``RGBImage/enlarged(by:)``) matches them.
    case asModelInputs
    /// In Double, each pair weighed as `a × (1 − t) + b × t`: as the vertical columns' glyphs were
    /// shrunk into their cells when their placement was tuned.
    case asColumnGlyphs
  }

  /// Bilinear resampling of a `sourceWidth × sourceHeight` picture of `channels` interleaved bytes
  /// a pixel to `width × height`, pixel centres aligned as OpenCV's `INTER_LINEAR` aligns them
  /// (``tap(_:scale:size:)``, the borders clamped): for each output pixel of the rows `rows`, row by
  /// row, `body(x, y, sample)`, where `sample(c)` is channel `c` there, not rounded.
  @inline(__always)
  static func bilinear(
    _ pixels: UnsafeBufferPointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, channels: Int,
    to width: Int, _ height: Int, rows: Range<Int>, arithmetic: Arithmetic,
    _ body: (_ x: Int, _ y: Int, _ sample: (_ channel: Int) -> Double) -> Void
  ) {
    precondition(sourceWidth > 0 && sourceHeight > 0 && width > 0 && height > 0)
    precondition(pixels.count == sourceWidth * sourceHeight * channels)
    precondition(rows.lowerBound >= 0 && rows.upperBound <= height)
    guard let source = pixels.baseAddress else { return }
    let scaleX = Double(sourceWidth) / Double(width)
    let scaleY = Double(sourceHeight) / Double(height)
    // Per output column: the byte offsets of the two source pixels and the weight of the right one.
    var left = [Int](repeating: 0, count: width)
    var right = [Int](repeating: 0, count: width)
    var weight = [Double](repeating: 0, count: width)
    for x in 0..<width {
      let (index, next, fraction) = tap(Double(x), scale: scaleX, size: sourceWidth)
      left[x] = index * channels
      right[x] = next * channels
      weight[x] = fraction
    }
    let rowBytes = sourceWidth * channels
    left.withUnsafeBufferPointer { left in
      right.withUnsafeBufferPointer { right in
        weight.withUnsafeBufferPointer { weight in
          for y in rows {
            let (top, bottom, fy) = tap(Double(y), scale: scaleY, size: sourceHeight)
            let upper = source + top * rowBytes
            let lower = source + bottom * rowBytes
            for x in 0..<width {
              let (l, r, fx) = (left[x], right[x], weight[x])
              switch arithmetic {
              case .asModelInputs:
                let (fx, fy) = (Float(fx), Float(fy))
                body(x, y) { c in
                  let a = Float(upper[l + c]) + (Float(upper[r + c]) - Float(upper[l + c])) * fx
                  let b = Float(lower[l + c]) + (Float(lower[r + c]) - Float(lower[l + c])) * fx
                  return Double(a + (b - a) * fy)
                }
              case .asColumnGlyphs:
                body(x, y) { c in
                  let a = Double(upper[l + c]) * (1 - fx) + Double(upper[r + c]) * fx
                  let b = Double(lower[l + c]) * (1 - fx) + Double(lower[r + c]) * fx
                  return a * (1 - fy) + b * fy
                }
              }
            }
          }
        }
      }
    }
  }

  /// `pixels`, a `sourceWidth × sourceHeight` picture of `channels` interleaved bytes a pixel,
  /// resampled to `width × height` (``bilinear(_:width:height:channels:to:_:rows:arithmetic:_:)``),
  /// each value rounded to the nearest byte.
  static func resampled(
    _ pixels: [UInt8], width sourceWidth: Int, height sourceHeight: Int, channels: Int, to width: Int,
    _ height: Int, arithmetic: Arithmetic
  ) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: width * height * channels)
    pixels.withUnsafeBufferPointer { pixels in
      result.withUnsafeMutableBufferPointer { target in
        bilinear(
          pixels, width: sourceWidth, height: sourceHeight, channels: channels, to: width, height,
          rows: 0..<height, arithmetic: arithmetic
        ) { x, y, sample in
          let out = (y * width + x) * channels
          for c in 0..<channels { target[out + c] = UInt8(saturating: sample(c).rounded()) }
        }
      }
    }
    return result
  }
}
