import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Synchronization
import XCTest

@testable import ScanbenchServer
@testable import ScanbenchStore
@testable import ScanbenchSupport

/// Issue 31's `notes serve` items, each on the built binary as a user runs it (Reports/RELIABILITY.md
/// says what each showed on the code before the fix): slow and idle clients, cold thumbnails of a
/// huge image, a query of hundreds of arguments, SIGTERM with a request in flight, and the HTTP
/// details. Every connection goes to 127.0.0.1, bounded in count and time.
final class NotesServeHostileClientTests: XCTestCase {
  typealias Serving = NotesServeCommandTests.Serving

  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  // MARK: 9. Slow and idle clients

  /// 64 clients that send a header line every second (never the end of their headers), then 300
  /// idle sockets from another address (127.0.0.2): the server answers every other request
  /// meanwhile, and cuts the slow ones off after its few seconds for headers.
  func testSixtyFourSlowClientsAndThreeHundredIdleSocketsDoNotStopTheServer() throws {
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    var slow = try (0..<64).map { _ in try RawConnection(port: serving.port) }
    for connection in slow {
      connection.send("GET /api/notes HTTP/1.1\r\nHost: 127.0.0.1:\(serving.port)\r\n")
    }
    var answered = 0
    let start = Date()
    // Probes while the slow clients trickle: for 8 s, past the server's 5 s for headers.
    while Date().timeIntervalSince(start) < 8 {
      for connection in slow { connection.send("X-Slow: \(answered)\r\n") }
      let probe = LoopbackClient(port: serving.port, timeoutSeconds: 5)
      defer { probe.close() }
      let response = try probe.get("/api/notes/1", headers: ["Connection": "close"])
      XCTAssertEqual(response.status, 200)
      answered += 1
      usleep(500_000)
    }
    XCTAssertGreaterThanOrEqual(answered, 8, "each probe answered at once (5 s each at most)")
    let cutOff = slow.filter { $0.isClosedByServer(within: 5) }.count
    XCTAssertEqual(cutOff, 64, "the trickling clients are cut off, not kept for ever")
    slow = []

    let idle = (0..<300).compactMap { _ in try? RawConnection(port: serving.port, source: "127.0.0.2") }
    XCTAssertGreaterThan(idle.count, 0, "127.0.0.2 is loopback too")
    for _ in 0..<5 {
      let probe = LoopbackClient(port: serving.port, timeoutSeconds: 5)
      defer { probe.close() }
      XCTAssertEqual(try probe.get("/api/notes/1", headers: ["Connection": "close"]).status, 200)
    }
    XCTAssertEqual(serving.stop(), 0, serving.stderr)
  }

  // MARK: 10. Cold thumbnails of a huge image

  /// Two cold thumbnails of a 10000 × 9999 PNG (allowed under `--max-pixels`) take seconds to make:
  /// the API answers while both are still being made (before, it waited behind them).
  func testTwoColdThumbnailsOfAHugeImageDoNotHoldUpTheAPI() throws {
    let fixture = try NotesFixture(in: folder)
    let huge = try hugeImageNote(fixture)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    let port = serving.port
    let thumbnails = Mutex<[Int]>([])
    let done = DispatchGroup()
    for _ in 0..<2 {
      done.enter()
      Thread {
        defer { done.leave() }
        let client = LoopbackClient(port: port, timeoutSeconds: 120)
        defer { client.close() }
        let status = (try? client.get("/notes/\(huge)/thumbnail").status) ?? -1
        thumbnails.withLock { $0.append(status) }
      }.start()
      // One after the other, as a browser's list asks: the first is being made when the second comes.
      usleep(200_000)
    }
    let client = LoopbackClient(port: serving.port, timeoutSeconds: 60)
    defer { client.close() }
    for _ in 0..<3 {
      XCTAssertEqual(try client.get("/api/notes/1").status, 200)
      XCTAssertEqual(try client.get("/").status, 200)
    }
    XCTAssertEqual(thumbnails.withLock { $0 }, [], "the API and the list answered while both were being made")
    XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
    // Made (200), or past the request's deadline on a slow machine (503, to come back): then made.
    for status in thumbnails.withLock({ $0 }) { XCTAssertTrue([200, 503].contains(status), "\(status)") }
    var warm = try client.get("/notes/\(huge)/thumbnail")
    for _ in 0..<60 where warm.status == 503 {
      XCTAssertNotNil(warm.headers["retry-after"])
      sleep(1)
      warm = try client.get("/notes/\(huge)/thumbnail")
    }
    XCTAssertEqual(warm.status, 200)
    XCTAssertEqual(warm.headers["content-type"], "image/jpeg")
  }

