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
  ///
  /// `onRepair` is told how many bytes of a torn last line were removed. With `.wait`, `onWait` is
  /// called once if another process holds the lock, and the wait ends with an error as soon as
  /// `isCancelled` says so: a blocking `flock` could not be interrupted by SIGINT or SIGTERM.
  public init(
    url: URL, lockPolicy: LockPolicy = .wait, onRepair: (Int) -> Void = { _ in }, onWait: () -> Void = {},
    isCancelled: () -> Bool = { false }
  ) throws {
    self.url = url
    let created = try Self.createFolders(of: url)
    let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let message = "cannot open for appending: \(String(cString: strerror(errno)))"
      // A store that cannot be made leaves nothing behind, not even the folders made for it.
      for folder in created.reversed() { rmdir(folder.path) }
      throw StoreError(path: url.path, message: message)
    }
    self.descriptor = descriptor
    // From here on `deinit` closes the descriptor, whatever is thrown.
    try Self.lock(descriptor, path: url.path, policy: lockPolicy, onWait: onWait, isCancelled: isCancelled)
    try Self.checkIsStore(descriptor, path: url.path)
    let removed = try Self.trimTornLastLine(descriptor, path: url.path)
    if removed > 0 { onRepair(removed) }
  }

  /// Makes the store's missing folders; returns those it made, outermost first.
  private static func createFolders(of url: URL) throws -> [URL] {
    var missing: [URL] = []
    var folder = url.deletingLastPathComponent().standardizedFileURL
    while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
      missing.insert(folder, at: 0)
      folder.deleteLastPathComponent()
    }
    var created: [URL] = []
    for folder in missing {
      guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
        let message = "cannot create the folder \(folder.path): \(String(cString: strerror(errno)))"
        for made in created.reversed() { rmdir(made.path) }
        throw StoreError(path: url.path, message: message)
      }
      created.append(folder)
    }
    return created
  }

  private static func lock(
    _ descriptor: Int32, path: String, policy: LockPolicy, onWait: () -> Void, isCancelled: () -> Bool
  ) throws {
    var toldWaiting = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else {
        throw StoreError(path: path, message: "cannot lock: \(String(cString: strerror(code)))")
      }
      guard policy == .wait else {
        throw StoreError(
          path: path,
          message: "another scanbench process is writing to this store (drop --no-wait to wait for it)")
      }
      if !toldWaiting {
        onWait()
        toldWaiting = true
      }
      if isCancelled() {
        throw StoreError(
          path: path, message: "interrupted while waiting for another scanbench process to finish writing")
      }
      usleep(50_000)
    }
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

  /// Encodes `record` as one line; throws `StoreLineTooLong` for a line longer than the readers
  /// take (`StoreReader.maximumLineLength`), which would be written only to be skipped by every
  /// reader and redone by every `--resume`.
  public static func line(for record: some Encodable) throws -> Data {
    var data = try encoder.encode(record)
    guard data.count <= StoreReader.maximumLineLength else { throw StoreLineTooLong(bytes: data.count) }
    data.append(UInt8(ascii: "\n"))
    return data
  }

  public func append(_ record: some Encodable) throws {
    try append(line: Self.line(for: record))
  }

  /// Writes one already-encoded line (ending in a newline) whole.
  ///
  /// When a write fails part-way (disk full, file size limit), the part already written is cut off
  /// again, so a later line can never be glued to half of this one.
  public func append(line: Data) throws {
    try writeLock.withLock { _ in
      // The lock is exclusive for the writer's life, so the end of the file is where this line starts.
      let start = lseek(descriptor, 0, SEEK_END)
      try line.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let written = write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
          if written < 0 {
            let code = errno
            if code == EINTR { continue }
            var message = "write failed: \(String(cString: strerror(code)))"
            if offset > 0, start >= 0 {
              if ftruncate(descriptor, start) == 0 {
                message += " (the partly written line was removed)"
              } else {
                message += " (a partly written line is left at the end; the next writer removes it)"
              }
            }
            throw StoreError(path: url.path, message: message)
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

  /// Refuses a file that is not a store: `--out` pointed at an archive or a document by mistake must
  /// not be appended to, let alone have its "torn last line" cut off.
  static func checkIsStore(_ descriptor: Int32, path: String) throws {
    let size = lseek(descriptor, 0, SEEK_END)
    guard size > 0 else { return }
    let count = Int(min(size, 1 << 20))
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    guard read == count else {
      throw StoreError(path: path, message: "cannot read the store's first line")
    }
    let isStore: Bool
    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      isStore = StoreReader.looksLikeRecord(Data(buffer[..<newline]))
    } else {
      // One line, torn or longer than what was read: it can only be judged by how it starts.
      isStore = buffer.starts(with: Array(#"{""#.utf8))
    }
    guard isStore else {
      throw StoreError(
        path: path,
        message: notAStoreMessage + "; refusing to append to it: choose another --out")
    }
  }

  static let notAStoreMessage =
    "is not a scanbench store, or a damaged one (its first line is not a result or summary record)"

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
          throw StoreError(
            path: path, message: "cannot trim a torn last line: \(String(cString: strerror(errno)))")
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

/// A record too long for a store line: the writer refuses what its readers would skip.
public struct StoreLineTooLong: Error, CustomStringConvertible, Sendable {
  /// The encoded line's length, without its newline.
  public var bytes: Int

  public var description: String {
    "its store line would be \(bytes) bytes, over the store's limit of \(StoreReader.maximumLineLength >> 20) MiB"
  }
}
