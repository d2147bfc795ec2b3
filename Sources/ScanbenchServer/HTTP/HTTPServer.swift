import CMicroHTTPD
import Foundation
import Synchronization

/// A request as the handler sees it: GET or HEAD (anything else, and any request with a body, is
/// refused before the handler is called).
public struct HTTPRequest: Sendable {
  public var method: String
  /// The path, percent-decoded by libmicrohttpd (`/notes/42`); never a file name.
  public var path: String
  /// The query's arguments, decoded (`+` is a space); the first of a repeated name.
  public var arguments: [String: String]
  /// The `Host` header.
  public var host: String?
  /// The `If-None-Match` header (an ETag the client has).
  public var ifNoneMatch: String?

  public init(
    method: String, path: String, arguments: [String: String] = [:], host: String? = nil,
    ifNoneMatch: String? = nil
  ) {
    self.method = method
    self.path = path
    self.arguments = arguments
    self.host = host
    self.ifNoneMatch = ifNoneMatch
  }
}

public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)]
  public var body: Data

  public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
  public var message: String
  /// The address or port cannot be listened on (in use, not this machine's, privileged): an unusable
  /// input, not a failure of the server.
  public var isUnusableAddress = false
  public var description: String { message }
}

/// What bounds a server: its connections, the size of a request, how long a client may take.
public struct HTTPLimits: Sendable, Equatable {
  /// Requests worked on at once (their database connections): one per core; the rest wait their turn.
  public var threads: Int
  /// Connections open at once (each has a thread of its own); more wait in the kernel's listen queue.
  public var connections: Int
  /// Connections open at once from one address: fewer than `connections`, so that one client that
  /// holds all it may still leaves room for the others.
  public var connectionsPerAddress: Int
  /// Bytes a connection has for its request line and headers: a longer request is refused.
  public var requestBytes: Int
  /// Seconds a client has to send a whole request line and its headers, from when it connects or
  /// from the previous response on the same connection: a client that sends them a line now and
  /// then (to keep a connection, and a thread, for itself) is cut off.
  public var headerSeconds: Int
  /// Seconds a connection may do nothing (while a response is read, too) before it is closed.
  public var idleSeconds: Int
  /// Seconds `stop` waits for the requests in flight to finish before it closes their connections.
  public var stopSeconds: Int

  public init(
    threads: Int = ProcessInfo.processInfo.activeProcessorCount, connections: Int = 512,
    connectionsPerAddress: Int = 128, requestBytes: Int = 32 << 10, headerSeconds: Int = 5,
    idleSeconds: Int = 15, stopSeconds: Int = 30
  ) {
    self.threads = max(1, threads)
    self.connections = max(1, connections)
    self.connectionsPerAddress = max(1, min(connectionsPerAddress, connections))
    self.requestBytes = max(4096, requestBytes)
    self.headerSeconds = max(1, headerSeconds)
    self.idleSeconds = max(1, idleSeconds)
    self.stopSeconds = max(0, stopSeconds)
  }

  /// Query arguments a request may have; a request with more is answered 414.
  public static let maxQueryArguments = Int(SCANBENCH_MAX_QUERY_ARGUMENTS)
}

/// One GNU libmicrohttpd daemon (`MHD_Daemon`), stopped when the object goes away: a thread for
/// each connection calls `handler` for its requests, so a slow request or a slow client holds up no
/// other.
public final class HTTPServer: Sendable {
  /// Called on the daemon's threads, several at once.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The daemon; set once in `init`, cleared by `stop` (which the owner calls once, or `deinit`).
  private nonisolated(unsafe) var daemon: OpaquePointer?
  private nonisolated(unsafe) var box: Unmanaged<HandlerBox>?
  private let watch: ConnectionWatch
  private let stopSeconds: Int
  /// The address it listens on.
  public let host: String
  /// The port it listens on (the one the system picked, for port 0).
  public let port: Int

