import CXML2
import Foundation

/// Why a document's bytes could not be read as the format its name says.
public struct DocumentError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Not well-formed, or not the document its name says (`not PAGE or ALTO`).
    case malformed
    /// Declares an entity or refers to one scanbench does not expand: refused, never expanded or
    /// fetched (the billion laughs, external entities).
    case entity
  }

  public var kind: Kind
  public var message: String
  public var description: String { message }

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}

/// One parsed XML or HTML document: one libxml2 `xmlDoc`, freed with this object.
///
/// Parsed with entities off (see `CXML2/shim.h`): no DTD is loaded, nothing is fetched, and a
/// document that declares an entity is refused before anything is expanded.
final class XMLDocument {
  private let pointer: xmlDocPtr

  /// libxml2's globals, set up once per process before the first parse.
  private static let initialized: Void = scanbench_xml_initialize()

  /// libxml2's version, e.g. `20914`.
  static var libraryVersion: String {
    _ = initialized
    return scanbench_xml_version().map { String(cString: $0) } ?? "unknown"
  }

  /// Parses XML. Throws `DocumentError` for a document that is not well-formed or declares an entity.
  init(xml data: Data) throws {
    _ = Self.initialized
    guard let parser = scanbench_xml_new_context() else {
      throw DocumentError(.malformed, "libxml2 could not make a parser (out of memory?)")
    }
    defer { xmlFreeParserCtxt(parser) }
    let document = try Self.read(data) { bytes, count in
      xmlCtxtReadMemory(parser, bytes, count, "document.xml", nil, scanbench_xml_options())
    }
    guard scanbench_xml_declared_entity(parser) == 0 else {
      if let document { xmlFreeDoc(document) }
      throw DocumentError(
        .entity,
        "declares an XML entity (<!ENTITY …>): refused, nothing expanded or fetched "
          + "(PAGE, ALTO and hOCR need none)")
    }
    guard let document else { throw DocumentError(.malformed, Self.lastError(parser, what: "XML")) }
    pointer = document
    if let name = Self.firstEntityReference(under: xmlDocGetRootElement(document)) {
      throw DocumentError(
        .entity, "refers to the entity &\(name); which scanbench does not expand (no DTD is read)")
    }
    if Self.includesByXInclude(xmlDocGetRootElement(document)) {
      throw DocumentError(
        .entity,
        "includes other content by XInclude (<xi:include>), which scanbench does not fetch: "
          + "its text would be read without what it includes")
    }
  }

  /// Parses HTML (hOCR), leniently as browsers do; entities are HTML's own (`&nbsp;`).
  init(html data: Data) throws {
    _ = Self.initialized
    guard let parser = scanbench_html_new_context() else {
      throw DocumentError(.malformed, "libxml2 could not make a parser (out of memory?)")
    }
    defer { htmlFreeParserCtxt(parser) }
    let document = try Self.read(data) { bytes, count in
      htmlCtxtReadMemory(parser, bytes, count, "document.html", nil, scanbench_html_options())
    }
    guard let document, xmlDocGetRootElement(document) != nil else {
      if let document { xmlFreeDoc(document) }
      throw DocumentError(.malformed, Self.lastError(parser, what: "HTML"))
    }
    // HTML is read leniently, but a fatal error (nesting deeper than libxml2's limit of 256, an
    // encoding it cannot read) stops the parser part-way: what it built is not the document.
    if let error = xmlCtxtGetLastError(parser), error.pointee.level == XML_ERR_FATAL {
      xmlFreeDoc(document)
      throw DocumentError(.malformed, "could not be read whole: " + Self.lastError(parser, what: "HTML"))
    }
    pointer = document
  }

  deinit {
    xmlFreeDoc(pointer)
  }

  var root: XMLElement? { xmlDocGetRootElement(pointer).map { XMLElement(node: $0, document: self) } }

