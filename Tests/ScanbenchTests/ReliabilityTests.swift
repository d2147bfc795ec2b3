import Foundation
import XCTest

@testable import ScanbenchArchive
@testable import ScanbenchGate
@testable import ScanbenchNotes
@testable import ScanbenchRecognition
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// The promises of docs/reference.md, "Guarantees", each tried on the built binary: hostile archives, broken input, killed and
/// concurrent runs, a full disk. Reports/RELIABILITY.md lists them with what each showed.
final class ReliabilityTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try Harness.temporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  // MARK: - Hostile and broken input

  func testHostileTarNamesLinksDevicesAndA10GBEntryAreRecordedAndNothingIsWrittenOutsideTheStore() throws {
    let image = try uw3Image(0)
    let work = folder.appendingPathComponent("work/a/b")
    let temporary = folder.appendingPathComponent("tmp")
    for url in [work, temporary] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    let absolute = folder.appendingPathComponent("absolute.png").path
    let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0x1B] + Array("[31m\n.png".utf8)
    let longName = String(repeating: "n", count: 3000) + ".png"
    var tar = TarBuilder()
    tar.add("../../escape.png", body: image)
    tar.add(Array(absolute.utf8), body: image)
    tar.add("link.png", type: "2", link: "../../../../etc/passwd")
    tar.add("hard.png", type: "1", link: "../../escape.png")
    tar.add("pipe.png", type: "6")
    tar.add("tty.png", type: "3")
    tar.add("dir/", type: "5")
    tar.add(badName, body: Data("not an image".utf8))
    tar.add(longName, body: Data("not an image either".utf8))
    // Declares 10 GiB and holds 1 KiB: the archive ends inside it.
    tar.add("huge.png", body: Data(count: 1024), declaredSize: 10 << 30)
    let archive = folder.appendingPathComponent("hostile.tar")
    try tar.data(terminated: false).write(to: archive)

    let before = try tree(folder)
    let store = work.appendingPathComponent("store.jsonl")
    let result = try run([archive], store: store, in: work, environment: ["TMPDIR": temporary.path])
    XCTAssertEqual(result.exitCode, 2, "the archive is truncated inside huge.png: \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("truncated"), result.stderr)
    XCTAssertEqual(try tree(folder).subtracting(before), ["work/a/b/store.jsonl"], "only the store is new")
    XCTAssertFalse(FileManager.default.fileExists(atPath: absolute))

    let (results, summaries) = try Harness.records(in: store)
    let byEntry = Dictionary(results.map { ($0.entry, $0) }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(results.count, 9, results.map(\.entry).joined(separator: "\n"))
    XCTAssertTrue(byEntry["../../escape.png"]?.succeeded ?? false, "a name with .. is a name, not a path")
    XCTAssertTrue(byEntry[absolute]?.succeeded ?? false)
    // A hard link to an earlier entry is that entry's bytes under another name: nothing is written.
    XCTAssertTrue(byEntry["hard.png"]?.succeeded ?? false, byEntry["hard.png"]?.error?.message ?? "")
    XCTAssertEqual(byEntry["hard.png"]?.sha256, byEntry["../../escape.png"]?.sha256)
    for (entry, kind) in [
      ("link.png", "symbolic link to '../../../../etc/passwd'"),
      ("pipe.png", "FIFO"), ("tty.png", "device"),
    ] {
      XCTAssertEqual(byEntry[entry]?.error?.kind, "not-a-regular-file", entry)
      XCTAssertTrue(
        byEntry[entry]?.error?.message.contains(kind) ?? false, byEntry[entry]?.error?.message ?? entry)
    }
    XCTAssertNil(byEntry["dir/"] ?? byEntry["dir"], "a directory needs no record")
    XCTAssertEqual(
      byEntry["bad\\xFF\\x1B[31m\\x0A.png"]?.error?.kind, "not-an-image", "escaped, still recorded")
    let long = try XCTUnwrap(results.first { $0.entry.hasPrefix("nnnn") })
    XCTAssertLessThan(long.entry.utf8.count, 1200)
    XCTAssertTrue(long.entry.contains("more bytes, sha256 "), long.entry)
    XCTAssertEqual(byEntry["huge.png"]?.error?.kind, "too-large")
    XCTAssertTrue(
      byEntry["huge.png"]?.error?.message.contains("declares 10737418240 bytes") ?? false,
      byEntry["huge.png"]?.error?.message ?? "")
    XCTAssertEqual(summaries.first?.failed, 6)
  }

  func testRealSparse10GBEntryIsRefusedWithoutReadingIt() throws {
    let sparse = folder.appendingPathComponent("big.png")
    _ = FileManager.default.createFile(atPath: sparse.path, contents: nil)
    let handle = try FileHandle(forWritingTo: sparse)
    try handle.truncate(atOffset: 10 << 30)  // a hole: no disk used
    try handle.close()
    let archive = folder.appendingPathComponent("sparse.tar")
    try Harness.shell("bsdtar -cf '\(archive.path)' -C '\(folder.path)' big.png && rm '\(sparse.path)'")
    XCTAssertLessThan(try size(of: archive), 1 << 20, "bsdtar kept the hole")
    let store = folder.appendingPathComponent("store.jsonl")
    let started = Date()
    let result = try run([archive], store: store)
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 30, "10 GiB of zeros were not inflated")
    let results = try Harness.records(in: store).results
    XCTAssertEqual(results.map(\.error?.kind), ["too-large"])
  }

  func testZipBombIsRefusedByDeclaredSizeAndWhileStreaming() throws {
    // 1 GiB of zeros deflated to about 1 MiB; "lying" declares 100 bytes, so only the cap applied
    // while inflating can stop it.
    let honest = folder.appendingPathComponent("bomb.zip")
    let lying = folder.appendingPathComponent("lying.zip")
    try python(Self.zipBombScript, [honest.path, lying.path])
    XCTAssertLessThan(try size(of: honest), 4 << 20)
    for (archive, expected) in [
      (honest, "declares 1073741824 bytes"), (lying, "larger than the limit of 268435456"),
    ] {
      let store = folder.appendingPathComponent(archive.lastPathComponent + ".jsonl")
      let started = Date()
      let result = try run([archive], store: store)
      XCTAssertLessThan(Date().timeIntervalSince(started), 60, archive.lastPathComponent)
      let results = try Harness.records(in: store).results
      XCTAssertEqual(
        results.map(\.error?.kind), ["too-large"], "\(archive.lastPathComponent): \(result.stderr)")
      XCTAssertTrue(
        results.first?.error?.message.contains(expected) ?? false, results.first?.error?.message ?? "")
      XCTAssertEqual(result.exitCode, 1, result.stderr)
    }
  }

  func testMaxTotalBytesStopsTheRunAndResumeFinishesIt() throws {
    let sample = try uw3Sample(4, groundTruth: false)
    let sizes = try FileManager.default.contentsOfDirectory(atPath: sample.path).sorted().map {
      try size(of: sample.appendingPathComponent($0))
    }
    let store = folder.appendingPathComponent("store.jsonl")
    // Room for the first two images in folder order, not the third.
    let first = try run(
      [sample], store: store, extra: ["--max-total-bytes", "\(sizes[0] + sizes[1] + sizes[2] / 2)"])
    XCTAssertEqual(first.exitCode, 2, first.stderr)
    XCTAssertTrue(first.stderr.contains("--max-total-bytes"), first.stderr)
    XCTAssertEqual(try Harness.records(in: store).results.count, 2)
    let second = try run([sample], store: store, extra: ["--resume", "--json"])
    XCTAssertEqual(second.exitCode, 0, second.stderr)
    XCTAssertEqual(try summary(in: second.stdout).skipped, 2)
    try assertEachImageOnce(in: store, expected: 4)
  }

  func testPixelBombHeaderIsRefusedBeforeDecoding() throws {
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try PNG.headerOnly(width: 100_000, height: 100_000).write(to: input.appendingPathComponent("bomb.png"))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([input], store: store)
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let record = try XCTUnwrap(Harness.records(in: store).results.first)
    XCTAssertEqual(record.error?.kind, "too-many-pixels")
    XCTAssertTrue(record.error?.message.contains("100000×100000") ?? false, record.error?.message ?? "")
    XCTAssertFalse(record.sha256.isEmpty, "the image's bytes were read, its pixels were not")
  }

  func testBrokenAndUnusableEntriesAreRecordedFailuresAndEmptyInputsAWarning() throws {
    let image = try uw3Image(1)
    let mixed = folder.appendingPathComponent("mixed")
    try FileManager.default.createDirectory(at: mixed, withIntermediateDirectories: true)
    try image.write(to: mixed.appendingPathComponent("good.png"))
    try Data().write(to: mixed.appendingPathComponent("empty.png"))
    try Data("GIF? no, a text file".utf8).write(to: mixed.appendingPathComponent("fake.gif"))
    try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: mixed.appendingPathComponent("scan.pdf"))
    try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: mixed.appendingPathComponent("named-as.png"))
    try Harness.shell("cd '\(mixed.path)' && bsdtar --format zip -cf inner.zip good.png")
    let mixedZip = folder.appendingPathComponent("mixed.zip")
    try Harness.shell("bsdtar --format zip -cf '\(mixedZip.path)' -C '\(mixed.path)' .")
    let encrypted = folder.appendingPathComponent("encrypted.zip")
    try Harness.shell(
      "bsdtar --format zip --options zip:encryption=zipcrypt --passphrase secret -cf '\(encrypted.path)' "
        + "-C '\(mixed.path)' good.png")
    let unsupported = folder.appendingPathComponent("unsupported.zip")
    try python(Self.unsupportedMethodScript, [unsupported.path])
    let emptyTar = folder.appendingPathComponent("empty.tar")
    try Harness.shell("bsdtar -cf '\(emptyTar.path)' -T /dev/null")
    let emptyZip = folder.appendingPathComponent("empty.zip")
    try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: emptyZip)

    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([mixedZip, encrypted, unsupported, emptyTar, emptyZip], store: store)
    XCTAssertEqual(result.exitCode, 1, "failures, but every input was read: \(result.stderr)")
    let results = try Harness.records(in: store).results
    let kinds = Dictionary(
      results.map {
        (URL(fileURLWithPath: $0.source).lastPathComponent + ":" + $0.entry, $0.error?.kind ?? "ok")
      }
    ) { first, _ in first }
    XCTAssertEqual(
      kinds,
      [
        "mixed.zip:good.png": "ok", "mixed.zip:empty.png": "not-an-image",
        "mixed.zip:fake.gif": "not-an-image",
        "mixed.zip:scan.pdf": "undecodable", "mixed.zip:named-as.png": "undecodable",
        "mixed.zip:inner.zip": "nested-archive", "encrypted.zip:good.png": "encrypted",
        "unsupported.zip:page.png": "unreadable",
      ])
    let messages = Dictionary(results.map { ($0.entry, $0.error?.message ?? "") }) { first, _ in first }
    XCTAssertTrue(messages["empty.png"]?.contains("empty (0 bytes)") ?? false)
    XCTAssertTrue(messages["named-as.png"]?.contains("PDF") ?? false)
    XCTAssertTrue(
      messages["page.png"]?.lowercased().contains("compression") ?? false, messages["page.png"] ?? "")
    for input in ["empty.tar", "empty.zip"] {
      XCTAssertTrue(result.stderr.contains("\(input): no images"), result.stderr)
    }
  }

  func testCorruptedArchivesAreClearErrorsAndADamagedPDFARecordedFailure() throws {
    let sample = try uw3Sample(6)
    // xz checks its data: damage in the middle stops the input with an error naming it.
    let xz = folder.appendingPathComponent("sample.tar.xz")
    try Harness.shell("bsdtar -cJf '\(xz.path)' -C '\(sample.path)' .")
    try damage(xz, at: 0.6)
    // zip checks each entry: the damaged one is a recorded failure, the others are read.
    let zip = folder.appendingPathComponent("sample.zip")
    try Harness.shell("bsdtar --format zip -cf '\(zip.path)' -C '\(sample.path)' .")
    try damage(zip, at: 0.5)
    let pdf = folder.appendingPathComponent("scan.pdf")
    try Data("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n".utf8).write(to: pdf)

    // A PDF is read like a multi-page TIFF (its pages rendered): a damaged one is a recorded failure.
    for (input, exitCode, expected) in [
      (xz, Int32(2), "corrupt"), (zip, 1, "CRC"), (pdf, 1, "the PDF is damaged"),
    ] {
      let store = folder.appendingPathComponent(input.lastPathComponent + ".jsonl")
      let result = try run([input], store: store)
      XCTAssertEqual(result.exitCode, exitCode, "\(input.lastPathComponent): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.lowercased().contains(expected.lowercased()),
        "\(input.lastPathComponent): \(result.stderr)")
    }
    // Every line of each store parses; the zip's other entries were all recognized.
    let zipResults = try Harness.records(in: folder.appendingPathComponent("sample.zip.jsonl")).results
    XCTAssertEqual(zipResults.filter(\.succeeded).count, 5)
    XCTAssertEqual(
      zipResults.filter { !$0.succeeded }.count, 1, zipResults.map { $0.error?.message ?? "ok" }.joined())
    // Damage this early stops the xz input before its first entry: no store is even opened.
    let xzStore = folder.appendingPathComponent("sample.tar.xz.jsonl")
    if FileManager.default.fileExists(atPath: xzStore.path) { _ = try Harness.records(in: xzStore) }
  }

  /// Flips 32 bytes at `fraction` of the file.
  func damage(_ url: URL, at fraction: Double) throws {
    var bytes = try Data(contentsOf: url)
    let start = Int(Double(bytes.count) * fraction)
    for offset in start..<min(start + 32, bytes.count) { bytes[offset] ^= 0x5A }
    try bytes.write(to: url)
  }

  func testGroundTruthEncodingsEndToEnd() throws {
    let sample = try uw3Sample(4)
    let truths = try FileManager.default.contentsOfDirectory(atPath: sample.path).filter {
      $0.hasSuffix(".gt.txt")
    }
    .sorted()
    let texts = try truths.map { try String(contentsOf: sample.appendingPathComponent($0), encoding: .utf8) }
    // 日本語のテキスト in Shift_JIS.
    let shiftJIS = Data([
      0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x65, 0x83, 0x4C, 0x83, 0x58, 0x83, 0x67,
    ])
    try shiftJIS.write(to: sample.appendingPathComponent(truths[0]))
    try (Data([0xFF, 0xFE]) + XCTUnwrap(texts[1].data(using: .utf16LittleEndian)))
      .write(to: sample.appendingPathComponent(truths[1]))
    try (Data([0xEF, 0xBB, 0xBF]) + Data(texts[2].utf8)).write(to: sample.appendingPathComponent(truths[2]))
    // UTF-16 without a byte-order mark: its ASCII is valid UTF-8 with a NUL after every letter.
    try XCTUnwrap(texts[3].data(using: .utf16LittleEndian))
      .write(to: sample.appendingPathComponent(truths[3]))
    let store = folder.appendingPathComponent("store.jsonl")
    let result = try run([sample], store: store)
    XCTAssertEqual(result.exitCode, 1, "the Shift_JIS file is a recorded failure: \(result.stderr)")
    let results = try Harness.records(in: store).results
    let byEntry = Dictionary(results.map { ($0.entry, $0) }) { first, _ in first }
    let failure = try XCTUnwrap(byEntry[truths[0]])
    XCTAssertEqual(failure.error?.kind, "ground-truth-encoding")
    XCTAssertTrue(failure.error?.message.contains("Shift_JIS") ?? false, failure.error?.message ?? "")
    let stem = { (truth: String) in String(truth.dropLast(".gt.txt".count)) + ".png" }
    XCTAssertNil(byEntry[stem(truths[0])]?.cer, "recognized, not scored against mojibake")
    XCTAssertNotNil(byEntry[stem(truths[0])]?.text)
    let utf16 = try XCTUnwrap(byEntry[truths[3]], "UTF-16 without a BOM is refused")
    XCTAssertEqual(utf16.error?.kind, "ground-truth-encoding")
    XCTAssertTrue(utf16.error?.message.contains("UTF-16 LE") ?? false, utf16.error?.message ?? "")
    XCTAssertNil(byEntry[stem(truths[3])]?.cer, "recognized, not scored against NUL bytes")
    for index in 1...2 {
      let record = try XCTUnwrap(byEntry[stem(truths[index])])
      XCTAssertEqual(
        record.gtChars, IndependentLevenshtein.normalize(texts[index]).count, "BOM gone, text decoded")
    }
  }

  // MARK: - Crashes, interruption, concurrency

  func testTornLastLineIsSkippedByReadersAndRepairedByTheNextRun() throws {
    let sample = try uw3Sample(3)
    let store = folder.appendingPathComponent("store.jsonl")
    XCTAssertEqual(try run([sample], store: store).exitCode, 0)
    let lines = try Data(contentsOf: store).split(separator: UInt8(ascii: "\n"))
    // The store as a kill in the middle of a write would leave it: the summary line half written.
    try
      (Data(lines.dropLast().joined(separator: [UInt8(ascii: "\n")])) + Data([UInt8(ascii: "\n")])
      + Data(lines[lines.count - 1].prefix(30))).write(to: store)
    var reasons: [String] = []
    try StoreReader.read(store) { _, line in if case .invalid(let reason) = line { reasons.append(reason) } }
    XCTAssertEqual(reasons.count, 1)
    XCTAssertTrue(reasons.first?.contains("torn") ?? false)
    let resumed = try run([sample], store: store, extra: ["--resume"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    XCTAssertTrue(
      resumed.stderr.contains("repaired the store: removed a torn last line of 30 bytes"), resumed.stderr)
    try assertEachImageOnce(in: store, expected: 3)
  }

  func testRunKilledWithSIGKILLThenResumedHasEveryImageExactlyOnce() throws {
    let sample = try uw3Sample(30)
    let store = folder.appendingPathComponent("store.jsonl")
    let process = try start([sample], store: store, extra: ["--jobs", "2"])
    try waitForResults(in: store, atLeast: 4, while: process)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    var complete = 0
    var torn = 0
    try StoreReader.read(store) { _, line in
      switch line {
      case .result: complete += 1
      case .summary: XCTFail("a killed run writes no summary")
      case .invalid(let reason): if reason.contains("torn") { torn += 1 } else { XCTFail(reason) }
      }
    }
    XCTAssertGreaterThanOrEqual(complete, 4)
    XCTAssertLessThan(complete, 30, "killed before the end")
    XCTAssertLessThanOrEqual(torn, 1)
    let resumed = try run([sample], store: store, extra: ["--resume", "--jobs", "2", "--json"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    let summary = try summary(in: resumed.stdout)
    XCTAssertEqual(summary.skipped, complete, "every image already stored was skipped")
    XCTAssertEqual(
      summary.recorded, 30 - complete, "every other image, including those in flight, was done")
    XCTAssertEqual(summary.images, 30, "the resumed run's summary counts the whole run")
    try assertEachImageOnce(in: store, expected: 30)
  }

  func testSIGTERMStopsCleanlyWithExit143AndResumeFinishes() throws {
    let sample = try uw3Sample(30)
    let store = folder.appendingPathComponent("store.jsonl")
    let stdout = folder.appendingPathComponent("stdout")
    let process = try start([sample], store: store, extra: ["--jobs", "2", "--json"], stdout: stdout)
    try waitForResults(in: store, atLeast: 3, while: process)
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 143)
    let printed = try summary(in: String(contentsOf: stdout, encoding: .utf8))
    XCTAssertTrue(printed.interrupted)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(summaries.map(\.interrupted), [true])
    XCTAssertEqual(printed.images, results.count, "finished images were written, and counted")
    XCTAssertLessThan(results.count, 30)
    let resumed = try run([sample], store: store, extra: ["--resume", "--jobs", "2"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    try assertEachImageOnce(in: store, expected: 30)
  }

  func testTwoConcurrentRunsIntoOneStore() throws {
    let sample = try uw3Sample(5)
    let store = folder.appendingPathComponent("store.jsonl")
    let first = try start([sample], store: store)
    let second = try start([sample], store: store)
    first.waitUntilExit()
    second.waitUntilExit()
    XCTAssertEqual([first.terminationStatus, second.terminationStatus], [0, 0])
    let (results, summaries) = try Harness.records(in: store)  // every line parses
    XCTAssertEqual(summaries.count, 2)
    XCTAssertEqual(
      Dictionary(grouping: results, by: \.sha256).values.map(\.count), Array(repeating: 2, count: 5))
    // The lock is held for a whole run: each run's lines are together, its summary last.
    let runs = try linesInOrder(store).map(\.run)
    XCTAssertEqual(runs, Array(repeating: runs[0], count: 6) + Array(repeating: runs[6], count: 6))

    // Two concurrent --resume runs: the second waits for the lock, then finds everything done.
    let resumed = folder.appendingPathComponent("resumed.jsonl")
    let a = try start([sample], store: resumed, extra: ["--resume"])
    let b = try start([sample], store: resumed, extra: ["--resume"])
    a.waitUntilExit()
    b.waitUntilExit()
    XCTAssertEqual([a.terminationStatus, b.terminationStatus], [0, 0])
    try assertEachImageOnce(in: resumed, expected: 5)
  }

  func testNoWaitExitsAtOnceAndAWaitingRunStopsOnSIGTERM() throws {
    let sample = try uw3Sample(2)
    let store = folder.appendingPathComponent("store.jsonl")
    // The test holds the store's lock as a writing scanbench would: deterministic, however slow
    // the machine (a sanitizer build) makes a real first run.
    let descriptor = open(store.path, O_RDWR | O_CREAT | O_APPEND, 0o644)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { close(descriptor) }
    XCTAssertEqual(flock(descriptor, LOCK_EX), 0)

    let refused = try run([sample], store: store, extra: ["--no-wait"])
    XCTAssertEqual(refused.exitCode, 2)
    XCTAssertTrue(
      refused.stderr.contains("another scanbench process is writing to this store"), refused.stderr)

    // A run waiting for the lock is stopped by SIGTERM at once, not when the lock comes.
    let waiting = try start([sample], store: store)
    let deadline = Date().addingTimeInterval(120)
    var stderr = ""
    while Date() < deadline, !stderr.contains("waiting for another scanbench process"), waiting.isRunning {
      usleep(50_000)
      stderr = (try? String(contentsOf: stderrURL(of: waiting), encoding: .utf8)) ?? ""
    }
    kill(waiting.processIdentifier, SIGTERM)
    waiting.waitUntilExit()
    stderr = try String(contentsOf: stderrURL(of: waiting), encoding: .utf8)
    XCTAssertEqual(waiting.terminationStatus, 143, stderr)
    XCTAssertTrue(stderr.contains("interrupted while waiting"), stderr)
    XCTAssertEqual(try Data(contentsOf: store), Data(), "neither run wrote a byte")

    // Once the lock is released, a waiting run goes ahead.
    let patient = try start([sample], store: store)
    usleep(300_000)
    XCTAssertEqual(flock(descriptor, LOCK_UN), 0)
    patient.waitUntilExit()
    XCTAssertEqual(patient.terminationStatus, 0)
    try assertEachImageOnce(in: store, expected: 2)
  }

  func testFullDiskAndFileSizeLimitLeaveOnlyWholeLines() throws {
    let sample = try uw3Sample(4)
    let full = try run([sample], store: URL(fileURLWithPath: "/dev/full"))
    XCTAssertEqual(full.exitCode, 2)
    XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)

    // A file size limit of 2 KiB cuts the second line in the middle of its write.
    let store = folder.appendingPathComponent("store.jsonl")
    let command =
      "ulimit -f 2; trap '' XFSZ; exec '\(Harness.binary.path)' run '\(sample.path)' --level fast --psm 7 "
      + "--dpi 300 --jobs 1 --out '\(store.path)'"
    let limited = try Harness.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", command])
    XCTAssertEqual(limited.exitCode, 2, limited.stderr)
    XCTAssertTrue(limited.stderr.contains("the partly written line was removed"), limited.stderr)
    XCTAssertTrue(try Data(contentsOf: store).last == UInt8(ascii: "\n"), "no torn line was left")
    let kept = try Harness.records(in: store).results.count
    XCTAssertGreaterThan(kept, 0)
    let resumed = try run([sample], store: store, extra: ["--resume"])
    XCTAssertEqual(resumed.exitCode, 0, resumed.stderr)
    try assertEachImageOnce(in: store, expected: 4)
  }

  func testRefusesToAppendToAFileThatIsNotAStore() throws {
    let sample = try uw3Sample(1)
    let notAStore = folder.appendingPathComponent("notes.txt")
    let text = Data("my notes\nlast line without a newline".utf8)
    try text.write(to: notAStore)
    let result = try run([sample], store: notAStore)
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("is not a scanbench store"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: notAStore), text, "not a byte changed, not even the 'torn' last line")
  }

  // MARK: - Helpers

  func run(
    _ inputs: [URL], store: URL, extra: [String] = [], in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> CommandResult {
    try Harness.run(arguments(inputs, store: store, extra: extra), environment: environment, in: directory)
  }

  /// One job unless the test asks for more: fewer engines to load, and the machine is shared.
  func arguments(_ inputs: [URL], store: URL, extra: [String]) -> [String] {
    ["run"] + inputs.map(\.path) + ["--level", "fast", "--psm", "7", "--dpi", "300", "--out", store.path]
      + (extra.contains("--jobs") ? [] : ["--jobs", "1"]) + extra
  }

  /// Where each started process's stderr goes.
  var stderrFiles: [ObjectIdentifier: URL] = [:]

  func stderrURL(of process: Process) -> URL {
    stderrFiles[ObjectIdentifier(process)] ?? URL(fileURLWithPath: "/dev/null")
  }

  /// Starts a run without waiting for it; its stdout goes to a file beside the test's others.
  func start(_ inputs: [URL], store: URL, extra: [String] = []) throws -> Process {
    try start(
      inputs, store: store, extra: extra, stdout: folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    )
  }

  func start(_ inputs: [URL], store: URL, extra: [String], stdout out: URL) throws -> Process {
    let process = Process()
    process.executableURL = Harness.binary
    process.arguments = arguments(inputs, store: store, extra: extra)
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    let err = URL(fileURLWithPath: out.path + ".stderr")
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    stderrFiles[ObjectIdentifier(process)] = err
    return process
  }

  /// Polls the store until it holds `count` result lines; fails if the run ends first or takes a minute.
  func waitForResults(in store: URL, atLeast count: Int, while process: Process) throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let lines = (try? Data(contentsOf: store))?.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } ?? 0
      if lines >= count { return }
      guard process.isRunning else {
        let stderr = (try? String(contentsOf: stderrURL(of: process), encoding: .utf8)) ?? ""
        throw FixtureError(
          message: "the run ended (\(process.terminationStatus)) before \(count) records: \(stderr)")
      }
      usleep(20_000)
    }
    XCTFail("no \(count) records within a minute")
  }

  func summary(in stdout: String) throws -> RunSummaryRecord {
    let line = try XCTUnwrap(stdout.split(separator: "\n").last { $0.hasPrefix("{") })
    return try JSONDecoder().decode(RunSummaryRecord.self, from: Data(line.utf8))
  }

  func linesInOrder(_ store: URL) throws -> [(run: String, kind: String)] {
    var lines: [(String, String)] = []
    try StoreReader.read(store) { _, line in
      switch line {
      case .result(let record): lines.append((record.run, "result"))
      case .summary(let summary): lines.append((summary.run, "summary"))
      case .invalid(let reason): XCTFail(reason)
      }
    }
    return lines
  }

  /// Every line parses and each image of the sample has exactly one result.
  func assertEachImageOnce(in store: URL, expected: Int, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let results = try Harness.records(in: store, file: file, line: line).results
    let counts = Dictionary(grouping: results, by: \.sha256).mapValues(\.count)
    XCTAssertEqual(counts.count, expected, "images stored", file: file, line: line)
    XCTAssertEqual(counts.values.filter { $0 != 1 }.count, 0, "images stored twice", file: file, line: line)
  }

  func uw3Sample(_ count: Int, groundTruth: Bool = true) throws -> URL {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted().prefix(count)
    let sample = folder.appendingPathComponent("sample-\(count)")
    try FileManager.default.createDirectory(at: sample, withIntermediateDirectories: true)
    for name in names {
      let files = groundTruth ? [name, String(name.dropLast(4)) + ".gt.txt"] : [name]
      for file in files {
        try FileManager.default.copyItem(
          at: corpus.appendingPathComponent(file), to: sample.appendingPathComponent(file))
      }
    }
    return sample
  }

  func uw3Image(_ index: Int) throws -> Data {
    let corpus = try Harness.requireSharedCorpus("uw3-lines")
    let name = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".png")
    }
    .sorted()[index]
    return try Data(contentsOf: corpus.appendingPathComponent(name))
  }

  /// Every path under `root`, relative, links not followed.
  func tree(_ root: URL) throws -> Set<String> {
    var paths: Set<String> = []
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String { paths.insert(path) }
    return paths
  }

  func size(of url: URL) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber).intValue
  }

  func python(_ script: String, _ arguments: [String]) throws {
    let result = try Harness.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments)
    guard result.exitCode == 0 else { throw FixtureError(message: "fixture script failed: \(result.stderr)") }
  }

  /// Writes two zips holding 1 GiB of zeros as `bomb.png`: argv[1] declares the true size, argv[2]
  /// declares 100 bytes. The deflate stream repeats one full-flushed block, so making it takes a
  /// second rather than deflating a gigabyte.
  static let zipBombScript = #"""
    import struct, sys, zlib
    chunk = b"\0" * (1 << 20)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    middle = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    tail = c.compress(chunk) + c.flush()
    stream = head + middle * 1022 + tail
    crc = 0
    for _ in range(1024):
        crc = zlib.crc32(chunk, crc)
    def write(path, declared):
        name = b"bomb.png"
        local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(stream), declared, len(name), 0) + name
        central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(stream), declared,
                              len(name), 0, 0, 0, 0, 0, 0) + name
        end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(stream), 0)
        with open(path, "wb") as f:
            f.write(local + stream + central + end)
    write(sys.argv[1], 1 << 30)
    write(sys.argv[2], 100)
    """#

  /// A zip whose one entry says it is compressed with method 80, which no reader knows.
  static let unsupportedMethodScript = #"""
    import sys, zipfile
    with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_STORED) as z:
        z.writestr("page.png", b"x" * 100)
    data = bytearray(open(sys.argv[1], "rb").read())
    for signature, offset in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):
        at = data.find(signature)
        data[at + offset:at + offset + 2] = (80).to_bytes(2, "little")
    open(sys.argv[1], "wb").write(data)
    """#
}

/// A tar written byte by byte, for what archivers refuse to make: names with `..`, invalid UTF-8
/// and control characters, devices, and sizes the body does not have.
struct TarBuilder {
  private var bytes = Data()

  mutating func add(
    _ name: String, type: Character = "0", link: String = "", body: Data = Data(), declaredSize: Int? = nil
  ) {
    add(Array(name.utf8), type: type, link: link, body: body, declaredSize: declaredSize)
  }

  mutating func add(
    _ name: [UInt8], type: Character = "0", link: String = "", body: Data = Data(), declaredSize: Int? = nil
  ) {
    if name.count > 100 {
      // A pax extended header carries the long name; its length prefix counts itself.
      let payload = Array(" path=".utf8) + name + [0x0A]
      var length = payload.count + 1
      while String(length).count + payload.count != length { length = String(length).count + payload.count }
      let record = Data(String(length).utf8) + Data(payload)
      bytes += header(Array("PaxHeader".utf8), type: "x", link: "", size: record.count)
      bytes += padded(record)
    }
    bytes += header(Array(name.prefix(100)), type: type, link: link, size: declaredSize ?? body.count)
    bytes += padded(body)
  }

  /// The archive; unterminated when the last entry's body is meant to be cut short.
  func data(terminated: Bool = true) -> Data {
    terminated ? bytes + Data(count: 1024) : bytes
  }

  private func padded(_ data: Data) -> Data {
    data + Data(count: (512 - data.count % 512) % 512)
  }

  private func header(_ name: [UInt8], type: Character, link: String, size: Int) -> Data {
    var block = [UInt8](repeating: 0, count: 512)
    func put(_ field: [UInt8], at offset: Int) {
      block.replaceSubrange(offset..<offset + field.count, with: field)
    }
    func octal(_ value: Int, width: Int) -> [UInt8] {
      let digits = String(value, radix: 8)
      return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
    }
    put(name, at: 0)
    put(octal(0o644, width: 8), at: 100)
    put(octal(0, width: 8), at: 108)
    put(octal(0, width: 8), at: 116)
    if size < 0o77_777_777_777 {
      put(octal(size, width: 12), at: 124)
    } else {
      // GNU base-256: a leading 0x80, then the size big-endian.
      put([0x80, 0, 0, 0] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: size >> ($0 * 8)) }, at: 124)
    }
    put(octal(0, width: 12), at: 136)
    put(Array(String(type).utf8), at: 156)
    put(Array(link.utf8.prefix(100)), at: 157)
    put(Array("ustar\u{0}00".utf8), at: 257)
    put(octal(1, width: 8), at: 329)
    put(octal(3, width: 8), at: 337)
    put([UInt8](repeating: 0x20, count: 8), at: 148)
    let sum = block.reduce(0) { $0 + Int($1) }
    put(octal(sum, width: 7) + [0x20], at: 148)
    return Data(block)
  }
}

/// PNG files made byte by byte.
enum PNG {
  /// Signature and an IHDR chunk claiming `width`×`height` 8-bit grey pixels, then an empty IDAT and
  /// IEND: a valid header over no pixels.
  static func headerOnly(width: UInt32, height: UInt32) -> Data {
    var ihdr = Data()
    for value in [width, height] { ihdr += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    ihdr += Data([8, 0, 0, 0, 0])
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", ihdr)
      + chunk("IDAT", Data())
      + chunk("IEND", Data())
  }

  static func chunk(_ type: String, _ body: Data) -> Data {
    let typed = Data(type.utf8) + body
    return withUnsafeBytes(of: UInt32(body.count).bigEndian) { Data($0) } + typed
      + withUnsafeBytes(of: crc32(typed).bigEndian) { Data($0) }
  }

  /// CRC-32 (ISO 3309), as PNG chunks carry it.
  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
