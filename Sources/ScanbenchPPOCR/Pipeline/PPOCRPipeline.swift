import Glibc

/// PP-OCR in Swift: DB text detection, optional line-orientation classification, CTC recognition,
/// reading order, word and line boxes — the models behind `TensorModel`, everything else here.
///
/// One pipeline per worker: it keeps its buffers (and its models keep theirs) between images, so it
/// is not thread-safe.
///
///     let pipeline = PPOCRPipeline(detector: det, recognizer: rec, dictionary: dictionary)
///     let result = try pipeline.recognize(image)            // a page: detection first
///     let line = try pipeline.recognize(lineImage, singleLine: true)
public final class PPOCRPipeline {
  /// Every setting of the pipeline. The defaults are PaddleOCR's for the PP-OCRv6 models (the values
  /// in each model's `inference.yml` and in PaddleOCR's `predict_*` defaults), except where a comment
  /// says otherwise.
  public struct Options: Sendable, Equatable {
    // MARK: Detection

    /// The detector sees the image scaled so that its shorter side is at least this (PaddleOCR's
    /// `limit_side_len` with `limit_type: min`).
    public var detectionMinSide = 736
    /// … after a longer side above this was first scaled down to it (RapidOCR's `max_side_len`).
    public var detectionMaxSide = 2000
    /// … and never with a side above this (the largest shape in the model's `inference.yml`).
    public var detectionSideCeiling = 4000
    public var detectionNormalization = InputNormalization.paddleDetection
    /// Pixels of the probability map above this are text (`thresh`).
    public var binarizationThreshold: Float = 0.2
    /// Regions whose mean probability is below this are dropped (`box_thresh`).
    public var boxThreshold = 0.45
    /// Each region's rectangle grows by `area × unclipRatio / perimeter` on every side.
    public var unclipRatio = 1.4
    /// At most this many regions per image (`max_candidates`).
    public var maxCandidates = 3000
    /// Regions with a shorter side below this (map pixels) are dropped; after unclipping, below
    /// this + 2 (`min_size`).
    public var minRegionSide = 3.0
    /// Dilate the binary map by 2 × 2 before finding regions (`use_dilation`; off in PaddleOCR's
    /// defaults, on in RapidOCR's).
    public var dilateMap = false

    // MARK: Recognition

    /// Crops are scaled to this height (`rec_image_shape`).
    public var recognitionHeight = 48
    /// A batch is at least this wide (`rec_image_shape`: 320 for height 48); crops narrower than the
    /// batch are padded on the right with zeros.
    public var recognitionMinWidth = 320
    public var recognitionNormalization = InputNormalization.paddleRecognition
    /// Crops per recognizer run, sorted by aspect ratio first (`rec_batch_num`).
    public var recognitionBatchSize = 6
    /// A crop at least this many times taller than wide is a vertical line, turned a quarter turn
    /// counter-clockwise so it reads top to bottom (PaddleOCR's `get_rotate_crop_image`).
    public var verticalAspectRatio = 1.5
    /// Detected lines whose mean character probability is below this are dropped (`drop_score`);
    /// not applied in single-line mode, where the caller knows there is a line.
    public var minLineProbability = 0.5
    /// In single-line mode, the crop reaches this fraction of the image's height beyond each edge
    /// (the border pixels repeated), as a detected line's crop has the unclip margin around its text.
    public var singleLineMargin = 0.0

    // MARK: Reading order

    public var readingOrder = ReadingOrder()

    // MARK: Line orientation (used only with a classifier)

    public var classifierHeight = 48
    public var classifierWidth = 192
    public var classifierBatchSize = 6
    /// A crop the classifier calls upside down with at least this probability is turned
    /// (`cls_thresh`).
    public var classifierThreshold: Float = 0.9

    public init() {}
  }

  /// Where the time went, summed over every image since the pipeline was made: seconds of the calling
  /// thread's CPU time (which, with models that run on their caller's thread, is what the image cost,
  /// however busy the machine), and of wall-clock time for the whole.
  public struct Timings: Sendable, Equatable {
    public var images = 0
    /// Inside `TensorModel.run`, per model.
    public var detectionInference: Double = 0
    public var classificationInference: Double = 0
    public var recognitionInference: Double = 0
    /// All of `recognize`, inference included.
    public var total: Double = 0
    /// All of `recognize` in wall-clock seconds.
    public var wallClock: Double = 0

    public init() {}

    public var inference: Double { detectionInference + classificationInference + recognitionInference }
    /// The share of the time spent outside the models.
    public var outsideInferenceShare: Double { total > 0 ? (total - inference) / total : 0 }

    /// The time from `earlier` to these timings.
    public func since(_ earlier: Timings) -> Timings {
      var result = Timings()
      result.images = images - earlier.images
      result.detectionInference = detectionInference - earlier.detectionInference
      result.classificationInference = classificationInference - earlier.classificationInference
      result.recognitionInference = recognitionInference - earlier.recognitionInference
      result.total = total - earlier.total
      result.wallClock = wallClock - earlier.wallClock
      return result
    }
  }

  public let options: Options
  public private(set) var timings = Timings()

  let detector: TensorModel?
  let recognizer: TensorModel
  let classifier: TensorModel?
  let decoder: CTCDecoder
  let textMap = TextMap()
  /// The input tensor's values, reused from run to run.
  var inputValues: [Float] = []

