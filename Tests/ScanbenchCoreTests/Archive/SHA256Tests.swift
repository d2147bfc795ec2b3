import Foundation
import Testing

@testable import ScanbenchCore

@Suite struct SHA256Tests {
  @Test func knownVectors() {
    // FIPS 180-4 examples, and a message that spans two blocks of padding.
    #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
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
