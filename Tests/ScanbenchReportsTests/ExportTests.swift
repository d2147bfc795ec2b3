import Foundation
import FoundationXML
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import XCTest

@testable import ScanbenchReports
@testable import ScanbenchStore

/// `scanbench export`'s formats, read back: TSV by its columns, hOCR and ALTO as XML.
final class ExportTests: XCTestCase {
  /// Two lines of three and two words, with boxes, and text that XML must escape.
  func boxedRecord() -> ResultRecord {
    var record = ReportFixtures.record(
      "scans/page.png", edits: 0, length: 10, text: "A & <b>\n\"c\" d'e\u{1} f\n")
    record.width = 400
    record.height = 100
    record.confidence = 91
    record.words = [
      TextBox(text: "A", confidence: 95.5, x: 10, y: 10, width: 20, height: 30),
      TextBox(text: "&", confidence: 90, x: 40, y: 12, width: 20, height: 28),
      TextBox(text: "<b>", confidence: 80.2, x: 70, y: 10, width: 40, height: 30),
      TextBox(text: "\"c\"", confidence: 70, x: 10, y: 55, width: 30, height: 30),
      TextBox(text: "d'e\u{1}", confidence: 60, x: 50, y: 55, width: 40, height: 30),
    ]
    record.lines = [
      TextBox(text: "A & <b>", confidence: 88, x: 10, y: 10, width: 100, height: 32),
      TextBox(text: "\"c\" d'e f", confidence: 65, x: 10, y: 55, width: 120, height: 30),
    ]
    return record
  }

  func testTextIsTheRecognizedTextByteForByte() {
    let record = boxedRecord()
    XCTAssertEqual(ExportFormat.txt.render(record, generator: "scanbench 0.2.0"), record.text)
  }

  func testTSVHasTesseractsTwelveColumnsAndOneRowPerItem() {
    let tsv = ExportFormat.tsv.render(boxedRecord(), generator: "scanbench 0.2.0")
    let rows = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    XCTAssertEqual(
      rows[0],
      [
        "level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height",
        "conf", "text",
      ])
    XCTAssertTrue(rows.allSatisfy { $0.count == 12 }, tsv)
    XCTAssertEqual(rows.dropFirst().map { $0[0] }, ["1", "2", "3", "4", "5", "5", "5", "4", "5", "5"])
    XCTAssertEqual(rows[1], ["1", "1", "0", "0", "0", "0", "0", "0", "400", "100", "-1", ""])
    XCTAssertEqual(rows[2], ["2", "1", "1", "0", "0", "0", "10", "10", "120", "75", "-1", ""])
    XCTAssertEqual(rows[4], ["4", "1", "1", "1", "1", "0", "10", "10", "100", "32", "-1", ""])
    XCTAssertEqual(rows[5], ["5", "1", "1", "1", "1", "1", "10", "10", "20", "30", "95.5", "A"])
    XCTAssertEqual(rows[10], ["5", "1", "1", "1", "2", "2", "50", "55", "40", "30", "60", "d'e\u{1}"])
  }

  func testTSVWithoutBoxesHasTheTextsLinesAndWords() {
    var record = boxedRecord()
    record.words = nil
    record.lines = nil
    let rows = ExportFormat.tsv.render(record, generator: "g").split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    XCTAssertEqual(rows.map { $0[0] }, ["level", "1", "2", "3", "4", "5", "5", "5", "4", "5", "5", "5"])
    // No word has a confidence of its own: -1, as Tesseract writes for items without one, not the
    // page's mean repeated on every word.
    XCTAssertEqual(rows[5], ["5", "1", "1", "1", "1", "1", "-1", "-1", "-1", "-1", "-1", "A"])
    XCTAssertEqual(rows[3], ["3", "1", "1", "1", "0", "0", "-1", "-1", "-1", "-1", "-1", ""])
  }

