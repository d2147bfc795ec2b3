import Foundation
import Synchronization

/// ONNX Runtime's own log lines (errors: `ONNXEnvironment.loggingLevel`), which it would otherwise
/// print colour-coded on stderr: routed to whoever asked for them (a run's warnings) and kept until
/// someone does — a few, for a library that never prints.
public final class ONNXRuntimeLog: Sendable {
  /// The process's: ONNX Runtime has one environment, and its logger is this.
  public static let shared = ONNXRuntimeLog()

  private struct State {
    var handler: (@Sendable (String) -> Void)?
    /// Lines nobody has taken yet (start-up errors come back as statuses too, so only a few).
    var pending: [String] = []
    /// The latest lines, whoever took them.
    var recent: [String] = []
  }

  private let state = Mutex(State())
  static let kept = 20

  init() {}

  /// From now on every line goes to `handler`, the lines kept so far first. The first handler keeps
  /// them: the environment is the process's, shared by every engine.
  public func route(to handler: @escaping @Sendable (String) -> Void) {
    let pending = state.withLock { state -> [String] in
      guard state.handler == nil else { return [] }
      state.handler = handler
      defer { state.pending = [] }
      return state.pending
    }
    for line in pending { handler(line) }
  }

  /// The latest lines, oldest first.
  public var recent: [String] { state.withLock { $0.recent } }

  func receive(severity: Int32, category: String?, location: String?, message: String) {
    let line = Self.format(severity: severity, category: category, location: location, message: message)
    let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
      state.recent = Array((state.recent + [line]).suffix(Self.kept))
      if state.handler == nil, state.pending.count < Self.kept { state.pending.append(line) }
      return state.handler
    }
    handler?(line)
  }

  /// `OrtLoggingFunction`, for `ONNXEnvironment`: ONNX Runtime calls it from any of its threads.
  static let function: OrtAPI.LoggingFunction = { _, severity, category, _, location, message in
    shared.receive(
      severity: severity, category: category.map { String(cString: $0) },
      location: location.map { String(cString: $0) }, message: message.map { String(cString: $0) } ?? "")
  }

  /// `ONNX Runtime error (sequential_executor.cc:677 ExecuteKernel): Non-zero status code …`, on one line.
  static func format(severity: Int32, category: String?, location: String?, message: String) -> String {
    let levels = ["verbose", "info", "warning", "error", "fatal"]
    let level = levels.indices.contains(Int(severity)) ? levels[Int(severity)] : "message \(severity)"
    let place = location.map { " (\($0))" } ?? ""
    let text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    return "ONNX Runtime \(level)\(place): \(text)"
  }
}
