import Foundation
import Testing

@testable import ScanbenchScoring

@Suite struct ScoringOptionsTests {
  @Test func defaults() {
    let options = ScoringOptions.default
    #expect(options.unit == .grapheme)
    #expect(options.form == .nfc)
    #expect(options.whitespace == .collapse)
    #expect(options.dropCJKSpaces)
    #expect(!options.caseFold)
    #expect(!options.ignorePunctuation)
    #expect(options == ScoringOptions())
  }

  @Test func descriptors() {
    #expect(ScoringOptions.default.descriptor == "cer/grapheme/nfc/ws-collapse/cjk-nospace/v1")
    #expect(
      ScoringOptions(unit: .codepoint, form: .nfkc, whitespace: .ignore, dropCJKSpaces: false).descriptor
        == "cer/codepoint/nfkc/ws-ignore/cjk-keep/v1")
    #expect(
      ScoringOptions(whitespace: .keep, caseFold: true, ignorePunctuation: true).descriptor
        == "cer/grapheme/nfc/ws-keep/cjk-nospace/casefold/nopunct/v1")
    #expect(
      ScoringOptions(ignorePunctuation: true).descriptor
        == "cer/grapheme/nfc/ws-collapse/cjk-nospace/nopunct/v1")
  }

  @Test func everyCombinationHasItsOwnDescriptorAndReadsBack() {
    var seen = Set<String>()
    for unit in ScoringOptions.Unit.allCases {
      for form in ScoringOptions.UnicodeForm.allCases {
        for whitespace in ScoringOptions.Whitespace.allCases {
          for flags in 0..<8 {
            let options = ScoringOptions(
              unit: unit, form: form, whitespace: whitespace, dropCJKSpaces: flags & 1 != 0,
              caseFold: flags & 2 != 0, ignorePunctuation: flags & 4 != 0)
            #expect(seen.insert(options.descriptor).inserted)
            #expect(ScoringOptions(descriptor: options.descriptor) == options)
          }
        }
      }
    }
    #expect(seen.count == 2 * 3 * 4 * 8)
  }

  @Test(arguments: [
    "", "cer", "wer/grapheme/nfc/ws-collapse/cjk-nospace/v1", "cer/grapheme/nfc/ws-collapse/cjk-nospace/v2",
    "cer/glyph/nfc/ws-collapse/cjk-nospace/v1", "cer/grapheme/nfd/ws-collapse/cjk-nospace/v1",
    "cer/grapheme/nfc/collapse/cjk-nospace/v1", "cer/grapheme/nfc/ws-collapse/cjk/v1",
    "cer/grapheme/nfc/ws-collapse/cjk-nospace/nopunct/casefold/v1",
    "cer/grapheme/nfc/ws-collapse/cjk-nospace/extra/v1",
  ])
  func malformedDescriptorsAreRejected(descriptor: String) {
    #expect(ScoringOptions(descriptor: descriptor) == nil)
  }

  @Test func decodingFillsMissingKeysWithDefaults() throws {
    let decoded = try JSONDecoder().decode(ScoringOptions.self, from: Data(#"{"unit":"codepoint"}"#.utf8))
    #expect(decoded == ScoringOptions(unit: .codepoint))
    let full = ScoringOptions(
      unit: .codepoint, form: .nfkc, whitespace: .keep, dropCJKSpaces: false, caseFold: true)
    let roundTripped = try JSONDecoder().decode(ScoringOptions.self, from: JSONEncoder().encode(full))
    #expect(roundTripped == full)
  }
}
