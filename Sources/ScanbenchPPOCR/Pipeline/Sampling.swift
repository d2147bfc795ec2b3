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
  /// Resizes the whole image to `width × height` (bilinear, pixel centres aligned as OpenCV's
  /// `INTER_LINEAR` aligns them) and writes it normalized into `target` — only the output rows
  /// `rows` (all by default), the first of them at the target's first row.
  static func resize(
    _ image: RGBImage, width: Int, height: Int, rows: Range<Int>? = nil, normalization: InputNormalization,
    into target: PlanarTarget
  ) {
    precondition(image.width > 0 && image.height > 0 && width > 0 && height > 0)
    let rows = rows ?? 0..<height
    precondition(rows.lowerBound >= 0 && rows.upperBound <= height)
    let (scale, offset) = normalization.affine
    let channels = normalization.channels
    let (c0, c1, c2) = (channels[0], channels[1], channels[2])
    let scaleX = Double(image.width) / Double(width)
    let scaleY = Double(image.height) / Double(height)
    // Per output column: the byte offsets of the two source pixels and the weight of the right one.
    var left = [Int](repeating: 0, count: width)
    var right = [Int](repeating: 0, count: width)
    var weight = [Float](repeating: 0, count: width)
    for x in 0..<width {
      let (index, next, fraction) = tap(Double(x), scale: scaleX, size: image.width)
      left[x] = index * 3
      right[x] = next * 3
      weight[x] = fraction
    }
    let sourceRow = image.width * 3
    image.pixels.withUnsafeBufferPointer { pixels in
      guard let source = pixels.baseAddress else { return }
      left.withUnsafeBufferPointer { left in
        right.withUnsafeBufferPointer { right in
          weight.withUnsafeBufferPointer { weight in
            let plane0 = target.base
            let plane1 = target.base + target.planeStride
            let plane2 = target.base + 2 * target.planeStride
            for y in rows {
              let (top, bottom, fy) = tap(Double(y), scale: scaleY, size: image.height)
              let upper = source + top * sourceRow
              let lower = source + bottom * sourceRow
              let out = (y - rows.lowerBound) * target.rowStride
              for x in 0..<width {
                let l = left[x]
                let r = right[x]
                let fx = weight[x]
                @inline(__always) func sample(_ c: Int) -> Float {
                  let a = Float(upper[l + c]) + (Float(upper[r + c]) - Float(upper[l + c])) * fx
                  let b = Float(lower[l + c]) + (Float(lower[r + c]) - Float(lower[l + c])) * fx
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
  }

  /// OpenCV's linear-resize tap for output coordinate `x`: source `(x + 0.5) × scale − 0.5`,
  /// clamped at the borders.
  @inline(__always)
  static func tap(_ x: Double, scale: Double, size: Int) -> (Int, Int, Float) {
    let source = (x + 0.5) * scale - 0.5
    if source <= 0 { return (0, 0, 0) }
    let index = Int(source)
    if index >= size - 1 { return (size - 1, size - 1, 0) }
    return (index, index + 1, Float(source - Double(index)))
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
