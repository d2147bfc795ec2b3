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
    try readRawLines(url) { number, bytes, complete in
      guard complete else {
        try body(number, .invalid(reason: "torn last line (no newline): the writer was interrupted"))
        return
      }
      try body(number, decode(bytes))
    }
  }

  /// Calls `body` with each line's bytes (without the newline) and whether it ended in a newline.
  public static func readRawLines(
    _ url: URL, _ body: (_ lineNumber: Int, _ bytes: Data, _ complete: Bool) throws -> Void
  ) throws {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw StoreError(path: url.path, message: "cannot open the store: \(error.localizedDescription)")
    }
    defer { try? handle.close() }
    var pending = Data()
    var lineNumber = 0
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: chunkSize) ?? Data()
      } catch {
        throw StoreError(path: url.path, message: "read failed: \(error.localizedDescription)")
      }
      if chunk.isEmpty { break }
      pending.append(chunk)
      var start = pending.startIndex
      while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        let line = pending[start..<newline]
        if !line.isEmpty { try body(lineNumber, Data(line), true) }
        start = pending.index(after: newline)
      }
      pending = Data(pending[start...])
    }
    if !pending.isEmpty {
      lineNumber += 1
      try body(lineNumber, pending, false)
    }
  }

  private struct KindProbe: Decodable {
    var kind: String?
    var schema: Int?
  }

  private static let decoder = JSONDecoder()

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
