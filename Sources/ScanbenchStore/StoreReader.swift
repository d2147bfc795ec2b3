import Foundation

/// One line of a store, as read back.
public enum StoreLine: Sendable {
  case result(ResultRecord)
  case summary(RunSummaryRecord)
  /// A line that is not a record this binary understands, or a torn last line (no newline).
  case invalid(reason: String)
}

public struct StoreError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

/// Streams a JSON-lines store line by line in bounded memory.
///
/// A last line without its newline is a torn write (the writer was killed mid-line); it is reported
/// as `.invalid` like any other unreadable line, so callers decide whether that is fatal.
public enum StoreReader {
  /// Bytes asked of each `read(2)`: large enough that system calls and the carrying over of a
  /// line cut by the end of a read cost nothing next to decoding.
  static let chunkSize = 4 << 20

  /// Calls `body` with each line's 1-based number and its decoded content.
  public static func read(
    _ url: URL, _ body: (_ lineNumber: Int, _ line: StoreLine) throws -> Void
  ) throws {
    try scanLines(url) { number, bytes, end in
      switch end {
      case .newline:
        try body(number, decode(Data(bytes)))
      case .endOfFile:
        try body(number, .invalid(reason: "torn last line (no newline): the writer was interrupted"))
      case .tooLong:
        try body(number, .invalid(reason: "a line longer than \(maximumLineLength) bytes: not a record"))
      }
    }
  }

  /// The longest line kept in memory: a record holds one page's text, far below this, so a longer
  /// "line" is damage (or not a store at all) and is reported without being buffered whole. The
  /// writer refuses longer lines (`StoreLineTooLong`), so a store line it wrote is always read back.
  public static let maximumLineLength = 64 << 20

  /// Calls `body` with each line's bytes (without the newline) and whether it ended in a newline.
  /// A line longer than `maximumLineLength` is passed as its first KiB only, marked incomplete.
  public static func readRawLines(
    _ url: URL, _ body: (_ lineNumber: Int, _ bytes: Data, _ complete: Bool) throws -> Void
  ) throws {
    try scanLines(url) { number, bytes, end in try body(number, Data(bytes), end == .newline) }
  }

  package enum LineEnd {
    case newline, endOfFile, tooLong
  }

  /// `scanLines` with each line copied into its own `Data`.
  static func readLines(_ url: URL, _ body: (_ lineNumber: Int, _ bytes: Data, _ end: LineEnd) throws -> Void)
    throws
  {
    try scanLines(url) { number, bytes, end in try body(number, Data(bytes), end) }
  }

