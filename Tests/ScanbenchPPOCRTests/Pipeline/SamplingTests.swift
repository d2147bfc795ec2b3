import Foundation
import Testing

@testable import ScanbenchPPOCR

@Suite struct SamplingTests {
  /// Bytes straight through: plane k = channel k, value = byte.
  let identity = InputNormalization(
    channels: [0, 1, 2], mean: [0, 0, 0], std: [1 / 255.0, 1 / 255.0, 1 / 255.0])

  /// Floats written through a `PlanarTarget` over `count` values.
  func planes(count: Int, planeStride: Int, rowStride: Int, _ body: (PlanarTarget) -> Void) -> [Float] {
    var values = [Float](repeating: -1, count: count)
    values.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      body(PlanarTarget(base: base, planeStride: planeStride, rowStride: rowStride))
    }
    return values
  }

  func resized(_ image: RGBImage, _ width: Int, _ height: Int, _ normalization: InputNormalization)
    -> [Float]
  {
    let out = planes(count: 3 * width * height, planeStride: width * height, rowStride: width) { target in
      Sampling.resize(
        image, width: width, height: height, normalization: normalization,
        into: target)
    }
    return out
  }

  /// A band of rows (the banded detector's input) is exactly those rows of the whole resize.
  @Test func aBandOfRowsIsThoseRowsOfTheWholeResize() {
    var generator = SystemRandomNumberGenerator()
    let (width, height) = (37, 23)
    let image = RGBImage(
      width: width, height: height,
      pixels: (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let (outWidth, outHeight) = (64, 96)
    let whole = resized(image, outWidth, outHeight, .rapidDetection)
    for rows in [0..<32, 32..<96, 17..<18, 0..<96] {
      let plane = rows.count * outWidth
      let band = planes(count: 3 * plane, planeStride: plane, rowStride: outWidth) { target in
        Sampling.resize(
          image, width: outWidth, height: outHeight, rows: rows, normalization: .rapidDetection, into: target)
      }
      for channel in 0..<3 {
        let from = channel * outWidth * outHeight + rows.lowerBound * outWidth
        #expect(
          Array(band[channel * plane..<(channel + 1) * plane]) == Array(whole[from..<from + plane]), "\(rows)"
        )
      }
    }
  }

  /// OpenCV's `cv2.resize(np.array([[0, 255]], np.uint8), (4, 1))` gives 0 64 191 255 (exactly
  /// 0, 63.75, 191.25, 255 before rounding): half-pixel centres, clamped borders.
  @Test func linearResizeAlignsPixelCentresAsOpenCVDoes() {
    let image = RGBImage(width: 2, height: 1, grey: [0, 255])
    let out = resized(image, 4, 1, identity)
    #expect(out[0..<4].map { ($0 * 100).rounded() / 100 } == [0, 63.75, 191.25, 255])
  }

  /// A picture kept as bytes (a page enlarged before it is read, a column's glyph shrunk into its
  /// cell) is resampled with the centres and borders of the models' inputs, in the arithmetic its
  /// caller keeps. From 175 to 10, a tenth and nine tenths of the way lie on halves (158.5, 26.5):
  /// in Float the tenth's rounding cancels and the halves round up, in Double the weights leave
  /// them a hair under and they round down; between them, the same bytes.
  @Test func resampledBytesRoundAsTheirArithmeticDoes() {
    let line: [UInt8] = [175, 10]
    #expect(
      Sampling.resampled(line, width: 2, height: 1, channels: 1, to: 5, 1, arithmetic: .asModelInputs) == [
        175, 159, 93, 27, 10,
      ])
    #expect(
      Sampling.resampled(line, width: 2, height: 1, channels: 1, to: 5, 1, arithmetic: .asColumnGlyphs) == [
        175, 158, 93, 26, 10,
      ])
    // Down as across: the column read down is the line read across.
    #expect(
      Sampling.resampled(line, width: 1, height: 2, channels: 1, to: 1, 5, arithmetic: .asColumnGlyphs) == [
        175, 158, 93, 26, 10,
      ])
  }

  /// Each channel of an interleaved picture is resampled alone, as a grey picture of that channel
  /// would be.
  @Test func resampledChannelsStayApart() {
    var generator = SystemRandomNumberGenerator()
    let (width, height) = (7, 5)
    let pixels = (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for arithmetic in [Sampling.Arithmetic.asModelInputs, .asColumnGlyphs] {
      let colour = Sampling.resampled(
        pixels, width: width, height: height, channels: 3, to: 11, 3, arithmetic: arithmetic)
      for channel in 0..<3 {
        let grey = Sampling.resampled(
          stride(from: channel, to: pixels.count, by: 3).map { pixels[$0] }, width: width, height: height,
          channels: 1, to: 11, 3, arithmetic: arithmetic)
        #expect(stride(from: channel, to: colour.count, by: 3).map { colour[$0] } == grey)
      }
    }
  }

  @Test func planesFollowTheChannelOrderAndNormalization() {
    let image = RGBImage(width: 3, height: 2, red: 255, green: 0, blue: 51)
    let out = resized(image, 4, 4, .paddleRecognition)
    // Blue first: 51 / 255 = 0.2 → (0.2 − 0.5) / 0.5 = −0.6; then green −1; then red 1.
    #expect(out[0..<16].allSatisfy { abs($0 + 0.6) < 1e-5 })
    #expect(out[16..<32].allSatisfy { abs($0 + 1) < 1e-5 })
    #expect(out[32..<48].allSatisfy { abs($0 - 1) < 1e-5 })
    let detection = resized(image, 2, 2, .paddleDetection)
    #expect(abs(detection[0] - (0.2 - 0.485) / 0.229) < 1e-5)
    #expect(abs(detection[8] - (1 - 0.406) / 0.225) < 1e-5)
  }

  /// An image whose grey level grows along a rotated axis: the crop of a rectangle at that angle
  /// shows a level that grows left to right and stays the same down each column.
  @Test func cropOfARotatedRectangleReadsAlongIt() {
    let angle = 20 * Double.pi / 180
    let (c, s) = (cos(angle), sin(angle))
    let width = 200
    let height = 160
    var grey = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let along = (Double(x) - 100) * c + (Double(y) - 80) * s
        grey[y * width + x] = UInt8(max(0, min(255, 128 + along * 1.5)))
      }
    }
    let image = RGBImage(width: width, height: height, grey: grey)
    // A 120 × 30 rectangle centred at (100, 80), along the axis.
    func at(_ a: Double, _ b: Double) -> Point { Point(x: 100 + a * c - b * s, y: 80 + a * s + b * c) }
    let quad = Quad(
      topLeft: at(-60, -15), topRight: at(60, -15), bottomRight: at(60, 15), bottomLeft: at(-60, 15))
    let (w, h) = (60, 15)
    let out = planes(count: 3 * w * h, planeStride: w * h, rowStride: w) { target in
      Sampling.crop(
        image, quad: quad, width: w, height: h, normalization: identity,
        into: target)
    }
    for x in 0..<w {
      // Output column x samples the crop at ((x + 0.5) × 2 − 0.5), 120 crop pixels over 120 units.
      let along = ((Double(x) + 0.5) * 2 - 0.5) - 60
      let expected = 128 + along * 1.5
      for y in 0..<h {
        #expect(abs(Double(out[y * w + x]) - expected) < 1.5, "column \(x) row \(y)")
      }
    }
    // Read the other way round, the same region runs from light to dark.
    let turned = planes(count: 3 * w * h, planeStride: w * h, rowStride: w) { target in
      Sampling.crop(
        image, quad: quad.turnedHalfTurn(), width: w, height: h, normalization: identity,
        into: target)
    }
    #expect(turned[0] > turned[w - 1] + 100)
  }

  @Test func cropsOutsideTheImageReplicateItsBorder() {
    let image = RGBImage(width: 4, height: 4, red: 10, green: 20, blue: 30)
    let quad = Quad(
      topLeft: Point(x: -20, y: -20), topRight: Point(x: 30, y: -20), bottomRight: Point(x: 30, y: 30),
      bottomLeft: Point(x: -20, y: 30))
    let out = planes(count: 3 * 8 * 8, planeStride: 64, rowStride: 8) { target in
      Sampling.crop(
        image, quad: quad, width: 8, height: 8, normalization: identity,
        into: target)
    }
    #expect(out[0..<64].allSatisfy { abs($0 - 10) < 1e-3 })
    #expect(out[128..<192].allSatisfy { abs($0 - 30) < 1e-3 })
  }

  @Test func imageTurnsQuarterAndHalf() {
    // 3 × 2: row 0 = 1 2 3, row 1 = 4 5 6.
    let image = RGBImage(width: 3, height: 2, grey: [1, 2, 3, 4, 5, 6])
    let turned = image.rotatedCounterClockwise()
    #expect(turned.width == 2 && turned.height == 3)
    // numpy.rot90: [[3, 6], [2, 5], [1, 4]].
    #expect((0..<6).map { turned[$0 % 2, $0 / 2].red } == [3, 6, 2, 5, 1, 4])
    #expect((0..<6).map { image.rotatedHalfTurn()[$0 % 3, $0 / 3].red } == [6, 5, 4, 3, 2, 1])
  }

  @Test func detectionSizeFollowsTheResizeRules() {
    let options = PPOCRPipeline.Options()
    // A receipt whose shorter side is already above 736: only rounded to multiples of 32.
    #expect(PPOCRPipeline.detectionSize(width: 932, height: 1858, options: options) == (928, 1856))
    // A small image: its shorter side scaled up to 736.
    #expect(PPOCRPipeline.detectionSize(width: 400, height: 300, options: options) == (992, 736))
    // A page: its longer side down to 2000, which rounds (half to even) to 1984.
    #expect(PPOCRPipeline.detectionSize(width: 2480, height: 3508, options: options) == (1408, 1984))
    // A long strip: the shorter side up to 736 but the longer never above 4000.
    #expect(PPOCRPipeline.detectionSize(width: 3000, height: 100, options: options) == (4000, 128))
  }
}