  // MARK: 11. Hundreds of query arguments

  func testAQueryOf463ArgumentsIsAnswered414() throws {
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    let client = LoopbackClient(port: serving.port, timeoutSeconds: 10)
    defer { client.close() }
    let many = (0..<463).map { "a\($0)=1" }.joined(separator: "&")
    XCTAssertGreaterThan(many.utf8.count, 3_000, "the issue's 3.3 KB")
    let refused = try client.get("/?" + many)
    XCTAssertEqual(refused.status, 414)
    XCTAssertTrue(
      refused.text.contains("at most \(HTTPLimits.maxQueryArguments) query arguments"), refused.text)
    let limit = (0..<HTTPLimits.maxQueryArguments - 1).map { "x\($0)=1" }.joined(separator: "&")
    XCTAssertEqual(try client.get("/api/notes?limit=2&" + limit).status, 200, "the limit itself is served")
    XCTAssertEqual(serving.stop(), 0, serving.stderr)
  }

  // MARK: 12. SIGTERM with a request in flight

  /// A cold thumbnail of a huge image is being made when SIGTERM comes: it is sent whole, then the
  /// server stops (exit 0).
  func testSIGTERMFinishesTheThumbnailInFlight() throws {
    let fixture = try NotesFixture(in: folder)
    let huge = try hugeImageNote(fixture)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    let port = serving.port
    let response = Mutex<Result<LoopbackClient.Response, any Error>?>(nil)
    let done = DispatchGroup()
    done.enter()
    Thread {
      defer { done.leave() }
      let client = LoopbackClient(port: port, timeoutSeconds: 60)
      defer { client.close() }
      let result = Result { try client.get("/notes/\(huge)/thumbnail") }
      response.withLock { $0 = result }
    }.start()
    usleep(500_000)
    XCTAssertNil(response.withLock { $0 }, "still being made at the signal")
    XCTAssertEqual(serving.stop(SIGTERM), 0, serving.stderr)
    XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
    let answer = try XCTUnwrap(response.withLock { $0 }).get()
    XCTAssertTrue([200, 503].contains(answer.status), "answered, not dropped: \(answer.status)")
    if answer.status == 200 {
      XCTAssertEqual(Array(answer.body.prefix(3)), [0xFF, 0xD8, 0xFF], "a whole JPEG")
      XCTAssertEqual(Array(answer.body.suffix(2)), [0xFF, 0xD9])
    }
  }

  // MARK: 13. HTTP details

