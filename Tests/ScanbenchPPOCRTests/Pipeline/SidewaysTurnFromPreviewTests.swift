import Testing

@testable import ScanbenchPPOCR

/// A page on its side whose turn its reduced copy tells (``PPOCRPipeline/Options/sidewaysTurnFromPreview``),
/// with stand-in models as the fast level has them: the detector runs the coarse pass, there is no
/// coarse detector, and the recognizer reads every bar as confidently both ways up.
@Suite struct SidewaysTurnFromPreviewTests {
  func pipeline(on: Bool) -> (PPOCRPipeline, detector: FakeModel) {
    PipelineTests.fastStandIn { $0.sidewaysTurnFromPreview = on }
  }

  /// The reduced copy (750 × 1000, a quarter of each side) of a 3000 × 4000 photo of a page lying on
  /// its side (``page(scale:)``).
  static let sideways = page(scale: 1)

  /// The photo `scale` times the copy's size: twelve lines running down the page.
  static func page(scale: Int) -> RGBImage {
    CoarseDetectionTests().page(
      (0..<12).map { (x: (100 + $0 * 45) * scale..<(120 + $0 * 45) * scale, y: 150 * scale..<850 * scale) },
      width: 750 * scale, height: 1000 * scale)
  }

  /// The image the page is then read from, decoded at 1/`reduction` of each side.
  static func image(reduction: Int) throws -> RGBImage {
    let image = page(scale: 4 / reduction)
    try #require(image.width == (3000 + reduction - 1) / reduction)
    return image
  }

  /// Its lines, read across in the copy turned counter-clockwise, read confidently as they lie: the
  /// page lies a quarter turn clockwise. Read by a caller that reads a turned page again turned, the
  /// page is not detected nor read: its turn and the regions found are all it gives.
  @Test func aPageOnItsSideIsToldFromItsCopyAndNotReadAsItLies() throws {
    let (pipeline, detector) = pipeline(on: true)
    let finding = try pipeline.examinePreview(preview: Self.sideways, fullWidth: 3000, fullHeight: 4000)
    guard case .text(let reduction) = finding else {
      Issue.record("no text found in a copy of text: \(String(describing: finding))")
      return
    }
    #expect(
      detector.inputs == [[1, 3, 960, 704], [1, 3, 704, 960]], "the coarse pass, then the copy turned")
    let result = try pipeline.recognize(try Self.image(reduction: reduction), stoppingWhenTurned: true)
    #expect(result.readInPart && result.lines.isEmpty)
    #expect(result.pageTurn == PageTurn(degrees: 90, margin: 0, lines: 0))
    #expect(result.detectedRegions == 12)
    #expect(pipeline.timings.pagesTurnedFromPreview == 1 && pipeline.timings.pagesReadInPart == 1)
    #expect(detector.inputs.count == 2, "the page itself never detected")
  }

  /// Off, or for a caller that does not read a turned page again, the page is detected and read as
  /// it lies; a page upright in its copy is never turned to be looked at.
  @Test(arguments: [(true, false), (false, true)])
  func otherwiseThePageIsReadAsItLies(on: Bool, stoppingWhenTurned: Bool) throws {
    let (pipeline, detector) = pipeline(on: on)
    guard
      case .text(let reduction) = try pipeline.examinePreview(
        preview: Self.sideways, fullWidth: 3000, fullHeight: 4000)
    else {
      Issue.record("no text found in a copy of text")
      return
    }
    #expect(detector.inputs.count == (on ? 2 : 1))
    let result = try pipeline.recognize(
      try Self.image(reduction: reduction), stoppingWhenTurned: stoppingWhenTurned)
    #expect(!result.readInPart)
    #expect(pipeline.timings.pagesTurnedFromPreview == 0)
    #expect(detector.inputs.count > (on ? 2 : 1), "the page detected")
  }

  @Test func aPageUprightInItsCopyIsNotTurnedToBeLookedAt() throws {
    let (pipeline, detector) = pipeline(on: true)
    let upright = Self.sideways.rotatedCounterClockwise()
    guard case .text = try pipeline.examinePreview(preview: upright, fullWidth: 4000, fullHeight: 3000) else {
      Issue.record("no text found in a copy of text")
      return
    }
    #expect(detector.inputs == [[1, 3, 704, 960]], "the coarse pass alone")
  }
}

/// The same with the fast level's real models (the tiny detector and recognizer): a photo's reduced
/// copy of a page lying on either side tells how it lies, and the page is then not read as it lies.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct SidewaysTurnFromPreviewModelTests {
  @Test(arguments: [90, 270])
  func aPageOnEitherSideIsToldFromItsCopy(degrees: Int) throws {
    // A quarter of each side of a 5600 × 4200 photo of a page, its lines in small print.
    let upright = try PipelineModelTests.render(
      width: 1400, height: 1050, fontSize: 12,
      lines: PageTurnModelTests.lines.enumerated().map { ($0.element, 60, 200 + $0.offset * 150) }
    ).image
    let copy = upright.turned(by: degrees)
    var options = PPOCRPipeline.Options()
    options.sidewaysTurnFromPreview = true
    let pipeline = try PipelineModelTests.pipeline(recognizer: "tiny", options: options)
    guard
      case .text(let reduction) = try pipeline.examinePreview(
        preview: copy, fullWidth: 4200, fullHeight: 5600)
    else {
      Issue.record("no text found in a copy of a page")
      return
    }
    // The image itself says nothing: read at all, it would read as no text.
    let (width, height) = ((4200 + reduction - 1) / reduction, (5600 + reduction - 1) / reduction)
    let image = RGBImage(width: width, height: height, grey: [UInt8](repeating: 255, count: width * height))
    let result = try pipeline.recognize(image, stoppingWhenTurned: true)
    let turn = try #require(result.pageTurn, "the copy's lines read both ways tell the turn")
    #expect(turn.degrees == degrees)
    #expect(result.readInPart && pipeline.timings.pagesTurnedFromPreview == 1)
    #expect(result.detectedRegions ?? 0 >= PageTurnModelTests.lines.count)
  }
}
