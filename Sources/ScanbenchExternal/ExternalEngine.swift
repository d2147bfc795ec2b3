import Dispatch
import Foundation
import ScanbenchRecognition
import ScanbenchSeam

/// Why an external engine could not start or answer; the runner records it as the image's failure
/// (`EngineError`, with `kind`).
enum ExternalEngineError: Error, CustomStringConvertible {
  case start(String)

  var description: String {
    switch self {
    case .start(let message): message
    }
  }
}

/// One worker's external program: started once and reused for every image, restarted after it
/// died, hung or broke the protocol (that image is a recorded failure; the next one gets a new
/// program). Not thread-safe: one worker owns it.
final class ExternalEngine: RecognitionEngine {
  private let backend: ExternalBackend
  private var program: Program?
  private var warnings: EngineWarnings?
  private var nextID = 1
  /// What the first program said it is.
  private(set) var identity: EngineIdentity

  /// A started program and its pipes.
  private struct Program {
    var process: ChildProcess
    var channel: LineChannel
    var relay: StderrRelay
  }

  /// Starts the program and reads what it is; throws when it cannot start or its first line is not
  /// the protocol's.
  init(backend: ExternalBackend, warnings: EngineWarnings?) throws {
    self.backend = backend
    self.warnings = warnings
    let (program, identity) = try Self.start(backend, warnings: warnings)
    self.program = program
    self.identity = identity
  }

  deinit { program.map(Self.close) }

  /// Where warnings go from now on (an engine started for the identity, then given to a worker).
  func attach(_ warnings: @escaping EngineWarnings) {
    self.warnings = warnings
    program?.relay.attach(warnings)
  }

  public func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText {
    try recognize(image, boxes: boxes, name: PageName(entry: ""))
  }

  public func recognize(_ image: Image, boxes: Bool, name: PageName) throws -> RecognizedText {
    var program = try running()
    let id = nextID
    nextID += 1
    // zlib's fastest level: on uw3-lines about a third less CPU per image than its default, and
    // the bytes cross a pipe, not a network (bench/external.py).
    let png = try image.pngData(compression: 1)
    let request = ExternalProtocol.request(
      id: id, name: name.entry, page: name.page, width: image.width, height: image.height, png: png,
      language: backend.language, boxes: boxes)
    let line: Data
    do {
      line = try program.channel.exchange(request, deadline: .now() + backend.timeout)
      self.program = program
    } catch .timedOut {
      stop()
      throw EngineError(
        message:
          "\(identity.name) gave no answer within \(Self.seconds(backend.timeout)) (--engine-timeout): stopped "
          + "with its process group; restarted for the next image",
        kind: "engine-timeout")
    } catch .ended {
      let how = stop().map { "\($0)" } ?? "closed its stdout"
      throw EngineError(
        message: "\(identity.name) \(how) while reading this image; restarted for the next image",
        kind: "engine-exited")
    } catch .tooLong {
      stop()
      throw EngineError(
        message: "\(identity.name) wrote a line of more than \(LineChannel.maximumLine >> 20) MiB; restarted",
        kind: "engine-protocol")
    }
    let response: ExternalProtocol.Response
    do {
      response = try ExternalProtocol.response(line, id: id, boxes: boxes)
    } catch {
      stop()
      throw EngineError(
        message: "\(identity.name) broke the protocol: \(error); restarted for the next image",
        kind: "engine-protocol")
    }
    switch response {
    case .text(let text, let confidence, let layout):
      return RecognizedText(text: text, confidence: confidence, layout: layout)
    case .failure(let message):
      throw EngineError(message: "\(identity.name): \(message)")
    }
  }

  /// The program, started again when the last one was stopped; a program that restarts as another
  /// engine (name, version or models) is refused.
  private func running() throws -> Program {
    if let program { return program }
    let started: Program
    let restartedAs: EngineIdentity
    do {
      (started, restartedAs) = try Self.start(backend, warnings: warnings)
    } catch {
      throw EngineError(message: "\(identity.name) could not be restarted: \(error)", kind: "engine-exited")
    }
    guard restartedAs == identity else {
      Self.close(started)
      throw EngineError(
        message:
          "\(identity.name) restarted as another engine (\(identity.differences(to: restartedAs).joined(separator: ", ")))",
        kind: "engine-protocol")
    }
    warnings?("\(identity.name) restarted")
    program = started
    return started
  }

  /// Stops the program now (its whole process group); returns how it ended.
  @discardableResult
  private func stop() -> ChildProcess.Termination? {
    guard let program else { return nil }
    self.program = nil
    program.process.closeInput()
    // A program that died is reaped at once; one that hangs or lies is killed.
    return program.process.stop(grace: 0.05)
  }

  private static func start(_ backend: ExternalBackend, warnings: EngineWarnings?) throws -> (
    Program, EngineIdentity
  ) {
    let process = try ChildProcess(command: backend.command)
    let relay = StderrRelay(descriptor: process.errors, label: "command", sink: warnings)
    var program = Program(
      process: process,
      channel: LineChannel(input: process.input, output: process.output, exited: process.exited), relay: relay
    )
    let line: Data
    do {
      line = try program.channel.exchange(Data(), deadline: .now() + backend.startTimeout)
    } catch {
      let how: String
      switch error {
      case .timedOut: how = "said nothing within \(seconds(backend.startTimeout))"
      case .ended: how = process.stop(grace: 0.5).map { "\($0)" } ?? "closed its stdout"
      case .tooLong: how = "wrote a first line of more than \(LineChannel.maximumLine >> 20) MiB"
      }
      close(program)
      throw ExternalEngineError.start(
        "`\(backend.command)` \(how) before its first line \(ExternalBackend.handshakeShape)")
    }
    let handshake: ExternalProtocol.Handshake
    do {
      handshake = try ExternalProtocol.handshake(line)
    } catch {
      close(program)
      throw ExternalEngineError.start("`\(backend.command)`: \(error)")
    }
    let identity = backend.identity(of: handshake)
    relay.rename(identity.name)
    return (program, identity)
  }

  /// Closes its stdin and gives it a moment to exit by itself before its group is killed.
  private static func close(_ program: Program) {
    program.process.closeInput()
    program.process.stop(grace: 2)
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(saturating: value)) s" : String(format: "%.3g s", value)
  }
}

@available(*, unavailable)
extension ExternalEngine: Sendable {}
