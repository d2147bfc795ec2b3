import Foundation

// libFuzzer target: archives from strangers. Opening arbitrary bytes with libarchive and reading
// every entry (bounded) must end in entries or an `ArchiveError`/`EntryReadError`: no trap, no
// other error, no endless entry stream, and every name printable.

@_cdecl("LLVMFuzzerTestOneInput")
public func archiveFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  let reader: ArchiveReader
  do {
    reader = try ArchiveReader(data: data, input: "fuzz")
  } catch is ArchiveError {
    return 0
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  var entries = 0
  do {
    while let header = try reader.nextEntry() {
      entries += 1
      // libarchive's own limits aside, an input of N bytes cannot hold more than a few entries per byte.
      if entries > 64 * max(count, 16) { fatalError("\(entries) entries from \(count) bytes") }
      if header.path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        fatalError("an entry name with a control character: \(header.path)")
      }
      _ = EntryName.role(of: header.path)
      guard header.kind == .file else { continue }
      do {
        let bytes = try reader.readData(limit: 1 << 20)
        if bytes.count > 1 << 20 { fatalError("read past the limit") }
      } catch is EntryReadError {
        continue
      }
    }
  } catch is ArchiveError {
    return 0
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}
