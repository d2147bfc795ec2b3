import Foundation

/// A store read and decoded on a thread of its own, a few chunks of lines ahead of the importer:
/// decoding a line costs a good part of what writing its note does, and the two overlap on a
/// second core. Lines come out in order, with the reader's error (if any) after the last line read
/// before it.
final class DecodedStoreLines: @unchecked Sendable {
  // @unchecked: the mutable state below is only touched with `condition` locked.
  struct Line: Sendable {
    var number: Int
    var line: StoreLine
  }

  private struct Stopped: Error {}

  static let linesPerChunk = 1024
  /// Chunks decoded and not yet taken: bounds the memory whatever the store's size.
  static let chunksAhead = 4

  private let condition = NSCondition()
  private var chunks: [[Line]] = []
  private var failure: (any Error)?
  private var finished = false
  private var stopped = false

  /// Starts reading the store at `url`; `stop()` must be called when done with it.
  init(url: URL) {
    let thread = Thread { [self] in produce(url) }
    thread.start()
  }

  private func produce(_ url: URL) {
    var chunk: [Line] = []
    chunk.reserveCapacity(DecodedStoreLines.linesPerChunk)
    var cache = ResultLineDecoder.Cache()
    var error: (any Error)?
    do {
      try StoreReader.scanLines(url) { number, bytes, end in
        chunk.append(Line(number: number, line: NoteImporter.line(bytes, end: end, cache: &cache)))
        if chunk.count == DecodedStoreLines.linesPerChunk {
          guard push(chunk) else { throw Stopped() }
          chunk = []
          chunk.reserveCapacity(DecodedStoreLines.linesPerChunk)
        }
      }
      if !chunk.isEmpty { _ = push(chunk) }
    } catch is Stopped {
    } catch let thrown {
      error = thrown
    }
    condition.lock()
    failure = error
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for room for `chunk`; `false` if the importer has stopped reading.
  private func push(_ chunk: [Line]) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while chunks.count >= DecodedStoreLines.chunksAhead && !stopped { condition.wait() }
    guard !stopped else { return false }
    chunks.append(chunk)
    condition.broadcast()
    return true
  }

  /// The next lines in order, `nil` after the last; throws what stopped the reader.
  func next() throws -> [Line]? {
    condition.lock()
    defer { condition.unlock() }
    while chunks.isEmpty && !finished { condition.wait() }
    if !chunks.isEmpty {
      condition.broadcast()
      return chunks.removeFirst()
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops the reader and waits for its thread to finish (no read outlives the import).
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    while !finished { condition.wait() }
    condition.unlock()
  }
}
