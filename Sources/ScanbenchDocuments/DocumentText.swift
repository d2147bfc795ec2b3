import Foundation

/// The text of an OCR document — PAGE, ALTO or hOCR — as the tools of the field read it: its lines
/// in reading order, one line break between lines, words joined by one space.
///
/// PAGE and ALTO are read as dinglehopper 0.11.0 extracts them (`ocr_files.py`,
/// `extracted_text.py`), so that a score of the same files is the same number, before its own
/// hard-coded character substitutions (`normalize_sbb`, part of its metric, not of the file):
///
/// - **PAGE** (any namespace whose root is `PcGts`: 2013-07-15, 2019-07-15): the `TextRegion`s the
///   first `ReadingOrder` refers to, in its order — an `OrderedGroup`'s members with an `index`,
///   sorted by it; an `UnorderedGroup`'s in document order; groups within groups in place — else
///   every `TextRegion` (nested ones too) in document order. A region's text is its `TextLine`
///   children's texts joined by line breaks; regions whose text is empty are left out, and the
///   rest joined by line breaks. A line's text is the `Unicode` of its `TextEquiv` — of several,
///   the one with the lowest `index`, else the highest `conf`, else the first — as dinglehopper's
///   `--textequiv-level line` reads it. Beyond dinglehopper, which reads these as empty: a line
///   without `TextEquiv` is its `Word`s' texts joined by spaces, and a region without lines is its
///   own `TextEquiv` (dinglehopper's default, `region`, reads that; for PAGE as written, a region's
///   text is its lines', so the two levels agree).
/// - **ALTO** (any namespace whose root is `alto`: 2.x to 4.x): every `TextLine` in document order,
///   each its `String` children's `CONTENT` joined by spaces (`SP` and `HYP` are not read), lines
///   joined by line breaks (an empty line stays).
/// - **hOCR** (not read by dinglehopper): every line (`ocr_line`, `ocrx_line`, `ocr_header`,
///   `ocr_caption`, `ocr_textfloat`) in document order, each its `ocrx_word`s joined by spaces (a
///   line without words: its text, whitespace collapsed); without lines, the words.
public enum DocumentText {
  public enum Format: String, Sendable {
    case page = "PAGE"
    case alto = "ALTO"
    case hocr = "hOCR"
  }

  public struct Extracted: Sendable, Equatable {
    public var format: Format
    /// The root element's namespace (`http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15`).
    public var namespace: String?
    public var text: String
    /// The image a PAGE file says it describes (its first `Page`'s `imageFilename`), as written.
    public var imageFilename: String?
  }

  /// The start of every PAGE namespace (`…/pagecontent/2013-07-15`, `…/2019-07-15`).
  public static let pageNamespacePrefix = "http://schema.primaresearch.org/PAGE/gts/pagecontent/"

  /// An XML file: PAGE or ALTO (or XHTML hOCR), told by its root element.
  public static func xml(_ data: Data) throws -> Extracted {
    let document = try XMLDocument(xml: data)
    guard let root = document.root else { throw DocumentError(.malformed, "has no root element") }
    switch root.localName {
    case "PcGts":
      // A PcGts outside PAGE's namespace has no PAGE elements to read: its text would be empty.
      guard let namespace = root.namespace, namespace.hasPrefix(pageNamespacePrefix) else {
        throw DocumentError(
          .malformed,
          "has a root <PcGts> in \(root.namespace.map { "the namespace '\($0)'" } ?? "no namespace"), not PAGE's "
            + "(\(pageNamespacePrefix)…): nothing in it would be read as PAGE")
      }
      let page = PAGEText(root)
      let imageFilename = root.children.first { $0.isElement("Page", in: namespace) }?.attribute(
        "imageFilename")
      return Extracted(format: .page, namespace: namespace, text: try page.text, imageFilename: imageFilename)
    case "alto": return Extracted(format: .alto, namespace: root.namespace, text: ALTOText.text(root))
    case "html": return Extracted(format: .hocr, namespace: root.namespace, text: HOCRText.text(root))
    default:
      throw DocumentError(
        .malformed,
        "is XML but not PAGE (root PcGts), ALTO (root alto) or hOCR (root html): its root is <\(root.localName)>"
      )
    }
  }

  /// An hOCR file, read as HTML (as browsers and hOCR tools read it).
  public static func hocr(_ data: Data) throws -> Extracted {
    let document = try XMLDocument(html: data)
    guard let root = document.root else { throw DocumentError(.malformed, "has no root element") }
    return Extracted(format: .hocr, namespace: nil, text: HOCRText.text(root))
  }

  /// libxml2's version, for the records' library list.
  public static var libraryVersion: String { XMLDocument.libraryVersion }
}

/// dinglehopper's `page_extract`, at the line level, with the fallbacks `DocumentText` describes.
struct PAGEText {
  let root: XMLElement
  let namespace: String?

  init(_ root: XMLElement) {
    self.root = root
    self.namespace = root.namespace
  }

  var text: String {
    get throws {
      let elements = root.descendants
      let regions: [XMLElement]
      if let order = elements.first(where: { $0.isElement("ReadingOrder", in: namespace) }) {
        var byID: [String: XMLElement] = [:]
        for element in elements where element.isElement("TextRegion", in: namespace) {
          if let id = element.attribute("id"), byID[id] == nil { byID[id] = element }
        }
        var ordered: [XMLElement] = []
        for group in order.children {
          guard Self.groups.contains(group.localName) else {
            throw DocumentError(
              .malformed, "its ReadingOrder holds <\(group.localName)>, not an ordered or unordered group")
          }
          try collect(group, regions: byID, into: &ordered)
        }
        regions = ordered
      } else {
        regions = elements.filter { $0.isElement("TextRegion", in: namespace) }
      }
      var texts: [String] = []
      for region in regions {
        let text = try regionText(region)
        if !text.isEmpty { texts.append(text) }
      }
      return texts.joined(separator: "\n")
    }
  }

