import CCompression
import Foundation

/// A compression an archive may be wrapped in, recognized by its first bytes, that scanbench
/// decodes itself instead of leaving it to libarchive (see `DecompressingInput`).
enum Compression: String, Sendable {
  case gzip, bzip2, xz, lzip, lzma, zstd

  /// How many leading bytes `init(leadingBytes:)` looks at.
  static let magicLength = 16

  init?(leadingBytes bytes: [UInt8]) {
    if bytes.starts(with: [0x1F, 0x8B]) {
      self = .gzip
    } else if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
      self = .xz
    } else if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) {
      self = .zstd
    } else if bytes.starts(with: Array("LZIP".utf8)) {
      self = .lzip
    } else if bytes.count >= 10, bytes.starts(with: Array("BZh".utf8)), (0x31...0x39).contains(bytes[3]),
      // A block's magic (π) or the end-of-stream magic (√π) follows.
      Array(bytes[4..<10]) == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
        || Array(bytes[4..<10]) == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
    {
      self = .bzip2
    } else if Self.isLZMAAlone(bytes) {
      self = .lzma
    } else {
      return nil
    }
  }

  /// The legacy `.lzma` header has no magic: the default properties byte, a dictionary size that
  /// is a power of two (or 1.5 times one), and an unknown or plausible uncompressed size.
  private static func isLZMAAlone(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 13, bytes[0] == 0x5D else { return false }
    let dictionary = bytes[1..<5].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let size = bytes[5..<13].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let shape = dictionary.nonzeroBitCount == 1 || (dictionary >> dictionary.trailingZeroBitCount) == 3
    return dictionary >= 1 << 12 && shape && (size == UInt64.max || size < 1 << 40)
  }

  /// What a cut loses besides the bytes after it: these decode whole blocks only.
  var blockNote: String? {
    switch self {
    case .zstd: "zstd decodes whole blocks, of up to 128 KiB"
    case .bzip2: "bzip2 decodes whole blocks, of up to 900 kB"
    default: nil
    }
  }
}

/// Damaged compressed data, with the decoder's words.
struct StreamDecodeError: Error {
  var message: String
}

/// One compressed stream decoded piece by piece. `decode` consumes what it can of `input` and
/// writes what it can to `output`; called with empty input it flushes what it still holds.
/// `finished` is true once the stream (every member or frame) is complete and flushed; `damage`
/// says why it cannot go on (what was produced in that call is still good to hand on, e.g. the
/// last bytes of a gzip member whose CRC-32 does not match).
protocol StreamDecoder: AnyObject {
  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, atEnd: Bool)
    -> DecodeStep
}

struct DecodeStep {
  var consumed: Int
  var produced: Int
  var finished = false
  var damage: String?
}

enum StreamDecoders {
  static func make(_ compression: Compression) throws(StreamDecodeError) -> any StreamDecoder {
    switch compression {
    case .gzip: try GzipDecoder()
    case .bzip2: try Bzip2Decoder()
    case .xz, .lzip, .lzma: try LZMADecoder(compression)
    case .zstd: try ZstdDecoder()
    }
  }
}

/// Whether `input` starts a further member or stream: concatenated gzip (pigz) and bzip2 (pbzip2)
/// files; anything else after a complete one is ignored, as gzip and libarchive do.
private func startsAnother(_ input: UnsafeRawBufferPointer, _ magic: [UInt8]) -> Bool {
  input.count >= magic.count && zip(input, magic).allSatisfy { $0 == $1 }
}

/// gzip, through zlib (members one after another).
final class GzipDecoder: StreamDecoder {
  private var stream = z_stream()
  private var memberEnded = false

  init() throws(StreamDecodeError) {
    guard scanbench_inflateInit2(&stream, 15 + 16) == Z_OK else {
      throw StreamDecodeError(message: "zlib could not start")
    }
  }

  deinit { inflateEnd(&stream) }

  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, atEnd: Bool)
    -> DecodeStep
  {
    if memberEnded {
      if input.count < 2, !atEnd { return DecodeStep(consumed: 0, produced: 0) }
      guard startsAnother(input, [0x1F, 0x8B]) else {
        return DecodeStep(consumed: input.count, produced: 0, finished: true)
      }
      inflateReset(&stream)
      memberEnded = false
    }
    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(input.count)
    stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = uInt(output.count)
    let status = inflate(&stream, Z_NO_FLUSH)
    let consumed = input.count - Int(stream.avail_in)
    let produced = output.count - Int(stream.avail_out)
    var step = DecodeStep(consumed: consumed, produced: produced)
    switch status {
    case Z_STREAM_END:
      memberEnded = true
    case Z_OK, Z_BUF_ERROR:
      break
    default:
      step.damage = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
    }
    return step
  }
}

/// bzip2, through libbz2 (streams one after another).
final class Bzip2Decoder: StreamDecoder {
  private var stream = bz_stream()
  private var streamEnded = false

