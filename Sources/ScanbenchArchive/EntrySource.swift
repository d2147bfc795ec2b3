import Foundation
import ScanbenchSupport

/// What an archive or folder says an entry is, before its bytes are read.
public struct EntryHeader: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case file, directory, symlink, hardlink
    /// A character or block device.
    case device
    case fifo, socket
    /// A type this reader does not know.
    case other
  }

  /// The entry's path, printable: invalid UTF-8 and control characters escaped (see `EntryName`).
  public var path: String
  public var kind: Kind
  /// The declared size, when the archive declares one (a stream may not).
  public var declaredSize: Int64?
  public var isEncrypted: Bool
  /// Where a symbolic or hard link points, printable; nil for other kinds. Also set on a hard link
  /// served as the regular file it links to (`kind` is `.file`, see `InputOpener.open(_:maxEntryBytes:)`).
  public var linkTarget: String?
  /// Set when the name was not UTF-8 and `path` was decoded from a legacy encoding.
  public var transcodedName: TranscodedName?

  /// A name decoded from a legacy encoding, with the bytes the archive holds: `path` is readable,
  /// these keep what was stored.
  public struct TranscodedName: Sendable, Equatable {
    /// The encoding it was decoded from, `CP932`.
    public var encoding: String
    /// The name's bytes as stored, in lower-case hex.
    public var hex: String

    public init(encoding: String, bytes: some Sequence<UInt8>) {
      self.encoding = encoding
      hex = bytes.map { String(format: "%02x", $0) }.joined()
    }
  }

  public init(
    path: String, kind: Kind, declaredSize: Int64?, isEncrypted: Bool = false, linkTarget: String? = nil,
    transcodedName: TranscodedName? = nil
  ) {
    self.path = path
    self.kind = kind
    self.declaredSize = declaredSize
    self.isEncrypted = isEncrypted
    self.linkTarget = linkTarget
    self.transcodedName = transcodedName
  }

  /// `symlink to '../x'`, `FIFO`, … for messages about entries that are not regular files.
  public var kindDescription: String {
    switch kind {
    case .file: "regular file"
    case .directory: "directory"
    case .symlink: "symbolic link" + (linkTarget.map { " to '\($0)'" } ?? "")
    case .hardlink: "hard link" + (linkTarget.map { " to '\($0)'" } ?? "")
    case .device: "device"
    case .fifo: "FIFO (named pipe)"
    case .socket: "socket"
    case .other: "entry of an unknown type"
    }
  }
}

/// An entry whose bytes could not be read; the input itself may still go on.
public struct EntryReadError: Error, CustomStringConvertible, Sendable {
  public enum Kind: String, Sendable {
    case tooLarge = "too-large"
    case encrypted
    case unreadable
    /// A hard link whose target is not an earlier regular file of the archive.
    case notARegularFile = "not-a-regular-file"
  }

  public var kind: Kind
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// A sequence of entries read one at a time, each entry's bytes read into memory on demand.
///
/// Not thread-safe: one source is read by one thread (the runner's reader).
public protocol EntrySource: AnyObject {
  /// The next entry's header, or nil at the end. Throws `ArchiveError` when the input is unreadable.
  func nextEntry() throws -> EntryHeader?
  /// The current entry's bytes, refusing (while reading, not after) more than `limit` bytes.
  /// Throws `EntryReadError` for a problem with this entry and `ArchiveError` when the input broke.
  func readData(limit: Int) throws -> Data
  /// How many entries have been returned so far.
  var entriesRead: Int { get }
}

public enum InputOpener {
  /// Opens a folder, an archive libarchive reads, or a lone image file.
  public static func open(_ input: String) throws -> any EntrySource {
    if let refusal = FileKind.refusal(forReading: input) {
      throw ArchiveError(.unreadable, input: input, message: refusal)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
      throw ArchiveError(.missing, input: input, message: "no such file or folder")
    }
    if isDirectory.boolValue { return try FolderReader(path: input) }
    if EntryName.imageExtension(of: input) != nil {
      return try FolderReader(singleFile: input)
    }
    return try ArchiveReader(path: input)
  }

  /// Opens an input for its main pass, after its first pass: the hard links that pass found are
  /// served as the regular files they link to (`HardLinkResolver`).
  public static func open(_ index: InputIndex, maxEntryBytes: Int) throws -> any EntrySource {
    let source = try open(index.input)
    guard !index.hardLinks.isEmpty else { return source }
    return HardLinkResolver(source, links: index.hardLinks, maxEntryBytes: maxEntryBytes)
  }
}
