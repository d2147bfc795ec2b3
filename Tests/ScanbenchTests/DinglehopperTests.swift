import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// scanbench's numbers held to the field's tool and formats to their schemas, on real scans: the
/// txt, ALTO and PAGE exports of real runs scored by scanbench and by dinglehopper 0.11.0 (installed
/// by `make dinglehopper`) give the same edits over the same lengths, file by file; ground truth in
/// PAGE or ALTO scores as the same text in `NAME.gt.txt` does, for `score` and for `run`; the PAGE
/// export validates against PAGE 2019's XSD and the ALTO export against ALTO 4.2's and 4.4's.
final class DinglehopperTests: XCTestCase {
  var folder: URL!

  static let venv = Harness.packageRoot.appendingPathComponent(".venv/dinglehopper")
  static let validators = venv.appendingPathComponent("lib/python3.11/site-packages/ocrd_validators")
  static let schemas = Harness.packageRoot.appendingPathComponent("Tests/ScanbenchTests/Fixtures/schemas")
  /// dinglehopper's metric: its substitutions, whitespace as its text reading leaves it, CJK spaces kept.
  static let dinglehopperMetric = ["--normalization", "sbb", "--whitespace", "lines", "--keep-cjk-spaces"]

  override func setUpWithError() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.venv.appendingPathComponent("bin/python").path)
    else {
      throw XCTSkip("\(Self.venv.path) is absent: `make dinglehopper` installs it (`make test` does)")
    }
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// The first (or last) `count` images of a shared corpus with their ground truth, linked into a folder.
  func subset(_ corpus: String, _ count: Int, last: Bool = false) throws -> URL {
    let source = try Harness.requireSharedCorpus(corpus)
    let target = folder.appendingPathComponent(corpus)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let sorted = try FileManager.default.contentsOfDirectory(atPath: source.path).filter {
      $0.hasSuffix(".gt.txt")
    }.sorted()
    let names = last ? sorted.suffix(count) : sorted.prefix(count)
    for name in names {
      let stem = String(name.dropLast(".gt.txt".count))
      let image = try XCTUnwrap(
        FileManager.default.contentsOfDirectory(atPath: source.path).first {
          $0.hasPrefix(stem + ".") && !$0.hasSuffix(".txt")
        })
      for file in [name, image] {
        try FileManager.default.createSymbolicLink(
          at: target.appendingPathComponent(file), withDestinationURL: source.appendingPathComponent(file))
      }
    }
    return target
  }

  struct Pair: Hashable {
    var length: Int
    var edits: Int
  }

  /// `scanbench score GT OCR` with `options`: ground-truth file name → length and edits.
  func score(_ groundTruth: URL, _ ocr: URL, _ options: [String]) throws -> [String: Pair] {
    let store = folder.appendingPathComponent("score-\(UUID().uuidString).jsonl")
    let result = try Harness.run(["score", groundTruth.path, ocr.path, "--out", store.path] + options)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("missing"), result.stderr)
    var pairs: [String: Pair] = [:]
    for record in try Harness.records(in: store).results {
      pairs[record.entry] = Pair(length: record.gtChars ?? -1, edits: record.edits ?? -1)
    }
    return pairs
  }

  /// dinglehopper's length and distance for each (ground truth, OCR) pair, in their order, all in
  /// one process (its imports cost a third of a second of CPU a process).
  func dinglehopper(_ pairs: [(URL, URL)]) throws -> [Pair] {
    let output = folder.appendingPathComponent("dinglehopper-\(UUID().uuidString).jsonl")
    let script = Harness.packageRoot.appendingPathComponent("Tests/Tools/dinglehopper_cer.py")
    let arguments = pairs.flatMap { [$0.0.path, $0.1.path] }.map { "'\($0)'" }.joined(separator: " ")
    try TestKit.shell(
      "'\(Self.venv.path)/bin/python' '\(script.path)' \(arguments) > '\(output.path)' 2>/dev/null")
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, pairs.count, "dinglehopper scored every pair")
    return try zip(lines, pairs).map { line, pair in
      let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      XCTAssertEqual(object["gt"] as? String, pair.0.path)
      XCTAssertEqual(object["ocr"] as? String, pair.1.path)
      return Pair(
        length: try XCTUnwrap(object["n"] as? Int), edits: try XCTUnwrap(object["distance"] as? Int))
    }
  }

  func run(_ input: URL, store: URL, _ extra: [String]) throws {
    let result = try Harness.run(
      ["run", input.path, "--level", "fast", "--jobs", "2", "--out", store.path] + extra)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
  }

  func export(_ store: URL, _ format: String) throws -> URL {
    let out = folder.appendingPathComponent("\(store.deletingPathExtension().lastPathComponent)-\(format)")
    let result = try Harness.run(["export", store.path, "--format", format, "--out", out.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return out
  }

  func files(_ folder: URL, _ suffix: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(suffix) }.sorted()
      .map { folder.appendingPathComponent($0) }
  }

  func testScanbenchsCERIsDinglehoppersForTxtALTOAndPAGEExports() throws {
    // PP-OCR's lines and pages, Tesseract's words on the receipts (in a debug build PP-OCR costs
    // four times Tesseract's CPU on a receipt).
    let corpora = [
      (try subset("uw3-lines", 40), ["--psm", "7", "--dpi", "300"]),
      (try subset("sroie-receipts", 5), ["--engine", "tesseract"]),
      // phototest and eurotext: the two UNLV magazine pages would cost most of a minute more.
      (try subset("tesseract-pages", 2, last: true), []),
    ]
    var groups: [(name: String, ours: [String: Pair], pairs: [(URL, URL)])] = []
    for (corpus, options) in corpora {
      let store = folder.appendingPathComponent("\(corpus.lastPathComponent).jsonl")
      try run(corpus, store: store, options + ["--boxes"])
      for (format, suffix) in [("txt", ".txt"), ("alto", ".xml"), ("page", ".page.xml")] {
        let exported = try export(store, format)
        let pairs = try files(corpus, ".gt.txt").map { truth in
          let stem = truth.lastPathComponent.dropLast(".gt.txt".count)
          return (truth, exported.appendingPathComponent(stem + suffix))
        }
        groups.append(
          (
            "\(corpus.lastPathComponent), \(format)", try score(corpus, exported, Self.dinglehopperMetric),
            pairs
          ))
        // The ALTO and PAGE exports validate against the official schemas.
        if format != "txt" { try validate(try files(exported, suffix), format: format) }
      }
    }
    var theirs = try dinglehopper(groups.flatMap(\.pairs))[...]
    var compared = 0
    for group in groups {
      let expected = zip(group.pairs.map(\.0.lastPathComponent), theirs.prefix(group.pairs.count))
      theirs = theirs.dropFirst(group.pairs.count)
      XCTAssertEqual(group.ours.count, group.pairs.count, group.name)
      XCTAssertEqual(
        group.ours, Dictionary(uniqueKeysWithValues: expected),
        "\(group.name): scanbench against dinglehopper")
      compared += group.ours.count
    }
    XCTAssertEqual(compared, 3 * (40 + 5 + 2))
  }

  /// `xmllint --schema`, offline: ALTO's XLink import is mapped to the ocrd wheel's copy.
  func validate(_ documents: [URL], format: String) throws {
    XCTAssertFalse(documents.isEmpty)
    let catalog = folder.appendingPathComponent("catalog.xml")
    try Data(
      """
      <?xml version="1.0"?>
      <catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
        <system systemId="http://www.loc.gov/standards/xlink/xlink.xsd" \
      uri="\(Self.validators.appendingPathComponent("xlink.xsd").absoluteString)"/>
      </catalog>
      """.utf8
    ).write(to: catalog)
    let schemas =
      format == "page"
      ? [Self.validators.appendingPathComponent("page.xsd")]
      : [
        Self.schemas.appendingPathComponent("alto-4-2.xsd"),
        Self.schemas.appendingPathComponent("alto-4-4.xsd"),
      ]
    for schema in schemas {
      let result = try Harness.execute(
        URL(fileURLWithPath: "/usr/bin/xmllint"),
        ["--nonet", "--noout", "--schema", schema.path] + documents.map(\.path),
        environment: ["XML_CATALOG_FILES": catalog.path])
      XCTAssertEqual(result.exitCode, 0, "\(schema.lastPathComponent): \(result.stderr)")
      XCTAssertEqual(
        result.stderr.components(separatedBy: " validates").count - 1, documents.count, result.stderr)
    }
  }

  func testExportsWithoutBoxesValidateToo() throws {
    let corpus = try subset("uw3-lines", 10)
    let store = folder.appendingPathComponent("plain.jsonl")
    try run(corpus, store: store, ["--psm", "7", "--dpi", "300"])
    try validate(try files(try export(store, "page"), ".page.xml"), format: "page")
    try validate(try files(try export(store, "alto"), ".xml"), format: "alto")
  }

  /// Ground truth lines as PAGE (2013 or 2019: one region, a line each, the region's text its lines',
  /// as PAGE writers give it) and as ALTO 4 (a string a word).
  static func page(_ text: String, namespace: String) -> String {
    // A final line break ends the last line; it starts no empty one.
    var lineTexts = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lineTexts.count > 1, lineTexts.last?.isEmpty == true { lineTexts.removeLast() }
    let lines = lineTexts.enumerated().map { index, line in
      "<TextLine id=\"l\(index)\"><Coords points=\"0,0 1,1\"/><TextEquiv><Unicode>"
        + escape(String(line)) + "</Unicode></TextEquiv></TextLine>"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <PcGts xmlns="\(namespace)"><Metadata><Creator>test</Creator><Created>2026-01-01T00:00:00</Created>\
      <LastChange>2026-01-01T00:00:00</LastChange></Metadata><Page imageFilename="x" imageWidth="1" \
      imageHeight="1"><TextRegion id="r"><Coords points="0,0 1,1"/>\(lines.joined())<TextEquiv><Unicode>\
      \(escape(lineTexts.joined(separator: "\n")))</Unicode></TextEquiv></TextRegion></Page></PcGts>
      """
  }

  static func alto(_ text: String) -> String {
    let lines = text.split(separator: "\n").enumerated().map { index, line in
      "<TextLine ID=\"l\(index)\">"
        + line.split(separator: " ").map { "<String CONTENT=\"\(escape(String($0)))\"/>" }.joined(
          separator: "<SP/>")
        + "</TextLine>"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page ID="p"><PrintSpace>\
      <TextBlock ID="b">\(lines.joined())</TextBlock></PrintSpace></Page></Layout></alto>
      """
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: "\"", with: "&quot;")
  }

  func testPAGEAndALTOGroundTruthScoreAsTheSameTextDoes() throws {
    let corpus = try subset("sroie-receipts", 3)
    let truths = try files(corpus, ".gt.txt")
    let stem = { (file: URL) in String(file.lastPathComponent.prefix { $0 != "." }) }
    let namespaces = [
      "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15",
      "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15",
    ]
    var variants: [String: URL] = [:]
    for (name, suffix) in [("page", ".gt.xml"), ("page-plain", ".page.xml"), ("alto", ".xml")] {
      let variant = folder.appendingPathComponent("gt-\(name)")
      try FileManager.default.createDirectory(at: variant, withIntermediateDirectories: true)
      for (index, truth) in truths.enumerated() {
        let text = try String(contentsOf: truth, encoding: .utf8)
        let xml = name == "alto" ? Self.alto(text) : Self.page(text, namespace: namespaces[index % 2])
        try Data(xml.utf8).write(to: variant.appendingPathComponent(stem(truth) + suffix))
      }
      variants[name] = variant
    }
    let pageTruths = variants["page", default: folder]

    // `run` with PAGE ground truth beside the images (Tesseract: a quarter of PP-OCR's CPU here).
    let beside = folder.appendingPathComponent("beside")
    try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
    for file in try files(corpus, ".jpg") {
      try FileManager.default.copyItem(at: file, to: beside.appendingPathComponent(file.lastPathComponent))
      try FileManager.default.copyItem(
        at: pageTruths.appendingPathComponent(stem(file) + ".gt.xml"),
        to: beside.appendingPathComponent(stem(file) + ".gt.xml"))
    }
    let store = folder.appendingPathComponent("beside.jsonl")
    try run(beside, store: store, ["--case-fold", "--engine", "tesseract"])
    let ocr = try export(store, "txt")

    // The run's scores are those of its text against NAME.gt.txt.
    let withPAGE = Dictionary(
      try Harness.records(in: store).results.map {
        (stem(URL(fileURLWithPath: $0.entry)), Pair(length: $0.gtChars ?? -1, edits: $0.edits ?? -1))
      }, uniquingKeysWith: { first, _ in first })
    let withText = try score(corpus, ocr, ["--case-fold"])
    XCTAssertEqual(
      withPAGE,
      Dictionary(uniqueKeysWithValues: withText.map { (stem(URL(fileURLWithPath: $0.key)), $0.value) }))
    XCTAssertEqual(withPAGE.count, truths.count)
    XCTAssertFalse(withPAGE.values.contains { $0.length < 0 }, "every image was scored")

    // `score` reads PAGE (both namespaces) and ALTO ground truth as the same text.
    for metric in [["--case-fold"], Self.dinglehopperMetric + ["--case-fold"]] {
      let plain = try score(corpus, ocr, metric)
      XCTAssertEqual(plain.count, truths.count)
      for (name, variant) in variants.sorted(by: { $0.key < $1.key }) {
        // ALTO keeps no run of spaces inside a line: its text equals the .gt.txt once collapsed.
        if name == "alto" && metric.contains("lines") { continue }
        let scored = try score(variant, ocr, metric)
        XCTAssertEqual(
          Set(scored.values), Set(plain.values), "\(name) ground truth, \(metric.joined(separator: " "))")
        XCTAssertEqual(scored.count, truths.count)
      }
    }

    // dinglehopper reads the PAGE ground truth as the same text as well.
    let pairs = truths.map { truth in (truth, ocr.appendingPathComponent(stem(truth) + ".txt")) }
    let pagePairs = truths.map { truth in
      (
        pageTruths.appendingPathComponent(stem(truth) + ".gt.xml"),
        ocr.appendingPathComponent(stem(truth) + ".txt")
      )
    }
    let both = try dinglehopper(pairs + pagePairs).map(\.edits)
    XCTAssertEqual(both.count, 2 * truths.count)
    XCTAssertEqual(Array(both.suffix(truths.count)), Array(both.prefix(truths.count)))
  }
}
