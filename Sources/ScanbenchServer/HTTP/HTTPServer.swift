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
  public var description: String { message }
}

/// What bounds a server: its threads, its connections, the size of a request.
public struct HTTPLimits: Sendable, Equatable {
  /// The polling threads, each serving its share of the connections: one per core.
  public var threads: Int
  /// Connections open at once; more wait in the kernel's listen queue.
  public var connections: Int
  /// Connections open at once from one address.
  public var connectionsPerAddress: Int
  /// Bytes a connection has for its request line and headers: a longer request is refused.
  public var requestBytes: Int
  /// Seconds an idle connection is kept.
  public var idleSeconds: Int

  public init(
    threads: Int = ProcessInfo.processInfo.activeProcessorCount, connections: Int = 64,
    connectionsPerAddress: Int = 64, requestBytes: Int = 32 << 10, idleSeconds: Int = 30
  ) {
    self.threads = max(1, threads)
    self.connections = max(1, connections)
    self.connectionsPerAddress = max(1, connectionsPerAddress)
    self.requestBytes = max(4096, requestBytes)
    self.idleSeconds = max(1, idleSeconds)
  }
}

/// One GNU libmicrohttpd daemon (`MHD_Daemon`), stopped when the object goes away: its pool of
/// polling threads calls `handler` for each request, concurrently.
public final class HTTPServer: Sendable {
  /// Called on the daemon's threads, several at once.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The daemon; set once in `init`, cleared by `stop` (which the owner calls once, or `deinit`).
  private nonisolated(unsafe) var daemon: OpaquePointer?
  private nonisolated(unsafe) var box: Unmanaged<HandlerBox>?
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
    // The daemon's callbacks get the handler box: it outlives the daemon (freed after the stop).
    let box = Unmanaged.passRetained(HandlerBox(handler))
    errno = 0
    let started = address.withSockaddr { sockaddr, isIPv6 in
      scanbench_mhd_start(
        sockaddr, isIPv6 ? 1 : 0, UInt32(limits.threads), UInt32(limits.connections),
        UInt32(limits.connectionsPerAddress), limits.requestBytes, UInt32(limits.idleSeconds),
        HTTPServer.callback, box.toOpaque())
    }
    guard let started else {
      box.release()
      let reason = errno == 0 ? "libmicrohttpd could not start" : String(cString: strerror(errno))
      throw HTTPServerError(message: "cannot listen on \(address.text) port \(port): \(reason)")
    }
    self.port = Int(scanbench_mhd_bound_port(started))
    self.box = box
    daemon = started
  }

  deinit {
    stop()
  }

  /// Stops listening and waits for the requests in flight to finish.
  public func stop() {
    guard let daemon else { return }
    MHD_stop_daemon(daemon)
    self.daemon = nil
    box?.release()
    box = nil
  }

  // MARK: The C side

  /// A marker for `*con_cls`: the request's headers have been seen.
  // Never written through, never freed: only its address is compared.
  private nonisolated(unsafe) static let headersSeen = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)

  private static let callback: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, uploadDataSize, state in
    guard let context, let connection, let state, let uploadDataSize else { return .NO }
    let method = method.map { String(cString: $0) } ?? ""
    if state.pointee == nil {
      state.pointee = headersSeen
      // No request here has a body: refuse one at once, unread, and every method but GET and HEAD.
      if method != "GET" && method != "HEAD" {
        return queue(
          HTTPResponse.text(405, "Only GET and HEAD are served.\n"), on: connection, method: method)
      }
      if lookup(connection, .HEADER_KIND, "Content-Length").map({ $0 != "0" }) ?? false
        || lookup(connection, .HEADER_KIND, "Transfer-Encoding") != nil
      {
        return queue(HTTPResponse.text(413, "Requests here have no body.\n"), on: connection, method: method)
      }
      return .YES
    }
    // A body after all (the headers did not announce it): close the connection.
    guard uploadDataSize.pointee == 0 else { return .NO }
    let handler = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().handler
    let request = HTTPRequest(
      method: method, path: url.map { String(cString: $0) } ?? "/", arguments: arguments(connection),
      host: lookup(connection, .HEADER_KIND, "Host"),
      ifNoneMatch: lookup(connection, .HEADER_KIND, "If-None-Match"))
    return queue(handler(request), on: connection, method: method)
  }

  private static func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
    MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
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

  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer, method: String)
    -> MHD_Result
  {
    let body = method == "HEAD" ? Data() : response.body
    let created = body.withUnsafeBytes { raw in
      MHD_create_response_from_buffer(
        raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers { _ = MHD_add_response_header(created, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), created)
  }
}

/// The handler, boxed for libmicrohttpd's `void *` context.
private final class HandlerBox: Sendable {
  let handler: HTTPServer.Handler
  init(_ handler: @escaping HTTPServer.Handler) { self.handler = handler }
}

extension HTTPResponse {
  /// A plain-text response (errors, refusals).
  public static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
  }
}
