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
  static let chunkSize = 1 << 20

  /// Calls `body` with each line's 1-based number and its decoded content.
  public static func read(
    _ url: URL, _ body: (_ lineNumber: Int, _ line: StoreLine) throws -> Void
  ) throws {
    try readLines(url) { number, bytes, end in
      switch end {
      case .newline:
        try body(number, decode(bytes))
      case .endOfFile:
        try body(number, .invalid(reason: "torn last line (no newline): the writer was interrupted"))
      case .tooLong:
        try body(number, .invalid(reason: "a line longer than \(maximumLineLength) bytes: not a record"))
      }
    }
  }

  /// The longest line kept in memory: a record holds one page's text, far below this, so a longer
  /// "line" is damage (or not a store at all) and is reported without being buffered whole.
  public static let maximumLineLength = 64 << 20

  /// Calls `body` with each line's bytes (without the newline) and whether it ended in a newline.
  /// A line longer than `maximumLineLength` is passed as its first KiB only, marked incomplete.
  public static func readRawLines(
    _ url: URL, _ body: (_ lineNumber: Int, _ bytes: Data, _ complete: Bool) throws -> Void
  ) throws {
    try readLines(url) { number, bytes, end in try body(number, bytes, end == .newline) }
  }

  enum LineEnd {
    case newline, endOfFile, tooLong
  }

  static func readLines(_ url: URL, _ body: (_ lineNumber: Int, _ bytes: Data, _ end: LineEnd) throws -> Void)
    throws
  {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw StoreError(path: url.path, message: "cannot open the store: \(error.localizedDescription)")
    }
    defer { try? handle.close() }
    var pending = Data()
    var lineNumber = 0
    // Inside an over-long line: its start was reported, the rest is skipped up to the next newline.
    var skippingLongLine = false
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: chunkSize) ?? Data()
      } catch {
        throw StoreError(path: url.path, message: "read failed: \(error.localizedDescription)")
      }
      if chunk.isEmpty { break }
      // Only the new chunk is searched for newlines, so a long line costs linear time.
      var start = chunk.startIndex
      while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
        if skippingLongLine {
          skippingLongLine = false
        } else {
          lineNumber += 1
          pending.append(chunk[start..<newline])
          if !pending.isEmpty { try body(lineNumber, pending, .newline) }
        }
        pending = Data()
        start = chunk.index(after: newline)
      }
      if !skippingLongLine { pending.append(chunk[start...]) }
      if pending.count > maximumLineLength {
        lineNumber += 1
        try body(lineNumber, pending.prefix(1024), .tooLong)
        pending = Data()
        skippingLongLine = true
      }
    }
    if !pending.isEmpty {
      lineNumber += 1
      try body(lineNumber, pending, .endOfFile)
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

  /// Decodes one complete line.
  public static func decode(_ bytes: Data) -> StoreLine {
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
