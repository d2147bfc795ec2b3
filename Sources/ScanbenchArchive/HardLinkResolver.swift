import Foundation

/// Serves tar hard links as the regular files they link to, since nothing is written to disk: a
/// link entry has no bytes of its own (GNU tar writes one whenever the same file is archived twice,
/// e.g. `tar ch` over symbolic links), so it gets those of the earlier entry it names.
///
/// Which entries are links to serve, and to which targets, comes from the header-only first pass
/// (`InputIndex.hardLinks`), so only the targets' bytes are kept, and each only until its last
/// link has been read. A target's bytes are read like any entry's, at most `--max-entry-bytes`;
/// the targets held at one time add up to at most `--max-entry-bytes` too. A link whose target
/// could not be kept (too large, over that total, unreadable, or not an earlier entry) fails with
/// a message saying so. Symbolic links are not served: they stay links, never followed.
final class HardLinkResolver: EntrySource {
  private let source: any EntrySource
  /// Link path → the target path it names.
  private let links: [String: String]
  /// Target path → links to it still to come.
  private var linksLeft: [String: Int]
  private var held: [String: Result<Data, EntryReadError>] = [:]
  private var heldBytes = 0
  private let maxEntryBytes: Int
  private var current: EntryHeader?
  /// Whether the current entry's bytes were asked for (they can be read only once).
  private var currentWasRead = false
  /// The bytes (or the failure) a link entry is served.
  private var serving: Result<Data, EntryReadError>?

  init(_ source: any EntrySource, links: [String: String], maxEntryBytes: Int) {
    self.source = source
    self.links = links
    self.maxEntryBytes = maxEntryBytes
    linksLeft = links.values.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }

  var entriesRead: Int { source.entriesRead }

  func nextEntry() throws -> EntryHeader? {
    try holdUnreadTarget()
    serving = nil
    currentWasRead = false
    current = try source.nextEntry()
    guard var header = current else { return nil }
    if header.kind == .hardlink, let target = header.linkTarget, links[header.path] == target {
      let served =
        held[target]
        ?? .failure(
          EntryReadError(
            kind: .notARegularFile,
            message:
              "a hard link to '\(target)', which is not an earlier regular file of the archive: not read"))
      serving = served
      let left = (linksLeft[target] ?? 1) - 1
      linksLeft[target] = left > 0 ? left : nil
      if left <= 0, let data = try? held.removeValue(forKey: target)?.get() { heldBytes -= data.count }
      header.kind = .file
      header.declaredSize = (try? served.get()).map { Int64($0.count) }
      current = header
    }
    return header
  }

  func readData(limit: Int) throws -> Data {
    if let serving {
      let data = try serving.get()
      guard data.count <= limit else {
        throw EntryReadError(
          kind: .tooLarge, message: "entry is larger than the limit of \(limit) bytes (--max-entry-bytes)")
      }
      return data
    }
    guard let current, isTarget(current) else { return try source.readData(limit: limit) }
    currentWasRead = true
    do {
      let data = try source.readData(limit: limit)
      hold(.success(data), for: current.path)
      return data
    } catch let error as EntryReadError {
      hold(.failure(error), for: current.path)
      throw error
    }
  }

  private func isTarget(_ header: EntryHeader) -> Bool {
    header.kind == .file && serving == nil && linksLeft[header.path] != nil
  }

  /// A target whose bytes nobody asked for (not an image, another shard's) is read here, before
  /// the archive moves past it.
  private func holdUnreadTarget() throws {
    guard let current, !currentWasRead, isTarget(current) else { return }
    if let declared = current.declaredSize, declared > Int64(maxEntryBytes) {
      hold(
        .failure(
          EntryReadError(
            kind: .tooLarge, message: "declares \(declared) bytes, over the limit of \(maxEntryBytes) bytes")),
        for: current.path)
      return
    }
    do {
      hold(.success(try source.readData(limit: maxEntryBytes)), for: current.path)
    } catch let error as EntryReadError {
      hold(.failure(error), for: current.path)
    }
  }

  private func hold(_ result: Result<Data, EntryReadError>, for target: String) {
    if let old = try? held.removeValue(forKey: target)?.get() { heldBytes -= old.count }
    switch result {
    case .success(let data) where heldBytes + data.count > maxEntryBytes:
      held[target] = .failure(
        EntryReadError(
          kind: .tooLarge,
          message:
            "a hard link to '\(target)', whose \(data.count) bytes were not kept: the targets of links still to "
            + "come already held \(heldBytes) bytes, and they may hold \(maxEntryBytes) (--max-entry-bytes)"))
    case .success(let data):
      held[target] = .success(data)
      heldBytes += data.count
    case .failure(let error):
      held[target] = .failure(
        EntryReadError(
          kind: error.kind,
          message: "a hard link to '\(target)', whose bytes could not be read: \(error.message)"))
    }
  }
}

@available(*, unavailable)
extension HardLinkResolver: Sendable {}