  private static func read(
    _ data: Data, _ parse: (UnsafePointer<CChar>, Int32) -> xmlDocPtr?
  ) throws -> xmlDocPtr? {
    guard data.count < Int(Int32.max) else {
      throw DocumentError(.malformed, "is larger than libxml2 reads (2 GB)")
    }
    guard !data.isEmpty else { throw DocumentError(.malformed, "is empty (0 bytes)") }
    return data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: CChar.self) { bytes in
        bytes.baseAddress.flatMap { parse($0, Int32(bytes.count)) }
      }
    }
  }

  private static func lastError(_ parser: xmlParserCtxtPtr, what: String) -> String {
    guard let error = xmlCtxtGetLastError(parser), let message = error.pointee.message else {
      return "is not well-formed \(what)"
    }
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    return "is not well-formed \(what): line \(error.pointee.line): \(text)"
  }

  static let xIncludeNamespaces: Set<String> = [
    "http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude",
  ]

  /// Whether an element of the tree is in an XInclude namespace.
  private static func includesByXInclude(_ node: xmlNodePtr?) -> Bool {
    var stack: [xmlNodePtr] = node.map { [$0] } ?? []
    while let current = stack.popLast() {
      if current.pointee.type == XML_ELEMENT_NODE, let href = current.pointee.ns?.pointee.href,
        xIncludeNamespaces.contains(String(cString: href))
      {
        return true
      }
      var child = current.pointee.children
      while let next = child {
        stack.append(next)
        child = next.pointee.next
      }
    }
    return false
  }

  /// The name of the first entity reference left in the tree (an undeclared entity in a document
  /// that names an external DTD is kept as a reference, not expanded).
  private static func firstEntityReference(under node: xmlNodePtr?) -> String? {
    var stack: [xmlNodePtr] = node.map { [$0] } ?? []
    while let current = stack.popLast() {
      if current.pointee.type == XML_ENTITY_REF_NODE {
        return current.pointee.name.map { String(cString: $0) } ?? "?"
      }
      var child = current.pointee.children
      while let next = child {
        stack.append(next)
        child = next.pointee.next
      }
    }
    return nil
  }
}

@available(*, unavailable)
extension XMLDocument: Sendable {}

/// An element of an `XMLDocument`, valid while the document lives (it keeps it alive).
struct XMLElement {
  fileprivate let node: xmlNodePtr
  private let document: XMLDocument

  fileprivate init(node: xmlNodePtr, document: XMLDocument) {
    self.node = node
    self.document = document
  }

  /// The name without its prefix (`TextLine` for `pc:TextLine`).
  var localName: String { node.pointee.name.map { String(cString: $0) } ?? "" }

  /// The namespace's URI, nil for none.
  var namespace: String? { node.pointee.ns?.pointee.href.map { String(cString: $0) } }

  /// Whether this is `name` in `namespace` (nil: no namespace).
  func isElement(_ name: String, in namespace: String?) -> Bool {
    localName == name && self.namespace == namespace
  }

  /// An attribute without a namespace, as PAGE, ALTO and HTML write theirs.
  func attribute(_ name: String) -> String? {
    guard let value = xmlGetNoNsProp(node, name) else { return nil }
    defer { scanbench_xml_free(value) }
    return String(cString: value)
  }

  /// The element children, in document order.
  var children: [XMLElement] {
    var found: [XMLElement] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE {
        found.append(XMLElement(node: current, document: document))
      }
      child = current.pointee.next
    }
    return found
  }

  /// Every element below this one, in document order (depth first), this one excluded.
  var descendants: [XMLElement] {
    var found: [XMLElement] = []
    var stack = children.reversed() as [XMLElement]
    while let current = stack.popLast() {
      found.append(current)
      stack += current.children.reversed()
    }
    return found
  }

  /// The text before the first child element (lxml's `.text`): what PAGE's `Unicode` holds.
  var leadingText: String {
    var text = ""
    var child = node.pointee.children
    while let current = child, current.pointee.type != XML_ELEMENT_NODE {
      if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
        let content = current.pointee.content
      {
        text += String(cString: content)
      }
      child = current.pointee.next
    }
    return text
  }

  /// All the text below this element, in document order.
  var textContent: String {
    guard let content = xmlNodeGetContent(node) else { return "" }
    defer { scanbench_xml_free(content) }
    return String(cString: content)
  }
}
