import Foundation
import ScanbenchCommandLine
import ScanbenchNotes
import ScanbenchServer

/// `scanbench notes serve`: the note database in a browser (ScanbenchServer does the work).
struct NotesServeCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "serve",
      abstract:
        "Browse and search the notes in a web browser: thumbnails, the image with its boxes, the text.",
      discussion: """
        Serves the note database read-only, on this machine only unless --host says otherwise: the
        list newest first (or by when the photos were taken) with thumbnails, the full-text search of
        'notes search' with the matches highlighted and filters by source, run, language, codes and
        date, and each note's page: the image with its word, line and code boxes, the text, CER and
        the difference against the ground truth, and the original to download. Images are read again
        from the inputs the store names and refused if they changed since; thumbnails are kept in
        $XDG_CACHE_HOME/scanbench/notes-serve. The same queries answer as JSON under /api/notes.
        Stop it with Ctrl-C (or SIGTERM): requests in flight are finished first.
        """)
  }

  @OptionGroup var database: NoteDatabaseOptions
  @Option(
    help: "The port to listen on (0: one the system picks, printed).", valueName: "N",
    parsing: .integer(in: 0...65535))
  var port = 8765
  @Option(
    help: "The address to listen on. Anything but a loopback address makes the notes visible to the network.",
    valueName: "address", parsing: .listeningAddress)
  var host = "127.0.0.1"

  func validate() throws {
    // Read-only: the database must be there (serving never creates or migrates one).
    let path = database.db
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw CommandFailure(
        "\(path): no such note database (make one with 'scanbench import STORE --db \(path)')",
        exitCode: ExitCode.inputUnreadable)
    }
  }

  func run(_: Void) throws -> Int32 {
    // The signals are taken by sigwait below: blocked first, so the server's threads inherit that.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let server: NotesServer
    do {
      server = try NotesServer(
        NotesServer.Options(
          database: database.db, host: host, port: port, log: { Console.error("notes serve: \($0)\n") }))
    } catch let error as NoteDatabaseError {
      throw NoteDatabaseOptions.failure(error)
    } catch let error as HTTPServerError {
      // An address or port that cannot be listened on is an unusable input, like a database.
      throw CommandFailure(
        error.message, exitCode: error.isUnusableAddress ? ExitCode.inputUnreadable : ExitCode.failure)
    }
    if !server.isLoopback {
      Console.error(
        "warning: listening on \(host): the notes are visible to every machine that can reach this "
          + "one (--host 127.0.0.1 keeps them to this machine)\n")
    }
    Console.out("serving \(database.db) at \(server.url) (read-only; Ctrl-C stops)\n")
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
    Console.error("stopped (\(received == SIGTERM ? "SIGTERM" : "SIGINT"))\n")
    return ExitCode.success
  }
}

extension ValueParser where Value == String {
  /// An IPv4 or IPv6 address to listen on (`127.0.0.1`, `::1`, `0.0.0.0`), as given.
  static var listeningAddress: ValueParser {
    ValueParser { text, name in
      do {
        _ = try SocketAddress(host: text, port: 0)
      } catch {
        throw UsageError("\(name): \(error)")
      }
      return text
    }
  }
}
