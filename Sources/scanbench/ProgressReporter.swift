import Dispatch
import Foundation
import ScanbenchArchive
import ScanbenchEngines
import ScanbenchGate
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchRunner
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// Renders run events on stderr: a line redrawn in place on a terminal, a line every few seconds
/// otherwise. Rendering is throttled so workers never wait on the terminal.
final class ProgressReporter: Sendable {
  private struct State {
    var total: Int?
    var done = 0
    var failed = 0
    var skipped = 0
    var lastEntry = ""
    var lastDraw: UInt64 = 0
    var drewLine = false
  }

  private let state = Mutex(State())
  private let isTerminal: Bool
  private let started = DispatchTime.now().uptimeNanoseconds

  init(isTerminal: Bool) {
    self.isTerminal = isTerminal
  }

  func handle(_ event: RunEvent) {
    switch event {
    case .counted(let images):
      state.withLock { $0.total = images }
    case .recorded(let record):
      let line = state.withLock { state -> String? in
        state.done += 1
        if !record.succeeded { state.failed += 1 }
        state.lastEntry = record.entry
        return render(&state, force: false)
      }
      if !record.succeeded, let error = record.error {
        note("failed: \(record.entry): \(error.message)")
      }
      if let line { draw(line) }
    case .resumed:
      state.withLock { $0.skipped += 1 }
    case .ignored:
      break
    case .warning(let message):
      note("warning: \(message)")
    }
  }

  /// A message on its own line, above the progress line.
  func note(_ message: String) {
    let clear = isTerminal && state.withLock { $0.drewLine } ? "\r\u{1B}[K" : ""
    Console.error(clear + message + "\n")
  }

  func finish() {
    if isTerminal, state.withLock({ $0.drewLine }) { Console.error("\r\u{1B}[K") }
  }

  private func draw(_ line: String) {
    Console.error(isTerminal ? "\r\u{1B}[K" + line : line + "\n")
  }

  private func render(_ state: inout State, force: Bool) -> String? {
    let now = DispatchTime.now().uptimeNanoseconds
    let interval: UInt64 = isTerminal ? 100_000_000 : 5_000_000_000
    guard force || now - state.lastDraw >= interval else { return nil }
    state.lastDraw = now
    state.drewLine = true
    let seconds = Double(now - started) / 1e9
    let rate = seconds > 0 ? Double(state.done) / seconds : 0
    var line = "[\(state.done)"
    if let total = state.total { line += "/\(total)" }
    line += "] " + String(format: "%.1f img/s", rate)
    if let total = state.total, rate > 0, total > state.done + state.skipped {
      let remaining = Int(Double(total - state.done - state.skipped) / rate)
      line += String(format: " ETA %d:%02d", remaining / 60, remaining % 60)
    }
    if state.failed > 0 { line += " \(state.failed) failed" }
    if isTerminal { line += " " + String(state.lastEntry.suffix(40)) }
    return line
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
        received.number.store(number, ordering: .relaxed)
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
