import Foundation

// libFuzzer target: a store is read back after crashes, disk damage and hand edits.
// - `StoreReader.decode` on each line: never traps; a record it accepts survives re-encoding.
// - `StoreReader.read` over the bytes as a file: one call per line, the last one torn if unended.
// - `StoreWriter` opening the file: refuses it, or leaves the bytes before the last newline as
//   they were and ends the file with a newline (the torn-line repair cuts nothing else).

let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("scanbench-store-fuzz-\(getpid()).jsonl")

@_cdecl("LLVMFuzzerTestOneInput")
public func storeFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
    let bytes = Data(line)
    _ = StoreReader.looksLikeRecord(bytes)
    switch StoreReader.decode(bytes) {
    case .result(let record):
      guard let again = try? StoreWriter.line(for: record),
        case .result(let back) = StoreReader.decode(again.dropLast())
      else { fatalError("a decoded record does not survive re-encoding: \(Array(bytes))") }
      if back != record { fatalError("re-encoding changed a record: \(record) → \(back)") }
    case .summary(let summary):
      guard let again = try? StoreWriter.line(for: summary),
        case .summary = StoreReader.decode(again.dropLast())
      else { fatalError("a decoded summary does not survive re-encoding: \(Array(bytes))") }
    case .invalid(let reason):
      if reason.isEmpty { fatalError("invalid without a reason") }
    }
  }

  try? FileManager.default.removeItem(at: scratch)
  guard FileManager.default.createFile(atPath: scratch.path, contents: data) else {
    fatalError("scratch file")
  }
  var lines = 0
  var torn = 0
  do {
    try StoreReader.read(scratch) { _, line in
      lines += 1
      if case .invalid(let reason) = line, reason.hasPrefix("torn") { torn += 1 }
    }
  } catch {
    fatalError("reading a file that exists failed: \(error)")
  }
  let newlines = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  if lines > newlines + 1 { fatalError("\(lines) lines from \(newlines) newlines") }
  if torn != ((data.last ?? UInt8(ascii: "\n")) == UInt8(ascii: "\n") ? 0 : 1) {
    fatalError("torn lines: \(torn) for data ending in \(String(describing: data.last))")
  }

  do {
    var removed = 0
    let writer = try StoreWriter(url: scratch, lockPolicy: .failIfLocked, onRepair: { removed = $0 })
    let after = contents(of: scratch)
    let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    if after != data.prefix(keep) || removed != data.count - keep {
      fatalError("the repair cut more than the torn last line: \(data.count) → \(after.count) bytes")
    }
    _ = writer
  } catch is StoreError {
    // Refused: not a store. Nothing may have changed.
    if contents(of: scratch) != data { fatalError("a refused store was modified") }
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}

/// The file's bytes, read with FileHandle: `Data(contentsOf:)` leaks a buffer on some inputs in this
/// Foundation, which LeakSanitizer would report as ours.
func contents(of url: URL) -> Data {
  guard let handle = try? FileHandle(forReadingFrom: url) else { fatalError("cannot reopen \(url.path)") }
  defer { try? handle.close() }
  return (try? handle.readToEnd()) ?? Data()
}
