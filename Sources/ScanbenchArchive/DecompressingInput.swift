import Foundation

/// A compressed input decoded by scanbench and handed to libarchive as the archive's bytes (its
/// client read callback), so that a cut or damage keeps everything decoded before it.
///
/// libarchive's own gzip, bzip2, xz and zstd filters fill an output buffer (64 KiB; about 128 KiB
/// for zstd) and, when the input ends before it is full, report the error and drop what the
/// buffer held: entries that were whole before the cut were lost, and a small `.tar.zst` cut
/// anywhere lost everything. Here every decoded byte is handed on; at the cut the stream just
/// ends, libarchive reads the entries that are whole, and `failure` says what happened.
final class DecompressingInput {
  enum Upstream {
    case file(Int32)
    /// Owned by the reader, which outlives this object.
    case memory(UnsafeRawBufferPointer)
  }

  struct Failure {
    enum Kind { case truncated, corrupt, unreadable }
    var kind: Kind
    var message: String
  }

  let compression: Compression
  private let decoder: any StreamDecoder
  private let upstream: Upstream
  private let inputBuffer: UnsafeMutableRawBufferPointer
  private var inputStart = 0
  private var inputEnd = 0
  private let outputBuffer: UnsafeMutableRawBufferPointer
  private var memoryOffset = 0
  private var upstreamEnded = false
  private var finished = false
  /// Bytes of the compressed input consumed, and bytes decoded from them.
  private(set) var compressedBytes = 0
  private(set) var decodedBytes = 0
  /// Why the stream ended before its end, if it did.
  private(set) var failure: Failure?
  /// Damage the decoder found, reported once the bytes decoded before it are handed on.
  private var damage: String?

  private static let bufferSize = 1 << 17

  init(_ compression: Compression, upstream: Upstream) throws(StreamDecodeError) {
    self.compression = compression
    self.upstream = upstream
    decoder = try StreamDecoders.make(compression)
    inputBuffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
    outputBuffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
  }

  deinit {
    if case .file(let descriptor) = upstream { close(descriptor) }
    inputBuffer.deallocate()
    outputBuffer.deallocate()
  }

  /// The next decoded bytes, valid until the next call; empty at the end of the stream and where
  /// it broke off (`failure` tells which).
  func read() -> UnsafeRawBufferPointer {
    while !finished, failure == nil {
      if let damage {
        failure = Failure(
          kind: .corrupt,
          message:
            "the \(compression.rawValue) stream is damaged: \(damage) (\(decodedBytes) bytes decoded before)")
        break
      }
      if inputStart == inputEnd, !upstreamEnded { refill() }
      if failure != nil { break }
      let input = UnsafeRawBufferPointer(rebasing: inputBuffer[inputStart..<inputEnd])
      let step = decoder.decode(input, into: outputBuffer, atEnd: upstreamEnded)
      inputStart += step.consumed
      compressedBytes += step.consumed
      decodedBytes += step.produced
      finished = step.finished
      // Reported at the next call: what this one produced comes before the damage.
      damage = step.damage
      if step.produced > 0 { return UnsafeRawBufferPointer(rebasing: outputBuffer[0..<step.produced]) }
      guard step.consumed == 0, damage == nil else { continue }
      if upstreamEnded, !finished {
        let note = compression.blockNote.map { "; \($0)" } ?? ""
        failure = Failure(
          kind: .truncated,
          message:
            "the \(compression.rawValue) stream is cut short after \(compressedBytes) bytes "
            + "(\(decodedBytes) bytes decoded\(note))")
      } else if inputStart > 0 || inputEnd < inputBuffer.count {
        refill()  // the decoder needs more bytes than the buffer holds now
      } else {
        failure = Failure(kind: .corrupt, message: "the \(compression.rawValue) decoder made no progress")
      }
    }
    return UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// Decodes what is left after the archive's end (tar's padding, the stream's check), so that
  /// damage or a cut there is reported too.
  func drain() {
    while !read().isEmpty {}
  }

  /// Moves what is left to the front of the buffer and reads more behind it.
  private func refill() {
    if inputStart > 0 {
      let left = inputEnd - inputStart
      if left > 0, let base = inputBuffer.baseAddress { memmove(base, base + inputStart, left) }
      inputStart = 0
      inputEnd = left
    }
    let space = UnsafeMutableRawBufferPointer(rebasing: inputBuffer[inputEnd...])
    guard !space.isEmpty else { return }
    switch upstream {
    case .memory(let bytes):
      let count = min(space.count, bytes.count - memoryOffset)
      if count > 0, let base = bytes.baseAddress {
        space.copyMemory(from: UnsafeRawBufferPointer(start: base + memoryOffset, count: count))
      }
      memoryOffset += count
      inputEnd += count
      if memoryOffset == bytes.count { upstreamEnded = true }
    case .file(let descriptor):
      while true {
        let count = Foundation.read(descriptor, space.baseAddress, space.count)
        if count < 0, errno == EINTR { continue }
        if count < 0 {
          failure = Failure(kind: .unreadable, message: "cannot read: \(String(cString: strerror(errno)))")
        } else if count == 0 {
          upstreamEnded = true
        } else {
          inputEnd += count
        }
        break
      }
    }
  }
}

@available(*, unavailable)
extension DecompressingInput: Sendable {}
