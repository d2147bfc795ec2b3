import Dispatch
import Synchronization

/// Progress on stderr, as SwiftPM draws it: on a terminal one line redrawn in place, otherwise a
/// line now and then; messages go above it. Drawing is throttled so that callers on many threads
/// never wait on the terminal.
public final class ProgressLine: Sendable {
  private struct State {
    var lastDraw: UInt64 = 0
    var drewLine = false
  }

  private let state = Mutex(State())
  public let isTerminal: Bool
  private let interval: UInt64
  private let write: @Sendable (String) -> Void
  /// Nanoseconds of a monotonic clock.
  private let clock: @Sendable () -> UInt64
  /// When it was made: what rates are measured from.
  public let started: UInt64

  /// Redraws at most every 0.1 s on a terminal, every 5 s otherwise.
  public init(
    isTerminal: Bool, write: @escaping @Sendable (String) -> Void = { Console.error($0) },
    clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.isTerminal = isTerminal
    interval = isTerminal ? 100_000_000 : 5_000_000_000
    self.write = write
    self.clock = clock
    started = clock()
  }

  /// Seconds since it was made.
  public var elapsed: Double { Double(clock() &- started) / 1e9 }

  /// Draws the line `render` makes, unless one was drawn less than an interval ago (then `render`
  /// is not called).
  public func update(_ render: () -> String) {
    let now = clock()
    let due = state.withLock { state -> Bool in
      // `now` was read before the lock: another thread may have drawn at a later instant since,
      // so `lastDraw` can be ahead of it (subtracting would trap).
      guard now >= state.lastDraw, now - state.lastDraw >= interval else { return false }
      state.lastDraw = now
      state.drewLine = true
      return true
    }
    guard due else { return }
    let line = render()
    write(isTerminal ? "\r\u{1B}[K" + line : line + "\n")
  }

  /// A message on its own line, above the progress line.
  public func note(_ message: String) {
    let clear = isTerminal && state.withLock { $0.drewLine } ? "\r\u{1B}[K" : ""
    write(clear + message + "\n")
  }

  /// Clears the progress line on a terminal (the summary follows).
  public func finish() {
    if isTerminal, state.withLock({ $0.drewLine }) { write("\r\u{1B}[K") }
  }
}
