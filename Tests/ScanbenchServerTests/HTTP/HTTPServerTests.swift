import Foundation
import Synchronization
import Testing

@testable import ScanbenchServer

/// The HTTP layer alone, with a handler that says what reached it: the `http-request` fuzz target's
/// seeds (and every crash or hang it found, kept beside them) replayed with its checks, and the
/// refusals made before a handler is called.
@Suite struct HTTPServerTests {
  /// What the handler was given, one line a request.
  final class Seen: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
  }

  static func server(_ seen: Seen, limits: HTTPLimits = HTTPLimits(threads: 2, headerSeconds: 2)) throws
    -> HTTPServer
  {
    try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
      seen.requests.withLock { $0.append(request) }
      return .text(200, "path \(request.path), \(request.arguments.count) arguments\n")
    }
  }

  /// Sends `bytes`, shuts the sending side, reads until the server closes; nil after 10 s.
  static func exchange(_ bytes: Data, port: Int) throws -> Data? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(descriptor, Int32(SHUT_WR))
    var received = Data()
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received.append(contentsOf: chunk[0..<count])
      } else if count == 0 || errno == ECONNRESET {
        return received
      } else if errno != EINTR {
        return nil
      }
    }
  }

  @Test func theFuzzSeedsAreAnsweredOrClosedAndOnlyGETAndHEADReachTheHandler() throws {
    let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/http-request")
    let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
    #expect(names.count >= 20)
    let seen = Seen()
    let server = try Self.server(seen)
    defer { server.stop() }
    for name in names {
      let bytes = try Data(contentsOf: seeds.appendingPathComponent(name))
      let answer = try #require(try Self.exchange(bytes, port: server.port), "\(name): no answer, no close")
      #expect(answer.isEmpty || answer.starts(with: Data("HTTP/1.".utf8)), "\(name)")
    }
    for request in seen.requests.withLock({ $0 }) {
      #expect(["GET", "HEAD"].contains(request.method))
      #expect(request.arguments.count <= HTTPLimits.maxQueryArguments)
    }
    let plain = try #require(
      try Self.exchange(Data("GET /x?a=1 HTTP/1.1\r\nHost: h\r\n\r\n".utf8), port: server.port))
    #expect(plain.starts(with: Data("HTTP/1.1 200".utf8)), "still answering")
  }

  @Test func aRequestOfManyArgumentsNeverReachesTheHandler() throws {
    let seen = Seen()
    let server = try Self.server(seen)
    defer { server.stop() }
    let limit = HTTPLimits.maxQueryArguments
    for count in [limit, limit + 1, 463] {
      let query = (0..<count).map { "a\($0)=1" }.joined(separator: "&")
      let answer = try #require(
        try Self.exchange(Data("GET /?\(query) HTTP/1.1\r\nHost: h\r\n\r\n".utf8), port: server.port))
      let status = String(decoding: answer.prefix(12), as: UTF8.self)
      #expect(status == (count <= limit ? "HTTP/1.1 200" : "HTTP/1.1 414"), "\(count) arguments")
    }
    #expect(seen.requests.withLock { $0.map(\.arguments.count) } == [limit])
  }
}
