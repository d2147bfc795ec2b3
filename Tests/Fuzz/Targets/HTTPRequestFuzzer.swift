import Foundation
import Glibc

// libFuzzer target: an HTTP request is bytes from strangers. Each input is sent, as it is, to one
// `HTTPServer` (libmicrohttpd with scanbench's callbacks: the URI callback that cuts long queries,
// the refusals of methods, bodies and Host headers, the argument and header reading) on a loopback
// port, and the sending side is then shut: the server must answer with a status line or close the
// connection, within seconds, never crash; the handler sees only GET and HEAD, a path that starts
// with `/` (or `*`), at most `HTTPLimits.maxQueryArguments` arguments; and the server still answers
// a plain request afterwards.

/// The one server of the run (started on the first input), with a handler that checks what reaches it.
private let server: HTTPServer = {
  do {
    return try HTTPServer(
      host: "127.0.0.1", port: 0,
      limits: HTTPLimits(threads: 2, headerSeconds: 2, idleSeconds: 2, stopSeconds: 1)
    ) { request in
      guard request.method == "GET" || request.method == "HEAD" else {
        fatalError("the handler was given a \(request.method) request")
      }
      guard request.arguments.count <= HTTPLimits.maxQueryArguments else {
        fatalError("the handler was given \(request.arguments.count) arguments")
      }
      return .text(200, "path \(request.path.utf8.count) bytes, \(request.arguments.count) arguments\n")
    }
  } catch {
    fatalError("cannot start the server: \(error)")
  }
}()

/// Sends `bytes` on a new connection, shuts the sending side and reads until the server closes;
/// what it sent, or nil if it neither answered nor closed within 10 s.
private func exchange(_ bytes: [UInt8]) -> [UInt8]? {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { fatalError("socket: \(String(cString: strerror(errno)))") }
  defer { close(descriptor) }
  var timeout = timeval(tv_sec: 10, tv_usec: 0)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = UInt16(server.port).bigEndian
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
  var connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  // A signal (libFuzzer's own timers) may interrupt a blocking connect, and the connection goes on
  // being made: wait until it is made or fails, as connect(2) says, rather than call it a failure.
  if connected != 0 && errno == EINTR {
    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    var ready: Int32
    repeat { ready = poll(&waiting, 1, 10_000) } while ready < 0 && errno == EINTR
    var problem: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    if ready > 0 && getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &length) == 0 && problem == 0 {
      connected = 0
    } else {
      errno = problem == 0 ? ETIMEDOUT : problem
    }
  }
  guard connected == 0 else { fatalError("connect: \(String(cString: strerror(errno)))") }
  var sent = 0
  while sent < bytes.count {
    let count = bytes[sent...].withUnsafeBytes {
      send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    if count <= 0 { break }  // The server answered and closed before reading it all.
    sent += count
  }
  shutdown(descriptor, Int32(SHUT_WR))
  var received: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 16 << 10)
  while true {
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      received += chunk[0..<count]
      continue
    }
    if count == 0 || errno == ECONNRESET { return received }
    if errno == EINTR { continue }
    return nil
  }
}

private nonisolated(unsafe) var runs = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func httpRequestFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let answer = exchange(bytes) else {
    fatalError("no answer and no close within 10 s for \(count) bytes")
  }
  if !answer.isEmpty && !answer.starts(with: Array("HTTP/1.".utf8)) {
    fatalError("not an HTTP response: \(String(decoding: answer.prefix(80), as: UTF8.self))")
  }
  runs += 1
  if runs % 64 == 0 {
    let plain = exchange(Array("GET /notes?q=a HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) ?? []
    guard plain.starts(with: Array("HTTP/1.1 200".utf8)) else {
      fatalError(
        "the server no longer answers a plain request: \(String(decoding: plain.prefix(80), as: UTF8.self))")
    }
  }
  return 0
}
