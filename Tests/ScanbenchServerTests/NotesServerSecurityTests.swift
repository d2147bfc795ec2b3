import Foundation
import ScanbenchTestSupport
import Synchronization
import Testing

@testable import ScanbenchServer

/// What a stranger's request or a stranger's store can try: paths out of the routes, markup in a
/// note, oversized requests, requests with bodies, another site's page, many clients at once.
@Suite struct NotesServerSecurityTests {
  let served: ServedNotes
  var folder: URL { served.folder }
  var fixture: NotesFixture { served.fixture }
  var server: NotesServer { served.server }
  var client: LoopbackClient { served.client }

  init() throws {
    served = try ServedNotes()
  }

  func stop() { served.stop() }

  /// Every route's shape with `..`, encoded `..` (`%2e%2e`, `%2f`, double-encoded, overlong UTF-8),
  /// backslashes and absolute paths in it: never a file, never a 200.
  @Test func pathTraversalInEveryRouteIsNoRoute() throws {
    defer { stop() }
    let escapes = [
      "../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%2e%2e/%2e%2e/etc/passwd",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "%252e%252e%252fetc%252fpasswd", "..%c0%af..%c0%afetc%c0%afpasswd", "..\\..\\etc\\passwd",
      "%2fetc%2fpasswd", "/etc/passwd", "1/../../../../etc/passwd", "1%2f..%2f..%2fetc%2fpasswd",
    ]
    let routes = [
      "/", "/notes/", "/notes/1/", "/notes/1/image/", "/notes/1/thumbnail/", "/notes/1/preview/",
      "/api/notes/",
      "/api/notes/1/", "/assets/",
    ]
    var tried = 0
    for route in routes {
      for escape in escapes {
        let response = try client.get(route + escape)
        tried += 1
        #expect(response.status == 404 || response.status == 400, "\(route + escape): \(response.status)")
        #expect(!response.text.contains("root:"), "\(route + escape) served a file")
      }
    }
    #expect(tried == routes.count * escapes.count)
    // The real routes still answer (the refusals above are not a broken server).
    #expect(try client.get("/notes/1").status == 200)
    #expect(try client.get("/assets/serve.css").status == 200)
  }

  @Test func markupInANoteIsShownAsText() throws {
    defer { stop() }
    let id = fixture.id(of: "lines/script.png")
    let page = try client.get("/notes/\(id)")
    #expect(page.status == 200)
    #expect(!page.text.contains("<script>document"))
    #expect(!page.text.contains("<b>bold</b>"))
    #expect(
      page.text.contains(
        "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"))
    let list = try client.get("/")
    #expect(!list.text.contains("<script>document"))
    let search = try client.get("/?q=pwned")
    #expect(search.text.contains("&lt;script&gt;document.title=&#39;<mark>pwned</mark>&#39;"))
    #expect(!search.text.contains("<script>document"))
    // A query is markup too.
    let query = try client.get("/?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    #expect(!query.text.contains("<img src=x"))
    #expect(query.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
  }

  @Test func aOneMegabyteQueryStringIsRefused() throws {
    defer { stop() }
    let huge = try client.get("/?q=" + String(repeating: "a", count: 1 << 20))
    #expect([414, 431].contains(huge.status), "\(huge.status)")
    // A long query that fits the request is still bounded by the search box's length.
    #expect(try client.get("/?q=" + String(repeating: "a", count: 2000)).status == 400)
    #expect(try client.get("/").status == 200)
  }

  @Test func requestsWithABodyOrAnotherMethodAreRefused() throws {
    defer { stop() }
    #expect(try client.get("/", method: "DELETE").status == 405)
    let post = try client.send(
      Data("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 5\r\n\r\nhello".utf8))
    #expect(post.status == 405)
    let body = try client.send(
      Data("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 5\r\n\r\nhello".utf8))
    #expect(body.status == 413)
  }

  @Test func anotherSitesPageIsNotAnswered() throws {
    defer { stop() }
    // DNS rebinding: a page of evil.example whose name now points here.
    #expect(try client.get("/api/notes", headers: ["Host": "evil.example:\(server.port)"]).status == 421)
    #expect(try client.get("/api/notes", headers: ["Host": "localhost:\(server.port)"]).status == 200)
  }

  /// 16 clients at once, each on its own connection, a bounded number of requests each: every one
  /// answered, and answered right.
  @Test func sixteenConcurrentClientsAreAllAnswered() throws {
    defer { stop() }
    let targets = ["/", "/?q=harbor", "/notes/1", "/api/notes?limit=5", "/notes/2/thumbnail", "/api/notes/3"]
    let failures = Mutex<[String]>([])
    let port = server.port
    // Threads, not concurrentPerform (which runs as many at once as there are cores).
    let done = DispatchGroup()
    for worker in 0..<16 {
      done.enter()
      Thread {
        defer { done.leave() }
        let client = LoopbackClient(port: port)
        defer { client.close() }
        for request in 0..<15 {
          let target = targets[(worker + request) % targets.count]
          do {
            let response = try client.get(target)
            if response.status != 200 || response.body.isEmpty {
              failures.withLock { $0.append("\(target): \(response.status)") }
            }
          } catch {
            failures.withLock { $0.append("\(target): \(error)") }
          }
        }
      }.start()
    }
    #expect(done.wait(timeout: .now() + 120) == .success, "bounded in time")
    #expect(failures.withLock { $0 }.isEmpty)
  }
}