  /// Starts listening on `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0 for one the
  /// system picks: read it back from `port`).
  public init(host: String, port: Int, limits: HTTPLimits = HTTPLimits(), handler: @escaping Handler) throws {
    guard (0...65535).contains(port) else {
      throw HTTPServerError(message: "the port must be from 0 to 65535, not \(port)")
    }
    let address = try SocketAddress(host: host, port: UInt16(port))
    self.host = address.text
    stopSeconds = limits.stopSeconds
    watch = ConnectionWatch(headerSeconds: limits.headerSeconds)
    // The daemon's callbacks get the handler box: it outlives the daemon (freed after the stop).
    let box = Unmanaged.passRetained(HandlerBox(handler, watch: watch))
    errno = 0
    let started = address.withSockaddr { sockaddr, isIPv6 in
      scanbench_mhd_start(
        sockaddr, isIPv6 ? 1 : 0, UInt32(limits.connections), UInt32(limits.connectionsPerAddress),
        limits.requestBytes, UInt32(limits.idleSeconds), HTTPServer.callback, box.toOpaque(),
        HTTPServer.connectionNotice, HTTPServer.requestCompleted, HTTPServer.requestLine)
    }
    guard let started else {
      let failure = errno
      box.release()
      watch.stop()
      if failure == EADDRINUSE {
        throw HTTPServerError(
          message: "cannot listen on \(address.text) port \(port): the port is in use (another "
            + "server listens on it; choose another with --port, or 0 for one the system picks)",
          isUnusableAddress: true)
      }
      if failure == EADDRNOTAVAIL || failure == EACCES {
        throw HTTPServerError(
          message: "cannot listen on \(address.text) port \(port): \(String(cString: strerror(failure)))",
          isUnusableAddress: true)
      }
      let reason = failure == 0 ? "libmicrohttpd could not start" : String(cString: strerror(failure))
      throw HTTPServerError(message: "cannot listen on \(address.text) port \(port): \(reason)")
    }
    self.port = Int(scanbench_mhd_bound_port(started))
    self.box = box
    daemon = started
  }

  deinit {
    stop()
  }

  /// Stops listening and lets the requests in flight finish (for `HTTPLimits.stopSeconds` at most),
  /// then closes every connection.
  public func stop() {
    guard let daemon else { return }
    // No new connection is accepted (the listening socket is closed after the stop, as
    // libmicrohttpd asks); connections between requests are closed at once.
    let listening = MHD_quiesce_daemon(daemon)
    watch.finish(within: Double(stopSeconds))
    MHD_stop_daemon(daemon)
    if listening >= 0 { close(listening) }
    self.daemon = nil
    watch.stop()
    box?.release()
    box = nil
  }

  // MARK: The C side

