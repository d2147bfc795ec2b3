import Foundation
import ScanbenchRecognition
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a program's stderr on a thread of its own until it ends, and passes each line on as a
/// warning. Lines written before a worker takes the engine (while the program starts for the run's
/// identity) are kept, up to a point, and passed on when it does.
final class StderrRelay: Sendable {
  private struct State {
    var sink: EngineWarnings?
    var pending: [String] = []
    var dropped = 0
  }

  private let state = Mutex(State())
  /// What the warnings call the program: `command:NAME` once it said its name.
  private let label: Mutex<String>
  private static let maximumPending = 100
  private static let maximumLine = 2000

  /// Starts reading `descriptor`, which the relay closes at its end.
  init(descriptor: Int32, label: String, sink: EngineWarnings?) {
    self.label = Mutex(label)
    state.withLock { $0.sink = sink }
    let thread = Thread { [self] in
      self.relay(descriptor)
      Glibc.close(descriptor)
    }
    thread.name = "scanbench-engine-stderr"
    thread.start()
  }

  func rename(_ name: String) { label.withLock { $0 = name } }

  /// Where lines go from now on; those kept so far go there first.
  func attach(_ sink: @escaping EngineWarnings) {
    let (pending, dropped) = state.withLock { state in
      state.sink = sink
      defer {
        state.pending = []
        state.dropped = 0
      }
      return (state.pending, state.dropped)
    }
    for line in pending { sink(line) }
    if dropped > 0 { sink("\(label.withLock { $0 }): \(dropped) more lines on stderr, not shown") }
  }

  private func relay(_ descriptor: Int32) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      buffer.append(contentsOf: chunk[0..<count])
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        pass(Array(buffer[0..<newline]))
        buffer.removeSubrange(0...newline)
      }
      if buffer.count > Self.maximumLine {
        pass(buffer)
        buffer = []
      }
    }
    if !buffer.isEmpty { pass(buffer) }
  }

  private func pass(_ bytes: [UInt8]) {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    guard !text.allSatisfy(\.isWhitespace) else { return }
    if text.count > Self.maximumLine { text = String(text.prefix(Self.maximumLine)) + "…" }
    let line = "\(label.withLock { $0 }): \(text)"
    let sink = state.withLock { state -> EngineWarnings? in
      guard state.sink == nil else { return state.sink }
      if state.pending.count < Self.maximumPending { state.pending.append(line) } else { state.dropped += 1 }
      return nil
    }
    sink?(line)
  }
}
