import Foundation
import Testing

@testable import ScanbenchPPOCR

/// The int8 models of 7-bit weights, which the levels take on a processor without int8 dot products
/// (``Int8DotProducts``), read real pages and lines as the float models do, on any processor.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct SevenBitModelsTests {
  static func pipeline(detector: PPOCRModelLocator.File, recognizer: PPOCRModelLocator.File) throws
    -> PPOCRPipeline
  {
    let path = { (file: PPOCRModelLocator.File) throws -> String in try #require(Installed.path(file)) }
    return PPOCRPipeline(
      detector: try ONNXModel(path: path(detector)), recognizer: try ONNXModel(path: path(recognizer)),
      dictionary: try PPOCRDictionary.load(path: path(.dictionarySmall)))
  }

  /// The letter of eng-pages, whose lines the detector of 8-bit weights does not find on a processor
  /// without int8 dot products (its map blank), is read by the one of 7-bit weights as by float.
  @Test func theDetectorOfSevenBitWeightsFindsTheLinesTheFloatOneFinds() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(
      try PipelineModelTests.corpus("eng-pages"), "eng-page-02-letter")
    func cer(_ detector: PPOCRModelLocator.File) throws -> Double {
      let text = try Self.pipeline(detector: detector, recognizer: .recognizerSmall).recognize(image).text
      return PipelineModelTests.cer(groundTruth, text)
    }
    let float = try cer(.detectorSmall)
    let sevenBit = try cer(.detectorSmallInt8Mixed7Bit)
    #expect(float < 0.02)
    #expect(sevenBit <= float + 0.005, "float \(float), 7-bit \(sevenBit)")
    if !Int8DotProducts.available {
      // The cause, on such a processor: the same detector of 8-bit weights reads the letter wrong.
      #expect(try cer(.detectorSmallInt8Mixed) > 0.5)
    }
  }

  /// Japanese lines read by the recognizer of 7-bit weights (its neck and classifier in float) with
  /// at most one edit more than by the float one over twenty lines; without int8 dot products, the
  /// one of 8-bit weights misreads more.
  @Test func theRecognizerOfSevenBitWeightsReadsLinesAsTheFloatOneDoes() throws {
    let folder = try PipelineModelTests.corpus("jpn-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gt.txt") }
      .sorted().prefix(20).map { String($0.dropLast(7)) }
    #expect(names.count == 20)
    func edits(_ recognizer: PPOCRModelLocator.File) throws -> Int {
      let pipeline = try Self.pipeline(detector: .detectorSmall, recognizer: recognizer)
      var edits = 0.0
      for name in names {
        let (image, groundTruth) = try PipelineModelTests.sample(folder, name)
        let text = try pipeline.recognize(image, singleLine: true).text
        edits += PipelineModelTests.cer(groundTruth, text, ignoreSpaces: true) * Double(groundTruth.count)
      }
      return Int(edits.rounded())
    }
    let float = try edits(.recognizerSmall)
    let sevenBit = try edits(.recognizerSmallInt8Neck7Bit)
    #expect(sevenBit <= float + 1, "float \(float) edits, 7-bit \(sevenBit)")
    if !Int8DotProducts.available {
      #expect(try edits(.recognizerSmallInt8Neck) > float + 1)
    }
  }
}
