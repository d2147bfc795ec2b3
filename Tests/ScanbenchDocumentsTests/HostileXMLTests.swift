import Foundation
import Testing

@testable import ScanbenchDocuments

/// Ground truth is a stranger's file, and XML entities are how XML attacks: each of these is refused
/// before anything is expanded, and nothing is fetched (a listener on loopback counts connections).
struct HostileXMLTests {
  static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE PcGts [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
      <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
      <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
      <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
      <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
      <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    <PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"><Page>
    <TextRegion id="r"><TextLine id="l"><TextEquiv><Unicode>&lol9;</Unicode></TextEquiv></TextLine></TextRegion>
    </Page></PcGts>
    """

  /// A TCP listener on an ephemeral loopback port that counts the connections it is offered.
  final class Listener {
    let socket: Int32
    let port: UInt16

    init() throws {
      let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      let size = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
      }
      guard descriptor >= 0, bound == 0, listen(descriptor, 8) == 0 else {
        close(descriptor)
        throw POSIXError(.EADDRINUSE)
      }
      var length = size
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      socket = descriptor
      port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socket) }

    /// Connections waiting to be accepted (each accepted and closed).
    func connections() -> Int {
      var count = 0
      while true {
        let client = accept(socket, nil, nil)
        if client < 0 { return count }
        close(client)
        count += 1
      }
    }
  }

  func refusal(_ text: String, read: (Data) throws -> DocumentText.Extracted = DocumentText.xml)
    -> DocumentError?
  {
    do {
      let extracted = try read(Data(text.utf8))
      Issue.record("read as \(extracted.format): \(extracted.text.prefix(80))")
      return nil
    } catch let error as DocumentError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test func billionLaughsIsRefusedBeforeAnythingIsExpanded() throws {
    let clock = ContinuousClock()
    let started = clock.now
    let error = try #require(refusal(Self.billionLaughs))
    #expect(error.kind == .entity)
    #expect(error.message.contains("declares an XML entity"))
    #expect(clock.now - started < .seconds(2), "refused at the declaration, not after expanding")
  }

  @Test func externalEntitiesAndDTDsAreNeitherReadNorFetched() throws {
    let listener = try Listener()
    let url = "http://127.0.0.1:\(listener.port)"
    let secret = FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-secret-\(UUID())")
    try Data("SECRET".utf8).write(to: secret)
    defer { try? FileManager.default.removeItem(at: secret) }
    let body =
      "<PcGts><Page><TextRegion id=\"r\"><TextLine id=\"l\"><TextEquiv><Unicode>&x;</Unicode>"
      + "</TextEquiv></TextLine></TextRegion></Page></PcGts>"
    let attacks = [
      "<?xml version=\"1.0\"?><!DOCTYPE PcGts [<!ENTITY x SYSTEM \"file://\(secret.path)\">]>" + body,
      "<?xml version=\"1.0\"?><!DOCTYPE PcGts [<!ENTITY x SYSTEM \"\(url)/entity\">]>" + body,
      "<?xml version=\"1.0\"?><!DOCTYPE PcGts [<!ENTITY % p SYSTEM \"\(url)/parameter.dtd\"> %p;]>" + body,
    ]
    for attack in attacks {
      let error = try #require(refusal(attack))
      #expect(error.kind == .entity, "\(error.message)")
      #expect(!error.message.contains("SECRET"))
    }
    // An external DTD is never loaded; the entity it would declare stays a reference, refused.
    let external = try #require(
      refusal("<?xml version=\"1.0\"?><!DOCTYPE PcGts SYSTEM \"\(url)/page.dtd\">" + body))
    #expect(external.kind == .entity && external.message.contains("&x;"), "\(external.message)")
    // XInclude is not processed either, and a document that uses it is refused: read without what
    // it includes, its text would be short (empty, when the include holds it all).
    let include =
      "<PcGts xmlns=\"\(DocumentText.pageNamespacePrefix)2019-07-15\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
      + "<Page><TextRegion id=\"r\"><TextLine id=\"l\">"
      + "<TextEquiv><Unicode>kept<xi:include href=\"\(url)/x.xml\" parse=\"text\"/></Unicode></TextEquiv>"
      + "</TextLine></TextRegion></Page></PcGts>"
    let included = try #require(refusal(include))
    #expect(included.kind == .entity && included.message.contains("XInclude"), "\(included.message)")
    // The same through the HTML parser, for hOCR.
    _ = try DocumentText.hocr(
      Data(
        "<!DOCTYPE html SYSTEM \"\(url)/html.dtd\"><html><body><span class='ocr_line'>a</span></body></html>"
          .utf8))
    #expect(listener.connections() == 0, "nothing may be fetched")
  }

  /// `make fuzz`'s seeds for the documents target (and what it found) replayed on every test run.
  @Test func fuzzSeedsStayReadOrRefused() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/documents")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 6)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      for read in [DocumentText.xml, DocumentText.hocr] {
        do {
          _ = try read(data)
        } catch let error as DocumentError {
          #expect(!error.message.isEmpty, "\(name)")
        }
      }
    }
    #expect(
      try DocumentText.xml(Data(contentsOf: folder.appendingPathComponent("page.xml"))).text == "w\na & b")
  }

  @Test func deepNestingIsLimitedNotFollowedForever() throws {
    let depth = 100_000
    let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    let error = try #require(refusal(text))
    #expect(error.kind == .malformed)
  }

  /// hOCR is read leniently as HTML, but nesting past libxml2's 256 levels stops its parser
  /// part-way: the lines below were read as nothing, and that is refused, not scored as empty.
  @Test func hOCRNestedPastTheParsersLimitIsRefusedNotReadAsEmpty() throws {
    let line = "<span class='ocr_line'><span class='ocrx_word'>deep</span></span>"
    for depth in [250, 300] {
      let text =
        "<html><body>" + String(repeating: "<div>", count: depth) + line
        + String(repeating: "</div>", count: depth) + "</body></html>"
      if depth < 254 {
        #expect(try DocumentText.hocr(Data(text.utf8)).text == "deep")
      } else {
        let error = try #require(refusal(text, read: DocumentText.hocr))
        #expect(error.kind == .malformed && error.message.contains("read whole"), "\(error.message)")
      }
    }
  }

  @Test func aPcGtsOutsideThePAGENamespaceIsRefused() throws {
    let body =
      "<Page><TextRegion id='r'><TextLine id='l'><TextEquiv><Unicode>a</Unicode></TextEquiv>"
      + "</TextLine></TextRegion></Page>"
    for root in ["<PcGts>", "<PcGts xmlns='http://example.com/not-page'>"] {
      let error = try #require(refusal(root + body + "</PcGts>"))
      #expect(error.kind == .malformed && error.message.contains("not PAGE's"), "\(error.message)")
    }
  }
}
