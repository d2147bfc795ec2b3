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
    let shiftJIS = Data([
      0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x65, 0x83, 0x4C, 0x83, 0x58, 0x83, 0x67,
    ])
    #expect {
      try GroundTruthDecoder.decode(shiftJIS)
    } throws: { error in
      let message = String(describing: error)
      return message.contains("not UTF-8") && message.contains("Shift_JIS") && message.contains("offset 0")
    }
  }

  /// UTF-16 without a byte-order mark is valid UTF-8 when its text is ASCII (a NUL after every
  /// letter), so it used to be scored as text: refused, naming the byte order.
  @Test func utf16WithoutBOMIsRefusedNamingTheByteOrder() throws {
    for (text, encoding, order) in [
      ("The quick brown fox", String.Encoding.utf16LittleEndian, "UTF-16 LE"),
      ("The quick brown fox", .utf16BigEndian, "UTF-16 BE"),
      ("Invoice 請求書 No. 12", .utf16LittleEndian, "UTF-16 LE"),
      ("一 and 丁", .utf16LittleEndian, "UTF-16 LE"),
    ] {
      let bytes = try #require(text.data(using: encoding))
      #expect {
        try GroundTruthDecoder.decode(bytes)
      } throws: { error in
        let message = String(describing: error)
        return message.contains("not UTF-8") && message.contains(order) && message.contains("byte-order mark")
      }
    }
  }

  @Test func aNULByteIsRefusedWithItsOffset() throws {
    #expect {
      try GroundTruthDecoder.decode(Data("line one\nline\u{0}two".utf8))
    } throws: { error in
      let message = String(describing: error)
      return message.contains("NUL") && message.contains("offset 13")
    }
    #expect(try GroundTruthDecoder.decode(Data("no NUL here\n".utf8)) == "no NUL here\n")
  }
}
