import Foundation

/// The store's lines with ordinary result lines decoded by `ResultLineDecoder`, several times faster
/// than `JSONDecoder`: what an import and a merge read a million lines with.
extension StoreReader {
  /// `StoreReader.read`, with ordinary result lines decoded fast (see `ResultLineDecoder`).
  package static func readFast(_ url: URL, _ body: (_ lineNumber: Int, _ line: StoreLine) throws -> Void)
    throws
  {
    var cache = ResultLineDecoder.Cache()
    try scanLines(url) { number, bytes, end in try body(number, fastLine(bytes, end: end, cache: &cache)) }
  }

  /// The verdict `StoreReader.read` gives a line, with ordinary result lines decoded fast.
  package static func fastLine(_ bytes: Data, end: StoreReader.LineEnd) -> StoreLine {
    bytes.withUnsafeBytes { fastLine($0, end: end) }
  }

  package static func fastLine(_ bytes: UnsafeRawBufferPointer, end: StoreReader.LineEnd) -> StoreLine {
    var cache = ResultLineDecoder.Cache()
    return fastLine(bytes, end: end, cache: &cache)
  }

  package static func fastLine(
    _ bytes: UnsafeRawBufferPointer, end: StoreReader.LineEnd, cache: inout ResultLineDecoder.Cache
  ) -> StoreLine {
    switch end {
    case .newline:
      if let record = ResultLineDecoder.decode(bytes, cache: &cache) { return StoreReader.checked(record) }
      return StoreReader.decode(Data(bytes))
    case .endOfFile:
      return .invalid(reason: "torn last line (no newline): the writer was interrupted")
    case .tooLong:
      return .invalid(reason: "a line longer than \(StoreReader.maximumLineLength) bytes: not a record")
    }
  }

  /// The verdict for a line from `StoreReader.readRawLines`: `decodeLine` for a complete line, a
  /// torn line otherwise (used by the store merger as well).
  package static func decodeFast(_ bytes: Data, complete: Bool) -> StoreLine {
    complete ? decodeLineFast(bytes) : fastLine(bytes, end: .endOfFile)
  }

  /// What `StoreReader.decode` says about a complete line, several times faster for ordinary result
  /// lines (see `ResultLineDecoder`); anything unusual is decoded by `StoreReader.decode` itself.
  package static func decodeLineFast(_ bytes: Data) -> StoreLine {
    bytes.withUnsafeBytes { decodeLineFast($0) }
  }

  package static func decodeLineFast(_ bytes: UnsafeRawBufferPointer) -> StoreLine {
    if let record = ResultLineDecoder.decode(bytes) { return StoreReader.checked(record) }
    return StoreReader.decode(Data(bytes))
  }
}
