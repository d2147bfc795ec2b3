import Foundation
import Synchronization

/// Appends records to a JSON-lines store, one whole line per `write(2)`.
///
/// The file is opened with `O_APPEND` and held under an advisory `flock`, so two processes never
/// interleave lines; each line is encoded before the lock is taken and written in one call, so a
/// `kill -9` leaves at most one torn last line, which the next writer trims before appending.
public final class StoreWriter: Sendable {
  public let url: URL
  private let descriptor: Int32
  private let writeLock = Mutex<Void>(())

  public enum LockPolicy: Sendable {
    case wait
    case failIfLocked
  }

  /// Opens (creating it and its folder if needed) and locks the store.
  /// `onRepair` is told how many bytes of a torn last line were removed.
  public init(url: URL, lockPolicy: LockPolicy = .wait, onRepair: (Int) -> Void = { _ in }) throws {
    self.url = url
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw StoreError(path: url.path, message: "cannot create the folder: \(error.localizedDescription)")
    }
    let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw StoreError(path: url.path, message: "cannot open for appending: \(String(cString: strerror(errno)))")
    }
    self.descriptor = descriptor
    let operation = lockPolicy == .wait ? LOCK_EX : LOCK_EX | LOCK_NB
    guard flock(descriptor, operation) == 0 else {
      let busy = errno == EWOULDBLOCK
      throw StoreError(
        path: url.path,
        message: busy
          ? "another scanbench process is writing to this store (drop --no-wait to wait for it)"
          : "cannot lock: \(String(cString: strerror(errno)))")
    }
    let removed = try Self.trimTornLastLine(descriptor, path: url.path)
    if removed > 0 { onRepair(removed) }
  }

  deinit {
    fsync(descriptor)
    close(descriptor)
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Encodes `record` as one line.
  public static func line(for record: some Encodable) throws -> Data {
    var data = try encoder.encode(record)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  public func append(_ record: some Encodable) throws {
    try append(line: Self.line(for: record))
  }

  /// Writes one already-encoded line (ending in a newline) whole.
  public func append(line: Data) throws {
    try writeLock.withLock { _ in
      try line.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let written = write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw StoreError(path: url.path, message: "write failed: \(String(cString: strerror(errno)))")
          }
          offset += written
        }
      }
    }
  }

  /// Flushes to the disk; called at the end of a run (a per-line fsync would cost more than OCR).
  public func synchronize() {
    writeLock.withLock { _ in _ = fsync(descriptor) }
  }

  /// Cuts the file back to its last newline; returns how many bytes were removed.
  static func trimTornLastLine(_ descriptor: Int32, path: String) throws -> Int {
    let size = lseek(descriptor, 0, SEEK_END)
    guard size > 0 else { return 0 }
    var position = size
    let window = 1 << 16
    var buffer = [UInt8](repeating: 0, count: window)
    while position > 0 {
      let start = max(0, position - off_t(window))
      let count = Int(position - start)
      let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, start) }
      guard read == count else {
        throw StoreError(path: path, message: "cannot read the store's end to check for a torn line")
      }
      if let last = buffer[0..<count].lastIndex(of: UInt8(ascii: "\n")) {
        let keep = start + off_t(last) + 1
        if keep == size { return 0 }
        guard ftruncate(descriptor, keep) == 0 else {
          throw StoreError(path: path, message: "cannot trim a torn last line: \(String(cString: strerror(errno)))")
        }
        return Int(size - keep)
      }
      position = start
    }
    guard ftruncate(descriptor, 0) == 0 else {
      throw StoreError(path: path, message: "cannot trim a torn last line")
    }
    return Int(size)
  }
}