  static let groups: Set<String> = [
    "OrderedGroup", "OrderedGroupIndexed", "UnorderedGroup", "UnorderedGroupIndexed",
  ]

  /// The regions a reading-order group refers to, in its order, groups within it in place.
  private func collect(_ group: XMLElement, regions: [String: XMLElement], into found: inout [XMLElement])
    throws
  {
    var members = group.children
    if group.localName.hasPrefix("Ordered") {
      var indexed: [(index: Int, member: XMLElement)] = []
      for member in members {
        guard let value = member.attribute("index") else { continue }
        guard let index = Int(value.trimmingCharacters(in: .whitespaces)) else {
          throw DocumentError(.malformed, "its ReadingOrder has the index '\(value)', not a whole number")
        }
        indexed.append((index, member))
      }
      // A stable sort: members with equal indexes keep their document order, as Python's sorted().
      members = indexed.enumerated().sorted {
        $0.element.index != $1.element.index ? $0.element.index < $1.element.index : $0.offset < $1.offset
      }.map(\.element.member)
    }
    for member in members {
      if Self.groups.contains(member.localName) {
        try collect(member, regions: regions, into: &found)
      } else if let reference = member.attribute("regionRef"), let region = regions[reference] {
        found.append(region)
      }
      // A reference to a region that is not a TextRegion (an image, a table) has no text.
    }
  }

  private func regionText(_ region: XMLElement) throws -> String {
    let lines = region.children.filter { $0.isElement("TextLine", in: namespace) }
    guard !lines.isEmpty else { return try textEquiv(of: region) ?? "" }
    return try lines.map { line in
      if let text = try textEquiv(of: line) { return text }
      let words = line.children.filter { $0.isElement("Word", in: namespace) }
      return try words.compactMap { try textEquiv(of: $0) }.joined(separator: " ")
    }.joined(separator: "\n")
  }

  /// The text of an element's chosen `TextEquiv` (dinglehopper's `get_first_textequiv`); nil when it
  /// has none; empty when the chosen one has no `Unicode`.
  private func textEquiv(of element: XMLElement) throws -> String? {
    let equivalents = element.children.filter { $0.isElement("TextEquiv", in: namespace) }
    guard let first = equivalents.first else { return nil }
    var chosen = first
    if equivalents.count > 1 {
      let indexes = try equivalents.map { try number($0.attribute("index"), name: "index") }
      if let best = Self.firstExtreme(indexes, by: <) {
        chosen = equivalents[best]
      } else {
        let confidences = try equivalents.map { try number($0.attribute("conf"), name: "conf") }
        if let best = Self.firstExtreme(confidences, by: >) { chosen = equivalents[best] }
      }
    }
    let unicode = chosen.children.first { $0.isElement("Unicode", in: namespace) }
    return unicode?.leadingText ?? ""
  }

  /// An attribute read as Python's `float()` reads it; nil (NaN there) when it is missing.
  private func number(_ value: String?, name: String) throws -> Double? {
    guard let value else { return nil }
    guard let number = Double(value.trimmingCharacters(in: .whitespaces)) else {
      throw DocumentError(.malformed, "has a TextEquiv whose \(name) is '\(value)', not a number")
    }
    return number.isNaN ? nil : number
  }

  /// The position of the first value that no other beats (numpy's `nanargmin`/`nanargmax`).
  static func firstExtreme(_ values: [Double?], by better: (Double, Double) -> Bool) -> Int? {
    var best: (index: Int, value: Double)?
    for (index, value) in values.enumerated() {
      guard let value else { continue }
      if best == nil || better(value, best?.value ?? value) { best = (index, value) }
    }
    return best?.index
  }
}

/// dinglehopper's `alto_extract`.
enum ALTOText {
  static func text(_ root: XMLElement) -> String {
    let namespace = root.namespace
    return root.descendants.filter { $0.isElement("TextLine", in: namespace) }.map { line in
      line.children.filter { $0.isElement("String", in: namespace) }.map { $0.attribute("CONTENT") ?? "" }
        .joined(separator: " ")
    }.joined(separator: "\n")
  }
}

/// hOCR's lines and words, by their classes.
enum HOCRText {
  static let lineClasses: Set<String> = [
    "ocr_line", "ocrx_line", "ocr_header", "ocr_caption", "ocr_textfloat",
  ]

  static func text(_ root: XMLElement) -> String {
    var lines: [String] = []
    var words: [String] = []
    walk(root, lines: &lines, words: &words)
    return lines.isEmpty ? words.joined(separator: " ") : lines.joined(separator: "\n")
  }

  private static func classes(_ element: XMLElement) -> [Substring] {
    (element.attribute("class") ?? "").split(whereSeparator: \.isWhitespace)
  }

  private static func walk(_ element: XMLElement, lines: inout [String], words: inout [String]) {
    for child in element.children {
      let names = classes(child)
      if names.contains(where: { lineClasses.contains(String($0)) }) {
        let lineWords = child.descendants.filter { classes($0).contains("ocrx_word") }.map {
          collapsed($0.textContent)
        }
        lines.append(lineWords.isEmpty ? collapsed(child.textContent) : lineWords.joined(separator: " "))
      } else if names.contains("ocrx_word") {
        words.append(collapsed(child.textContent))
      } else {
        walk(child, lines: &lines, words: &words)
      }
    }
  }

  private static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