  func testHeadLengthAllowHostHeadersAndPortInUse() throws {
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    let client = LoopbackClient(port: serving.port, timeoutSeconds: 10)
    defer { client.close() }
    for target in ["/", "/api/notes", "/notes/1", "/assets/serve.css"] {
      let get = try client.get(target)
      let head = try client.get(target, method: "HEAD")
      XCTAssertEqual(head.status, 200)
      XCTAssertEqual(head.headers["content-length"], String(get.body.count), "HEAD \(target)")
      XCTAssertTrue(head.body.isEmpty)
    }
    let delete = try client.get("/", method: "DELETE")
    XCTAssertEqual(delete.status, 405)
    XCTAssertEqual(delete.headers["allow"], "GET, HEAD")
    let host = "127.0.0.1:\(serving.port)"
    func raw(_ request: String) throws -> Int {
      let connection = LoopbackClient(port: serving.port, timeoutSeconds: 10)
      defer { connection.close() }
      return try connection.send(Data(request.utf8)).status
    }
    XCTAssertEqual(try raw("GET /api/notes HTTP/1.1\r\nHost: \(host)\r\nHost: evil.example\r\n\r\n"), 400)
    XCTAssertEqual(try raw("GET /api/notes HTTP/1.1\r\nHost: evil.example\r\nHost: \(host)\r\n\r\n"), 400)
    XCTAssertEqual(try raw("GET /api/notes HTTP/1.1\r\n\r\n"), 400)
    XCTAssertEqual(try raw("GET /api/notes HTTP/1.0\r\n\r\n"), 200, "HTTP/1.0 needs no Host")
    XCTAssertEqual(try raw("GET /api/notes HTTP/1.1\r\nHost: \(host)\r\n\r\n"), 200)

    let taken = try Harness.run(["notes", "serve", "--db", fixture.database, "--port", String(serving.port)])
    XCTAssertEqual(taken.exitCode, 2, taken.stderr)
    XCTAssertTrue(taken.stderr.contains("port \(serving.port): the port is in use"), taken.stderr)
    XCTAssertEqual(serving.stop(), 0, serving.stderr)
  }

  /// A database broken under the server (another program drops a table): the 500 says nothing of
  /// the SQL, the server's stderr says all of it. A database that is not one is named by its path
  /// (with a space in it), not by the URI SQLite was given.
  func testA500SendsNoSQLAndErrorsNameTheDatabasesPath() throws {
    let fixture = try NotesFixture(in: folder)
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    try TestKit.shell(
      "python3 -c \"import sqlite3; c = sqlite3.connect('\(fixture.database)'); "
        + "c.execute('DROP TABLE note_words'); c.commit()\"")
    let client = LoopbackClient(port: serving.port, timeoutSeconds: 10)
    defer { client.close() }
    let failed = try client.get("/api/notes?q=harbor")
    XCTAssertEqual(failed.status, 500)
    XCTAssertFalse(failed.text.contains("SELECT"), failed.text)
    XCTAssertFalse(failed.text.contains("SQLite"), failed.text)
    XCTAssertEqual(serving.stop(), 0)
    XCTAssertTrue(serving.stderr.contains("/api/notes: "), serving.stderr)
    XCTAssertTrue(serving.stderr.contains("while executing `"), serving.stderr)

    let spaced = folder.appendingPathComponent("my notes ü.sqlite")
    try Data("not a database, and longer than a header of one".utf8).write(to: spaced)
    let refused = try Harness.run(["notes", "serve", "--db", spaced.path, "--port", "0"])
    XCTAssertEqual(refused.exitCode, 2, refused.stderr)
    XCTAssertTrue(refused.stderr.contains(spaced.path + ": "), refused.stderr)
    XCTAssertFalse(refused.stderr.contains("file:"), refused.stderr)
    XCTAssertFalse(refused.stderr.contains("immutable"), refused.stderr)
  }

  // MARK: Cosmetic

  /// A JPEG cut short: its thumbnail is what there is, and the server's stderr says which image
  /// libjpeg's "Premature end of JPEG file" is about.
  func testATruncatedJPEGIsNamedOnTheServersStderr() throws {
    let fixture = try NotesFixture(in: folder)
    let whole = try Data(contentsOf: fixture.images.appendingPathComponent("photos/IMG_0042.jpg"))
    let id = try importedNote(fixture, entry: "cut.jpg", data: whole.prefix(whole.count * 2 / 3))
    let serving = try Serving(["--db", fixture.database, "--port", "0"], folder: folder)
    defer { _ = serving.stop() }
    let client = LoopbackClient(port: serving.port, timeoutSeconds: 30)
    defer { client.close() }
    _ = try client.get("/notes/\(id)/thumbnail")
    XCTAssertEqual(serving.stop(), 0)
    XCTAssertTrue(
      serving.stderr.contains("cut.jpg (note \(id)): the JPEG ends before its end marker"), serving.stderr)
  }

