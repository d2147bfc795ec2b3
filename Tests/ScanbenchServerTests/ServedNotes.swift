import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport

@testable import ScanbenchServer

/// `NotesFixture`'s database served on an ephemeral loopback port, and a client of it: what each
/// test of the server starts from. `stop()` ends both and removes the folder.
final class ServedNotes {
  let folder: URL
  let fixture: NotesFixture
  let server: NotesServer
  let client: LoopbackClient

  init() throws {
    folder = try TestKit.temporaryFolder("scanbench-photo")
    fixture = try NotesFixture(in: folder)
    server = try NotesServer(
      NotesServer.Options(
        database: fixture.database, port: 0, limits: HTTPLimits(threads: 2),
        cache: folder.appendingPathComponent("cache")))
    client = LoopbackClient(port: server.port)
  }

  func stop() {
    client.close()
    server.stop()
    try? FileManager.default.removeItem(at: folder)
  }
}