  init() throws(StreamDecodeError) {
    guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
      throw StreamDecodeError(message: "libbz2 could not start")
    }
  }

  deinit { BZ2_bzDecompressEnd(&stream) }

  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, atEnd: Bool)
    -> DecodeStep
  {
    if streamEnded {
      if input.count < 3, !atEnd { return DecodeStep(consumed: 0, produced: 0) }
      guard startsAnother(input, Array("BZh".utf8)) else {
        return DecodeStep(consumed: input.count, produced: 0, finished: true)
      }
      BZ2_bzDecompressEnd(&stream)
      stream = bz_stream()
      guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
        return DecodeStep(consumed: 0, produced: 0, damage: "libbz2 could not start")
      }
      streamEnded = false
    }
    let inCount = min(input.count, Int(UInt32.max))
    let outCount = min(output.count, Int(UInt32.max))
    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: CChar.self))
    stream.avail_in = UInt32(inCount)
    stream.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
    stream.avail_out = UInt32(outCount)
    let status = BZ2_bzDecompress(&stream)
    let consumed = inCount - Int(stream.avail_in)
    let produced = outCount - Int(stream.avail_out)
    var step = DecodeStep(consumed: consumed, produced: produced)
    switch status {
    case BZ_STREAM_END:
      streamEnded = true
    case BZ_OK:
      break
    case BZ_DATA_ERROR, BZ_DATA_ERROR_MAGIC:
      step.damage = "compressed data is corrupt (bzip2 error \(status))"
    default:
      step.damage = "bzip2 error \(status)"
    }
    return step
  }
}

/// xz, lzip and the legacy lzma format, through liblzma.
final class LZMADecoder: StreamDecoder {
  private var stream = lzma_stream()
  /// What libarchive allows too: a header declaring a larger dictionary is refused, not allocated.
  private static let memoryLimit: UInt64 = 1 << 30

  init(_ compression: Compression) throws(StreamDecodeError) {
    let status =
      switch compression {
      case .lzip: lzma_lzip_decoder(&stream, Self.memoryLimit, scanbench_LZMA_CONCATENATED)
      case .lzma: lzma_alone_decoder(&stream, Self.memoryLimit)
      default: lzma_stream_decoder(&stream, Self.memoryLimit, scanbench_LZMA_CONCATENATED)
      }
    guard status == LZMA_OK else { throw StreamDecodeError(message: "liblzma could not start (\(status))") }
  }

  deinit { lzma_end(&stream) }

  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, atEnd: Bool)
    -> DecodeStep
  {
    stream.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    stream.avail_in = input.count
    stream.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
    stream.avail_out = output.count
    let status = lzma_code(&stream, atEnd ? LZMA_FINISH : LZMA_RUN)
    let consumed = input.count - stream.avail_in
    let produced = output.count - stream.avail_out
    var step = DecodeStep(consumed: consumed, produced: produced)
    switch status {
    case LZMA_STREAM_END:
      step.finished = true
    case LZMA_OK, LZMA_BUF_ERROR:  // BUF_ERROR: no progress possible, the input is cut short
      break
    case LZMA_DATA_ERROR:
      step.damage = "compressed data is corrupt"
    case LZMA_FORMAT_ERROR:
      step.damage = "not in the format its first bytes say"
    case LZMA_OPTIONS_ERROR:
      step.damage = "unsupported compression options"
    case LZMA_MEMLIMIT_ERROR:
      step.damage = "its dictionary would need more than \(Self.memoryLimit >> 20) MiB"
    default:
      step.damage = "liblzma error \(status.rawValue)"
    }
    return step
  }
}

/// zstd, through libzstd (frames, and skippable frames, one after another).
final class ZstdDecoder: StreamDecoder {
  private let stream: OpaquePointer
  /// The last call ended a frame (or none has begun): the input may end here.
  private var betweenFrames = true

  init() throws(StreamDecodeError) {
    guard let stream = ZSTD_createDStream() else {
      throw StreamDecodeError(message: "libzstd could not start")
    }
    self.stream = stream
    let status = ZSTD_initDStream(stream)
    if ZSTD_isError(status) != 0 {
      throw StreamDecodeError(message: String(cString: ZSTD_getErrorName(status)))
    }
  }

  deinit { ZSTD_freeDStream(stream) }

  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, atEnd: Bool)
    -> DecodeStep
  {
    if input.isEmpty, betweenFrames { return DecodeStep(consumed: 0, produced: 0, finished: atEnd) }
    var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
    var destination = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
    let status = ZSTD_decompressStream(stream, &destination, &source)
    var step = DecodeStep(consumed: source.pos, produced: destination.pos)
    if ZSTD_isError(status) != 0 {
      step.damage = String(cString: ZSTD_getErrorName(status))
    } else {
      betweenFrames = status == 0
    }
    return step
  }
}
