import Foundation
import ScanbenchNotes
import ScanbenchServer

/// `scanbench notes serve`: the note database in a browser (ScanbenchServer does the work).
enum NotesServeCommand: Command {
  static let port = Option<Int>.integer(
    "--port", help: "The port to listen on (0: one the system picks, printed).", range: 0...65535,
    default: 8765)
  static let host = Option<String>(
    "--host",
    help: "The address to listen on. Anything but a loopback address makes the notes visible to the network.",
    valueName: "address", default: "127.0.0.1")

  static let spec = CommandSpec(
    name: "notes serve",
    abstract: "Browse and search the notes in a web browser: thumbnails, the image with its boxes, the text.",
    discussion: """
      Serves the note database read-only, on this machine only unless --host says otherwise: the
      list newest first (or by when the photos were taken) with thumbnails, the full-text search of
      'notes search' with the matches highlighted and filters by source, run, language, codes and
      date, and each note's page: the image with its word, line and code boxes, the text, CER and
      the difference against the ground truth, and the original to download. Images are read again
      from the inputs the store names and refused if they changed since; thumbnails are kept in
      $XDG_CACHE_HOME/scanbench/notes-serve. The same queries answer as JSON under /api/notes.
      Stop it with Ctrl-C (or SIGTERM): requests in flight are finished first.
      """,
    options: [NoteDatabaseOption.option, port.spec, host.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    do {
      _ = try SocketAddress(host: arguments[host], port: 0)
    } catch {
      throw UsageError("--host: \(error)")
    }
    // Read-only: the database must be there (serving never creates or migrates one).
    let path = NoteDatabaseOption.path(arguments)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw CommandFailure(
        "\(path): no such note database (make one with 'scanbench import STORE --db \(path)')",
        exitCode: ExitCode.inputUnreadable)
    }
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    // The signals are taken by sigwait below: blocked first, so the server's threads inherit that.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let database = NoteDatabaseOption.path(arguments)
    let server: NotesServer
    do {
      server = try NotesServer(
        NotesServer.Options(database: database, host: arguments[host], port: arguments[port]))
    } catch let error as NoteDatabaseError {
      throw CommandFailure(
        error.description, exitCode: error.isUnusableDatabase ? ExitCode.inputUnreadable : ExitCode.failure)
    } catch let error as HTTPServerError {
      throw CommandFailure(error.message, exitCode: ExitCode.failure)
    }
    if !server.isLoopback {
      Console.error(
        "warning: listening on \(arguments[host]): the notes are visible to every machine that can reach this "
          + "one (--host 127.0.0.1 keeps them to this machine)\n")
    }
    Console.out("serving \(database) at \(server.url) (read-only; Ctrl-C stops)\n")
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
    Console.error("stopped (\(received == SIGTERM ? "SIGTERM" : "SIGINT"))\n")
    return ExitCode.success
  }
}
