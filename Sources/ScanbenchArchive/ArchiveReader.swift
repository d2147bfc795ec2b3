import CArchive
import Foundation
import ScanbenchSupport

/// Streams the entries of an archive with libarchive: each entry's bytes go to memory, never to disk.
public final class ArchiveReader: EntrySource {
  private let handle: OpaquePointer
  private let input: String
  /// The bytes of an archive read from memory, owned here because libarchive does not copy them.
  private let memory: UnsafeMutableRawBufferPointer?
  /// The input's first bytes, to name what it is when libarchive cannot read it (a PDF, say).
  private let leadingBytes: Data
  /// A gzip, bzip2, xz, lzip, lzma or zstd input, decoded here rather than by libarchive's filters
  /// so that a cut keeps every entry that is whole before it (`DecompressingInput`).
  private let decompressing: DecompressingInput?
  public private(set) var entriesRead = 0
  private static let blockSize = 1 << 16

  public init(path: String) throws {
    guard let handle = archive_read_new() else {
      throw ArchiveError(.unreadable, input: path, message: "libarchive could not allocate a reader")
    }
    self.handle = handle
    self.input = path
    self.memory = nil
    leadingBytes = Self.firstBytes(ofFileAt: path)
    let compression = Compression(leadingBytes: Array(leadingBytes))
    let descriptor = compression == nil ? -1 : open(path, O_RDONLY | O_CLOEXEC)
    decompressing =
      if let compression, descriptor >= 0 {
        try? DecompressingInput(compression, upstream: .file(descriptor))
      } else {
        nil
      }
    if decompressing == nil, descriptor >= 0 { close(descriptor) }
    Self.enableFormats(handle)
    // `self` is fully initialized here, so `deinit` frees the handle.
    if let decompressing {
      if Self.openDecoded(handle, decompressing) != ARCHIVE_OK { throw error(atEntry: false) }
    } else if archive_read_open_filename(handle, path, Self.blockSize) != ARCHIVE_OK {
      throw Self.notAnArchive(handle, input: path, firstBytes: leadingBytes)
    }
  }

  /// Reads an archive held in memory (`input` names it in errors); the bytes are copied first.
  public init(data: Data, input: String = "(memory)") throws {
    guard let handle = archive_read_new() else {
      throw ArchiveError(.unreadable, input: input, message: "libarchive could not allocate a reader")
    }
    self.handle = handle
    self.input = input
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
    data.copyBytes(to: memory.bindMemory(to: UInt8.self), count: data.count)
    self.memory = memory
    leadingBytes = Data(data.prefix(Compression.magicLength))
    decompressing = Compression(leadingBytes: Array(leadingBytes)).flatMap {
      try? DecompressingInput($0, upstream: .memory(UnsafeRawBufferPointer(rebasing: memory[0..<data.count])))
    }
    Self.enableFormats(handle)
    if let decompressing {
      if Self.openDecoded(handle, decompressing) != ARCHIVE_OK { throw error(atEntry: false) }
    } else if archive_read_open_memory(handle, memory.baseAddress, data.count) != ARCHIVE_OK {
      throw Self.notAnArchive(handle, input: input, firstBytes: leadingBytes)
    }
  }

  /// Opens libarchive over the decoded bytes; `input` outlives the handle (both are this reader's).
  private static func openDecoded(_ handle: OpaquePointer, _ input: DecompressingInput) -> Int32 {
    archive_read_open(
      handle, Unmanaged.passUnretained(input).toOpaque(), nil,
      { _, client, buffer in
        guard let client, let buffer else { return Int(ARCHIVE_FATAL) }
        let bytes = Unmanaged<DecompressingInput>.fromOpaque(client).takeUnretainedValue().read()
        buffer.pointee = bytes.isEmpty ? nil : UnsafeRawPointer(bytes.baseAddress)
        return bytes.count
      }, nil)
  }

  /// The error to throw when libarchive reports one or the stream ends: the decoder's, when the
  /// compressed input broke (libarchive then sees only an early end), else libarchive's.
  private func error(atEntry: Bool) -> ArchiveError {
    if let failure = decompressing?.failure {
      let kind: ArchiveError.Kind =
        switch failure.kind {
        case .truncated: .truncated
        case .corrupt: .corrupt
        case .unreadable: .unreadable
        }
      let what =
        switch failure.kind {
        case .truncated: "archive is truncated"
        case .corrupt: "archive is corrupt"
        case .unreadable: "cannot read the archive"
        }
      return ArchiveError(
        kind, input: input, message: "\(what): \(failure.message)", entriesRead: entriesRead)
    }
    if !atEntry || entriesRead == 0 {
      return Self.notAnArchive(handle, input: input, firstBytes: leadingBytes)
    }
    return ArchiveError(
      .truncated, input: input, message: "archive is truncated or corrupt: \(Self.errorMessage(handle))",
      entriesRead: entriesRead)
  }

  /// libarchive's version, e.g. `3.6.2` (it says `libarchive 3.6.2`).
  public static var libraryVersion: String {
    let text = String(cString: archive_version_string())
    return text.hasPrefix("libarchive ") ? String(text.dropFirst("libarchive ".count)) : text
  }

  deinit {
    archive_read_free(handle)
    memory?.deallocate()
  }

