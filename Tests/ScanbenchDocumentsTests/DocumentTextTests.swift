import Foundation
import Testing

@testable import ScanbenchDocuments

/// PAGE, ALTO and hOCR read as dinglehopper 0.11.0 reads them (its rules, case by case; the
/// end-to-end comparison with dinglehopper itself is ScanbenchTests/DinglehopperTests.swift).
struct DocumentTextTests {
  static let page2019 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"
  static let page2013 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15"

  static func page(_ body: String, namespace: String = page2019, readingOrder: String = "") -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <PcGts xmlns="\(namespace)"><Metadata><Creator>t</Creator></Metadata>
      <Page imageFilename="a.png" imageWidth="100" imageHeight="100">\(readingOrder)\(body)</Page></PcGts>
      """.utf8)
  }

  static func line(_ id: String, _ text: String) -> String {
    "<TextLine id=\"\(id)\"><Coords points=\"0,0 1,1\"/><TextEquiv><Unicode>\(text)</Unicode></TextEquiv></TextLine>"
  }

  static func region(_ id: String, _ lines: String, own: String? = nil) -> String {
    let equiv = own.map { "<TextEquiv><Unicode>\($0)</Unicode></TextEquiv>" } ?? ""
    return "<TextRegion id=\"\(id)\"><Coords points=\"0,0 1,1\"/>\(lines)\(equiv)</TextRegion>"
  }

  @Test func pageLinesInDocumentOrderBothNamespaces() throws {
    for namespace in [Self.page2019, Self.page2013] {
      let data = Self.page(
        Self.region("r1", Self.line("l1", "first line") + Self.line("l2", "second &amp; line"))
          + Self.region("r2", Self.line("l3", "third")), namespace: namespace)
      let extracted = try DocumentText.xml(data)
      #expect(extracted.format == .page)
      #expect(extracted.namespace == namespace)
      #expect(extracted.text == "first line\nsecond & line\nthird")
    }
  }

  @Test func pageReadingOrderSortsIndexedMembersAndNestsGroups() throws {
    let order = """
      <ReadingOrder><OrderedGroup id="g0">
      <RegionRefIndexed index="2" regionRef="r1"/>
      <OrderedGroupIndexed id="g1" index="1"><RegionRefIndexed index="0" regionRef="r3"/>\
      <RegionRefIndexed index="1" regionRef="img"/></OrderedGroupIndexed>
      <RegionRefIndexed index="0" regionRef="r2"/>
      <RegionRef regionRef="r1"/>
      </OrderedGroup></ReadingOrder>
      """
    let data = Self.page(
      Self.region("r1", Self.line("a", "one")) + Self.region("r2", Self.line("b", "two"))
        + Self.region("r3", Self.line("c", "three")) + Self.region("r4", Self.line("d", "never referred to"))
        + "<ImageRegion id=\"img\"><Coords points=\"0,0 1,1\"/></ImageRegion>",
      readingOrder: order)
    // r2 (index 0), the group (index 1: r3, the image has no text), r1 (index 2); the member without
    // an index and the region the order does not name are not read, as in dinglehopper.
    #expect(try DocumentText.xml(data).text == "two\nthree\none")
  }

  @Test func unorderedGroupsKeepDocumentOrder() throws {
    let order =
      "<ReadingOrder><UnorderedGroup id=\"g\"><RegionRef regionRef=\"r2\"/><RegionRef regionRef=\"r1\"/>"
      + "</UnorderedGroup></ReadingOrder>"
    let data = Self.page(
      Self.region("r1", Self.line("a", "one")) + Self.region("r2", Self.line("b", "two")), readingOrder: order
    )
    #expect(try DocumentText.xml(data).text == "two\none")
  }

  @Test func textEquivChosenByIndexThenConfidenceThenFirst() throws {
    func line(_ equivs: String) -> String {
      Self.region("r", "<TextLine id=\"l\"><Coords points=\"0,0 1,1\"/>\(equivs)</TextLine>")
    }
    let byIndex = line(
      "<TextEquiv index=\"2\" conf=\"0.99\"><Unicode>second</Unicode></TextEquiv>"
        + "<TextEquiv conf=\"1\"><Unicode>none</Unicode></TextEquiv>"
        + "<TextEquiv index=\"1\" conf=\"0.1\"><Unicode>first</Unicode></TextEquiv>")
    #expect(try DocumentText.xml(Self.page(byIndex)).text == "first")
    let byConfidence = line(
      "<TextEquiv conf=\"0.5\"><Unicode>half</Unicode></TextEquiv>"
        + "<TextEquiv conf=\"0.9\"><Unicode>best</Unicode></TextEquiv>"
        + "<TextEquiv conf=\"0.9\"><Unicode>tie</Unicode></TextEquiv>")
    #expect(try DocumentText.xml(Self.page(byConfidence)).text == "best")
    let first = line(
      "<TextEquiv><Unicode>this</Unicode></TextEquiv><TextEquiv><Unicode>not this</Unicode></TextEquiv>")
    #expect(try DocumentText.xml(Self.page(first)).text == "this")
    let bad = line(
      "<TextEquiv index=\"x\"><Unicode>a</Unicode></TextEquiv><TextEquiv><Unicode>b</Unicode></TextEquiv>")
    #expect(throws: DocumentError.self) { try DocumentText.xml(Self.page(bad)) }
  }

  @Test func linesWithoutTextEquivFallBackToWordsAndRegionsWithoutLinesToTheirOwn() throws {
    let words =
      "<TextLine id=\"l\"><Coords points=\"0,0 1,1\"/>"
      + "<Word id=\"w1\"><Coords points=\"0,0 1,1\"/><TextEquiv><Unicode>two</Unicode></TextEquiv></Word>"
      + "<Word id=\"w2\"><Coords points=\"0,0 1,1\"/><TextEquiv><Unicode>words</Unicode></TextEquiv></Word>"
      + "</TextLine>"
    let data = Self.page(
      Self.region("r1", words) + Self.region("r2", "", own: "region only") + Self.region("r3", ""))
    // r3 has no text at all and is left out, as dinglehopper leaves out empty regions.
    #expect(try DocumentText.xml(data).text == "two words\nregion only")
    // A line with a TextEquiv is read from it, whatever its words say.
    let both = Self.region(
      "r",
      "<TextLine id=\"l\"><Word id=\"w\"><TextEquiv><Unicode>word</Unicode></TextEquiv></Word>"
        + "<TextEquiv><Unicode>line</Unicode></TextEquiv></TextLine>")
    #expect(try DocumentText.xml(Self.page(both)).text == "line")
  }

  @Test func emptyLinesStayInsideARegion() throws {
    let data = Self.page(
      Self.region("r", Self.line("a", "one") + Self.line("b", "") + Self.line("c", "three")))
    #expect(try DocumentText.xml(data).text == "one\n\nthree")
  }

  @Test func altoStringsJoinedBySpacesLinesByLineBreaksAnyVersion() throws {
    for namespace in [
      "http://www.loc.gov/standards/alto/ns-v2#", "http://www.loc.gov/standards/alto/ns-v3#",
      "http://www.loc.gov/standards/alto/ns-v4#",
    ] {
      let data = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <alto xmlns="\(namespace)"><Layout><Page ID="p"><PrintSpace><TextBlock ID="b">
        <TextLine ID="l1"><String CONTENT="Hello"/><SP/><String CONTENT="world,"/><HYP CONTENT="-"/></TextLine>
        <TextLine ID="l2"></TextLine>
        <TextLine ID="l3"><String CONTENT="bye"/><String/><String CONTENT="now"/></TextLine>
        </TextBlock></PrintSpace></Page></Layout></alto>
        """.utf8)
      let extracted = try DocumentText.xml(data)
      #expect(extracted.format == .alto)
      #expect(extracted.text == "Hello world,\n\nbye  now")
    }
  }

  @Test func hocrLinesAndWordsFromHTMLAndXHTML() throws {
    let body = """
      <body><div class="ocr_page"><p class="ocr_par">
      <span class="ocr_line" title="bbox 0 0 1 1"><span class="ocrx_word">Hello</span>
        <span class="ocrx_word">world</span></span>
      <span class="ocr_header"><span class="ocrx_word">Title&nbsp;here</span></span>
      <span class="ocr_caption">a  caption
      without words</span>
      </p></div></body>
      """
    let html = try DocumentText.hocr(Data("<html><head><title>x</title></head>\(body)</html>".utf8))
    #expect(html.text == "Hello world\nTitle here\na caption without words")
    let xhtml = try DocumentText.xml(
      Data(
        "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head/>\(body.replacingOccurrences(of: "&nbsp;", with: "&#160;"))</html>"
          .utf8))
    #expect(xhtml.format == .hocr)
    #expect(xhtml.text == html.text)
  }

  @Test func otherXMLAndBrokenXMLAreRefusedWithTheReason() throws {
    #expect(
      throws: DocumentError(
        .malformed,
        "is XML but not PAGE (root PcGts), ALTO (root alto) or hOCR (root html): its root is <mets>")
    ) {
      try DocumentText.xml(Data("<mets/>".utf8))
    }
    do {
      _ = try DocumentText.xml(Data("<PcGts><Page></PcGts>".utf8))
      Issue.record("a broken document was read")
    } catch let error as DocumentError {
      #expect(error.kind == .malformed)
      #expect(error.message.contains("line 1"), "\(error.message)")
    }
    #expect(throws: DocumentError.self) { try DocumentText.xml(Data()) }
  }
}
