import Foundation
import ScanbenchRecognition
import Testing

@testable import ScanbenchPPOCR

/// Fast Japanese reads its lines squeezed across (``PPOCRBackend/fastJapaneseWidthScale``); every
/// other level and language reads them as detected.
@Suite struct FastJapaneseWidthScaleOptionsTests {
  @Test func onlyFastJapaneseSqueezesItsLines() {
    let fast = PPOCRBackend.pipelineOptions(
      for: .fast, language: "jpn", recognizer: .smallInt8Neck7Bit, detector: .tiny)
    #expect(fast.recognitionWidthScale == PPOCRBackend.fastJapaneseWidthScale)
    #expect(PPOCRBackend.fastJapaneseWidthScale < 1)
    let usual: [(RecognitionLevel, String, PPOCRBackend.Size, PPOCRBackend.Size)] = [
      (.fast, "eng", .tiny, .tiny), (.fast, "eng+jpn", .smallInt8Neck7Bit, .tiny),
      (.fast, "jpn_vert", .small, .small), (.accurate, "jpn", .small, .small),
      (.accurate, "eng", .small, .smallMixed),
    ]
    for (level, language, recognizer, detector) in usual {
      let options = PPOCRBackend.pipelineOptions(
        for: level, language: language, recognizer: recognizer, detector: detector)
      #expect(options.recognitionWidthScale == 1, "\(level) \(language)")
    }
  }
}

/// On real lines: fast Japanese's squeeze reads kana, kanji and the Latin runs among them as the
/// unsqueezed reading does, for a recognizer input that much narrower.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct FastJapaneseWidthScaleModelTests {
  /// The first twenty lines of jpn-lines and every one holding Latin letters.
  static func lines() throws -> (folder: String, names: [String]) {
    let folder = try PipelineModelTests.corpus("jpn-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gt.txt") }
      .sorted().map { String($0.dropLast(7)) }
    var chosen = Array(names.prefix(20))
    for name in names.dropFirst(20) {
      let truth = try String(contentsOfFile: folder + "/" + name + ".gt.txt", encoding: .utf8)
      if truth.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) {
        chosen.append(name)
      }
    }
    return (folder, chosen)
  }

  @Test func squeezedLinesReadAsUnsqueezedOnesWithFewerColumns() throws {
    let (folder, names) = try Self.lines()
    let withLatin = try names.filter { name in
      try String(contentsOfFile: folder + "/" + name + ".gt.txt", encoding: .utf8).unicodeScalars
        .contains { $0.isASCII && $0.properties.isAlphabetic }
    }
    try #require(withLatin.count >= 2)
    let path = { (file: PPOCRModelLocator.File) throws -> String in try #require(Installed.path(file)) }
    let recognizer = try ONNXModel(path: path(.recognizerSmallInt8Neck7Bit))
    let dictionary = try PPOCRDictionary.load(path: path(.dictionarySmall))
    let fast = PPOCRBackend.pipelineOptions(
      for: .fast, language: "jpn", recognizer: .smallInt8Neck7Bit, detector: .tiny)
    var unsqueezed = fast
    unsqueezed.recognitionWidthScale = 1
    func read(_ options: PPOCRPipeline.Options) throws -> (edits: Int, texts: [String: String], columns: Int)
    {
      let pipeline = PPOCRPipeline(
        detector: nil, recognizer: recognizer, dictionary: dictionary, options: options)
      var edits = 0.0
      var texts: [String: String] = [:]
      for name in names {
        let (image, groundTruth) = try PipelineModelTests.sample(folder, name)
        let text = try pipeline.recognize(image, singleLine: true).text
        texts[name] = text
        edits += PipelineModelTests.cer(groundTruth, text, ignoreSpaces: true) * Double(groundTruth.count)
      }
      return (Int(edits.rounded()), texts, pipeline.timings.recognizerColumns)
    }
    let before = try read(unsqueezed)
    let after = try read(fast)
    #expect(after.edits <= before.edits + 1, "unsqueezed \(before.edits) edits, squeezed \(after.edits)")
    let share = Double(after.columns) / Double(before.columns)
    #expect(abs(share - PPOCRBackend.fastJapaneseWidthScale) < 0.03, "\(share) of the columns")
    // The Latin runs (letters, digits and hyphens) of each line that has them read whole.
    for name in withLatin {
      let truth = try String(contentsOfFile: folder + "/" + name + ".gt.txt", encoding: .utf8)
      let runs = truth.split { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) }
      for run in runs where run.contains(where: \.isLetter) {
        #expect(after.texts[name]?.contains(run) == true, "\(name): \(run) in \(after.texts[name] ?? "")")
      }
    }
  }
}