  /// Calls `body` with each non-empty line's number and bytes (without the newline), and how it
  /// ended. Empty lines are counted but not reported; a line longer than `maximumLineLength` is
  /// reported as its first KiB only (`.tooLong`), and the rest of it is skipped.
  ///
  /// The bytes point into the read buffer and are valid only during the call: an import copies
  /// nothing per line but the fields it keeps.
  static func scanLines(
    _ url: URL, _ body: (_ lineNumber: Int, _ bytes: UnsafeRawBufferPointer, _ end: LineEnd) throws -> Void
  ) throws {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw StoreError(path: url.path, message: "cannot open the store: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var capacity = 2 * chunkSize
    var base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { base.deallocate() }
    // Bytes of the unfinished line carried over from the previous read, at the buffer's start.
    var carried = 0
    var lineNumber = 0
    // Inside an over-long line: its start was reported, the rest is skipped up to the next newline.
    var skippingLongLine = false
    while true {
      if capacity - carried < chunkSize {
        // Only a line longer than a chunk gets here; it grows to `maximumLineLength` at most.
        capacity *= 2
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        larger.copyMemory(from: base, byteCount: carried)
        base.deallocate()
        base = larger
      }
      let count = Glibc.read(descriptor, base + carried, capacity - carried)
      if count < 0 {
        if errno == EINTR { continue }
        throw StoreError(path: url.path, message: "read failed: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      let end = carried + count
      var start = 0
      // Only the new bytes are searched for newlines, so a long line costs linear time.
      var from = carried
      while from < end, let found = memchr(base + from, 0x0A, end - from) {
        let newline = base.distance(to: found)
        if skippingLongLine {
          skippingLongLine = false
        } else {
          lineNumber += 1
          let length = newline - start
          if length > maximumLineLength {
            // Ended within the read that took it over the limit.
            try body(lineNumber, UnsafeRawBufferPointer(start: base + start, count: 1024), .tooLong)
          } else if length > 0 {
            try body(lineNumber, UnsafeRawBufferPointer(start: base + start, count: length), .newline)
          }
        }
        start = newline + 1
        from = start
      }
      if skippingLongLine {
        carried = 0
      } else if end - start > maximumLineLength {
        lineNumber += 1
        try body(lineNumber, UnsafeRawBufferPointer(start: base + start, count: 1024), .tooLong)
        carried = 0
        skippingLongLine = true
      } else {
        carried = end - start
        if start > 0, carried > 0 { memmove(base, base + start, carried) }
      }
    }
    if carried > 0 {
      lineNumber += 1
      try body(lineNumber, UnsafeRawBufferPointer(start: base, count: carried), .endOfFile)
    }
  }

  private struct KindProbe: Decodable {
    var kind: String?
    var schema: Int?
  }

  private static let decoder = JSONDecoder()

  /// Whether a line is a store record by its kind and schema, whatever its other fields: how a
  /// writer tells a store (perhaps from a newer release) from a file given as `--out` by mistake.
  public static func looksLikeRecord(_ bytes: Data) -> Bool {
    guard bytes.first == UInt8(ascii: "{"), let probe = try? decoder.decode(KindProbe.self, from: bytes)
    else {
      return false
    }
    return probe.schema != nil && (probe.kind == "result" || probe.kind == "summary")
  }

  /// A decoded line, unless one of its numbers is out of range (`ResultRecord.rangeProblem`).
  static func checked(_ line: StoreLine) -> StoreLine {
    switch line {
    case .result(let record): record.rangeProblem.map { .invalid(reason: $0) } ?? line
    case .summary(let summary): summary.rangeProblem.map { .invalid(reason: $0) } ?? line
    case .invalid: line
    }
  }

  static func checked(_ record: ResultRecord) -> StoreLine { checked(.result(record)) }

  /// Decodes one complete line; a record whose numbers are out of range is not one.
  public static func decode(_ bytes: Data) -> StoreLine {
    checked(decodeUnchecked(bytes))
  }

  /// The line as JSONDecoder reads it, numbers unchecked: what the fast decoder is tested against.
  static func decodeUnchecked(_ bytes: Data) -> StoreLine {
    let probe: KindProbe
    do {
      probe = try decoder.decode(KindProbe.self, from: bytes)
    } catch {
      return .invalid(reason: "not a JSON object")
    }
    guard let schema = probe.schema, schema <= ResultRecord.currentSchema else {
      return .invalid(reason: "unknown schema \(probe.schema.map(String.init) ?? "(none)")")
    }
    do {
      switch probe.kind {
      case "result": return .result(try decoder.decode(ResultRecord.self, from: bytes))
      case "summary": return .summary(try decoder.decode(RunSummaryRecord.self, from: bytes))
      default: return .invalid(reason: "unknown kind \(probe.kind.map { "'\($0)'" } ?? "(none)")")
      }
    } catch let DecodingError.keyNotFound(key, _) {
      return .invalid(reason: "missing field '\(key.stringValue)'")
    } catch let DecodingError.typeMismatch(_, context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      return .invalid(reason: "field '\(field)' has the wrong type")
    } catch {
      return .invalid(reason: "unreadable record")
    }
  }
}

extension StoreReader {
  /// Why the file at `url` is not a store (its first line is not a record), or nil when it is one
  /// or is empty: what `import`, `merge` and `run --out` check before they read or append.
  public static func notAStore(_ url: URL) -> String? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "cannot open it: \(String(cString: strerror(errno)))" }
    defer { close(descriptor) }
    do {
      try StoreWriter.checkIsStore(descriptor, path: url.path)
      return nil
    } catch let error as StoreError where error.message.hasPrefix(StoreWriter.notAStoreMessage) {
      return StoreWriter.notAStoreMessage
    } catch let error as StoreError {
      return error.message
    } catch {
      return "\(error)"
    }
  }
}
