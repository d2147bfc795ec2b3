import Foundation
import ScanbenchPPOCR
import ScanbenchTestKit
import XCTest

@testable import ScanbenchStore

/// PP-OCR through the command line, as a user runs it: real receipts and rotated pages, boxes,
/// orientation, overlays and notes, and the errors a broken installation gives.
final class PPOCRCommandTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestKit.temporaryFolder()
    try Harness.requirePPOCRModels()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A receipt from sroie-receipts, given as a file (its ground truth beside it on disk).
  func testAReceiptEndToEndWithBoxesOverlayAndNotes() throws {
    let receipts = try Harness.requireSharedCorpus("sroie-receipts")
    let store = folder.appendingPathComponent("r.jsonl")
    let result = try Harness.run([
      "run", receipts.appendingPathComponent("110.jpg").path, "--engine", "ppocr", "--case-fold", "--boxes",
      "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let record = try XCTUnwrap(try Harness.records(in: store).results.first)
    XCTAssertEqual(record.engine.name, "ppocr")
    XCTAssertEqual(record.engine.settings["recognizer"], "small")
    XCTAssertEqual(record.engine.settings["coarse detector"], "tiny")
    // The detector mostly in int8, or in float on a processor without int8 dot products.
    let detector = try XCTUnwrap(
      ["small-mixed": "PP-OCRv6_det_small_int8_mixed.onnx", "small": "PP-OCRv6_det_small.onnx"][
        record.engine.settings["detector"] ?? ""])
    XCTAssertEqual(
      Set(record.engine.models.keys),
      [
        "PP-OCRv6_rec_small_eng.onnx", "ppocrv6_dict_eng.txt", detector, "PP-OCRv6_det_tiny.onnx",
        "osd.traineddata",
      ])
    XCTAssertLessThan(try XCTUnwrap(record.cer), 0.10, "a real receipt read: \(record.text ?? "")")
    let words = try XCTUnwrap(record.words)
    let width = try XCTUnwrap(record.width)
    let height = try XCTUnwrap(record.height)
    XCTAssertGreaterThan(words.count, 40)
    XCTAssertTrue(words.allSatisfy { $0.isInside(width: width, height: height) }, "boxes inside the image")
    let lines = try XCTUnwrap(record.lines)
    XCTAssertGreaterThan(lines.count, 10)
    XCTAssertTrue(
      lines.allSatisfy { line in
        words.contains { $0.x >= line.x && $0.x + $0.width <= line.x + line.width + 1 }
      })

    let overlay = folder.appendingPathComponent("receipt.png")
    XCTAssertEqual(
      try Harness.run(["overlay", store.path, "--entry", "110.jpg", "--out", overlay.path]).exitCode, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: overlay.path))
    let database = folder.appendingPathComponent("notes.sqlite").path
    XCTAssertEqual(try Harness.run(["import", store.path, "--db", database]).exitCode, 0)
    let word = try XCTUnwrap(words.map(\.text).first { $0.count >= 5 && $0.allSatisfy(\.isLetter) })
    let found = try Harness.run(["notes", "search", word, "--db", database])
    XCTAssertTrue(found.stdout.contains("110.jpg"), "\(word): \(found.stdout)")
  }

  /// An upside-down or sideways page without EXIF reads right at the fast level too: the engine's
  /// own reading of a few of its lines tells the turn, with no Tesseract detection at all.
  func testTheFastLevelTurnsRotatedPagesByReadingTheirLines() throws {
    let store = folder.appendingPathComponent("rotated-fast.jsonl")
    let result = try Harness.run([
      "run", Harness.packageRoot.appendingPathComponent("Corpora/eng-pages-rotated.tar.gz").path, "--level",
      "fast", "--out", store.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let (results, summaries) = try Harness.records(in: store)
    XCTAssertEqual(results.count, 6)
    for record in results {
      XCTAssertLessThan(record.cer ?? 1, 0.05, "\(record.entry) read upright")
      let turn = record.entry.split(separator: "-cw").last?.prefix { $0.isNumber } ?? ""
      let degrees = try XCTUnwrap(Int(turn), record.entry)
      XCTAssertNil(record.ms.osd, "\(record.entry): no Tesseract detection at fast")
      XCTAssertEqual(record.orientation?.osdDegrees, degrees, record.entry)
      XCTAssertEqual(record.orientation?.byReading, true, record.entry)
      XCTAssertEqual(record.orientation?.osdApplied, true, record.entry)
      XCTAssertEqual(record.orientation?.applied, "rotate \(360 - degrees)° clockwise (read)", record.entry)
    }
    XCTAssertEqual(summaries.first?.engine.settings["orientation"], "by reading")
    XCTAssertNil(summaries.first?.engine.models["osd.traineddata"])
  }

  /// A 12 Mpx photo holding no text ends after the coarse detection: no orientation check, no OSD.
  func testAPhotoWithoutTextIsNotCheckedForOrientation() throws {
    let (width, height) = (4000, 3000)
    var pgm = Data("P5\n\(width) \(height)\n255\n".utf8)
    pgm.append(
      contentsOf: (0..<(width * height)).map {
        UInt8(110 + ($0 % width + $0 / width) * 90 / (width + height))
      })
    let input = folder.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try pgm.write(to: input.appendingPathComponent("wall.pgm"))
    let store = folder.appendingPathComponent("wall.jsonl")
    let result = try Harness.run(["run", input.path, "--level", "accurate", "--out", store.path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let record = try XCTUnwrap(Harness.records(in: store).results.first)
    XCTAssertEqual(record.text, "")
    XCTAssertNil(record.orientation, "nothing to turn")
    XCTAssertNil(record.ms.osd, "no Tesseract detection on a photo without text")
  }

  /// A folder of models of scanbench's own, beside a copy of the binary: the tests below break it.
  func installation(library: Bool, corruptModel: Bool) throws -> (binary: URL, models: URL) {
    let models = folder.appendingPathComponent("models")
    let ppocr = models.appendingPathComponent("ppocr")
    try FileManager.default.createDirectory(at: ppocr, withIntermediateDirectories: true)
    let real = Harness.packageRoot.appendingPathComponent(".models")
    for file in try FileManager.default.contentsOfDirectory(atPath: real.appendingPathComponent("ppocr").path)
    {
      try FileManager.default.createSymbolicLink(
        at: ppocr.appendingPathComponent(file),
        withDestinationURL: real.appendingPathComponent("ppocr/\(file)"))
    }
    if corruptModel {
      let model = ppocr.appendingPathComponent("PP-OCRv6_rec_small_eng.onnx")
      try FileManager.default.removeItem(at: model)
      try Data("not a model".utf8).write(to: model)
    }
    if library {
      try FileManager.default.createSymbolicLink(
        at: models.appendingPathComponent("onnxruntime"),
        withDestinationURL: real.appendingPathComponent("onnxruntime"))
    }
    // A copy of the binary outside the checkout: it finds no `.models` of the checkout's.
    let binary = folder.appendingPathComponent("bin/scanbench")
    try FileManager.default.createDirectory(
      at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Harness.binary, to: binary)
    return (binary, models)
  }

  func runBroken(_ installation: (binary: URL, models: URL)) throws -> CommandResult {
    let line = Harness.packageRoot.appendingPathComponent("Corpora/eng-lines.tar.gz").path
    return try Harness.execute(
      installation.binary,
      [
        "run", line, "--engine", "ppocr", "--psm", "7", "--out",
        folder.appendingPathComponent("s.jsonl").path,
      ],
      environment: [
        "SCANBENCH_MODELS": installation.models.path, "XDG_DATA_HOME": folder.path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ],
      in: folder)
  }

  func testACorruptModelFileIsAClearErrorNamingIt() throws {
    let result = try runBroken(try installation(library: true, corruptModel: true))
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("PP-OCRv6_rec_small_eng.onnx"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.jsonl").path))
  }

  func testAMissingLibraryIsAClearErrorSayingToRunSetup() throws {
    let result = try runBroken(try installation(library: false, corruptModel: false))
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("libonnxruntime.so.1.32.0"), result.stderr)
    XCTAssertTrue(result.stderr.contains("make setup"), result.stderr)
  }

  /// The levels' engines when `--engine` does not say (docs/engines.md, "Profiles"): PP-OCR, vertical Japanese
  /// too (in character cells, with the small detector at both levels), and each record says which
  /// models read it, with how long they took.
  func testTheLevelsChooseTheirEngineAndModels() throws {
    let lines = folder.appendingPathComponent("lines")
    try FileManager.default.createDirectory(at: lines, withIntermediateDirectories: true)
    try TestKit.shell(
      "bsdtar -xzf '\(Harness.packageRoot.path)/Corpora/eng-lines.tar.gz' -C '\(lines.path)' 'eng-line-00[12].*'"
    )
    for (level, recognizer) in [("accurate", "small"), ("fast", "tiny")] {
      let store = folder.appendingPathComponent("\(level).jsonl")
      let result = try Harness.run(["run", lines.path, "--level", level, "--psm", "7", "--out", store.path])
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      let records = try Harness.records(in: store).results
      XCTAssertEqual(records.count, 2)
      for record in records {
        XCTAssertEqual(record.engine.name, "ppocr", level)
        XCTAssertEqual(record.engine.settings["recognizer"], recognizer, level)
        XCTAssertEqual(record.engine.settings["detector"], "none (one line an image)")
        let inference = try XCTUnwrap(record.ms.inference, "PP-OCR says how long its models took")
        XCTAssertTrue(
          inference > 0 && inference <= record.ms.recognize, "\(inference) of \(record.ms.recognize) ms")
      }
    }
    // Two vertical pages (a PNG and a JPEG) show which models the level takes for them, and that
    // they read. (The project's line corpora at fast are the accuracy gate's, `make accuracy`.)
    let columns = folder.appendingPathComponent("columns")
    try FileManager.default.createDirectory(at: columns, withIntermediateDirectories: true)
    try TestKit.shell(
      "bsdtar -xzf '\(Harness.packageRoot.path)/Corpora/jpn-vertical.tar.gz' -C '\(columns.path)' "
        + "'jpn-vert-01.*' 'jpn-vert-03.*'")
    let vertical = folder.appendingPathComponent("vertical.jsonl")
    let result = try Harness.run([
      "run", columns.path, "--lang", "jpn_vert", "--level", "fast", "--psm", "5", "--out", vertical.path,
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let records = try Harness.records(in: vertical).results
    XCTAssertEqual(records.map(\.entry).sorted(), ["jpn-vert-01.png", "jpn-vert-03.jpg"])
    for record in records {
      XCTAssertEqual(record.engine.name, "ppocr")
      XCTAssertEqual(record.engine.settings["detector"], "small")
      XCTAssertEqual(
        record.engine.settings["vertical columns"],
        "cells on a grid 1, detection not enlarged, faint pages stretched, pieces joined, Latin runs read both ways between anchors, thin letters standing, letters in ASCII, ruby left out, tiers, marks from the other reading, lookalikes, case by height, case from words across, lines under the tiers, Latin read alone, marks from the ink, characters from the turned reading, words the cells lost, gaps of ink bridged, one column read whole, a neighbour read twice kept once, a column line read as a page, a column in pieces read whole, a column found in part read whole, marks in empty cells, voicing marks from the turned reading, marks under the foot, whole marks under the foot, brackets from the ink, kana beside sideways words from the cells, broken strokes blurred, small kana from the ink, opening brackets after a full stop, ellipses from the ink, parentheses from the ink, exclamation marks standing, full-width marks beside Japanese, parentheses at the column's ends, parentheses nearer the middle of their cells, parentheses read for one, parentheses beyond the box, parentheses as wide as the column, single brackets for double, closing brackets after question marks, colons from the ink, characters the cells lost from the turned reading, O and I in Latin words, tier gaps taken whole, pale pages stretched, blurred ruby left out, letters in ASCII whichever reading kept, points after Japanese as commas, J at a column's head, no lost marks inside Latin words, voicing marks from both readings, broken tiers joined, feet the cells lost from the turned reading, numbers lying beside brackets, colons set upright, exclamation marks from the ink, opening brackets after closing ones, short sideways words the cells lost, kana over doubtful letters, tiers found from the tallest columns, 1-bit columns read restored too, letters from words across, doubtful letters read upright alone, kana beside Latin runs read upright alone, kinds of marks from the ink, brackets back to back, colons off their gap's middle and at a column's foot, brackets at the column's ends, page numbers cut from a column's foot, marks from every reading of a 1-bit column, pale print on white paper stretched, the lower stroke of ko no closing bracket, marks from every reading only where they have room, a kana read twice anchored where it lies, cells or turned by summed log-probability, small kana into the turned reading before the choice, letters for bars between Latin letters, O and I from lookalikes in the turned reading, short sideways words over one cell from 0.8, a bar across the column read as the kanji one, kana the cells read as letters from the turned reading, doubtful letters at a column's foot and between spaced words read upright alone, pale pages' columns read again blurred too, small kana read small by their ink, a neighbour read twice at a word no sure kana, exclamation marks parted in the darker ink, doubtful letters read upright in their middle cell first, bars ending words as l, case of sideways letters by their height across the column, 1-bit columns read again enlarged, short commas plain in the ink, thin letters from words across, sideways letters measured from their baseline, 1-bit commas from the own reading where the mark's own piece is a tick, a column of letters read across whole, hyphens in words no brackets"
      )
      XCTAssertLessThan(try XCTUnwrap(record.cer, record.entry), 0.08, "\(record.entry) read in columns")
    }
  }

  /// The int8 models made at setup: `--models small-int8` runs the int8 pair, Japanese fast the int8
  /// recognizer with its neck and classifier in float (wholly int8 read jpn-lines outside the
  /// profile rule's margin), accurate the float one; each record names its files by their digests,
  /// which are the ones the Makefile pins.
  func testSmallInt8ReadsWithTheInt8ModelsMadeAtSetupAndJapaneseFastWithItsNeckInFloat() throws {
    let lines = folder.appendingPathComponent("lines")
    try FileManager.default.createDirectory(at: lines, withIntermediateDirectories: true)
    try TestKit.shell(
      "bsdtar -xzf '\(Harness.packageRoot.path)/Corpora/jpn-lines.tar.gz' -C '\(lines.path)' 'jpn-line-00[12].*'"
    )
    let pinned = try String(
      contentsOf: Harness.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
    for (arguments, recognizer) in [
      (["--lang", "jpn", "--level", "fast"], "small-int8-neck"),
      (["--lang", "jpn", "--models", "small-int8"], "small-int8"),
      (["--lang", "jpn", "--level", "accurate"], "small"),
    ] {
      let store = folder.appendingPathComponent("\(arguments.joined()).jsonl")
      let result = try Harness.run(["run", lines.path, "--psm", "7", "--out", store.path] + arguments)
      if arguments.contains("--models") && !Int8DotProducts.available {
        // Refused, not read wrong, on a processor whose int8 kernels saturate.
        XCTAssertNotEqual(result.exitCode, 0)
        XCTAssertTrue(result.stderr.contains("no int8 dot products"), result.stderr)
        continue
      }
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      let records = try Harness.records(in: store).results
      XCTAssertEqual(records.count, 2)
      for record in records {
        // Fast takes the recognizer of 7-bit weights on a processor without int8 dot products.
        let read = try XCTUnwrap(record.engine.settings["recognizer"])
        let allowed = recognizer == "small-int8-neck" ? [recognizer, "small-int8-neck-7bit"] : [recognizer]
        XCTAssertTrue(allowed.contains(read), "\(arguments): \(read)")
        let file = try XCTUnwrap(
          [
            "small": "PP-OCRv6_rec_small.onnx", "small-int8": "PP-OCRv6_rec_small_int8.onnx",
            "small-int8-neck": "PP-OCRv6_rec_small_int8_neck.onnx",
            "small-int8-neck-7bit": "PP-OCRv6_rec_small_int8_neck_7bit.onnx",
          ][read])
        let digest = try XCTUnwrap(record.engine.models[file], "\(record.engine.models)")
        XCTAssertTrue(pinned.contains(digest), "\(file) \(digest) is not the Makefile's")
        XCTAssertLessThan(try XCTUnwrap(record.cer), 0.05, "\(arguments): \(record.text ?? "")")
      }
    }
  }

  /// What changes PP-OCR's output joins the resume identity; a Tesseract option it cannot honour is
  /// refused rather than silently ignored.
  func testResumeRedoesWhatOtherPPOCRSettingsMadeAndTesseractOptionsAreRefused() throws {
    let lines = folder.appendingPathComponent("lines")
    try FileManager.default.createDirectory(at: lines, withIntermediateDirectories: true)
    try TestKit.shell(
      "bsdtar -xzf '\(Harness.packageRoot.path)/Corpora/eng-lines.tar.gz' -C '\(lines.path)' 'eng-line-00[123].*'"
    )
    let store = folder.appendingPathComponent("s.jsonl").path
    let base = ["run", lines.path, "--engine", "ppocr", "--level", "fast", "--out", store, "--json"]
    XCTAssertEqual(try Harness.run(base + ["--psm", "7"]).exitCode, 0)
    for (what, arguments, skipped) in [
      ("the same settings", ["--psm", "7", "--resume"], 3),
      ("detection instead of one line an image", ["--psm", "3", "--resume"], 0),
      ("other models", ["--psm", "7", "--models", "small", "--resume"], 0),
      ("the same models again", ["--psm", "7", "--models", "small", "--resume"], 3),
    ] {
      let result = try Harness.run(base + arguments)
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      let summary = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
      XCTAssertEqual(summary["skipped"] as? Int, skipped, "\(what): \(result.stdout)")
    }
    let refused = try Harness.run(base + ["--tesseract-set", "tessedit_do_invert=1"])
    XCTAssertEqual(refused.exitCode, 2)
    XCTAssertTrue(refused.stderr.contains("--engine tesseract"), refused.stderr)
  }

  /// ONNX Runtime's PyPI build reports usage from Linux and keeps a device id and a database in the
  /// home folder and a file in $TMPDIR; scanbench turns that off: a run leaves nothing behind.
  func testARunSendsAndLeavesNoTelemetry() throws {
    let home = folder.appendingPathComponent("home")
    let temporary = folder.appendingPathComponent("tmp")
    for url in [home, temporary] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    // A few lines: ONNX Runtime's environment, where telemetry starts, is made for the first.
    let lines = try Harness.englishLines(4, in: folder)
    let result = try Harness.run(
      [
        "run", lines.path, "--engine", "ppocr", "--psm", "7", "--out",
        folder.appendingPathComponent("s.jsonl").path,
      ], environment: ["HOME": home.path, "TMPDIR": temporary.path, "XDG_CACHE_HOME": home.path + "/.cache"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    for url in [home, temporary] {
      // scanbench's own cache of model digests is the one thing it keeps (Reports/BENCHMARKS.md, "Performance").
      let left = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).filter {
        $0 != ".cache" && !$0.hasPrefix(".cache/scanbench")
      }
      XCTAssertEqual(left, [], "\(url.lastPathComponent) is left as it was")
    }
  }
}
