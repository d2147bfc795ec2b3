import Dispatch
import Foundation
import ScanbenchCommandLine
import ScanbenchRunner
import Synchronization

/// A run's events on stderr: `[123/500] 41.2 img/s ETA 0:09 name.png` on the progress line, failures
/// and warnings above it.
final class RunProgress: Sendable {
  private struct Counts {
    var total: Int?
    var done = 0
    var failed = 0
    var skipped = 0
    var lastEntry = ""
  }

  private let counts = Mutex(Counts())
  private let line: ProgressLine

  init(isTerminal: Bool) {
    line = ProgressLine(isTerminal: isTerminal)
  }

  func handle(_ event: RunEvent) {
    switch event {
    case .counted(let images):
      counts.withLock { $0.total = images }
    case .recorded(let record):
      let now = counts.withLock { counts in
        counts.done += 1
        if !record.succeeded { counts.failed += 1 }
        counts.lastEntry = record.entry
        return counts
      }
      if !record.succeeded, let error = record.error {
        note("failed: \(record.entry): \(error.message)")
      }
      line.update { render(now) }
    case .resumed:
      counts.withLock { $0.skipped += 1 }
    case .ignored:
      break
    case .warning(let message):
      note("warning: \(message)")
    }
  }

  func note(_ message: String) { line.note(message) }

  func finish() { line.finish() }

  private func render(_ counts: Counts) -> String {
    let seconds = line.elapsed
    let rate = seconds > 0 ? Double(counts.done) / seconds : 0
    // The first pass counts files; a PDF's pages are recorded one by one, so past the count (a
    // 1,275-page PDF) the total says nothing: `[1275]`, not `[1275/1]`, and no ETA.
    let total = counts.total.flatMap { $0 >= counts.done + counts.skipped ? $0 : nil }
    var text = "[\(counts.done)"
    if let total { text += "/\(total)" }
    text += "] " + String(format: "%.1f img/s", rate)
    if let total, rate > 0, total > counts.done + counts.skipped {
      let remaining = Int(saturating: Double(total - counts.done - counts.skipped) / rate)
      text += String(format: " ETA %d:%02d", remaining / 60, remaining % 60)
    }
    if counts.failed > 0 { text += " \(counts.failed) failed" }
    if line.isTerminal { text += " " + String(counts.lastEntry.suffix(40)) }
    return text
  }
}

/// Turns SIGINT and SIGTERM into a call, so a run can stop cleanly and say so.
final class SignalTrap {
  private final class Received: Sendable {
    let number = Atomic<Int32>(0)
  }

  private let sources: [any DispatchSourceSignal]
  private let receivedSignal = Received()

  init(_ handler: @escaping @Sendable (Int32) -> Void) {
    let received = receivedSignal
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        // A second signal means now: the first asked for a clean stop, which finishes what is in
        // progress; every line written so far is whole (a line cut short is repaired by the next run).
        if received.number.exchange(number, ordering: .relaxed) != 0 {
          Console.error(
            "\nstopped at once (a second \(number == SIGINT ? "interrupt" : "terminate")); --resume goes on\n"
          )
          _exit(128 + number)
        }
        handler(number)
      }
      source.resume()
      return source
    }
  }

  var received: Int32? {
    let value = receivedSignal.number.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
