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

/// libcrypto's SHA-256, which hashes every image when the process can load it, against these
/// rounds on random buffers of every length round a block's edges and a few large ones.
@Suite struct LibCryptoSHA256Tests {
  @Test func libcryptoHashesAsTheRoundsDo() throws {
    try #require(LibCryptoSHA256.isAvailable, "Debian's libcrypto 3 (libssl3, which libarchive needs) loads")
    var generator = SystemRandomNumberGenerator()
    for length in Array(0...130) + [1 << 16, (1 << 20) + 7] {
      let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
      #expect(LibCryptoSHA256.hex(data) == SHA256.swiftHex(data), "\(length) bytes")
    }
    #expect(
      SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
