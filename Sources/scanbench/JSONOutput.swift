import Foundation
import ScanbenchCommandLine
import ScanbenchStore

/// `--json`, for every command whose result can be read by a program.
struct JSONOutput: ParsableArguments {
  @Flag(help: "Print the result as JSON on stdout.") var json = false

  /// One line of JSON on stdout, its keys spelled as the store spells them (`wer_micro`, `run_id`).
  static func print(_ value: some Encodable) throws {
    Console.out(String(decoding: try line(for: value), as: UTF8.self))
  }

  /// Keys written in Swift's camelCase (`werMicro`, `missingOCR`) become snake_case (`wer_micro`,
  /// `missing_ocr`), the store's spelling, so that one script reads both. Keys already snake_case are
  /// kept, and so are keys that are not identifiers (model file names, engine parameters).
  /// `SCANBENCH_JSON_KEYS=camelCase` gives the keys of scanbench 0.2.0 for one more release, for
  /// scripts not yet moved to the store's spelling.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if ProcessInfo.processInfo.environment["SCANBENCH_JSON_KEYS"] == "camelCase" { return encoder }
    encoder.keyEncodingStrategy = .custom { path in
      let key = path.last?.stringValue ?? ""
      return SnakeCaseKey(stringValue: snakeCase(key))
    }
    return encoder
  }()

  static func line(for value: some Encodable) throws -> Data {
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// `werMicro` → `wer_micro`, `baselineCER` → `baseline_cer`, `runID` → `run_id`, `OCRText` stays.
  static func snakeCase(_ key: String) -> String {
    let characters = Array(key)
    guard let first = characters.first, first.isASCII, first.isLowercase,
      characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      characters.contains(where: \.isUppercase)
    else { return key }
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        // A word starts at an upper-case letter after a lower-case one or a digit, and at the last
        // capital of an acronym followed by a lower-case letter (`OCRText`: `ocr_text`).
        if !previous.isUppercase || (next?.isLowercase ?? false) { result += "_" }
      }
      result += character.lowercased()
    }
    return result
  }

  private struct SnakeCaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