  /// Markers for `*con_cls`: the request line has been seen (and its query was cut: it had too many
  /// arguments); the headers have been seen. Never written through, never freed: only their
  /// addresses are compared.
  private nonisolated(unsafe) static let requestLineSeen = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)
  private nonisolated(unsafe) static let queryCut = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)
  private nonisolated(unsafe) static let headersSeen = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)

  private static func box(_ context: UnsafeMutableRawPointer) -> HandlerBox {
    Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
  }

  /// A request line has arrived: a request is in flight (until `requestCompleted`, which
  /// libmicrohttpd calls for every request this saw, answered or not).
  private static let requestLine:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
      UnsafeMutableRawPointer? =
      { context, uri, _ in
        if let context { box(context).watch.requestStarted() }
        return scanbench_mhd_cut_long_query(uri) != 0 ? queryCut : requestLineSeen
      }

  private static let requestCompleted: MHD_RequestCompletedCallback = { context, connection, _, _ in
    guard let context else { return }
    box(context).watch.requestCompleted(connection)
  }

  private static let connectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, notice in
    guard let context, let connection else { return }
    let watch = box(context).watch
    // MHD_CONNECTION_NOTIFY_STARTED, else MHD_CONNECTION_NOTIFY_CLOSED.
    if notice.rawValue == 0 {
      watch.opened(connection, socket: scanbench_mhd_connection_socket(connection))
    } else {
      watch.closed(connection)
    }
  }

  private static let callback: MHD_AccessHandlerCallback = {
    context, connection, url, method, version, _, uploadDataSize, state in
    guard let context, let connection, let state, let uploadDataSize else { return .NO }
    let method = method.map { String(cString: $0) } ?? ""
    if state.pointee != headersSeen {
      let cut = state.pointee == queryCut
      state.pointee = headersSeen
      box(context).watch.headersComplete(connection)
      if let refusal = refusal(of: connection, method: method, version: version, queryCut: cut) {
        return queue(refusal, on: connection)
      }
      return .YES
    }
    // A body after all (the headers did not announce it): close the connection.
    guard uploadDataSize.pointee == 0 else { return .NO }
    let request = HTTPRequest(
      method: method, path: url.map { String(cString: $0) } ?? "/", arguments: arguments(connection),
      host: lookup(connection, .HEADER_KIND, "Host"),
      ifNoneMatch: lookup(connection, .HEADER_KIND, "If-None-Match"))
    return queue(box(context).handler(request), on: connection)
  }

  /// The answer to a request refused on its headers alone (before the handler sees it), or nil.
  private static func refusal(
    of connection: OpaquePointer, method: String, version: UnsafePointer<CChar>?, queryCut: Bool
  ) -> HTTPResponse? {
    // No request here has a body: refuse one at once, unread, and every method but GET and HEAD.
    if method != "GET" && method != "HEAD" {
      var response = HTTPResponse.text(405, "Only GET and HEAD are served.\n")
      response.headers.append(("Allow", "GET, HEAD"))
      return response
    }
    if lookup(connection, .HEADER_KIND, "Content-Length").map({ $0 != "0" }) ?? false
      || lookup(connection, .HEADER_KIND, "Transfer-Encoding") != nil
    {
      return .text(413, "Requests here have no body.\n")
    }
    // The URI callback counts the arguments of the line up to its first NUL byte; libmicrohttpd
    // parses them from the whole line (a fuzzed `GET /api\0…?a0=1&…` brought 272): counted again
    // as parsed.
    let parsed = Int(MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, nil, nil))
    if queryCut || parsed > HTTPLimits.maxQueryArguments {
      return .text(
        414, "A request here has at most \(HTTPLimits.maxQueryArguments) query arguments.\n")
    }
    // RFC 9112 3.2: a request of HTTP/1.1 has exactly one Host header; which of two would be the
    // server's name is not for the server to guess.
    let hosts = count(connection, .HEADER_KIND, "Host")
    if hosts > 1 { return .text(400, "A request has one Host header, not \(hosts).\n") }
    if hosts == 0, version.map({ String(cString: $0) }) == "HTTP/1.1" {
      return .text(400, "An HTTP/1.1 request names its server in a Host header.\n")
    }
    return nil
  }

  private static func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
    MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
  }

  /// How many values of `kind` are named `key` (in any case).
  private static func count(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> Int {
    var found = (key: key.lowercased(), count: 0)
    withUnsafeMutablePointer(to: &found) { pointer in
      _ = MHD_get_connection_values(
        connection, kind,
        { context, _, name, _ in
          guard let context, let name else { return .YES }
          let found = context.assumingMemoryBound(to: (key: String, count: Int).self)
          if String(cString: name).lowercased() == found.pointee.key { found.pointee.count += 1 }
          return .YES
        }, pointer)
    }
    return found.count
  }

  private static func arguments(_ connection: OpaquePointer) -> [String: String] {
    var arguments: [String: String] = [:]
    withUnsafeMutablePointer(to: &arguments) { pointer in
      _ = MHD_get_connection_values(
        connection, .GET_ARGUMENT_KIND,
        { context, _, key, value in
          guard let context, let key else { return .YES }
          let arguments = context.assumingMemoryBound(to: [String: String].self)
          let name = String(cString: key)
          if arguments.pointee[name] == nil {
            arguments.pointee[name] = value.map { String(cString: $0) } ?? ""
          }
          return .YES
        }, pointer)
    }
    return arguments
  }

  /// Queues `response`. For HEAD, the same response: libmicrohttpd sends its headers (with the
  /// `Content-Length` of the body GET would get) and not the body.
  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes { raw in
      MHD_create_response_from_buffer(
        raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers { _ = MHD_add_response_header(created, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), created)
  }
}

/// The connections of a daemon and the requests in flight on them: a client gets
/// `headerSeconds` for a whole request line and its headers (from when it connects, or from the
/// previous response), after which its connection is shut down by the watch's thread; `finish`
/// waits for the requests in flight.
///
/// libmicrohttpd's own timeout is one of inactivity, which a client sending a header line now and
/// then never reaches. A socket is shut down (not closed: libmicrohttpd closes it) only while its
/// connection is known here, under the lock that `closed` takes, and libmicrohttpd reports a
/// connection closed before it closes the socket: a socket number reused by a newer connection is
/// never shut down for an older one.
private final class ConnectionWatch: Sendable {
  private struct State {
    /// Socket and deadline of each connection (by its `MHD_Connection` address); no deadline while
    /// a request is answered.
    var connections: [UInt: (socket: Int32, deadline: Double?)] = [:]
    var inFlight = 0
    var stopped = false
  }

  private let state = Mutex(State())
  private let headerSeconds: Double
  private let signal = NSCondition()

  init(headerSeconds: Int) {
    self.headerSeconds = Double(headerSeconds)
    let thread = Thread { [weak self] in
      while let watch = self, watch.sweep() {
        usleep(100_000)
      }
    }
    thread.name = "scanbench-http-watch"
    thread.start()
  }

  private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  private static func key(_ connection: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: connection))
  }

  func opened(_ connection: OpaquePointer, socket: Int32) {
    let deadline = Self.now() + headerSeconds
    state.withLock { $0.connections[Self.key(connection)] = (socket, deadline) }
  }

  func closed(_ connection: OpaquePointer) {
    _ = state.withLock { $0.connections.removeValue(forKey: Self.key(connection)) }
  }

  func requestStarted() {
    state.withLock { $0.inFlight += 1 }
  }

  func headersComplete(_ connection: OpaquePointer) {
    state.withLock { $0.connections[Self.key(connection)]?.deadline = nil }
  }

  func requestCompleted(_ connection: OpaquePointer?) {
    let deadline = Self.now() + headerSeconds
    state.withLock { state in
      state.inFlight = max(0, state.inFlight - 1)
      if let connection, state.connections[Self.key(connection)] != nil {
        state.connections[Self.key(connection)]?.deadline = deadline
      }
    }
    signal.broadcast()
  }

  /// Shuts down the connections past their deadline; false once stopped.
  private func sweep() -> Bool {
    let now = Self.now()
    return state.withLock { state in
      guard !state.stopped else { return false }
      for (key, connection) in state.connections {
        guard let deadline = connection.deadline, deadline < now else { continue }
        shutdown(connection.socket, Int32(SHUT_RDWR))
        state.connections[key]?.deadline = nil
      }
      return true
    }
  }

  /// Waits until no request is in flight, or `seconds` have passed. Connections waiting between
  /// requests are shut down at once: no new request is begun on them.
  func finish(within seconds: Double) {
    let deadline = Self.now() + seconds
    state.withLock { state in
      for (key, connection) in state.connections where connection.deadline != nil {
        shutdown(connection.socket, Int32(SHUT_RDWR))
        state.connections[key]?.deadline = nil
      }
    }
    signal.lock()
    defer { signal.unlock() }
    while state.withLock({ $0.inFlight }) > 0, Self.now() < deadline {
      _ = signal.wait(until: Date().addingTimeInterval(0.05))
    }
  }

  func stop() {
    state.withLock { $0.stopped = true }
  }
}

/// The handler, boxed for libmicrohttpd's `void *` context.
private final class HandlerBox: Sendable {
  let handler: HTTPServer.Handler
  let watch: ConnectionWatch
  init(_ handler: @escaping HTTPServer.Handler, watch: ConnectionWatch) {
    self.handler = handler
    self.watch = watch
  }
}

extension HTTPResponse {
  /// A plain-text response (errors, refusals).
  public static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
  }
}
