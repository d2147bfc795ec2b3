extension PPOCRPipeline {
  /// The detector's input size for an image: PaddleOCR's and RapidOCR's resize rules, each side then
  /// rounded to a multiple of 32.
  static func detectionSize(width: Int, height: Int, options: Options) -> (width: Int, height: Int) {
    var scale = 1.0
    let longer = Double(max(width, height))
    let shorter = Double(min(width, height))
    if longer > Double(options.detectionMaxSide) { scale = Double(options.detectionMaxSide) / longer }
    if shorter * scale < Double(options.detectionMinSide) {
      scale = Double(options.detectionMinSide) / shorter
    }
    scale = min(scale, options.detectionMaxUpscale, Double(options.detectionSideCeiling) / longer)
    // As RapidOCR does it: truncate, then round to the nearest multiple of 32, halves to even
    // (Python's `round`; a longer side scaled to 2000 lands on 62.5 × 32 and becomes 1984).
    func side(_ length: Int) -> Int {
      let scaled = Double(Int(saturating: Double(length) * scale))
      return max(32, Int(saturating: (scaled / 32).rounded(.toNearestOrEven)) * 32)
    }
    return (side(width), side(height))
  }

  /// The detector's input size for the coarse pass over `image`, nil when it has none (an image of
  /// at most ``Options/coarseDetectionAbovePixels``, or whose full detection is no larger).
  static func coarseDetectionSize(width: Int, height: Int, options: Options) -> (width: Int, height: Int)? {
    guard let above = options.coarseDetectionAbovePixels, width * height > above else { return nil }
    return coarseSideDetectionSize(width: width, height: height, options: options)
  }

  /// The detector's input at ``Options/coarseDetectionSide``, nil when no smaller than the detection's.
  static func coarseSideDetectionSize(width: Int, height: Int, options: Options) -> (width: Int, height: Int)?
  {
    var coarse = options
    coarse.detectionMaxSide = options.coarseDetectionSide
    coarse.detectionMinSide = 0
    let size = detectionSize(width: width, height: height, options: coarse)
    let full = detectionSize(width: width, height: height, options: options)
    return size.width * size.height < full.width * full.height ? size : nil
  }

  /// The detector's input for the glance before the coarse pass over an image of `width × height`
  /// (``Options/coarseGlanceSide``), nil when there is none or it would be no smaller than the
  /// coarse pass.
  static func coarseGlanceSize(width: Int, height: Int, coarse: (width: Int, height: Int), options: Options)
    -> (width: Int, height: Int)?
  {
    guard let side = options.coarseGlanceSide else { return nil }
    var glance = options
    glance.coarseDetectionSide = side
    guard let size = coarseSideDetectionSize(width: width, height: height, options: glance),
      size.width * size.height < coarse.width * coarse.height
    else { return nil }
    return size
  }

  /// Whether the glance before the coarse pass over `image` (``Options/coarseGlanceSide``), an
  /// image of `fullWidth × fullHeight` or a reduced copy of one, the coarse pass's input being
  /// `coarse`, run by `detector` as the coarse pass is, finds no text: no region, or regions that
  /// read as no text none of which is inked (``holdsInkedBlob(_:regions:thickerThan:)``), however
  /// thin: at the glance's scale a page of text is often one blob, read as a character, and not
  /// always one as thick as the coarse pass's blobs of faint text. False when there is no glance:
  /// the coarse pass decides.
  func glanceFindsNoText(
    _ image: RGBImage, fullWidth: Int, fullHeight: Int, coarse: (width: Int, height: Int),
    detector: TensorModel
  ) throws -> Bool {
    guard
      let glance = Self.coarseGlanceSize(
        width: fullWidth, height: fullHeight, coarse: coarse, options: options)
    else { return false }
    let found = try detect(image, detector: detector, mapWidth: glance.width, mapHeight: glance.height)
    guard try !coarseRegionsHoldText(image, regions: found),
      !holdsInkedBlob(image, regions: found, thickerThan: 0)
    else {
      return false
    }
    timings.endedAtGlance += 1
    return true
  }

  /// The detector's input size for the coarse pass that finds the text's size
  /// (``Options/detectionLineThickness``) in an image with no coarse pass of its own; nil when off, or
  /// when that pass would be no smaller than the detection.
  static func textSizingDetectionSize(width: Int, height: Int, options: Options) -> (width: Int, height: Int)?
  {
    guard options.detectionLineThickness != nil else { return nil }
    return coarseSideDetectionSize(width: width, height: height, options: options)
  }

  /// ``detectionSize(width:height:options:)`` scaled down until lines `line` pixels thick in the image
  /// are ``Options/detectionLineThickness`` pixels thick in the detector's input (each side rounded
  /// up to a multiple of 32); never scaled up.
  static func detectionSize(width: Int, height: Int, lineThickness line: Double?, options: Options) -> (
    width: Int, height: Int
  ) {
    let full = detectionSize(width: width, height: height, options: options)
    guard let thinnest = options.detectionLineThickness, let line, line > 0, width > 0 else { return full }
    let inMap = line * Double(full.width) / Double(width)
    guard inMap > thinnest else { return full }
    let factor = thinnest / inMap
    func side(_ length: Int) -> Int {
      max(32, Int(saturating: (Double(length) * factor / 32).rounded(.up)) * 32)
    }
    return (min(full.width, side(full.width)), min(full.height, side(full.height)))
  }

  /// The thickness of a page's lines, from its regions' `thicknesses`: their
  /// ``Options/ReducedReading/thicknessQuantile``, low, so that the small print decides, not the
  /// headings (or shapes taken for text). nil when no region says.
  static func lineThickness(_ thicknesses: [Double], options: Options) -> Double? {
    let sorted = thicknesses.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return nil }
    let quantile = options.reducedReading.thicknessQuantile
    let rank = Int(saturating: (quantile * Double(sorted.count - 1)).rounded(.down))
    return sorted[min(max(0, rank), sorted.count - 1)]
  }

  /// How thick the lines of `regions` are, for a detection sized to them (``lineThickness(_:options:)``);
  /// nil when most are tall: a page lying on its side (or in vertical columns), whose coarse pass
  /// joins neighbouring lines into blocks that look like thick lines, is detected at the usual size.
  static func textLineThickness(_ regions: [TextRegion], options: Options) -> Double? {
    guard regions.count(where: \.isVertical) * 2 <= regions.count else { return nil }
    return lineThickness(regions.map(\.quad.thickness), options: options)
  }

  /// The coarse pass an image of `width × height` takes before its detection: one of its own
  /// (``coarseDetectionSize(width:height:options:)``), whose finding no region ends the image; or,
  /// for an image too small for one, a pass only for the text's size
  /// (``textSizingDetectionSize(width:height:options:)``, and the detection when its lines are as
  /// thick as that asks), which ends nothing. nil: none.
  static func coarsePass(width: Int, height: Int, options: Options)
    -> (size: (width: Int, height: Int), endsWithoutText: Bool)?
  {
    if let size = coarseDetectionSize(width: width, height: height, options: options) { return (size, true) }
    return textSizingDetectionSize(width: width, height: height, options: options).map { ($0, false) }
  }

  /// DB detection: the text regions of `image`, each a rectangle around one line of text. A large
  /// image is first detected coarsely: when that finds no region, there is no text to find. With
  /// ``Options/detectionLineThickness``, the coarse pass (every image's then) also tells how thick
  /// the lines are, and the detection's input is no larger than they need.
  func detect(_ image: RGBImage) throws -> [TextRegion] {
    guard let detector else { return [] }
    guard image.spansMoreThan(options.blankImageSpread) else {
      timings.blankImages += 1
      return []
    }
    let preview = foundInPreview.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
    foundInPreview = nil
    if let kept = preview?.regions {
      timings.coarseDetectionsKept += 1
      return kept
    }
    var coarseFoundText = preview != nil
    var line = preview?.line
    let coarsePass =
      coarseFoundText ? nil : Self.coarsePass(width: image.width, height: image.height, options: options)
    if let (coarse, endsWithoutText) = coarsePass {
      if endsWithoutText { timings.coarseDetections += 1 }
      if endsWithoutText,
        try glanceFindsNoText(
          image, fullWidth: image.width, fullHeight: image.height, coarse: coarse,
          detector: coarsePassDetector ?? detector)
      {
        timings.endedAfterCoarse += 1
        return []
      }
      var found = try detect(
        image, detector: coarsePassDetector ?? detector, mapWidth: coarse.width, mapHeight: coarse.height)
      if endsWithoutText {
        if try !coarseRegionsHoldText(image, regions: found) {
          guard holdsInkedBlob(image, regions: found) else {
            timings.endedAfterCoarse += 1
            return []
          }
          // The blob is the page, not a line: it tells nothing of the lines' thickness.
          found = []
        }
        coarseFoundText = true
      }
      if coarseRegionsSuffice(found, mapWidth: coarse.width, imageWidth: image.width) {
        timings.coarseDetectionsKept += 1
        return found
      }
      line = Self.textLineThickness(found, options: options)
    }
    let full = Self.detectionSize(width: image.width, height: image.height, options: options)
    let (mapWidth, mapHeight) = Self.detectionSize(
      width: image.width, height: image.height, lineThickness: line, options: options)
    if mapWidth * mapHeight < full.width * full.height { timings.textSizedDetections += 1 }
    let found = try detect(image, detector: detector, mapWidth: mapWidth, mapHeight: mapHeight)
    // Text the coarse detector found and the page's own detector finds none of: the small detector
    // misses faint small print lying on its side that the tiny one finds
    // (docs/engines.md, "Photos"). The coarse detector's regions at full size tell the page's turn.
    guard found.isEmpty, coarseFoundText, options.redetectMissedText, let coarseDetector else { return found }
    timings.coarseRedetections += 1
    return try detect(image, detector: coarseDetector, mapWidth: mapWidth, mapHeight: mapHeight)
  }

  /// What the coarse pass over a reduced copy of a large image found.
  public enum PreviewFinding: Equatable {
    /// No text region: the image's result.
    case noText(PPOCRResult)
    /// Text: read the image decoded at 1/`reduction` of each side (1: whole), which reads as well as
    /// whole (``readingReduction(fullWidth:fullHeight:thicknesses:options:)``).
    case text(reduction: Int)
  }

  /// The coarse pass of ``detect(_:)`` on `preview`, a reduced copy of an image of `fullWidth ×
  /// fullHeight` (its longer side at least ``Options/coarseDetectionSide``): a no-text result when
  /// it finds no text region; when it finds text, the reduction to read the image at (then the next
  /// ``recognize(_:singleLine:)`` of an image of that size skips the coarse pass, done here); nil
  /// when the image takes no coarse pass.
  public func examinePreview(preview: RGBImage, fullWidth: Int, fullHeight: Int) throws -> PreviewFinding? {
    guard let spareCores else {
      return try examinePreviewCounted(preview: preview, fullWidth: fullWidth, fullHeight: fullHeight)
    }
    return try spareCores.busy {
      try examinePreviewCounted(preview: preview, fullWidth: fullWidth, fullHeight: fullHeight)
    }
  }

  /// ``examinePreview(preview:fullWidth:fullHeight:)``, counted busy when that counts.
  private func examinePreviewCounted(preview: RGBImage, fullWidth: Int, fullHeight: Int) throws
    -> PreviewFinding?
  {
    let startCPU = Self.threadCPUTime()
    let start = ContinuousClock.now
    defer {
      timings.total += Self.threadCPUTime() - startCPU
      timings.wallClock += Self.seconds(since: start)
    }
    guard let detector,
      let coarse = Self.coarseDetectionSize(width: fullWidth, height: fullHeight, options: options),
      preview.width >= coarse.width, preview.height >= coarse.height
    else { return nil }
    timings.coarseDetections += 1
    guard
      try !glanceFindsNoText(
        preview, fullWidth: fullWidth, fullHeight: fullHeight, coarse: coarse,
        detector: coarsePassDetector ?? detector)
    else {
      return noTextFinding(fullWidth: fullWidth, fullHeight: fullHeight)
    }
    var found = try detect(
      preview, detector: coarsePassDetector ?? detector, mapWidth: coarse.width, mapHeight: coarse.height)
    var holdsText = try coarseRegionsHoldText(preview, regions: found)
    if !holdsText, holdsInkedBlob(preview, regions: found) {
      // The blob is the page, not a line: read whole, detected at the usual size.
      (found, holdsText) = ([], true)
    }
    if holdsText {
      let scale = Double(fullWidth) / Double(preview.width)
      let reduction = Self.readingReduction(
        fullWidth: fullWidth, fullHeight: fullHeight, thicknesses: found.map { $0.quad.thickness * scale },
        options: options)
      if reduction > 1 { timings.reducedReadings += 1 }
      let (width, height) = (
        (fullWidth + reduction - 1) / reduction, (fullHeight + reduction - 1) / reduction
      )
      let across = Double(width) / Double(preview.width)
      let down = Double(height) / Double(preview.height)
      foundInPreview = TextInPreview(
        width: width, height: height,
        regions: coarseRegionsSuffice(found, mapWidth: coarse.width, imageWidth: preview.width)
          ? found.map { $0.scaled(x: across, y: down) } : nil,
        line: Self.textLineThickness(found, options: options).map { $0 * across },
        sidewaysTurn: try sidewaysTurn(preview, regions: found, coarse: coarse).map { ($0, found.count) })
      return .text(reduction: reduction)
    }
    return noTextFinding(fullWidth: fullWidth, fullHeight: fullHeight)
  }

  /// How far the page in `preview` lies turned when the coarse pass (its input `coarse`) found it
  /// on its side, its `regions` mostly tall (``Options/sidewaysTurnFromPreview``): told from the
  /// copy turned counter-clockwise, where the coarse detector finds its lines across (on its side
  /// it joins neighbouring lines into blocks, which read as nothing), from its longest lines read
  /// both ways up (``pageTurn(_:regions:decoded:)``). nil when off, when the page is not on its
  /// side, or when its lines turned do not tell.
  func sidewaysTurn(_ preview: RGBImage, regions: [TextRegion], coarse: (width: Int, height: Int)) throws
    -> PageTurn?
  {
    guard options.sidewaysTurnFromPreview, !options.readColumnsInCells, classifier == nil, let detector,
      regions.count(where: \.isVertical) * 2 > regions.count
    else { return nil }
    let turned = preview.rotatedCounterClockwise()
    let found = try detect(
      turned, detector: coarsePassDetector ?? detector, mapWidth: coarse.height, mapHeight: coarse.width)
    let across = found.indices.filter { !found[$0].isVertical }
    guard across.count * 2 > found.count else { return nil }
    let sample = turnSample(across, of: found).map { found[$0] }
    let read = try recognizeCascading(turned, regions: sample)
    guard let turn = try pageTurn(turned, regions: sample, decoded: read) else { return nil }
    // Upright once turned counter-clockwise, the page lies a quarter turn clockwise; upside down
    // then, three quarters.
    return PageTurn(degrees: turn.degrees == 0 ? 90 : 270, margin: turn.margin, lines: turn.lines)
  }

  /// The finding of a preview whose coarse pass found no text: an empty page of the image's size.
  private func noTextFinding(fullWidth: Int, fullHeight: Int) -> PreviewFinding {
    timings.images += 1
    timings.endedAfterCoarse += 1
    var result = layout([], imageWidth: fullWidth, imageHeight: fullHeight)
    result.detectedRegions = 0
    return .noText(result)
  }

  /// Whether the coarse pass's `regions`, found in a map `mapWidth` pixels wide of an image
  /// `imageWidth` wide, are the detection (``Options/coarsePassAsDetection``): the coarse detector is
  /// the detector, and their lines are at least ``Options/detectionLineThickness`` thick in the map.
  func coarseRegionsSuffice(_ regions: [TextRegion], mapWidth: Int, imageWidth: Int) -> Bool {
    guard options.coarsePassAsDetection, coarseDetector == nil, imageWidth > 0,
      let thinnest = options.detectionLineThickness,
      let line = Self.textLineThickness(regions, options: options)
    else { return false }
    return line * Double(mapWidth) / Double(imageWidth) >= thinnest
  }

  /// The strongest of ``Options/ReducedReading/reductions`` at which an image of `fullWidth ×
  /// fullHeight`, whose coarse pass found regions `thicknesses` thick (in the whole image's pixels),
  /// reads as well as whole: its detector's input keeps at least
  /// ``Options/ReducedReading/detectorPixelsKept`` of its pixels (the detector scales a large image
  /// down anyway), and its lines, taken as ``Options/ReducedReading/thicknessQuantile`` of the
  /// regions' thicknesses, are enlarged at most ``Options/ReducedReading/maxEnlargement`` times to
  /// the recognizer's height. 1 (whole) when none does, or no region says how thick the lines are.
  static func readingReduction(fullWidth: Int, fullHeight: Int, thicknesses: [Double], options: Options)
    -> Int
  {
    let reading = options.reducedReading
    guard let line = lineThickness(thicknesses, options: options) else { return 1 }
    let thinnest = Double(options.recognitionHeight) / reading.maxEnlargement
    let full = detectionSize(width: fullWidth, height: fullHeight, options: options)
    let fullPixels = Double(full.width * full.height)
    for reduction in reading.reductions.sorted(by: >) where reduction > 1 {
      guard line / Double(reduction) >= thinnest else { continue }
      let reduced = detectionSize(
        width: (fullWidth + reduction - 1) / reduction, height: (fullHeight + reduction - 1) / reduction,
        options: options)
      if Double(reduced.width * reduced.height) >= reading.detectorPixelsKept * fullPixels {
        return reduction
      }
    }
    return 1
  }

  /// Whether the regions the coarse pass found in `image` hold text: more than
  /// ``Options/coarseReadAtMostRegions`` do; fewer do when one of them, read as it lies or half a
  /// turn round (a page upside down), reads as a line of two characters or more — with at least
  /// ``Options/coarseThickRegionProbability`` when the region is thicker than
  /// ``Options/coarseThickRegionShare`` of the image's shorter side: a blob that thick is most often
  /// a shape's face or shadow, which the recognizer reads as a character or two of middling
  /// probability; letters that large (a sign, a title) count only when read confidently.
  func coarseRegionsHoldText(_ image: RGBImage, regions: [TextRegion]) throws -> Bool {
    guard !regions.isEmpty else { return false }
    guard regions.count <= options.coarseReadAtMostRegions else { return true }
    timings.coarseRegionsRead += regions.count
    let turned = regions.map { region -> TextRegion in
      var turned = region
      turned.quad = region.quad.turnedHalfTurn()
      return turned
    }
    let read = regions + turned
    let thickAbove = options.coarseThickRegionShare * Double(min(image.width, image.height))
    let needed = read.map {
      $0.quad.thickness > thickAbove
        ? max(options.minLineProbability, options.coarseThickRegionProbability) : options.minLineProbability
    }
    return try zip(recognizeRegions(image, regions: read), needed).contains { line, needed in
      line.probability >= needed
        && line.text.unicodeScalars.filter({ !$0.properties.isWhitespace }).count >= 2
    }
  }

  /// Whether one of the coarse pass's `regions`, which read as no text, is a page of faint text
  /// whose lines the coarse map merged into one blob: thicker than ``Options/coarseBlobShare`` of
  /// the image's shorter side, and inked (``Options/coarseBlobInkShare``) over its bounding box,
  /// sampled at the coarse pass's scale; or thicker than `thickerThan` that share, when given (the
  /// glance's, ``Options/coarseGlanceSide``).
  func holdsInkedBlob(_ image: RGBImage, regions: [TextRegion], thickerThan share: Double? = nil) -> Bool {
    guard let inkShare = options.coarseBlobInkShare, image.width > 0, image.height > 0 else { return false }
    let thickAbove = (share ?? options.coarseBlobShare) * Double(min(image.width, image.height))
    let step = max(1, max(image.width, image.height) / max(1, options.coarseDetectionSide))
    let inked = regions.contains { region in
      guard region.quad.thickness > thickAbove else { return false }
      let xs = region.quad.points.map(\.x)
      let ys = region.quad.points.map(\.y)
      let left = max(0, Int(saturating: xs.min() ?? 0))
      let right = min(image.width - 1 - step, Int(saturating: xs.max() ?? 0))
      let top = max(0, Int(saturating: ys.min() ?? 0))
      let bottom = min(image.height - 1 - step, Int(saturating: ys.max() ?? 0))
      guard left < right, top < bottom else { return false }
      let columns = stride(from: left, to: right, by: step)
      let rows = stride(from: top, to: bottom, by: step)
      return Self.edgeShare(image, columns: columns, rows: rows, step: step, above: options.coarseBlobInkStep)
        > inkShare
    }
    if inked { timings.coarseInkedBlobs += 1 }
    return inked
  }

  /// The share of the pixels at `columns` × `rows` of `image` whose grey differs from the pixel
  /// `step` to its right's and the one `step` below's by more than `above` levels in all.
  static func edgeShare(
    _ image: RGBImage, columns: StrideTo<Int>, rows: StrideTo<Int>, step: Int, above: Int
  ) -> Double {
    image.pixels.withUnsafeBufferPointer { pixels in
      func grey(_ x: Int, _ y: Int) -> Int {
        let index = (y * image.width + x) * 3
        return (Int(pixels[index]) + Int(pixels[index + 1]) + Int(pixels[index + 2])) / 3
      }
      var (edges, all) = (0, 0)
      for y in rows {
        for x in columns {
          let here = grey(x, y)
          if abs(here - grey(x + step, y)) + abs(here - grey(x, y + step)) > above { edges += 1 }
          all += 1
        }
      }
      return all == 0 ? 0 : Double(edges) / Double(all)
    }
  }

  /// Detection with the image scaled to `mapWidth × mapHeight`.
  private func detect(_ image: RGBImage, detector: TensorModel, mapWidth: Int, mapHeight: Int) throws
    -> [TextRegion]
  {
    let bands = Self.detectionBands(mapWidth: mapWidth, mapHeight: mapHeight, options: options)
    // Band by band (one band for most images): each band's input is its rows and the overlap around
    // them, sampled straight from the image, and only its own rows of the output are kept, so
    // neither the detector's activations nor its input ever exceed one band's.
    var probability: [Float] = []
    for band in bands {
      let rows = band.input.count
      let plane = rows * mapWidth
      withZeroedInput(count: 3 * plane) { base in
        Sampling.resize(
          image, width: mapWidth, height: mapHeight, rows: band.input,
          normalization: options.detectionNormalization,
          into: PlanarTarget(base: base, planeStride: plane, rowStride: mapWidth))
      }
      let output = try runDetector(detector, Tensor(shape: [1, 3, rows, mapWidth], values: inputValues))
        .values
      timings.detectorInputPixels += plane
      if bands.count == 1 {
        probability = output
        break
      }
      let skip = (band.kept.lowerBound - band.input.lowerBound) * mapWidth
      probability.append(contentsOf: output[skip..<skip + band.kept.count * mapWidth])
    }
    timings.detectorMapPixels += mapWidth * mapHeight
    let start = Self.threadCPUTime()
    defer { timings.postProcessing += Self.threadCPUTime() - start }
    return probability.withUnsafeBufferPointer { probability in
      regions(probability: probability, mapWidth: mapWidth, mapHeight: mapHeight, image: image)
    }
  }

  /// The detector's bands of rows for a map of `mapWidth × mapHeight`: one when the map has at most
  /// ``Options/detectionBandPixels``, else bands of at most that many pixels, each reading
  /// ``Options/detectionBandOverlap`` rows beyond the rows it keeps (within the map), every bound a
  /// multiple of 32 as the detector needs.
  static func detectionBands(mapWidth: Int, mapHeight: Int, options: Options) -> [(
    input: Range<Int>, kept: Range<Int>
  )] {
    let overlap = max(0, options.detectionBandOverlap / 32 * 32)
    let bandRows = max(2 * overlap + 32, options.detectionBandPixels / max(1, mapWidth) / 32 * 32)
    guard mapWidth * mapHeight > options.detectionBandPixels, bandRows < mapHeight else {
      return [(0..<mapHeight, 0..<mapHeight)]
    }
    let keptRows = bandRows - 2 * overlap
    var bands: [(input: Range<Int>, kept: Range<Int>)] = []
    var start = 0
    while start < mapHeight {
      let end = min(mapHeight, start + keptRows)
      bands.append((max(0, start - overlap)..<min(mapHeight, end + overlap), start..<end))
      start = end
    }
    return bands
  }

  /// Runs the detector on `input` and checks that it gave one probability map of the input's size.
  private func runDetector(_ detector: TensorModel, _ input: Tensor) throws -> Tensor {
    let output = try run(detector, input, timing: \.detectionInference)
    let (height, width) = (input.shape[2], input.shape[3])
    guard output.shape == [1, 1, height, width] else {
      throw PPOCRError(
        "the detector gave a tensor of shape \(output.shape) for an input of \(input.shape); a DB "
          + "detector gives [1, 1, \(height), \(width)]")
    }
    return output
  }

  /// DB post-processing (PaddleOCR's `DBPostProcess` with `score_mode: fast`, box type `quad`).
  func regions(
    probability: UnsafeBufferPointer<Float>, mapWidth: Int, mapHeight: Int, image: RGBImage
  ) -> [TextRegion] {
    let candidates = textMap.regions(
      probability: probability, width: mapWidth, height: mapHeight,
      threshold: options.binarizationThreshold, dilate: options.dilateMap)
    let scaleX = Double(image.width) / Double(mapWidth)
    let scaleY = Double(image.height) / Double(mapHeight)
    let maxX = Double(image.width - 1)
    let maxY = Double(image.height - 1)
    var result: [TextRegion] = []
    for candidate in candidates.prefix(options.maxCandidates) {
      let rect = candidate.rect
      if min(rect.width, rect.height) < options.minRegionSide { continue }
      let score = TextMap.meanProbability(
        probability, width: mapWidth, height: mapHeight, inside: rect.corners)
      if score < options.boxThreshold { continue }
      let grown = rect.expanded(by: rect.unclipDistance(ratio: options.unclipRatio))
      if min(grown.width, grown.height) < options.minRegionSide + 2 { continue }
      let corners = grown.corners.map { corner in
        Point(x: min(max(corner.x * scaleX, 0), maxX), y: min(max(corner.y * scaleY, 0), maxY))
      }
      let quad = Quad(orderingCorners: corners)
      // PaddleOCR's `filter_tag_det_res`: boxes of three pixels or less across are noise.
      if quad.topLeft.distance(to: quad.topRight).rounded(.down) <= 3
        || quad.topLeft.distance(to: quad.bottomLeft).rounded(.down) <= 3
      {
        continue
      }
      result.append(
        TextRegion(pageQuad: quad, score: score, verticalAspectRatio: options.verticalAspectRatio))
    }
    return result
  }
}
