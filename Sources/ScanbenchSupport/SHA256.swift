import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SHA-256 (FIPS 180-4). The toolchain on Linux has no CryptoKit, and the digest names every image
/// and model, so it is written here rather than pulled from another C library. A whole buffer
/// (``hex(_:)``: every image a run reads) is hashed by libcrypto's when the process can load it
/// (``LibCryptoSHA256``), whose SHA extensions' code hashes several times faster; these rounds are
/// the reference it is tested against, and what hashes where it is missing.
///
/// The state lives in eight stored words and the rounds are unrolled by eight, so the compiler keeps
/// the working variables in registers instead of shuffling an array: measured with callgrind, 56
/// instructions per byte against 72 for the loop over `[UInt32]` it replaced. Model digests are
/// also kept on disk (`ModelHashCache`), so this rarely hashes a model.
public struct SHA256: Sendable {
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// The start of a block that `update` has not completed yet (fewer than 64 bytes).
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  public init() {}

  public static func hex(_ data: Data) -> String {
    if let digest = LibCryptoSHA256.hex(data) { return digest }
    return swiftHex(data)
  }

  /// ``hex(_:)`` by these rounds alone, whatever libcrypto's.
  static func swiftHex(_ data: Data) -> String {
    var hasher = SHA256()
    hasher.update(data)
    return hasher.finalizeHex()
  }

  public static func hex(fileAt url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
    return hasher.finalizeHex()
  }

  public mutating func update(_ data: Data) {
    data.withUnsafeBytes { update($0) }
  }

  public mutating func update(_ raw: UnsafeRawBufferPointer) {
    length &+= UInt64(raw.count)
    var offset = 0
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, raw.count)
      buffer.append(contentsOf: raw[0..<take])
      offset = take
      if buffer.count == 64 {
        let block = buffer
        block.withUnsafeBytes { compress($0, blocks: 1) }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    let whole = (raw.count - offset) / 64
    if whole > 0, let base = raw.baseAddress {
      compress(UnsafeRawBufferPointer(start: base + offset, count: whole * 64), blocks: whole)
      offset += whole * 64
    }
    if offset < raw.count { buffer.append(contentsOf: raw[offset...]) }
  }

  public mutating func finalizeHex() -> String {
    let bitLength = length &* 8
    var tail = buffer
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    tail.withUnsafeBytes { compress($0, blocks: $0.count / 64) }
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(64)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(digits[Int((word >> UInt32(shift)) & 0xf)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  private mutating func compress(_ bytes: UnsafeRawBufferPointer, blocks: Int) {
    guard blocks > 0, let base = bytes.baseAddress else { return }
    Self.k.withUnsafeBufferPointer { table in
      guard let k = table.baseAddress else { return }
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        guard let w = schedule.baseAddress else { return }
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        for block in 0..<blocks {
          let start = base + block * 64
          for i in 0..<16 { w[i] = start.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).bigEndian }
          for i in 16..<64 {
            let x = w[i - 15], y = w[i - 2]
            let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
            let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
          }
          var i = 0
          while i < 64 {
            sha256Round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
            sha256Round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
            sha256Round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
            sha256Round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
            sha256Round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[i + 4])
            sha256Round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[i + 5])
            sha256Round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[i + 6])
            sha256Round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[i + 7])
            i += 8
          }
          h0 &+= a
          h1 &+= b
          h2 &+= c
          h3 &+= d
          h4 &+= e
          h5 &+= f
          h6 &+= g
          h7 &+= h
          a = h0
          b = h1
          c = h2
          d = h3
          e = h4
          f = h5
          g = h6
          h = h7
        }
      }
    }
  }
}

/// One round; the caller rotates the roles of the eight working variables instead of moving values.
@inline(__always)
private func sha256Round(
  _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
  _ h: inout UInt32, _ kw: UInt32
) {
  let t1 = h &+ (e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)) &+ (g ^ (e & (f ^ g))) &+ kw
  d &+= t1
  h = t1 &+ (a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)) &+ ((a & b) ^ (c & (a ^ b)))
}

extension UInt32 {
  @inline(__always) fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self &>> count) | (self &<< (32 &- count))
  }
}

/// OpenSSL's one-shot `SHA256` from libcrypto, found at run time (`dlopen`), so that the build needs
/// no OpenSSL headers: Debian's libarchive links libcrypto, so the process has it loaded already. nil
/// where no libcrypto 3 loads; then ``SHA256`` hashes with its own rounds.
enum LibCryptoSHA256 {
  private typealias OneShot =
    @convention(c) (
      UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?
    ) -> UnsafeMutablePointer<UInt8>?

  private static let oneShot: OneShot? = {
    #if canImport(Glibc)
      guard let handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL),
        let symbol = dlsym(handle, "SHA256")
      else { return nil }
      return unsafeBitCast(symbol, to: OneShot.self)
    #else
      return nil
    #endif
  }()

  /// Whether libcrypto's SHA-256 is there to hash with.
  static var isAvailable: Bool { oneShot != nil }

  /// The lowercase hex SHA-256 of `data`, or nil without libcrypto.
  static func hex(_ data: Data) -> String? {
    guard let oneShot else { return nil }
    var digest = [UInt8](repeating: 0, count: 32)
    let done = data.withUnsafeBytes { raw in
      digest.withUnsafeMutableBufferPointer { out in
        oneShot(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, out.baseAddress) != nil
      }
    }
    guard done else { return nil }
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self)
  }
}
