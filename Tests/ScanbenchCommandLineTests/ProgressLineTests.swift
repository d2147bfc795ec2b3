import Synchronization
import Testing

@testable import ScanbenchCommandLine

@Suite struct ProgressLineTests {
  /// What a progress line off a terminal writes when `update` is called once for each of
  /// `seconds`, its clock reading `start` when made and then each of them in turn.
  static func lines(start: UInt64 = 0, updatesAt seconds: [UInt64]) -> [String] {
    let readings = Mutex([start] + seconds.map { $0 * 1_000_000_000 })
    let lines = Mutex<[String]>([])
    let progress = ProgressLine(
      isTerminal: false, write: { line in lines.withLock { $0.append(line) } },
      clock: { readings.withLock { $0.isEmpty ? 0 : $0.removeFirst() } })
    for second in seconds { progress.update { "at \(second) s" } }
    return lines.withLock { $0 }
  }

  /// Two threads read the clock, and the later reading takes the lock first: the earlier one then
  /// finds the last drawing ahead of its own time. It draws nothing (before, the subtraction trapped
  /// and took the run with it).
  @Test func aReadingOlderThanTheLastDrawingDrawsNothing() {
    #expect(Self.lines(updatesAt: [20, 19, 30]) == ["at 20 s\n", "at 30 s\n"])
  }

  @Test func drawsAtMostOnceAnInterval() {
    #expect(Self.lines(updatesAt: [5, 6, 10]) == ["at 5 s\n", "at 10 s\n"])
  }
}