  /// - Parameters:
  ///   - detector: the DB text detector (`[1, 3, H, W]` → `[1, 1, H, W]` probabilities); `nil` for a
  ///     pipeline that only reads single lines.
  ///   - recognizer: the CTC recognizer (`[N, 3, 48, W]` → `[N, W / 8, classes]` probabilities).
  ///   - classifier: the optional line-orientation classifier (`[N, 3, 48, 192]` → `[N, 2]`,
  ///     upright / upside down).
  ///   - dictionary: the recognizer's characters, class 1 onwards (the blank is class 0, a space is
  ///     appended as the last class).
  public init(
    detector: TensorModel?, recognizer: TensorModel, classifier: TensorModel? = nil, dictionary: [String],
    options: Options = Options()
  ) {
    self.detector = detector
    self.recognizer = recognizer
    self.classifier = classifier
    self.decoder = CTCDecoder(dictionary: dictionary)
    self.options = options
  }

  /// Reads `image`. With `singleLine`, the whole image is one text line: no detection (a pipeline
  /// without a detector always works so).
  public func recognize(_ image: RGBImage, singleLine: Bool = false) throws -> PPOCRResult {
    let start = ContinuousClock.now
    let startCPU = Self.threadCPUTime()
    defer {
      timings.images += 1
      timings.total += Self.threadCPUTime() - startCPU
      timings.wallClock += Self.seconds(since: start)
    }
    let regions = try readRegions(image, singleLine: singleLine)
    return layout(regions, imageWidth: image.width, imageHeight: image.height, singleLine: singleLine)
  }

  /// The models' part of ``recognize(_:singleLine:)``: every region found (or the whole image) and
  /// what the recognizer read in it, in the detector's order, nothing dropped.
  public func readRegions(_ image: RGBImage, singleLine: Bool = false) throws -> [PPOCRRegion] {
    guard image.width > 0, image.height > 0 else { return [] }
    let single = singleLine || detector == nil
    var regions = single ? [wholeImageRegion(image)] : try detect(image)
    if regions.isEmpty { return [] }
    if classifier != nil { try classify(image, regions: &regions) }
    let decoded = try recognizeRegions(image, regions: regions)
    return zip(regions, decoded).map { PPOCRRegion(region: $0, line: $1) }
  }

  /// The rest of ``recognize(_:singleLine:)``: regions without text, and detected ones read with a
  /// mean probability below ``Options/minLineProbability``, are dropped; the others become words and
  /// lines in reading order.
  public func layout(_ regions: [PPOCRRegion], imageWidth: Int, imageHeight: Int, singleLine: Bool = false)
    -> PPOCRResult
  {
    let single = singleLine || detector == nil
    var items: [Layout.Item] = []
    for region in regions {
      let line = region.decodedLine
      if line.text.allSatisfy(\.isWhitespace) { continue }
      if !single && line.probability < options.minLineProbability { continue }
      items.append(
        Layout.Item(
          quad: region.quad, isVertical: region.isVertical, line: line, imageWidth: imageWidth,
          imageHeight: imageHeight))
    }
    return PPOCRResult(lines: Layout.lines(items, parameters: options.readingOrder))
  }

  /// The whole image as one region, turned if it is a vertical line.
  func wholeImageRegion(_ image: RGBImage) -> TextRegion {
    let w = Double(image.width)
    let h = Double(image.height)
    let m = options.singleLineMargin * Double(min(image.width, image.height))
    let quad = Quad(
      topLeft: Point(x: -m, y: -m), topRight: Point(x: w + m, y: -m), bottomRight: Point(x: w + m, y: h + m),
      bottomLeft: Point(x: -m, y: h + m))
    return TextRegion(pageQuad: quad, score: 1, verticalAspectRatio: options.verticalAspectRatio)
  }

  /// Runs `model` and adds the time to `keyPath`.
  func run(_ model: TensorModel, _ input: Tensor, timing keyPath: WritableKeyPath<Timings, Double>) throws
    -> Tensor
  {
    let start = Self.threadCPUTime()
    defer { timings[keyPath: keyPath] += Self.threadCPUTime() - start }
    return try model.run(input)
  }

  /// The calling thread's CPU time in seconds.
  static func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
  }

  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// A zeroed input of `count` floats (at least one) in the reused buffer.
  func withZeroedInput<Result>(count: Int, _ body: (UnsafeMutablePointer<Float>) -> Result) -> Result {
    precondition(count > 0, "a model input holds at least one value")
    inputValues.removeAll(keepingCapacity: true)
    inputValues.append(contentsOf: repeatElement(0, count: count))
    return inputValues.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { preconditionFailure("a non-empty buffer has an address") }
      return body(base)
    }
  }
}

@available(*, unavailable)
extension PPOCRPipeline: Sendable {}

/// A piece of text found on the page: its quad in reading order.
struct TextRegion: Equatable {
  /// Corners in reading order (for a vertical line, `topLeft` is the top right of the column).
  var quad: Quad
  var isVertical: Bool
  /// The detector's mean probability inside the region (1 for a whole-image line).
  var score: Double

  /// A region from a quad ordered on the page; a tall one is turned to read top to bottom.
  init(pageQuad: Quad, score: Double, verticalAspectRatio: Double) {
    let width = pageQuad.length.rounded(.down)
    let height = pageQuad.thickness.rounded(.down)
    isVertical = width > 0 && height / width >= verticalAspectRatio
    quad = isVertical ? pageQuad.turnedCounterClockwise() : pageQuad
    self.score = score
  }

  /// The crop's width over its height, as PaddleOCR measures it on the cropped image.
  var aspectRatio: Double {
    max(1, quad.length.rounded(.down)) / max(1, quad.thickness.rounded(.down))
  }
}
