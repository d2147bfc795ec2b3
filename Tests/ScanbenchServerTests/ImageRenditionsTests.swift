import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Synchronization
import Testing

@testable import ScanbenchServer

/// The pool that makes renditions off the requests' threads: a request waits until its deadline,
/// a rendition asked for twice is made once, a full queue is refused at once, and the server turns
/// "not ready yet" into 503 with `Retry-After`.
@Suite struct ImageRenditionsTests {
  @Test func aRequestWaitsUntilItsDeadlineAndTheRenditionIsMadeOnce() throws {
    let pool = ImageRenditions.RenderPool(threads: 1, queued: 1)
    defer { pool.stop() }
    let release = DispatchSemaphore(value: 0)
    let made = Mutex<[String]>([])
    @Sendable func work(_ key: String, blocks: Bool) -> @Sendable () throws -> Data {
      {
        made.withLock { $0.append(key) }
        if blocks { release.wait() }
        return Data(key.utf8)
      }
    }
    #expect(
      pool.result(of: "a", within: 0.2, work: work("a", blocks: true)) == nil, "not ready by the deadline")
    // Asked for again while it is being made: joined, not made twice.
    #expect(pool.result(of: "a", within: 0.1, work: work("a", blocks: true)) == nil)
    // One more waits in the queue (the one thread is busy); the queue of one is then full: refused
    // without waiting.
    #expect(pool.result(of: "b", within: 0.05, work: work("b", blocks: false)) == nil)
    let start = Date()
    #expect(pool.result(of: "c", within: 5, work: work("c", blocks: false)) == nil)
    #expect(Date().timeIntervalSince(start) < 2, "a full queue does not make the request wait")
    // Requests waiting for a and b get them once a is let go.
    let results = Mutex<[String: Data]>([:])
    let done = DispatchGroup()
    for key in ["a", "b"] {
      done.enter()
      Thread {
        defer { done.leave() }
        if case .success(let data)? = pool.result(of: key, within: 10, work: work(key, blocks: false)) {
          results.withLock { $0[key] = data }
        }
      }.start()
    }
    usleep(100_000)
    release.signal()
    #expect(done.wait(timeout: .now() + 20) == .success)
    #expect(results.withLock { $0 } == ["a": Data("a".utf8), "b": Data("b".utf8)])
    #expect(made.withLock { $0 } == ["a", "b"], "each once, c never")
  }

  @Test func aThumbnailNotReadyByItsDeadlineIs503WithRetryAfterThenServed() throws {
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try NotesFixture(in: folder)
    let server = try NotesServer(
      NotesServer.Options(
        database: fixture.database, port: 0, limits: HTTPLimits(threads: 2),
        cache: folder.appendingPathComponent("cache"), renderSeconds: 0))
    defer { server.stop() }
    let client = LoopbackClient(port: server.port, timeoutSeconds: 10)
    defer { client.close() }
    let target = "/notes/\(fixture.id(of: "photos/IMG_0042.jpg"))/thumbnail"
    var response = try client.get(target)
    var pending = 0
    while response.status == 503, pending < 100 {
      #expect(response.headers["retry-after"].flatMap(Int.init).map { $0 >= 1 } == true)
      pending += 1
      usleep(50_000)
      response = try client.get(target)
    }
    #expect(pending > 0, "a deadline of 0 s: the first answer is 'come back'")
    #expect(response.status == 200)
    #expect(response.body.starts(with: [0xFF, 0xD8, 0xFF]))
  }
}