  // MARK: Fixtures

  /// A note of `data` as `entry` in a folder of its own, imported into the fixture's database; its id.
  private func importedNote(
    _ fixture: NotesFixture, entry: String, data: Data, width: Int = 0, height: Int = 0
  )
    throws -> Int64
  {
    let images = folder.appendingPathComponent("more-\(entry)")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try data.write(to: images.appendingPathComponent(entry))
    return try importedNote(fixture, folder: images, entry: entry, width: width, height: height)
  }

  private func importedNote(
    _ fixture: NotesFixture, folder images: URL, entry: String, width: Int, height: Int
  )
    throws -> Int64
  {
    let data = try Data(contentsOf: images.appendingPathComponent(entry))
    var record = ResultRecord(
      run: "run-\(entry)", time: "2030-01-01T00:00:00Z", source: images.path, entry: entry,
      sha256: SHA256.hex(data), profile: "accurate", lang: "eng",
      engine: EngineIdentity(name: "tesseract", version: "5.3.0"))
    record.text = "a photo"
    record.width = width
    record.height = height
    let store = folder.appendingPathComponent("\(entry).jsonl")
    try StoreWriter.line(for: record).write(to: store)
    let imported = try Harness.run(["import", store.path, "--db", fixture.database])
    XCTAssertEqual(imported.exitCode, 0, imported.stderr)
    return Int64(NotesFixture.entries.count + 1)
  }

  /// A note of a 10000 × 9999 colour PNG (100 megapixels, the most the server decodes), imported
  /// into the fixture's database; its id. Every row is Paeth-filtered: about four times as slow to
  /// decode as unfiltered grey rows, which a quiet machine thumbnailed within the half second the
  /// tests wait, so its thumbnail is still being made when the tests look.
  private func hugeImageNote(_ fixture: NotesFixture) throws -> Int64 {
    let images = folder.appendingPathComponent("huge")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    let png = images.appendingPathComponent("huge.png")
    try TestKit.shell(
      """
      python3 -c "
      import struct, zlib
      w, h = 10000, 9999
      def chunk(kind, data):
          return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
      row = b'\\x04' + bytes((x * 7 + x // 13) & 255 for x in range(3 * w))
      body = zlib.compress(row * h, 1)
      open('\(png.path)', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
          + chunk(b'IDAT', body) + chunk(b'IEND', b''))
      "
      """)
    return try importedNote(fixture, folder: images, entry: "huge.png", width: 10000, height: 9999)
  }
}

/// A TCP connection to 127.0.0.1 from `source` (another loopback address stands for another
/// client), for sending a request piece by piece, or nothing at all.
final class RawConnection {
  private let descriptor: Int32

  init(port: Int, source: String = "127.0.0.1") throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw FixtureError(message: "socket: \(String(cString: strerror(errno)))") }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    func address(_ host: String, _ port: Int) -> sockaddr_in {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = UInt16(port).bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      return address
    }
    var from = address(source, 0)
    var to = address("127.0.0.1", port)
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &from) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    let connected = withUnsafePointer(to: &to) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
    }
    guard bound == 0, connected == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw FixtureError(message: "connect from \(source): \(reason)")
    }
  }

  deinit {
    close(descriptor)
  }

  func send(_ text: String) {
    _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
  }

  /// Whether the server closes the connection (an end of stream or a reset, whatever it sent
  /// before) within `seconds`.
  func isClosedByServer(within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
    }
    return false
  }
}
