import Synchronization
import Testing

@testable import ScanbenchCommandLine

@Suite struct ProgressLineTests {
  /// Two threads read the clock, and the later reading takes the lock first: the earlier one then
  /// finds the last drawing ahead of its own time. It draws nothing (before, the subtraction trapped
  /// and took the run with it).
  @Test func aReadingOlderThanTheLastDrawingDrawsNothing() {
    let readings = Mutex<[UInt64]>([0, 20_000_000_000, 19_000_000_000, 30_000_000_000])
    let lines = Mutex<[String]>([])
    let progress = ProgressLine(
      isTerminal: false, write: { line in lines.withLock { $0.append(line) } },
      clock: { readings.withLock { $0.isEmpty ? 0 : $0.removeFirst() } })
    progress.update { "at 20 s" }
    progress.update { "at 19 s" }
    progress.update { "at 30 s" }
    #expect(lines.withLock { $0 } == ["at 20 s\n", "at 30 s\n"])
  }

  @Test func drawsAtMostOnceAnInterval() {
    let readings = Mutex<[UInt64]>([0, 5_000_000_000, 6_000_000_000, 10_000_000_000])
    let lines = Mutex<[String]>([])
    let progress = ProgressLine(
      isTerminal: false, write: { line in lines.withLock { $0.append(line) } },
      clock: { readings.withLock { $0.isEmpty ? 0 : $0.removeFirst() } })
    for second in [5, 6, 10] { progress.update { "\(second)" } }
    #expect(lines.withLock { $0 } == ["5\n", "10\n"])
  }
}
