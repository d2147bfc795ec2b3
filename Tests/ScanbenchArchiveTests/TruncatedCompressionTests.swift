import Foundation
import ScanbenchTestKit
import Testing

@testable import ScanbenchArchive

/// A compressed tar cut short yields every entry that is whole in what can be decoded before the
/// cut, for every compression, then a `truncated` error; an uncut one reads to its end.
///
/// "What can be decoded before the cut" comes from an independent decoder (Python's zlib, bz2 and
/// lzma modules; the xz, zstd and lz4 programs), and "whole" from Python's tarfile offsets.
struct TruncatedCompressionTests {
  /// Compression → the command that compresses `plain.tar` into `archive`, and the one that
  /// decodes as much of `cut` as it can into `decoded`.
  static let compressions: [String: (compress: String, decode: String)] = [
    "gzip": ("gzip -9 -c plain.tar > archive", python("zlib.decompressobj(31)")),
    "bzip2": ("bzip2 -1 -c plain.tar > archive", python("bz2.BZ2Decompressor()")),
    "xz": ("xz -c plain.tar > archive", python("lzma.LZMADecompressor(lzma.FORMAT_XZ)")),
    "lzma": ("xz --format=lzma -c plain.tar > archive", python("lzma.LZMADecompressor(lzma.FORMAT_ALONE)")),
    "lzip": (
      "bsdtar --lzip -cf archive @plain.tar", "xz --format=lzip -dc < cut > decoded 2>/dev/null || true"
    ),
    "zstd": ("zstd -q -c plain.tar > archive", "zstd -q -dc < cut > decoded 2>/dev/null || true"),
    // Left to libarchive's own filter, which already hands over each block as it is decoded.
    "lz4": ("lz4 -q -B4 -c plain.tar > archive", "lz4 -q -dc < cut > decoded 2>/dev/null || true"),
  ]

  /// A shell command decoding `cut` into `decoded` as far as it goes, with Python's `decoder`.
  static func python(_ decoder: String) -> String {
    """
    python3 - <<'PY'
    import bz2, lzma, zlib
    d, out = \(decoder), b''
    data = open('cut', 'rb').read()
    try:
        for i in range(0, len(data), 4096): out += d.decompress(data[i:i + 4096])
    except Exception: pass
    open('decoded', 'wb').write(out)
    PY
    """
  }

  static let available = ["python3", "gzip", "bzip2", "xz", "zstd", "lz4", "bsdtar"].allSatisfy { tool in
    (try? TestKit.shell("command -v \(tool)", in: FileManager.default.temporaryDirectory)) != nil
  }

  /// 60 entries of random bytes (so the compressed stream is about as long as the tar) and the
  /// byte offset at which each entry's data ends.
  static func makeTar(in folder: URL) throws -> [String: Int] {
    let listing = try TestKit.shell(
      """
      python3 - <<'PY'
      import io, random, tarfile
      random.seed(13)
      with tarfile.open('plain.tar', 'w', format=tarfile.GNU_FORMAT) as tar:
          for i in range(60):
              data = random.randbytes(random.randint(1000, 12000))
              info = tarfile.TarInfo('page-%02d.png' % i)
              info.size = len(data)
              tar.addfile(info, io.BytesIO(data))
      for member in tarfile.open('plain.tar').getmembers():
          print(member.name, member.offset_data + member.size)
      PY
      """, in: folder)
    return Dictionary(
      uniqueKeysWithValues: listing.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        return parts.count == 2 ? Int(parts[1]).map { (String(parts[0]), $0) } : nil
      })
  }

  /// Every entry whose bytes were read whole, and the error that ended the input, if one did.
  static func read(_ path: String) -> (entries: Set<String>, error: ArchiveError?) {
    var entries: Set<String> = []
    do {
      let reader = try ArchiveReader(path: path)
      while let header = try reader.nextEntry() {
        _ = try reader.readData(limit: 1 << 20)
        entries.insert(header.path)
      }
    } catch let error as ArchiveError {
      return (entries, error)
    } catch {
      Issue.record("\(path): \(error)")
    }
    return (entries, nil)
  }

  @Test(
    .enabled(if: available, "needs python3, gzip, bzip2, xz, zstd, lz4 and bsdtar"),
    arguments: compressions.keys.sorted())
  func aCutArchiveKeepsEveryEntryDecodedBeforeTheCut(_ compression: String) throws {
    let folder = try TestKit.temporaryFolder("cut")
    defer { try? FileManager.default.removeItem(at: folder) }
    let ends = try Self.makeTar(in: folder)
    let (compress, decode) = try #require(Self.compressions[compression])
    try TestKit.shell(compress, in: folder)
    let archive = try Data(contentsOf: folder.appendingPathComponent("archive"))

    let whole = Self.read(folder.appendingPathComponent("archive").path)
    #expect(whole.error == nil, "\(compression), not cut: \(whole.error as Any)")
    #expect(whole.entries.count == 60, "\(compression), not cut")

    for fraction in [0.02, 0.3, 0.6, 0.9, 0.999] {
      let cut = Int(Double(archive.count) * fraction)
      try archive.prefix(cut).write(to: folder.appendingPathComponent("cut"))
      try TestKit.shell(decode, in: folder)
      let decoded = try Data(contentsOf: folder.appendingPathComponent("decoded")).count
      let expected = Set(ends.filter { $0.value <= decoded }.keys)
      let (entries, error) = Self.read(folder.appendingPathComponent("cut").path)
      let context = "\(compression) cut at \(cut) of \(archive.count) bytes, \(decoded) decodable"
      #expect(entries == expected, "\(context): \(entries.count) entries read, \(expected.count) whole")
      #expect(error?.kind == .truncated, "\(context): \(error as Any)")
      #expect((entries.count...entries.count + 1).contains(error?.entriesRead ?? -1), "\(context): how far")
      if compression != "lz4" {
        #expect(
          error?.description.contains(
            "archive is truncated: the \(compression) stream is cut short after \(cut) bytes")
            ?? false,
          "\(context): \(error as Any)")
      }
    }
  }

  /// zlib checks each gzip member's CRC-32 (libarchive's filter did not): one flipped byte in a
  /// stored block inflates without complaint, and the member's end reports the damage.
  @Test(.enabled(if: available, "needs python3 and gzip"))
  func damageInsideAGzipMemberIsCaughtByItsCRC() throws {
    let folder = try TestKit.temporaryFolder("crc")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.makeTar(in: folder)
    try TestKit.shell("gzip -1 -c plain.tar > damaged.tar.gz", in: folder)  // random bytes: stored blocks
    let url = folder.appendingPathComponent("damaged.tar.gz")
    var bytes = try Data(contentsOf: url)
    bytes[bytes.count / 2] ^= 0x01
    try bytes.write(to: url)
    let (entries, error) = Self.read(url.path)
    #expect(error?.kind == .corrupt, "\(error as Any)")
    #expect(error?.description.contains("the gzip stream is damaged: incorrect data check") ?? false)
    #expect(entries.count == 60, "the damage is found at the member's end")
  }
}
