import Foundation

/// Reads a folder's files (recursively, sorted by path) as if they were an archive's entries.
public final class FolderReader: EntrySource {
  private let root: URL
  private let paths: [String]
  private var index = -1
  public private(set) var entriesRead = 0

  public init(path: String) throws {
    root = URL(fileURLWithPath: path, isDirectory: true)
    guard let enumerator = FileManager.default.enumerator(atPath: path) else {
      throw ArchiveError(.unreadable, input: path, message: "cannot list the folder")
    }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = root.appendingPathComponent(relative).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
        found.append(relative)
      }
    }
    paths = found.sorted()
  }

  /// A lone image file given as input: one entry named by its file name.
  public init(singleFile path: String) throws {
    let url = URL(fileURLWithPath: path)
    root = url.deletingLastPathComponent()
    paths = [url.lastPathComponent]
  }

  public func nextEntry() throws -> EntryHeader? {
    index += 1
    guard index < paths.count else { return nil }
    entriesRead += 1
    let path = paths[index]
    let full = root.appendingPathComponent(path).path
    let attributes = try? FileManager.default.attributesOfItem(atPath: full)
    let kind: EntryHeader.Kind
    switch attributes?[.type] as? FileAttributeType {
    case .typeRegular?: kind = .file
    case .typeSymbolicLink?: kind = .symlink
    case .typeDirectory?: kind = .directory
    default: kind = .other
    }
    let size = (attributes?[.size] as? NSNumber)?.int64Value
    return EntryHeader(path: EntryName.printable(Array(path.utf8)), kind: kind, declaredSize: size)
  }

  public func readData(limit: Int) throws -> Data {
    let url = root.appendingPathComponent(paths[index])
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      throw EntryReadError(kind: .unreadable, message: "cannot open \(url.path)")
    }
    defer { try? handle.close() }
    var data = Data()
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      if data.count + chunk.count > limit {
        throw EntryReadError(
          kind: .tooLarge, message: "file is larger than the limit of \(limit) bytes (--max-entry-bytes)")
      }
      data.append(chunk)
    }
    return data
  }
}

@available(*, unavailable)
extension FolderReader: Sendable {}
