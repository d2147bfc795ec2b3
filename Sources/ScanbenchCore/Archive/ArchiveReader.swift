import CArchive
import Foundation

/// Streams the entries of an archive with libarchive: each entry's bytes go to memory, never to disk.
public final class ArchiveReader: EntrySource {
  private let handle: OpaquePointer
  private let input: String
  public private(set) var entriesRead = 0
  private static let blockSize = 1 << 16

  public init(path: String) throws {
    guard let handle = archive_read_new() else {
      throw ArchiveError(.unreadable, input: path, message: "libarchive could not allocate a reader")
    }
    self.handle = handle
    self.input = path
    archive_read_support_filter_all(handle)
    archive_read_support_format_all(handle)
    if archive_read_open_filename(handle, path, Self.blockSize) != ARCHIVE_OK {
      let message = Self.errorMessage(handle)
      // `self` is fully initialized here, so `deinit` frees the handle.
      throw ArchiveError(.notAnArchive, input: path, message: "cannot open as an archive: \(message)")
    }
  }

  deinit {
    archive_read_free(handle)
  }

  public func nextEntry() throws -> EntryHeader? {
    var entry: OpaquePointer?
    let status = archive_read_next_header(handle, &entry)
    switch status {
    case ARCHIVE_EOF:
      return nil
    case ARCHIVE_OK, ARCHIVE_WARN:
      break
    default:
      let message = Self.errorMessage(handle)
      if entriesRead == 0 {
        throw ArchiveError(.notAnArchive, input: input, message: "not a readable archive: \(message)")
      }
      throw ArchiveError(
        .truncated, input: input, message: "archive is truncated or corrupt: \(message)",
        entriesRead: entriesRead)
    }
    guard let entry else {
      throw ArchiveError(.corrupt, input: input, message: "entry without a header", entriesRead: entriesRead)
    }
    entriesRead += 1
    return EntryHeader(
      path: Self.path(of: entry),
      kind: Self.kind(of: entry),
      declaredSize: archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil,
      isEncrypted: archive_entry_is_encrypted(entry) != 0)
  }

  public func readData(limit: Int) throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: Self.blockSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        let message = Self.errorMessage(handle)
        if Int32(count) == ARCHIVE_FATAL {
          throw ArchiveError(
            .truncated, input: input, message: "archive is truncated or corrupt: \(message)",
            entriesRead: entriesRead)
        }
        let lowered = message.lowercased()
        let kind: EntryReadError.Kind =
          lowered.contains("encrypt") || lowered.contains("passphrase") ? .encrypted : .unreadable
        throw EntryReadError(kind: kind, message: message)
      }
      if data.count + count > limit {
        // Stop reading now: a decompression bomb must not be inflated to find out how big it is.
        throw EntryReadError(
          kind: .tooLarge, message: "entry is larger than the limit of \(limit) bytes (--max-entry-bytes)")
      }
      buffer.withUnsafeBytes { data.append($0.bindMemory(to: UInt8.self).baseAddress!, count: count) }
    }
  }

  private static func errorMessage(_ handle: OpaquePointer) -> String {
    archive_error_string(handle).map { String(cString: $0) } ?? "unknown libarchive error"
  }

  private static func path(of entry: OpaquePointer) -> String {
    if let utf8 = archive_entry_pathname_utf8(entry) {
      return EntryName.printable(UnsafeBufferPointer(start: utf8, count: strlen(utf8)).map { UInt8(bitPattern: $0) })
    }
    if let raw = archive_entry_pathname(entry) {
      return EntryName.printable(UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) })
    }
    return "(unnamed entry)"
  }

  private static func kind(of entry: OpaquePointer) -> EntryHeader.Kind {
    if archive_entry_hardlink(entry) != nil { return .hardlink }
    // AE_IF* are cast macros Swift cannot import; their values are POSIX's S_IF* values.
    switch archive_entry_filetype(entry) {
    case 0o100000: return .file
    case 0o040000: return .directory
    case 0o120000: return .symlink
    default: return .other
    }
  }
}

@available(*, unavailable)
extension ArchiveReader: Sendable {}
