import Foundation
import Testing

@testable import ScanbenchSupport

/// Beside `SHA256Tests` (in EntryNameTests.swift): the unrolled rounds against more of FIPS 180-4.
@Suite struct SHA256BlockTests {
  @Test func messageWhosePaddingTakesASecondBlock() {
    #expect(
      SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  /// Any split of the input into `update` calls gives the one-shot digest.
  @Test func chunkingDoesNotMatter() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<50 {
      let count = Int.random(in: 0..<700, using: &generator)
      let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
      var hasher = SHA256()
      var offset = 0
      while offset < count {
        let step = min(count - offset, Int.random(in: 1...130, using: &generator))
        hasher.update(bytes[offset..<offset + step])
        offset += step
      }
      #expect(hasher.finalizeHex() == SHA256.hex(bytes))
    }
  }
}
