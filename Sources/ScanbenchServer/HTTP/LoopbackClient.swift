import Foundation

/// A minimal HTTP/1.1 client over one kept-alive TCP connection, for the tests and the load
/// benchmark: it sends the request line exactly as given (`/notes/../../etc/passwd` is not
/// normalized, as curl and URLSession would), and reads responses that have a `Content-Length`
/// (libmicrohttpd gives every buffered response one). Not for the network: loopback only.
package final class LoopbackClient {
  package struct Response: Sendable {
    package var status: Int
    /// Header names lower-cased.
    package var headers: [String: String]
    package var body: Data

    package var text: String { String(decoding: body, as: UTF8.self) }
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  private let port: Int
  private let host: String
  private var socket: Int32 = -1
  private var buffer: [UInt8] = []
  private let timeoutSeconds: Int

  package init(port: Int, host: String = "127.0.0.1", timeoutSeconds: Int = 30) {
    self.port = port
    self.host = host
    self.timeoutSeconds = timeoutSeconds
  }

  deinit {
    close()
  }

  package func close() {
    if socket >= 0 { Glibc.close(socket) }
    socket = -1
    buffer = []
  }

  /// `GET target` (with a `Host` header naming the server unless `headers` names another).
  package func get(_ target: String, headers: [String: String] = [:], method: String = "GET") throws
    -> Response
  {
    var request = "\(method) \(target) HTTP/1.1\r\n"
    var all = ["Host": "\(host):\(port)"]
    for (name, value) in headers { all[name] = value }
    for (name, value) in all.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    return try send(Data(request.utf8), expectBody: method != "HEAD")
  }

  /// Sends `request` as it is and reads one response. A connection the server closed between two
  /// requests is opened again once.
  package func send(_ request: Data, expectBody: Bool = true) throws -> Response {
    for attempt in 0..<2 {
      if socket < 0 { try connect() }
      do {
        try write(request)
        return try readResponse(expectBody: expectBody)
      } catch let failure as Failure where attempt == 0 && failure.description == Self.closedEarly {
        close()
      }
    }
    throw Failure(description: Self.closedEarly)
  }

  private static let closedEarly = "the server closed the connection before answering"

  private func connect() throws {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var noDelay: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, host, &address.sin_addr)
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      Glibc.close(descriptor)
      throw Failure(description: "connect to \(host):\(port): \(String(cString: strerror(errno)))")
    }
    socket = descriptor
  }

  private func write(_ data: Data) throws {
    var sent = 0
    try data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while sent < raw.count {
        let count = Glibc.send(socket, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        if count < 0 {
          if errno == EINTR { continue }
          // The server may answer (414, 413) and close before it has read all of a long request.
          if errno == EPIPE || errno == ECONNRESET { return }
          throw Failure(description: "send: \(String(cString: strerror(errno)))")
        }
        sent += count
      }
    }
  }

  /// Reads more bytes into the buffer; false at the end of the stream.
  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      if errno == ECONNRESET { return false }
      throw Failure(description: "recv: \(String(cString: strerror(errno)))")
    }
  }

  private func readResponse(expectBody: Bool) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    var headerEnd: Int?
    while headerEnd == nil {
      headerEnd = buffer.indices.dropLast(3).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
      if headerEnd == nil {
        guard try fill() else {
          throw Failure(description: buffer.isEmpty ? Self.closedEarly : "the response ended in its headers")
        }
      }
    }
    guard let end = headerEnd else { throw Failure(description: "no headers") }
    let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "not an HTTP response: \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    buffer.removeFirst(end + 4)
    var body = Data()
    if expectBody, status != 304, status != 204 {
      if let length = headers["content-length"].flatMap(Int.init) {
        while buffer.count < length {
          guard try fill() else {
            throw Failure(description: "the body ended after \(buffer.count) of \(length) bytes")
          }
        }
        body = Data(buffer[0..<length])
        buffer.removeFirst(length)
      } else {
        while try fill() {}
        body = Data(buffer)
        buffer = []
      }
    }
    if headers["connection"]?.lowercased() == "close" { close() }
    return Response(status: status, headers: headers, body: body)
  }
}
