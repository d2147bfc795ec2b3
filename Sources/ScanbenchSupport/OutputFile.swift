import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file an output could not be written to: the path and why.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

/// The one way every output (`merge --out`, `baseline --out`, `report --html`, `check --junit` and
/// `--markdown`) reaches its path, so that none replaces what is not a regular file.
///
/// A missing path or a regular file is written to a temporary file beside it that replaces it only
/// when complete (a reader never sees half a report; the old file keeps its mode). A character
/// device or a FIFO (`/dev/null`, `/dev/stdout` on a terminal or a pipe) is written in place, as
/// `run --out` appends to one: renaming over it would turn the device into a plain file. Symbolic
/// links are followed on purpose, and the link is kept: the file it names is what is written, by
/// the same rules. A folder, a socket, a block device and a link to nothing are refused.
public enum OutputFile {
  public enum Destination: Equatable, Sendable {
    /// Missing or a regular file, at its real path (links resolved): replaced whole.
    case file(String)
    /// A character device or FIFO, written in place; `kind` says which, in words.
    case stream(String, kind: String)
  }

  /// Where writing `path` goes, or why it must not be written; checks nothing but the path, so
  /// commands call it before any work.
  public static func destination(of path: String) throws -> Destination {
    var link = stat()
    guard lstat(path, &link) == 0 else {
      guard errno == ENOENT else {
        throw OutputFileError(path: path, message: "cannot be examined: \(errorText())")
      }
      return .file(path)
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
      throw OutputFileError(
        path: path,
        message:
          "a symbolic link to '\(target)', which does not exist: give the file itself, not a dangling link")
    }
    let isLink = link.st_mode & S_IFMT == S_IFLNK
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      guard isLink else { return .file(path) }
      guard let real = realpath(path, nil) else {
        throw OutputFileError(path: path, message: "cannot resolve the symbolic link: \(errorText())")
      }
      defer { free(real) }
      return .file(String(cString: real))
    case S_IFCHR: return .stream(path, kind: "a character device")
    case S_IFIFO: return .stream(path, kind: "a pipe or FIFO")
    case S_IFDIR: throw OutputFileError(path: path, message: "a folder, not a file to write")
    case S_IFSOCK: throw OutputFileError(path: path, message: "a socket, not a file to write")
    case S_IFBLK:
      throw OutputFileError(
        path: path, message: "a block device (a disk), not a file to write: refusing to write to it")
    default: throw OutputFileError(path: path, message: "not a regular file, not a file to write")
    }
  }

  /// Writes `data` to `path` by the rules above.
  public static func write(_ data: Data, to path: String) throws {
    switch try destination(of: path) {
    case .stream(let stream, let kind): try writeInPlace(data, to: stream, kind: kind)
    case .file:
      try write(to: path) { temporary in
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
          throw OutputFileError(path: path, message: "cannot be written: \(errorText())")
        }
      }
    }
  }

  /// Lets `body` write the whole output into a new file at the URL it is given, then puts it at
  /// `path` by the rules above: renamed over a regular file, copied into a stream in place. The
  /// file `body` gets does not exist yet; it is removed if `body` throws.
  public static func write<T>(to path: String, _ body: (URL) throws -> T) throws -> T {
    let destination = try destination(of: path)
    let temporary: URL
    switch destination {
    case .file(let real):
      let url = URL(fileURLWithPath: real)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw OutputFileError(path: path, message: "cannot make its folder: \(error.localizedDescription)")
      }
      temporary = url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).part-\(getpid())")
    case .stream:
      temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
        "scanbench-output-\(getpid())-\(UUID().uuidString)")
    }
    try? FileManager.default.removeItem(at: temporary)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let value = try body(temporary)
    switch destination {
    case .file(let real):
      var existing = stat()
      if stat(real, &existing) == 0 { _ = chmod(temporary.path, existing.st_mode & 0o7777) }
      guard rename(temporary.path, real) == 0 else {
        throw OutputFileError(path: path, message: "cannot be replaced by the new file: \(errorText())")
      }
    case .stream(let stream, let kind):
      // Copied in pieces: a merged store may be larger than memory should hold.
      guard let source = FileHandle(forReadingAtPath: temporary.path) else {
        throw OutputFileError(path: path, message: "cannot read back what was written: \(errorText())")
      }
      defer { try? source.close() }
      let descriptor = try openInPlace(stream, kind: kind)
      defer { close(descriptor) }
      while let piece = try? source.read(upToCount: 1 << 20), !piece.isEmpty {
        try writeAll(piece, to: descriptor, path: stream, kind: kind)
      }
    }
    return value
  }

  /// Opens `path` without creating or truncating it and writes `data` to it.
  static func writeInPlace(_ data: Data, to path: String, kind: String) throws {
    let descriptor = try openInPlace(path, kind: kind)
    defer { close(descriptor) }
    try writeAll(data, to: descriptor, path: path, kind: kind)
  }

  /// Opens a stream for writing without creating or truncating it: a FIFO with no reader is
  /// refused rather than waited on.
  static func openInPlace(_ path: String, kind: String) throws -> Int32 {
    let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      if errno == ENXIO {
        throw OutputFileError(
          path: path, message: "\(kind) that nobody reads: not written (start its reader first)")
      }
      throw OutputFileError(path: path, message: "\(kind) that cannot be opened for writing: \(errorText())")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return descriptor
  }

  static func writeAll(_ data: Data, to descriptor: Int32, path: String, kind: String) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw OutputFileError(
            path: path, message: "write failed (\(kind), written in place): \(errorText())")
        }
        offset += written
      }
    }
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }
}
