import Foundation
import ScanbenchRecognition
import ScanbenchSeam
import ScanbenchSupport

/// A program of the user's as an engine (`--engine command:'PROGRAM ARGS…'`), speaking scanbench's
/// JSON-lines protocol (`ExternalProtocol`; docs/engines.md, "External engines"). Each worker starts it once.
///
/// The command line is run by `/bin/sh -c`, so it is written as in a shell: quotes, variables,
/// `cd dir && python3 engine.py`. Its identity is what its first line says — `command:NAME`, its
/// version and models — with the SHA-256 of the command line among the settings, so that resume,
/// merge and the gate tell two programs (or one with other arguments) apart.
public struct ExternalBackend: EngineBackend {
  /// The command line, as given after `command:`.
  public var command: String
  /// What requests ask for (`--lang`), passed on as it is.
  public var language: String
  /// Seconds one image may take (`--engine-timeout`).
  public var timeout: Double
  /// Seconds a program may take to say what it is (`--engine-start-timeout`): models can take long
  /// to load.
  public var startTimeout: Double
  private let startup = Startup()

  public static let defaultTimeout = 60.0
  /// At least this, or the per-image timeout when that is longer.
  public static let defaultStartTimeout = 60.0
  static let handshakeShape = "{\"engine\": NAME, \"version\": V, \"models\": {FILE: SHA256}}"

  public init(_ options: EngineOptions) throws {
    guard let command = options.argument, !command.allSatisfy(\.isWhitespace) else {
      throw EngineError(message: "command: needs a program, e.g. --engine command:'python3 engine.py'")
    }
    self.command = command
    language = options.language
    timeout = options.timeout ?? Self.defaultTimeout
    startTimeout = options.startTimeout ?? max(timeout, Self.defaultStartTimeout)
  }

  /// What the first program started says it is (waiting for one a worker is starting, or starting
  /// one that the next worker then takes).
  public func identity() throws -> EngineIdentity {
    try startup.identity { try ExternalEngine(backend: self, warnings: nil) }
  }

  public func makeEngine() throws -> any RecognitionEngine {
    try makeEngine(warnings: { _ in })
  }

  public func makeEngine(warnings: @escaping EngineWarnings) throws -> any RecognitionEngine {
    if let parked = startup.takeParked() {
      parked.attach(warnings)
      return parked
    }
    return try startup.starting {
      let engine = try ExternalEngine(backend: self, warnings: warnings)
      try startup.agree(engine.identity)
      return engine
    }
  }

  func identity(of handshake: ExternalProtocol.Handshake) -> EngineIdentity {
    EngineIdentity(
      name: "command:" + handshake.engine, version: handshake.version, models: handshake.models ?? [:],
      settings: ["command sha256": SHA256.hex(Data(command.utf8)), "protocol": "1"])
  }
}

/// The first program's identity, shared by every copy of the backend: the run asks for it while the
/// workers' programs start, and a program started only to answer that is kept for the next worker
/// (models load once per worker, never once more for the identity).
private final class Startup: Sendable {
  /// An engine started for the identity, on its way to a worker.
  private struct Parked: @unchecked Sendable {
    // Safe: made by the thread that asked for the identity and then used only by the one worker
    // that takes it; the condition's lock orders the hand-over.
    var engine: ExternalEngine
  }

  private struct State {
    var identity: EngineIdentity?
    /// Programs starting now, and whether one of them was started for the identity.
    var starting = 0
    var probing = false
    var parked: Parked?
    /// Why the first program that ended before saying what it is did, while none had said: every
    /// later start fails at once with it, rather than each waiting out its own start-up time.
    var failure: (any Error)?
  }

  // Safe: `state` is read and written only with `condition` locked.
  nonisolated(unsafe) private var state = State()
  private let condition = NSCondition()

  /// The identity the first program gave; when none is starting, starts one and parks it.
  func identity(starting make: () throws -> ExternalEngine) throws -> EngineIdentity {
    condition.lock()
    while true {
      if let identity = state.identity {
        condition.unlock()
        return identity
      }
      if let failure = state.failure {
        condition.unlock()
        throw failure
      }
      if state.starting == 0 { break }
      condition.wait()
    }
    state.starting += 1
    state.probing = true
    condition.unlock()
    let made = Result { try make() }
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    state.starting -= 1
    state.probing = false
    let engine: ExternalEngine
    do {
      engine = try made.get()
    } catch {
      if state.identity == nil, state.failure == nil { state.failure = error }
      throw error
    }
    state.parked = Parked(engine: engine)
    if state.identity == nil { state.identity = engine.identity }
    return state.identity ?? engine.identity
  }

  /// The parked engine, once one being started for the identity is ready; nil when there is none.
  func takeParked() -> ExternalEngine? {
    condition.lock()
    defer { condition.unlock() }
    while state.probing { condition.wait() }
    defer { state.parked = nil }
    return state.parked?.engine
  }

  /// Runs `make` counted as a program starting, so that `identity` waits for it.
  func starting<T>(_ make: () throws -> T) throws -> T {
    condition.lock()
    if state.identity == nil, let failure = state.failure {
      condition.unlock()
      throw failure
    }
    state.starting += 1
    condition.unlock()
    let made = Result { try make() }
    condition.lock()
    state.starting -= 1
    if case .failure(let error) = made, state.identity == nil, state.failure == nil { state.failure = error }
    condition.broadcast()
    condition.unlock()
    return try made.get()
  }

  /// Records the first identity; a worker's program that says it is another engine is refused.
  func agree(_ identity: EngineIdentity) throws {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    guard let first = state.identity else {
      state.identity = identity
      return
    }
    guard first == identity else {
      throw EngineError(
        message:
          "the workers' programs disagree on what they are: \(first.label), then \(identity.label) "
          + "(\(first.differences(to: identity).joined(separator: ", ")))")
    }
  }
}