  /// Every archive format libarchive reads except mtree and raw. An mtree "archive" is a text
  /// file of paths whose contents libarchive reads from this machine's disk, so a stranger's file
  /// could make a run read local files; and any text file (a PDF's first lines, a README) parses as
  /// one, which turns "not an archive" into a listing of nonsense entries.
  private static func enableFormats(_ handle: OpaquePointer) {
    archive_read_support_filter_all(handle)
    for enable in [
      archive_read_support_format_7zip, archive_read_support_format_ar, archive_read_support_format_cab,
      archive_read_support_format_cpio, archive_read_support_format_empty,
      archive_read_support_format_iso9660,
      archive_read_support_format_lha, archive_read_support_format_rar, archive_read_support_format_rar5,
      archive_read_support_format_tar, archive_read_support_format_warc, archive_read_support_format_xar,
      archive_read_support_format_zip,
    ] {
      _ = enable(handle)
    }
  }

  /// libarchive finds the format when opening a file but only at the first header in memory, so
  /// both places ask this. An input libarchive says was cut is one (an lz4 stream cut inside its
  /// first block, say: that filter is libarchive's).
  private static func notAnArchive(_ handle: OpaquePointer, input: String, firstBytes: Data) -> ArchiveError {
    let message = errorMessage(handle)
    if message.lowercased().contains("truncated") {
      return ArchiveError(
        .truncated, input: input, message: "archive is truncated or corrupt: \(message)", entriesRead: 0)
    }
    if firstBytes.starts(with: Array("%PDF".utf8)) {
      return ArchiveError(
        .notAnArchive, input: input,
        message: "a PDF, not an archive or an image: name it NAME.pdf, and its pages are read")
    }
    return ArchiveError(.notAnArchive, input: input, message: "not a readable archive: \(message)")
  }

  private static func firstBytes(ofFileAt path: String) -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: Compression.magicLength)) ?? Data()
  }

  public func nextEntry() throws -> EntryHeader? {
    var entry: OpaquePointer?
    let status = archive_read_next_header(handle, &entry)
    switch status {
    case ARCHIVE_EOF:
      // A cut between two entries looks like the end to libarchive; and the stream's own check
      // (gzip's CRC-32, xz's) comes after the archive's end marker, which libarchive stops at.
      decompressing?.drain()
      if decompressing?.failure != nil { throw error(atEntry: true) }
      return nil
    case ARCHIVE_OK, ARCHIVE_WARN:
      break
    default:
      throw error(atEntry: true)
    }
    guard let entry else {
      throw ArchiveError(.corrupt, input: input, message: "entry without a header", entriesRead: entriesRead)
    }
    entriesRead += 1
    let kind = Self.kind(of: entry)
    var target: String?
    if kind == .hardlink {
      target = Self.printable(archive_entry_hardlink_utf8(entry) ?? archive_entry_hardlink(entry))
    } else if kind == .symlink {
      target = Self.printable(archive_entry_symlink_utf8(entry) ?? archive_entry_symlink(entry))
    }
    let (path, transcoded) = name(of: entry)
    return EntryHeader(
      path: path ?? "(unnamed entry)", kind: kind,
      declaredSize: archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil,
      isEncrypted: archive_entry_is_encrypted(entry) != 0,
      linkTarget: target, transcodedName: transcoded)
  }

  /// The entry's name, printable. A zip entry's name that is not UTF-8 (no UTF-8 flag) is in the
  /// writer's code page; when it reads as Japanese in CP932 it is decoded (`LegacyEntryName`) and
  /// its stored bytes are kept beside it.
  private func name(of entry: OpaquePointer) -> (String?, EntryHeader.TranscodedName?) {
    if let utf8 = archive_entry_pathname_utf8(entry) { return (Self.printable(utf8), nil) }
    guard let native = archive_entry_pathname(entry) else { return (nil, nil) }
    let bytes = Array(UnsafeRawBufferPointer(start: native, count: strlen(native)))
    if archive_format(handle) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP,
      let text = LegacyEntryName.japanese(bytes)
    {
      let transcoded = EntryHeader.TranscodedName(encoding: "CP932", bytes: bytes)
      return (EntryName.printable(Array(text.utf8)), transcoded)
    }
    return (EntryName.printable(bytes), nil)
  }

  public func readData(limit: Int) throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: Self.blockSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        let message = Self.errorMessage(handle)
        if Int32(count) == ARCHIVE_FATAL { throw error(atEntry: true) }
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
      data.append(contentsOf: buffer[0..<count])
    }
  }

  private static func errorMessage(_ handle: OpaquePointer) -> String {
    archive_error_string(handle).map { String(cString: $0) } ?? "unknown libarchive error"
  }

  /// Names are bytes from a stranger: escaped by `EntryName.printable`, never used as a path.
  private static func printable(_ name: UnsafePointer<CChar>?) -> String? {
    guard let name else { return nil }
    return EntryName.printable(UnsafeRawBufferPointer(start: name, count: strlen(name)))
  }

  private static func kind(of entry: OpaquePointer) -> EntryHeader.Kind {
    if archive_entry_hardlink(entry) != nil { return .hardlink }
    // AE_IF* are cast macros Swift cannot import; their values are POSIX's S_IF* values.
    switch archive_entry_filetype(entry) {
    case 0o100000: return .file
    case 0o040000: return .directory
    case 0o120000: return .symlink
    case 0o020000, 0o060000: return .device
    case 0o010000: return .fifo
    case 0o140000: return .socket
    default: return .other
    }
  }
}

@available(*, unavailable)
extension ArchiveReader: Sendable {}
