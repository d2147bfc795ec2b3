import Foundation
import Testing

@testable import ScanbenchArchive

struct GroundTruthDecoderTests {
  @Test func utf8WithAndWithoutBOM() throws {
    #expect(try GroundTruthDecoder.decode(Data("日本語 text".utf8)) == "日本語 text")
    #expect(try GroundTruthDecoder.decode(Data([0xEF, 0xBB, 0xBF] + Array("abc".utf8))) == "abc")
  }

  @Test func utf16WithBOMIsDecoded() throws {
    let little = Data([0xFF, 0xFE]) + "文字".data(using: .utf16LittleEndian)!
    let big = Data([0xFE, 0xFF]) + "文字".data(using: .utf16BigEndian)!
    #expect(try GroundTruthDecoder.decode(little) == "文字")
    #expect(try GroundTruthDecoder.decode(big) == "文字")
  }

  @Test func shiftJISIsRefusedNamingTheProblem() throws {
    // 日本語のテキスト in Shift_JIS.
    let shiftJIS = Data([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x65, 0x83, 0x4C, 0x83, 0x58, 0x83, 0x67])
    #expect {
      try GroundTruthDecoder.decode(shiftJIS)
    } throws: { error in
      let message = String(describing: error)
      return message.contains("not UTF-8") && message.contains("Shift_JIS") && message.contains("offset 0")
    }
  }
}
