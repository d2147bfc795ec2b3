import Foundation
import ScanbenchCommandLine
import ScanbenchNotes
import ScanbenchStore
import ScanbenchSupport

/// Checks of the files a command will read or write, made before it does any work.
enum Paths {
  /// A store to append to (`creating`) or read: not a folder, and if it exists, a store (its first
  /// line a record). Missing is fine only when creating, in a folder that exists or can be made.
  static func checkStore(_ path: String, creating: Bool) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      guard creating else {
        throw CommandFailure("\(path): no such store file", exitCode: ExitCode.inputUnreadable)
      }
      try checkFolder(of: path)
      return
    }
    guard !isDirectory.boolValue else {
      throw CommandFailure("\(path): a folder, not a store file", exitCode: ExitCode.inputUnreadable)
    }
    // A FIFO or a socket blocks whoever opens it; a device (`/dev/full`, `/dev/null`) may be written
    // to, not read as a store.
    if let stream = FileKind.stream(atPath: path), !creating || FileKind.blocksWhenOpened(atPath: path) {
      throw CommandFailure(
        "\(path): \(stream), not a store file: a store is read (and appended to) as a file",
        exitCode: ExitCode.inputUnreadable)
    }
    // An empty file is a store only to append to: there is nothing in it to import or check.
    if !creating, (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
      throw CommandFailure(
        "\(path): an empty file, not a store: give a store written by 'scanbench run' or 'scanbench score'",
        exitCode: ExitCode.inputUnreadable)
    }
    if let problem = StoreReader.notAStore(URL(fileURLWithPath: path)) {
      throw CommandFailure(
        "\(path): \(problem); give a store written by 'scanbench run' or 'scanbench score'",
        exitCode: ExitCode.inputUnreadable)
    }
  }

  /// A note database: if it exists, scanbench's (not another program's SQLite file, not of a newer
  /// or unknown schema: exit 2, left as it was); missing is fine only when creating.
  static func checkNoteDatabase(_ path: String, creating: Bool) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      guard creating else {
        throw CommandFailure(
          "\(path): no such note database (make one with 'scanbench import STORE --db \(path)')",
          exitCode: ExitCode.inputUnreadable)
      }
      try checkFolder(of: path)
      return
    }
    let header = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 16) } ?? Data()
    guard !isDirectory.boolValue, header.isEmpty || header == Data("SQLite format 3\u{0}".utf8) else {
      throw CommandFailure(
        "\(path): not a note database (not an SQLite file)", exitCode: ExitCode.inputUnreadable)
    }
    // Opened (and, if older, migrated) before any work starts, so an unusable one stops nothing halfway.
    _ = try NoteDatabaseOptions.open(path: path)
  }

  /// Whether two paths name one file (the same device and inode: through symbolic or hard links
  /// too); false when either does not exist.
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// A file to write (`OutputFile`'s rules): missing, a regular file (through a link too) whose
  /// folder exists or can be made, or a device or FIFO written in place; a folder, a socket, a
  /// block device or a dangling link is refused.
  static func checkWritable(_ path: String) throws {
    let destination: OutputFile.Destination
    do { destination = try OutputFile.destination(of: path) } catch let error as OutputFileError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    if case .file(let real) = destination { try checkFolder(of: real) }
  }

  /// The folder `path` goes in exists, or its nearest existing ancestor is a folder we may write in.
  static func checkFolder(of path: String) throws {
    var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    while !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      folder.deleteLastPathComponent()
    }
    guard isDirectory.boolValue, FileManager.default.isWritableFile(atPath: folder.path) else {
      throw CommandFailure(
        "\(path): cannot be written (\(folder.path) is not a folder scanbench may write in)",
        exitCode: ExitCode.inputUnreadable)
    }
  }
}
