import Foundation
import ScanbenchSupport
import Synchronization

/// Model files are tens of MB, and hashing the standard English model took 0.3 s of every run's
/// start-up, on the critical path. Each file is hashed once per process, and its digest is kept in
/// the user's cache, trusted only while the file's device, inode, size, modification and change
/// times are all the same: any write to the file moves its change time, which no tool can set back.
package final class ModelHashCache: Sendable {
  package static let shared = ModelHashCache(folder: ModelHashCache.defaultFolder)

  /// Nil: no cache on disk, hash every time (and once per process).
  let folder: URL?
  private let hashes = Mutex<[String: String]>([:])

  init(folder: URL?) {
    self.folder = folder
  }

  static var defaultFolder: URL? { ModelFolders.cache().appendingPathComponent("model-hashes") }

  package func hash(of path: String) throws -> String {
    if let known = hashes.withLock({ $0[path] }) { return known }
    let before = Self.identity(of: path)
    let entry = folder.map { $0.appendingPathComponent(String(SHA256.hex(Data(path.utf8)).prefix(32))) }
    if let before, let entry, let digest = Self.read(entry, expecting: before) {
      hashes.withLock { $0[path] = digest }
      return digest
    }
    let digest = try SHA256.hex(fileAt: URL(fileURLWithPath: path))
    // A file that changed while it was read has no digest worth keeping.
    if let before, let entry, Self.identity(of: path) == before {
      Self.write(entry, identity: before, digest: digest)
    }
    hashes.withLock { $0[path] = digest }
    return digest
  }

  /// What must not have changed for a kept digest to hold.
  static func identity(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return [
      UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
      UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec),
      UInt64(info.st_ctim.tv_sec), UInt64(info.st_ctim.tv_nsec),
    ].map(String.init).joined(separator: " ")
  }

  /// An entry is one line: the identity, then the digest.
  private static func read(_ entry: URL, expecting identity: String) -> String? {
    guard let text = try? String(contentsOf: entry, encoding: .utf8) else { return nil }
    let line = text.trimmingCharacters(in: .newlines)
    guard line.hasPrefix(identity + " ") else { return nil }
    let digest = line.dropFirst(identity.count + 1)
    guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
    return String(digest)
  }

  /// Best effort: a read-only or full disk only costs the next run a hash. Written under a unique
  /// name, then renamed, so a concurrent run never reads half an entry.
  private static func write(_ entry: URL, identity: String, digest: String) {
    let folder = entry.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(entry.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("\(identity) \(digest)\n".utf8).write(to: temporary)
      guard rename(temporary.path, entry.path) == 0 else {
        unlink(temporary.path)
        return
      }
    } catch {
      unlink(temporary.path)
    }
  }
}
