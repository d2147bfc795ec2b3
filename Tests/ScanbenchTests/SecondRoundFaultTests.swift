import Foundation
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore
@testable import ScanbenchSupport

/// The faults of issue 31 ("Faults, second round"), each reproduced end to end with the built
/// binary; each test was seen failing on `4c7cf8f` first (Reports/RELIABILITY.md says how).
final class SecondRoundFaultTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A store made by `score` (no engine): `count` texts, one edit in every other one.
  func scoredStore(_ name: String = "scored.jsonl", count: Int = 4) throws -> URL {
    let truth = folder.appendingPathComponent("gt-\(name)")
    let ocr = folder.appendingPathComponent("ocr-\(name)")
    for side in [truth, ocr] {
      try FileManager.default.createDirectory(at: side, withIntermediateDirectories: true)
    }
    for index in 1...count {
      try Data("line number \(index)\n".utf8).write(to: truth.appendingPathComponent("l\(index).gt.txt"))
      let read = index.isMultiple(of: 2) ? "line numbor \(index)" : "line number \(index)"
      try Data(read.utf8).write(to: ocr.appendingPathComponent("l\(index).txt"))
    }
    let store = folder.appendingPathComponent(name)
    let result = try Harness.run(["score", truth.path, ocr.path, "--out", store.path])
    guard result.exitCode == 0 else { throw FixtureError(message: "score failed: \(result.stderr)") }
    return store
  }

  /// What `path` itself is (a link is not followed).
  func fileType(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "missing" }
    switch info.st_mode & S_IFMT {
    case S_IFLNK: return "link"
    case S_IFCHR: return "device"
    case S_IFIFO: return "fifo"
    case S_IFREG: return "file"
    default: return "other"
    }
  }

  // MARK: 1. Output paths are written in place or refused, never replaced

  func testOutputPathsThatAreNotRegularFilesAreWrittenInPlaceOrRefusedNeverReplaced() throws {
    let store = try scoredStore()
    let baseline = folder.appendingPathComponent("baseline.json")
    XCTAssertEqual(try Harness.run(["baseline", store.path, "--out", baseline.path]).exitCode, 0)
    // Every output option, as arguments after which the output path goes.
    let outputs: [(String, [String])] = [
      ("merge --out", ["merge", store.path, "--out"]),
      ("baseline --out", ["baseline", store.path, "--out"]),
      ("report --html", ["report", store.path, "--no-thumbnails", "--html"]),
      ("check --junit", ["check", store.path, "--baseline", baseline.path, "--junit"]),
      ("check --markdown", ["check", store.path, "--baseline", baseline.path, "--markdown"]),
    ]
    let null = folder.appendingPathComponent("null")
    _ = try TestKit.shell("mknod '\(null.path)' c 1 3")
    let full = folder.appendingPathComponent("full")
    _ = try TestKit.shell("mknod '\(full.path)' c 1 7")
    let linkToNull = folder.appendingPathComponent("link-to-null")
    try FileManager.default.createSymbolicLink(atPath: linkToNull.path, withDestinationPath: null.path)
    let fifo = folder.appendingPathComponent("fifo")
    _ = try TestKit.shell("mkfifo '\(fifo.path)'")
    for (what, arguments) in outputs {
      // A device written in place: exit 0, still the device.
      let intoNull = try Harness.run(arguments + [null.path])
      XCTAssertEqual(intoNull.exitCode, 0, "\(what) into a null device: \(intoNull.stderr)")
      XCTAssertEqual(fileType(null.path), "device", "\(what): null replaced")
      // A full device: the write fails, and says so; the device stays.
      let intoFull = try Harness.run(arguments + [full.path])
      XCTAssertNotEqual(intoFull.exitCode, 0, "\(what) into a full device: \(intoFull.stdout)")
      XCTAssertTrue(intoFull.stderr.contains("No space left on device"), "\(what): \(intoFull.stderr)")
      XCTAssertEqual(fileType(full.path), "device", "\(what): full replaced")
      // A link to a device: followed, the link kept.
      let intoLink = try Harness.run(arguments + [linkToNull.path])
      XCTAssertEqual(intoLink.exitCode, 0, "\(what) through a link: \(intoLink.stderr)")
      XCTAssertEqual(fileType(linkToNull.path), "link", "\(what): link replaced")
      // A FIFO nobody reads: refused at once, still a FIFO.
      let intoFIFO = try Harness.run(arguments + [fifo.path])
      XCTAssertNotEqual(intoFIFO.exitCode, 0, "\(what) into a FIFO nobody reads")
      XCTAssertTrue(intoFIFO.stderr.contains("nobody reads"), "\(what): \(intoFIFO.stderr)")
      XCTAssertEqual(fileType(fifo.path), "fifo", "\(what): FIFO replaced")
      // A FIFO with a reader gets the whole output.
      let received = folder.appendingPathComponent("received")
      let reader = Process()
      reader.executableURL = URL(fileURLWithPath: "/bin/bash")
      reader.arguments = ["-c", "cat '\(fifo.path)' > '\(received.path)'"]
      try reader.run()
      Thread.sleep(forTimeInterval: 0.2)
      let intoReader = try Harness.run(arguments + [fifo.path])
      XCTAssertEqual(intoReader.exitCode, 0, "\(what) into a FIFO with a reader: \(intoReader.stderr)")
      if intoReader.exitCode != 0 { reader.terminate() }
      reader.waitUntilExit()
      let size = (try? Data(contentsOf: received).count) ?? 0
      XCTAssertGreaterThan(size, 100, "\(what): the reader got \(size) bytes")
      // A link to a regular file: the file it names is written, the link kept.
      let real = folder.appendingPathComponent("real-\(what.split(separator: " ")[0])")
      try Data("old".utf8).write(to: real)
      let link = folder.appendingPathComponent("link-\(what.split(separator: " ")[0])")
      try? FileManager.default.removeItem(at: link)
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
      XCTAssertEqual(try Harness.run(arguments + [link.path]).exitCode, 0, what)
      XCTAssertEqual(fileType(link.path), "link", "\(what): link replaced")
      XCTAssertGreaterThan((try Data(contentsOf: real)).count, 100, "\(what): the linked file not written")
      // A dangling link is refused before any work.
      let dangling = folder.appendingPathComponent("dangling")
      try? FileManager.default.removeItem(at: dangling)
      try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent/x")
      let intoDangling = try Harness.run(arguments + [dangling.path])
      XCTAssertEqual(intoDangling.exitCode, 2, "\(what) into a dangling link: \(intoDangling.stderr)")
      XCTAssertTrue(intoDangling.stderr.contains("does not exist"), "\(what): \(intoDangling.stderr)")
    }
  }

  // MARK: 2. One line limit: an oversize answer is the image's failure, every line read back

  func testAnOversizeEngineAnswerIsTheImagesRecordedFailureAndEveryLineIsReadBack() throws {
    let input = try Harness.englishLines(3, in: folder)
    let engine = folder.appendingPathComponent("engine.py")
    try Data(
      """
      import json, sys
      print(json.dumps({"engine": "verbose", "version": "1", "models": {}}), flush=True)
      for line in sys.stdin:
          request = json.loads(line)
          text = "x" * (9 << 20) if request["id"] == 2 else "a line"
          print(json.dumps({"id": request["id"], "text": text, "confidence": 50}), flush=True)
      """.utf8
    ).write(to: engine)
    let store = folder.appendingPathComponent("s.jsonl").path
    let arguments = [
      "run", input.path, "--engine", "command:python3 \(engine.path)", "--jobs", "1", "--out", store,
    ]
    let result = try Harness.run(arguments)
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let records = try Harness.records(in: URL(fileURLWithPath: store))
    XCTAssertEqual(records.results.count, 3)
    let failures = records.results.compactMap(\.error)
    XCTAssertEqual(failures.map(\.kind), ["engine-protocol"], "\(failures)")
    XCTAssertTrue(failures.first?.message.contains("MiB") ?? false, "\(failures)")
    let database = folder.appendingPathComponent("notes.sqlite").path
    let imported = try Harness.run(["import", store, "--db", database, "--json"])
    XCTAssertTrue(
      imported.stdout.contains("\"failed_records\":1") && imported.stdout.contains("\"imported\":2"),
      imported.stdout + imported.stderr)
    let resumed = try Harness.run(arguments + ["--resume", "--json"])
    XCTAssertEqual(resumed.exitCode, 1, resumed.stderr)
    XCTAssertEqual(try Harness.records(in: URL(fileURLWithPath: store)).results.count, 3, "nothing redone")
  }

  // MARK: 3. Impossible baselines are refused, naming the field

  func testImpossibleBaselinesAreRefusedNamingTheField() throws {
    let store = try scoredStore()
    let good = folder.appendingPathComponent("good.json")
    XCTAssertEqual(try Harness.run(["baseline", store.path, "--out", good.path]).exitCode, 0)
    XCTAssertEqual(try Harness.run(["check", store.path, "--baseline", good.path]).exitCode, 0)
    let text = try String(contentsOf: good, encoding: .utf8)
    guard let firstEntry = text.range(of: "{\"input\"") else { return XCTFail(text) }
    let entryLine = String(text[firstEntry.lowerBound...].prefix { $0 != "\n" }).trimmingCharacters(
      in: CharacterSet(charactersIn: ","))
    let cases: [(String, String, String)] = [
      ("a negative gt_chars", #""gt_chars":"#, "entries[0].gt_chars"),
      ("negative edits", #""edits":"#, "entries[0].edits"),
      ("gt_chars 0", #""gt_chars":"#, "entries[0].gt_chars"),
      ("fractional edits", #""edits":"#, "entries[0].edits"),
    ]
    let replacements = ["-68", "-1", "0", "1.5"]
    for ((what, field, named), value) in zip(cases, replacements) {
      // The first entry's field set to the value (the totals left as they were).
      guard let at = entryLine.range(of: field) else { return XCTFail("\(field) in \(entryLine)") }
      let rest = entryLine[at.upperBound...]
      let number = rest.prefix { $0 == "-" || $0.isNumber }
      let changed = entryLine[..<at.upperBound] + value + rest.dropFirst(number.count)
      let url = folder.appendingPathComponent("\(what).json")
      try Data(text.replacingOccurrences(of: entryLine, with: changed).utf8).write(to: url)
      let result = try Harness.run(["check", store.path, "--baseline", url.path])
      XCTAssertEqual(result.exitCode, 2, "\(what): \(result.stdout)")
      XCTAssertTrue(result.stderr.contains(named), "\(what): \(result.stderr)")
    }
    // Every entry twice, the totals doubled to match: duplicates are an error all the same.
    let doubled = text.replacingOccurrences(of: entryLine, with: entryLine + ",\n    " + entryLine)
    let duplicates = folder.appendingPathComponent("duplicates.json")
    try Data(doubled.utf8).write(to: duplicates)
    let result = try Harness.run(["check", store.path, "--baseline", duplicates.path])
    XCTAssertEqual(result.exitCode, 2, result.stdout)
    XCTAssertTrue(result.stderr.contains("a second time"), result.stderr)
    // Totals that are not the entries' sums.
    let totals = text.replacingOccurrences(of: "\"images\": 4,", with: "\"images\": 40,")
    let wrongTotals = folder.appendingPathComponent("totals.json")
    try Data(totals.utf8).write(to: wrongTotals)
    let total = try Harness.run(["check", store.path, "--baseline", wrongTotals.path])
    XCTAssertEqual(total.exitCode, 2, total.stdout)
    XCTAssertTrue(total.stderr.contains("'images'"), total.stderr)
  }

  // MARK: 4. merge refuses shards of different inputs

  /// An external engine that reads every image as `a line`: runs without a model, in no time.
  func echoEngine() throws -> String {
    let engine = folder.appendingPathComponent("echo.py")
    try Data(
      """
      import json, sys
      print(json.dumps({"engine": "echo", "version": "1", "models": {}}), flush=True)
      for line in sys.stdin:
          request = json.loads(line)
          print(json.dumps({"id": request["id"], "text": "a line", "confidence": 50}), flush=True)
      """.utf8
    ).write(to: engine)
    return "command:python3 \(engine.path)"
  }

  func testMergeRefusesShardsOfDifferentInputs() throws {
    let engine = try echoEngine()
    let lines = try Harness.englishLines(12, in: folder, name: "all")
    // Two corpora in folders of the same name: the first six lines and the last six.
    for (corpus, range) in [("a", 1...6), ("b", 7...12)] {
      let target = folder.appendingPathComponent("\(corpus)/lines")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      for index in range {
        for name in try FileManager.default.contentsOfDirectory(atPath: lines.path)
        where name.hasPrefix(String(format: "eng-line-%03d.", index)) {
          try FileManager.default.copyItem(
            at: lines.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
      }
    }
    let base = folder.appendingPathComponent("r.jsonl").path
    for (corpus, shard) in [("a", 0), ("b", 1), ("a", 2)] {
      let result = try Harness.run([
        "run", folder.appendingPathComponent("\(corpus)/lines").path, "--engine", engine, "--shard",
        "\(shard)/3",
        "--jobs", "1", "--out", base,
      ])
      XCTAssertLessThanOrEqual(result.exitCode, 1, result.stderr)
    }
    let stores = (0..<3).map {
      folder.appendingPathComponent(String(format: "r.shard-%04d-of-0003.jsonl", $0)).path
    }
    let merged = folder.appendingPathComponent("merged.jsonl").path
    let mixed = try Harness.run(["merge"] + stores + ["--out", merged])
    XCTAssertEqual(mixed.exitCode, 2, mixed.stdout)
    XCTAssertTrue(mixed.stderr.contains("different inputs"), mixed.stderr)
    XCTAssertTrue(mixed.stderr.contains("r.shard-0001-of-0003.jsonl"), mixed.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: merged), "nothing written")
    // The right shard 1 merges.
    try FileManager.default.removeItem(atPath: stores[1])
    let right = try Harness.run([
      "run", folder.appendingPathComponent("a/lines").path, "--engine", engine, "--shard", "1/3", "--jobs",
      "1",
      "--out", base,
    ])
    XCTAssertLessThanOrEqual(right.exitCode, 1, right.stderr)
    let good = try Harness.run(["merge"] + stores + ["--out", merged])
    XCTAssertEqual(good.exitCode, 0, good.stderr)
    XCTAssertEqual(try Harness.records(in: URL(fileURLWithPath: merged)).results.count, 6)
  }

  // MARK: 5. Ground truth that parses to nothing is the image's failure, not an empty score

  func testGroundTruthThatParsesToNothingIsTheImagesGroundTruthFailure() throws {
    let lines = try Harness.englishLines(5, in: folder)
    let names = (1...5).map { String(format: "eng-line-%03d", $0) }
    for name in names.dropFirst() {
      try FileManager.default.removeItem(at: lines.appendingPathComponent("\(name).gt.txt"))
    }
    let page = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"
    func pageXML(_ root: String, image: String) -> String {
      "<?xml version='1.0'?>\(root)<Page imageFilename='\(image)' imageWidth='1' imageHeight='1'>"
        + "<TextRegion id='r'><TextLine id='l'><TextEquiv><Unicode>a line</Unicode></TextEquiv></TextLine>"
        + "</TextRegion></Page></PcGts>"
    }
    let deep =
      "<html><body>" + String(repeating: "<div>", count: 300)
      + "<span class='ocr_line'><span class='ocrx_word'>text</span></span>"
      + String(repeating: "</div>", count: 300)
      + "</body></html>"
    let include =
      "<?xml version='1.0'?><PcGts xmlns='\(page)' xmlns:xi='http://www.w3.org/2001/XInclude'><Page>"
      + "<xi:include href='elsewhere.xml'/></Page></PcGts>"
    let documents: [(String, String, String)] = [
      ("\(names[1]).gt.hocr", deep, "read whole"),
      ("\(names[2]).gt.xml", include, "XInclude"),
      (
        "\(names[3]).gt.xml", pageXML("<PcGts xmlns='http://example.com/other'>", image: "\(names[3]).png"),
        "not PAGE's"
      ),
      ("\(names[4]).gt.xml", pageXML("<PcGts xmlns='\(page)'>", image: "\(names[0]).png"), "another image"),
    ]
    for (name, text, _) in documents { try Data(text.utf8).write(to: lines.appendingPathComponent(name)) }
    let store = folder.appendingPathComponent("s.jsonl").path
    let result = try Harness.run([
      "run", lines.path, "--engine", try echoEngine(), "--jobs", "1", "--out", store, "--json",
    ])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let records = try Harness.records(in: URL(fileURLWithPath: store))
    for (name, _, reason) in documents {
      let failure = records.results.first { $0.entry == name }?.error
      XCTAssertTrue(
        failure?.kind.hasPrefix("ground-truth") ?? false, "\(name): \(String(describing: failure))")
      XCTAssertTrue(failure?.message.contains(reason) ?? false, "\(name): \(String(describing: failure))")
    }
    let scored = records.results.filter { $0.gtChars != nil }.map(\.entry)
    XCTAssertEqual(scored.count, 1, "only the image with a readable text is scored: \(scored)")
    XCTAssertEqual(records.summaries.last?.scored, 1)
  }

  // MARK: 6. A PDF page of any size is a recorded failure, never a trap

  /// A PDF of blank pages, each given by its MediaBox's width and height as PDF writes numbers.
  static func blankPDF(_ sizes: [(String, String)]) -> Data {
    var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
    let kids = sizes.indices.map { "\(3 + $0) 0 R" }.joined(separator: " ")
    objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(sizes.count) >>")
    for (width, height) in sizes {
      objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << >> >>")
    }
    var pdf = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.utf8.count)
      pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = pdf.utf8.count
    pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
    pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Data(pdf.utf8)
  }

  func testAPDFPageOfAnySizeIsARecordedFailureNotATrapInsideAZipToo() throws {
    let corpus = try Harness.englishLines(1, in: folder, name: "pages")
    let pdf = Self.blankPDF([
      ("3000000000000000000", "10"), ("100000000000000000000", "100000000000000000000"), ("0.01", "0.01"),
      ("72", "72"),
    ])
    try pdf.write(to: corpus.appendingPathComponent("huge.pdf"))
    let zip = folder.appendingPathComponent("pages.zip")
    _ = try TestKit.shell("cd '\(corpus.path)' && bsdtar --format zip -cf '\(zip.path)' *")
    for input in [corpus, zip] {
      let store = folder.appendingPathComponent("\(input.lastPathComponent).jsonl").path
      let result = try Harness.run([
        "run", input.path, "--engine", try echoEngine(), "--jobs", "1", "--out", store, "--json",
      ])
      XCTAssertEqual(result.exitCode, 1, "\(input.lastPathComponent): \(result.stderr)")
      let records = try Harness.records(in: URL(fileURLWithPath: store))
      XCTAssertEqual(records.summaries.count, 1, "the run wrote its summary")
      let pages = records.results.filter { $0.entry == "huge.pdf" }.sorted { ($0.page ?? 0) < ($1.page ?? 0) }
      XCTAssertEqual(pages.map(\.page), [1, 2, 3, 4], "\(records.results.map(\.entry))")
      guard pages.count == 4 else { continue }
      XCTAssertEqual(pages[0].error?.kind, "too-many-pixels")
      XCTAssertTrue(
        pages[0].error?.message.contains("3e+18×10 points") ?? false, "\(String(describing: pages[0].error))")
      XCTAssertEqual(pages[1].error?.kind, "too-many-pixels")
      XCTAssertEqual(pages[2].error?.kind, "undecodable")
      XCTAssertTrue(
        pages[2].error?.message.contains("under one pixel") ?? false, "\(String(describing: pages[2].error))")
      XCTAssertNil(pages[3].error, "a blank page of an inch is read")
      XCTAssertTrue(records.results.contains { $0.entry == "eng-line-001.png" && $0.error == nil })
    }
  }

  // MARK: 8. A stop ends a PDF between pages; a second signal stops at once

  /// An external engine that takes `seconds` over each page.
  func slowEngine(_ seconds: Double) throws -> String {
    let engine = folder.appendingPathComponent("slow.py")
    try Data(
      """
      import json, sys, time
      print(json.dumps({"engine": "slow", "version": "1", "models": {}}), flush=True)
      for line in sys.stdin:
          request = json.loads(line)
          time.sleep(\(seconds))
          print(json.dumps({"id": request["id"], "text": "a line", "confidence": 50}), flush=True)
      """.utf8
    ).write(to: engine)
    return "command:python3 \(engine.path)"
  }

  func resultLines(_ store: URL) -> Int {
    guard let text = try? String(contentsOf: store, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").filter { $0.contains("\"kind\":\"result\"") }.count
  }

  /// Starts `scanbench arguments`, waits until `store` holds `count` results (at most 60 s).
  func start(_ arguments: [String], until count: Int, in store: URL) throws -> (Process, URL) {
    let process = Process()
    process.executableURL = Harness.binary
    process.arguments = arguments
    let output = folder.appendingPathComponent("out-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
    }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = process.standardOutput
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while resultLines(store) < count, process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    return (process, output)
  }

  func wait(_ process: Process, atMost seconds: Double) -> Double {
    let started = Date()
    while process.isRunning, Date().timeIntervalSince(started) < seconds {
      Thread.sleep(forTimeInterval: 0.02)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return Date().timeIntervalSince(started)
  }

  func testSIGTERMStopsAMultiPagePDFBetweenPagesAndASecondSignalStopsAtOnce() throws {
    let corpus = folder.appendingPathComponent("pdf")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try Self.blankPDF(Array(repeating: ("72", "72"), count: 60)).write(
      to: corpus.appendingPathComponent("book.pdf"))
    let store = folder.appendingPathComponent("s.jsonl")
    let arguments = ["run", corpus.path, "--engine", try slowEngine(0.1), "--jobs", "1", "--out", store.path]
    let (first, _) = try start(arguments, until: 3, in: store)
    kill(first.processIdentifier, SIGTERM)
    let stopped = wait(first, atMost: 30)
    XCTAssertEqual(first.terminationStatus, 143)
    XCTAssertLessThan(stopped, 5, "stopped between pages (loaded machine)")
    XCTAssertLessThan(resultLines(store), 60, "pages were left")
    let resumed = try Harness.run(arguments + ["--resume"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let pages = try Harness.records(in: store).results.compactMap(\.page)
    XCTAssertEqual(pages.sorted(), Array(1...60), "each page once")

    // A second signal does not wait for the page in progress (here, 30 s).
    let slowStore = folder.appendingPathComponent("slow.jsonl")
    let slow = ["run", corpus.path, "--engine", try slowEngine(30), "--jobs", "1", "--out", slowStore.path]
    let (second, _) = try start(slow, until: 0, in: slowStore)
    Thread.sleep(forTimeInterval: 2)
    kill(second.processIdentifier, SIGTERM)
    Thread.sleep(forTimeInterval: 0.3)
    kill(second.processIdentifier, SIGTERM)
    XCTAssertLessThan(wait(second, atMost: 20), 5, "the second SIGTERM stops at once")
    XCTAssertEqual(second.terminationStatus, 143)
  }

  func testAStopWithNothingLeftDoesNotAskForResume() throws {
    let corpus = try Harness.englishLines(1, in: folder)
    let store = folder.appendingPathComponent("s.jsonl")
    let arguments = ["run", corpus.path, "--engine", try slowEngine(3), "--jobs", "1", "--out", store.path]
    let (process, output) = try start(arguments, until: 0, in: store)
    Thread.sleep(forTimeInterval: 1.5)
    kill(process.processIdentifier, SIGTERM)
    _ = wait(process, atMost: 30)
    let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    XCTAssertEqual(resultLines(store), 1, printed)
    XCTAssertFalse(printed.contains("--resume to finish"), printed)
    XCTAssertEqual(try Harness.records(in: store).summaries.last?.interrupted, false)
  }

  // MARK: 7. Ground truth has a size limit of its own

  func testGroundTruthOverItsOwnLimitIsRefusedBeforeItIsRead() throws {
    let lines = try Harness.englishLines(2, in: folder)
    let big = String(repeating: "a long ground truth ", count: (9 << 20) / 20)
    try Data(big.utf8).write(to: lines.appendingPathComponent("eng-line-002.gt.txt"))
    let store = folder.appendingPathComponent("s.jsonl").path
    let result = try Harness.run([
      "run", lines.path, "--engine", try echoEngine(), "--jobs", "1", "--out", store,
    ])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let records = try Harness.records(in: URL(fileURLWithPath: store))
    let failure = records.results.first { $0.entry == "eng-line-002.gt.txt" }?.error
    XCTAssertEqual(failure?.kind, "too-large", "\(records.results.map(\.entry))")
    XCTAssertTrue(failure?.message.contains("ground-truth limit") ?? false, "\(String(describing: failure))")
    XCTAssertEqual(records.summaries.last?.scored, 1, "the other image is scored")
  }
}
