import Dispatch
import Foundation
import ScanbenchSupport
import Synchronization

/// A store read and decoded on a thread of its own, a few chunks of lines ahead of the importer:
/// decoding a line costs a good part of what writing its note does, and the two overlap on a
/// second core. Lines come out in order, with the reader's error (if any) after the last line read
/// before it. The chunks pass through Support's `BoundedQueue`, which bounds the memory.
package final class DecodedStoreLines: Sendable {
  package struct Line: Sendable {
    package var number: Int
    package var line: StoreLine
  }

  private struct Stopped: Error {}

  static let linesPerChunk = 1024
  /// Chunks decoded and not yet taken: bounds the memory whatever the store's size.
  static let chunksAhead = 4

  private let queue = BoundedQueue<[Line]>(capacity: DecodedStoreLines.chunksAhead)
  private let failure = Mutex<(any Error)?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts reading the store at `url`; `stop()` must be called when done with it.
  package init(url: URL) {
    let thread = Thread { [self] in
      produce(url)
      finished.signal()
    }
    thread.start()
  }

  private func produce(_ url: URL) {
    var chunk: [Line] = []
    chunk.reserveCapacity(DecodedStoreLines.linesPerChunk)
    var cache = ResultLineDecoder.Cache()
    do {
      try StoreReader.scanLines(url) { number, bytes, end in
        chunk.append(Line(number: number, line: StoreReader.fastLine(bytes, end: end, cache: &cache)))
        if chunk.count == DecodedStoreLines.linesPerChunk {
          guard queue.put(chunk) else { throw Stopped() }
          chunk = []
          chunk.reserveCapacity(DecodedStoreLines.linesPerChunk)
        }
      }
      if !chunk.isEmpty { queue.put(chunk) }
    } catch is Stopped {
    } catch {
      failure.withLock { $0 = error }
    }
    // After the failure is set: a taker that sees the queue end then sees the failure.
    queue.close()
  }

  /// The next lines in order, `nil` after the last; throws what stopped the reader.
  package func next() throws -> [Line]? {
    if let chunk = queue.take() { return chunk }
    if let error = failure.withLock({ $0 }) { throw error }
    return nil
  }

  /// Stops the reader and waits for its thread to finish (no read outlives the import).
  package func stop() {
    queue.cancel()
    finished.wait()
  }
}