  /// An attribute's value (`XMLElement.attribute(forName:)` finds none in a document with a default
  /// namespace on Linux).
  func attribute(_ node: XMLNode, _ name: String) -> String? {
    (node as? XMLElement)?.attributes?.first { $0.name == name }?.stringValue
  }

  func document(_ text: String) throws -> XMLDocument {
    try XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever])
  }

  func testHOCRIsXMLWithEveryWordAndLineBox() throws {
    let xml = try document(ExportFormat.hocr.render(boxedRecord(), generator: "scanbench 0.2.0"))
    let words = try xml.nodes(forXPath: "//*[@class='ocrx_word']")
    XCTAssertEqual(words.map { $0.stringValue ?? "" }, ["A", "&", "<b>", "\"c\"", "d'e\u{FFFD}"])
    let titles = words.compactMap { attribute($0, "title") }
    XCTAssertEqual(titles.first, "bbox 10 10 30 40; x_wconf 96")
    let lines = try xml.nodes(forXPath: "//*[@class='ocr_line']")
    XCTAssertEqual(
      lines.compactMap { attribute($0, "title") },
      ["bbox 10 10 110 42", "bbox 10 55 130 85"])
    let page = try XCTUnwrap(try xml.nodes(forXPath: "//*[@class='ocr_page']").first as? XMLElement)
    XCTAssertEqual(attribute(page, "title"), "image \"scans/page.png\"; bbox 0 0 400 100; ppageno 0")
    XCTAssertEqual(
      try xml.nodes(forXPath: "//*[@name='ocr-system']/@content").first?.stringValue,
      "scanbench 0.2.0 (tesseract 5.3.0)")
  }

  func testALTOIsXMLWithEveryStringAndLinePosition() throws {
    let xml = try document(ExportFormat.alto.render(boxedRecord(), generator: "scanbench 0.2.0"))
    XCTAssertEqual(xml.rootElement()?.name, "alto")
    XCTAssertEqual(xml.rootElement()?.uri, "http://www.loc.gov/standards/alto/ns-v4#")
    let strings = try xml.nodes(forXPath: "//*[local-name()='String']").compactMap { $0 as? XMLElement }
    XCTAssertEqual(
      strings.compactMap { attribute($0, "CONTENT") }, ["A", "&", "<b>", "\"c\"", "d'e\u{FFFD}"])
    XCTAssertEqual(
      ["HPOS", "VPOS", "WIDTH", "HEIGHT", "WC"].compactMap { attribute(strings[2], $0) },
      ["70", "10", "40", "30", "0.80"])
    let lines = try xml.nodes(forXPath: "//*[local-name()='TextLine']").compactMap { $0 as? XMLElement }
    XCTAssertEqual(lines.count, 2)
    XCTAssertEqual(attribute(lines[1], "VPOS"), "55")
    XCTAssertEqual(try xml.nodes(forXPath: "//*[local-name()='SP']").count, 3)
    let page = try XCTUnwrap(try xml.nodes(forXPath: "//*[local-name()='Page']").first as? XMLElement)
    XCTAssertEqual(attribute(page, "WIDTH"), "400")
  }

  func testStructuredFormatsWithoutBoxesStillCarryTheText() throws {
    var record = boxedRecord()
    record.words = nil
    record.lines = nil
    let alto = try document(ExportFormat.alto.render(record, generator: "g"))
    let strings = try alto.nodes(forXPath: "//*[local-name()='String']").compactMap { $0 as? XMLElement }
    XCTAssertEqual(strings.count, 6)
    XCTAssertNil(attribute(strings[0], "HPOS"))
    let hocr = try document(ExportFormat.hocr.render(record, generator: "g"))
    XCTAssertEqual(try hocr.nodes(forXPath: "//*[@class='ocr_line']").count, 2)
  }

  func testWordsOutsideEveryLineAndLinesWithoutWords() {
    var record = boxedRecord()
    record.words = [TextBox(text: "stray", confidence: 50, x: 300, y: 80, width: 30, height: 10)]
    let layout = PageLayout(record)
    XCTAssertEqual(layout.lines.count, 3)
    XCTAssertEqual(
      layout.lines[0].words.map(\.text), ["A", "&", "<b>"], "the line's own text, without boxes")
    XCTAssertNil(layout.lines[0].words[0].box)
    XCTAssertEqual(layout.lines[2].words.map(\.text), ["stray"])
  }

  func testNamesFollowEntriesAndMapWhatCannotBeAFileName() {
    func record(_ entry: String, source: String = "in.tar", page: Int? = nil) -> ResultRecord {
      var made = ReportFixtures.record(entry, edits: 0, length: 1, source: source)
      made.page = page
      return made
    }
    let long = String(repeating: "x", count: 300) + ".png"
    let records = [
      record("page.png"), record("scans/b.JPG"), record("scan.tif", page: 2), record("../evil.png"),
      record("/abs.png"), record("a\u{0}b.png"), record(long), record("caf\\xE9.png"), record("page.jpg"),
      record("names.png"), record("dir//x.png"),
    ]
    let names = ExportNames(records, fileExtension: "txt")
    func file(_ entry: String, page: Int? = nil) -> String? {
      names.files[ImageKey(input: "in.tar", entry: entry, sha256: "sha-\(entry)", page: page)]
    }
    XCTAssertEqual(file("page.png"), "page.txt")
    XCTAssertEqual(file("scans/b.JPG"), "scans/b.txt")
    XCTAssertEqual(file("scan.tif", page: 2), "scan.page-2.txt")
    XCTAssertEqual(file("names.png"), "names.txt", "only names.tsv itself is taken")
    XCTAssertEqual(
      names.mapped.map(\.reason),
      [
        "a '.' or '..' component", "an absolute path", "a NUL byte", "a component longer than 255 bytes",
        "escaped bytes or a backslash", "the same file as another image's", "an empty path component",
      ])
    for mapping in names.mapped { XCTAssertTrue(mapping.file.hasPrefix("mapped/"), mapping.file) }
    XCTAssertEqual(Set(names.files.values).count, records.count, "every image its own file")
    let list = names.list.split(separator: "\n")
    XCTAssertEqual(list.first, "file\tinput\tentry\tpage\treason")
    XCTAssertTrue(
      list.contains { $0.hasSuffix("\tin.tar\t../evil.png\t\ta '.' or '..' component") }, names.list)
    XCTAssertEqual(
      ExportNames([record("page.png"), record("page.png", source: "other/two.zip")], fileExtension: "xml")
        .files.values.sorted(), ["in.tar/page.xml", "two.zip/page.xml"])
  }

  func testWritingAFolderWithTheListOfMappedNames() throws {
    let folder = try TestKit.temporaryFolder("report-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    var failed = ReportFixtures.record("broken.png", edits: 0, length: 1)
    failed.text = nil
    failed.error = .init(kind: "not-an-image", message: "no")
    let run = ReportFixtures.run([
      boxedRecord(), ReportFixtures.record("../up.png", edits: 0, length: 1), failed,
    ])
    let outcome = try StoreExport.write(run, format: .hocr, to: folder, generator: "scanbench 0.2.0")
    XCTAssertEqual(outcome.written, 2)
    XCTAssertEqual(outcome.failed, 1)
    XCTAssertTrue(outcome.hadBoxes)
    XCTAssertNoThrow(
      try document(String(contentsOf: folder.appendingPathComponent("scans/page.hocr"), encoding: .utf8)))
    let list = try String(contentsOf: folder.appendingPathComponent("names.tsv"), encoding: .utf8)
    XCTAssertTrue(list.contains("\t../up.png\t"), list)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(outcome.mapped[0].file).path))
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: folder.deletingLastPathComponent().appendingPathComponent("up.hocr").path))
    // A later export without mapped names removes the list it would contradict.
    _ = try StoreExport.write(ReportFixtures.run([boxedRecord()]), format: .hocr, to: folder, generator: "g")
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("names.tsv").path))
  }
}
