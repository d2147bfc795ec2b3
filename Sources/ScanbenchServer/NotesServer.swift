import Foundation
import ScanbenchNotes
import ScanbenchReports
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// `scanbench notes serve`: the note database as a local web app. Read-only over the database;
/// every route a query (`Route`); images only by note id, from the recorded input, checked; every
/// text from the database escaped where it is written into the page; no request leaves the page
/// (a Content-Security-Policy of 'self' only).
public final class NotesServer: Sendable {
  public struct Options: Sendable {
    public var database: String
    public var host: String
    public var port: Int
    public var limits: HTTPLimits
    /// Where thumbnails and previews are kept.
    public var cache: URL
    /// Largest image re-read from an input.
    public var maxImageBytes: Int
    /// Threads making thumbnails and previews not yet cached (each may hold a decoded photo in memory).
    public var renderThreads: Int
    /// Seconds a request waits for a thumbnail or preview being made before it is answered 503 (with
    /// `Retry-After`; the rendition is finished and cached meanwhile).
    public var renderSeconds: Double
    /// Told what went wrong inside the server (the details a 500 does not send the client, a note
    /// whose image is broken): `notes serve` prints it on stderr. Called on the server's threads.
    public var log: @Sendable (String) -> Void

    public init(
      database: String, host: String = "127.0.0.1", port: Int = 8765, limits: HTTPLimits = HTTPLimits(),
      cache: URL? = nil, maxImageBytes: Int = 256 << 20,
      renderThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2),
      renderSeconds: Double = 10,
      log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.database = database
      self.host = host
      self.port = port
      self.limits = limits
      self.cache = cache ?? ImageRenditions.defaultCache()
      self.maxImageBytes = maxImageBytes
      self.renderThreads = max(1, renderThreads)
      self.renderSeconds = max(0, renderSeconds)
      self.log = log
    }
  }

  private let notes: ReadOnlyNotes
  private let images: ImageRenditions
  private let address: SocketAddress
  private let renderedFacts = RenderedFacts()
  private let groundTruth = GroundTruthCache()
  private let http = Mutex<HTTPServer?>(nil)
  private let log: @Sendable (String) -> Void

  /// The address the server is reachable at: `http://127.0.0.1:8765/`.
  public let url: String
  public let port: Int
  /// Whether only this machine can connect.
  public var isLoopback: Bool { address.isLoopback }

  /// Opens the database read-only (refusing one that cannot be served, before listening) and starts
  /// listening.
  public init(_ options: Options) throws {
    notes = try ReadOnlyNotes(path: options.database, connections: options.limits.threads * 2)
    address = try SocketAddress(host: options.host, port: 0)
    images = ImageRenditions(
      cache: options.cache, maxImageBytes: options.maxImageBytes, renderThreads: options.renderThreads,
      deadline: options.renderSeconds, warn: options.log)
    log = options.log
    // The daemon's handler reaches this server weakly: the server owns the daemon, not the reverse.
    let server = Mutex(WeakServer())
    let started: HTTPServer
    do {
      started = try HTTPServer(host: options.host, port: options.port, limits: options.limits) { request in
        guard let self = server.withLock({ $0.value }) else { return .text(503, "Starting or stopping.\n") }
        return self.respond(to: request)
      }
    } catch {
      images.stop()
      throw error
    }
    port = started.port
    url = "http://\(address.authority(port: started.port))/"
    let loopbackNames = ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"]
    allowedHosts = Set([address.authority(port: port)] + (address.isLoopback ? loopbackNames : []))
    http.withLock { $0 = started }
    server.withLock { $0.value = self }
  }

  deinit {
    stop()
  }

  /// The `Host` headers a loopback server answers.
  private let allowedHosts: Set<String>

  /// Stops listening, after the requests in flight.
  public func stop() {
    let server = http.withLock { server in
      defer { server = nil }
      return server
    }
    server?.stop()
    images.stop()
  }

  // MARK: Routing

  /// The response to one request (called on the server's threads, several at once).
  func respond(to request: HTTPRequest) -> HTTPResponse {
    // A page of another site that rebinds its name to 127.0.0.1 must not read the notes: on
    // loopback, only requests that name this server are answered.
    if address.isLoopback, let host = request.host, !allowedHosts.contains(host.lowercased()) {
      return .text(421, "This server answers to \(address.authority(port: port)) only.\n")
    }
    guard let route = Route(path: request.path) else { return .text(404, "Not found.\n") }
    do {
      switch route {
      case .list: return html(try listPage(request))
      case .note(let id): return html(try notePage(id))
      case .image(let id): return try image(id, request: request)
      case .preview(let id): return try rendition(.preview, of: id, request: request)
      case .thumbnail(let id): return try rendition(.thumbnail, of: id, request: request)
      case .apiList: return try json(try apiList(request))
      case .apiNote(let id): return try json(try apiNote(id))
      case .asset(let asset):
        return HTTPResponse(
          status: 200,
          headers: [
            ("Content-Type", asset.mediaType), ("Cache-Control", "public, max-age=31536000, immutable"),
          ]
            + Self.securityHeaders, body: Data(asset.bytes))
      }
    } catch let refusal as BadRequest {
      return .text(400, refusal.message + "\n")
    } catch let missing as NoteMissing {
      return .text(404, "There is no note \(missing.id).\n")
    } catch let failure as StoredImage.Failure {
      switch failure.kind {
      case .changed: return .text(409, "Refused: \(failure.message).\n")
      case .inputMissing, .entryMissing: return .text(410, "Gone: \(failure.message).\n")
      case .unreadable:
        log("\(request.path): \(failure.message)")
        return .text(422, "\(failure.message).\n")
      }
    } catch let pending as ImageRenditions.RenditionPending {
      var response = HTTPResponse.text(503, "The image is still being made: try again shortly.\n")
      response.headers.append(("Retry-After", String(pending.retryAfter)))
      return response
    } catch {
      // The details (an SQL statement, a path) are for the one who runs the server, not the client.
      log("\(request.path): \(error)")
      return .text(500, "Something went wrong inside the server; its log says what.\n")
    }
  }

  struct NoteMissing: Error {
    var id: Int64
  }

  func note(_ id: Int64) throws -> Note {
    guard let note = try notes.with({ try $0.note(id: id) }) else { throw NoteMissing(id: id) }
    return note
  }

  /// The photos before and after `note`'s in the grid.
  func neighbours(of note: Note) throws -> (newer: Int64?, older: Int64?) {
    try notes.with { try $0.neighbours(of: note) }
  }

  // MARK: Images

  private func image(_ id: Int64, request: HTTPRequest) throws -> HTTPResponse {
    let note = try note(id)
    let data = try images.original(note)
    let name = (note.entry.split(separator: "/").last.map(String.init) ?? "image")
    let ascii = String(
      name.unicodeScalars.map {
        $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? Character($0) : "_"
      })
    return HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", Self.mediaType(of: data)),
        (
          "Content-Disposition",
          "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(ListParameters.encode(name))"
        ),
        ("ETag", "\"\(note.sha256)\""), ("Cache-Control", "private, no-cache"),
      ] + Self.securityHeaders, body: data)
  }

  private func rendition(_ kind: ImageRenditions.Kind, of id: Int64, request: HTTPRequest) throws
    -> HTTPResponse
  {
    let note = try note(id)
    let tag = "\"\(note.sha256)-\(kind.rawValue)-\(note.orientation?.osdDegrees ?? 0)\""
    let headers = [("ETag", tag), ("Cache-Control", "private, no-cache")] + Self.securityHeaders
    if request.ifNoneMatch == tag { return HTTPResponse(status: 304, headers: headers) }
    let jpeg = try images.rendition(kind, of: note)
    return HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")] + headers, body: jpeg)
  }

  /// The media type of image bytes, by their signature (not the entry's name).
  static func mediaType(of data: Data) -> String {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if head.starts(with: [0x49, 0x49, 0x2A, 0]) || head.starts(with: [0x4D, 0x4D, 0, 0x2A]) {
      return "image/tiff"
    }
    if head.starts(with: Array("BM".utf8)) { return "image/bmp" }
    if head.count >= 12, head[8..<12].elementsEqual(Array("WEBP".utf8)) { return "image/webp" }
    if head.count >= 12, head[4..<8].elementsEqual(Array("ftyp".utf8)) { return "image/heic" }
    return "application/octet-stream"
  }

  // MARK: Responses

  /// On every response: nothing is fetched from elsewhere, nothing runs but our own script, no page
  /// of another site frames this one, and types are not guessed.
  static let securityHeaders: [(String, String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
  ]

  private func html(_ page: String) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]
        + Self.securityHeaders,
      body: Data(page.utf8))
  }

  private func json(_ value: some Encodable) throws -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return HTTPResponse(
      status: 200,
      headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
        + Self.securityHeaders,
      body: try encoder.encode(value))
  }

  // MARK: Queries (the pages and the API run the same ones)

  /// The list or the search of `parameters`.
  func results(
    _ parameters: ListParameters, highlight: (open: String, close: String),
    escape: (@Sendable (String) -> String)?
  )
    throws -> Results
  {
    try notes.with { database in
      if let query = parameters.query {
        let result = try database.searchResult(
          query,
          options: SearchOptions(
            limit: parameters.limit, offset: parameters.offset, highlight: highlight, escape: escape,
            filter: parameters.filter))
        return .hits(result)
      }
      let page = try database.page(
        NoteListQuery(
          limit: parameters.limit, filter: parameters.filter, order: parameters.order,
          after: parameters.after,
          offset: parameters.offset, before: parameters.before))
      let count = try database.cachedPhotoCount(
        parameters.filter, order: parameters.order, limit: Self.countLimit + 1)
      return .notes(page, count: count)
    }
  }

  /// The most photos a list counts (a count walks the index): more shows as "1,000+".
  static let countLimit = 1_000

  enum Results {
    /// A page, and how many photos the list has (more than `countLimit` when it says so).
    case notes(NoteListPage, count: Int)
    case hits(NoteSearchResult)
  }

  /// The values the list's filters offer and the scrubber's months, as the database has them now
  /// (each connection keeps them until the database changes), and their HTML.
  func filterValues() throws -> FilterValues {
    let facts = try notes.with { try $0.listFacts() }
    return renderedFacts.values(for: facts)
  }

  /// The ground truth of a scored note, re-read from its input (cached: a page is often reloaded).
  func groundTruth(of note: Note) -> Result<String, GroundTruthUnavailable> {
    if let cached = groundTruth.value(for: note.id, sha256: note.sha256) { return cached }
    let record = note.resultRecord
    let material = SourceMaterial.load(for: [record], thumbnailsFor: [])
    let result: Result<String, GroundTruthUnavailable>
    if let text = material.groundTruth[SourceMaterial.Reference(record)] {
      result = .success(text)
    } else if let problem = material.unavailableSources[note.source] {
      result = .failure(GroundTruthUnavailable(reason: "its input cannot be read: \(problem)"))
    } else {
      result = .failure(GroundTruthUnavailable(reason: "its ground truth is no longer in \(note.source)"))
    }
    groundTruth.store(result, for: note.id, sha256: note.sha256)
    return result
  }

  struct GroundTruthUnavailable: Error {
    var reason: String
  }
}

/// A weak reference, for the daemon's handler.
private struct WeakServer: @unchecked Sendable {
  // @unchecked: read and written only under the Mutex that holds it.
  weak var value: NotesServer?
}

/// The ground truths of the last few notes shown, by note id and image.
private final class GroundTruthCache: Sendable {
  typealias Value = Result<String, NotesServer.GroundTruthUnavailable>
  private let entries = Mutex<[(id: Int64, sha256: String, value: Value)]>([])
  private let capacity = 64

  func value(for id: Int64, sha256: String) -> Value? {
    entries.withLock { entries in entries.first { $0.id == id && $0.sha256 == sha256 }?.value }
  }

  func store(_ value: Value, for id: Int64, sha256: String) {
    entries.withLock { entries in
      entries.removeAll { $0.id == id }
      entries.append((id, sha256, value))
      if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
  }
}
