import Foundation
import ScanbenchSupport

/// Reads a folder's files (recursively, sorted by path) as if they were an archive's entries.
///
/// The folder is the user's own, so a symbolic link to a regular file is followed (datasets are
/// often built from links into a shared pool); links to anything else, FIFOs, devices and sockets
/// are reported with their kind and never opened, since opening a FIFO would block the run.
/// Linked folders are not descended into, so a link loop cannot make the walk endless.
public final class FolderReader: EntrySource {
  private let root: URL
  private let paths: [String]
  private var index = -1
  public private(set) var entriesRead = 0

  public init(path: String) throws {
    root = URL(fileURLWithPath: path, isDirectory: true)
    var found: [String] = []
    try Self.walk(root.path, relative: "", into: &found, input: path)
    paths = found.sorted()
  }

  /// A lone image file given as input (`scanbench run lines/*.png`): an entry named by its file
  /// name, then the ground truth beside it on disk (`GroundTruthBeside`), so it is scored.
  public init(singleFile path: String) throws {
    let url = URL(fileURLWithPath: path)
    root = url.deletingLastPathComponent()
    paths = [url.lastPathComponent] + GroundTruthBeside.names(for: url)
  }

  /// The one entry `entry` of the folder, for reading an image again without walking the folder:
  /// found only where the walk would find it (each folder on its way a real directory, the name a
  /// plain relative path as the walk makes them), else the reader has no entries.
  public init(path: String, entry: String) {
    root = URL(fileURLWithPath: path, isDirectory: true)
    let components = entry.split(separator: "/", omittingEmptySubsequences: false)
    // Escaped names (`\xNN`, `\\`) are not the bytes on disk: those are found only by the walk.
    let plain =
      !components.isEmpty && !entry.contains("\\")
      && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\u{0}") }
    var folder = root.path
    var inRealFolders = plain
    for component in components.dropLast() where inRealFolders {
      folder += "/" + component
      var status = stat()
      inRealFolders = lstat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
    var status = stat()
    paths = inRealFolders && lstat(root.path + "/" + entry, &status) == 0 ? [entry] : []
  }

  /// Lists everything that is not a real directory; descends only into real directories.
  private static func walk(_ folder: String, relative: String, into found: inout [String], input: String)
    throws
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw ArchiveError(
        .unreadable, input: input, message: "cannot list the folder \(folder): \(error.localizedDescription)")
    }
    for name in names {
      let full = folder + "/" + name
      let path = relative.isEmpty ? name : relative + "/" + name
      var status = stat()
      if lstat(full, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        try walk(full, relative: path, into: &found, input: input)
      } else {
        found.append(path)
      }
    }
  }

  public func nextEntry() throws -> EntryHeader? {
    index += 1
    guard index < paths.count else { return nil }
    entriesRead += 1
    let path = paths[index]
    let full = root.appendingPathComponent(path).path
    var kind = EntryHeader.Kind.other
    var size: Int64?
    var target: String?
    var status = stat()
    if lstat(full, &status) == 0 {
      kind = Self.kind(status.st_mode)
      size = Int64(status.st_size)
      if kind == .symlink {
        target = try? FileManager.default.destinationOfSymbolicLink(atPath: full)
        // Followed when it leads to a regular file; otherwise reported as the link it is.
        var followed = stat()
        if stat(full, &followed) == 0, followed.st_mode & S_IFMT == S_IFREG {
          kind = .file
          size = Int64(followed.st_size)
        }
      }
    }
    return EntryHeader(
      path: EntryName.printable(Array(path.utf8)), kind: kind, declaredSize: size,
      linkTarget: target.map { EntryName.printable(Array($0.utf8)) })
  }

  private static func kind(_ mode: mode_t) -> EntryHeader.Kind {
    switch mode & S_IFMT {
    case S_IFREG: .file
    case S_IFDIR: .directory
    case S_IFLNK: .symlink
    case S_IFCHR, S_IFBLK: .device
    case S_IFIFO: .fifo
    case S_IFSOCK: .socket
    default: .other
    }
  }

  public func readData(limit: Int) throws -> Data {
    let path = root.appendingPathComponent(paths[index]).path
    // Non-blocking, then checked again: a file swapped for a FIFO after `nextEntry` must not hang us.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw EntryReadError(
        kind: .unreadable, message: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw EntryReadError(kind: .unreadable, message: "\(path) is no longer a regular file")
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw EntryReadError(
          kind: .unreadable, message: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if data.count + count > limit {
        throw EntryReadError(
          kind: .tooLarge, message: "file is larger than the limit of \(limit) bytes (--max-entry-bytes)")
      }
      data.append(contentsOf: buffer[0..<count])
    }
  }
}

@available(*, unavailable)
extension FolderReader: Sendable {}
