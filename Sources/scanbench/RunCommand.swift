import Dispatch
import Foundation
import ScanbenchArchive
import ScanbenchEngines
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport

enum RunCommand: Command {
  static let engine = Option<String?>(
    "--engine",
    help: "The engine, instead of the one the level uses for the language: "
      + EngineCatalog.engines.map(\.usage).joined(separator: ", ")
      + " (a program of yours; README, \"External engines\").",
    valueName: "name", default: nil, defaultText: "the level's (see README, \"Profiles\")"
  ) { text in
    guard let (entry, argument) = EngineCatalog.entry(named: text) else {
      throw Conversion.notAllowed(text, name: "--engine", allowed: EngineCatalog.engines.map(\.usage))
    }
    if let argument, argument.allSatisfy(\.isWhitespace) {
      throw UsageError("--engine \(entry.name): needs \(entry.usage.dropFirst(entry.name.count + 1))")
    }
    return text
  }
  static let engineTimeout = Option<Double?>(
    "--engine-timeout",
    help: "Seconds an external engine may take over one image; then it is stopped and "
      + "restarted, and the image is a recorded failure.", valueName: "seconds", default: nil,
    defaultText: "60"
  ) { try Conversion.double($0, name: "--engine-timeout", range: 0.01...86_400) }
  static let level = Option<RecognitionLevel>.choice(
    "--level", help: "Recognition profile, after Apple Vision's two levels.", valueName: "level",
    default: RecognitionLevel.accurate)
  static let language = Option<String>(
    "--lang", help: "Language of the text.", valueName: "lang", default: "eng",
    allowedValues: EngineCatalog.languages
  ) { $0 }
  static let pageSegmentation = Option<Int?>.integer(
    "--psm", help: "Page segmentation mode, Tesseract's numbers (7 = one text line, 6 = one block).",
    valueName: "mode", range: 0...13, defaultText: "3, automatic")
  static let resolution = Option<Int?>.integer(
    "--dpi", help: "Resolution to assume, for images whose metadata lies.", valueName: "dpi",
    range: 50...2400,
    defaultText: "the image's, else 300")
  static let jobs = Option<Int>.integer(
    "--jobs", help: "Workers, each with its own engine.", range: 1...1024,
    default: ProcessInfo.processInfo.activeProcessorCount, defaultText: "the active processors")
  static let out = Option<String>(
    "--out", help: "The JSON-lines store to append to; a shard's is named after it (see above).",
    valueName: "file", default: "Reports/results.jsonl")
  static let resume = Flag(
    "--resume", help: "Skip images whose result, made the same way, is in the store, and continue its run.")
  static let maxEntryBytes = Option<Int>.size(
    "--max-entry-bytes", help: "Refuse entries larger than this, while reading them.", default: 256 << 20,
    defaultText: "256M")
  static let maxTotalBytes = Option<Int?>.size(
    "--max-total-bytes", help: "Stop reading once the run's entries add up to this size (--resume continues)."
  )
  static let maxPixels = Option<Int>.integer(
    "--max-pixels", help: "Refuse images whose header claims more pixels, before decoding.",
    range: 1...Int.max, default: 100_000_000)
  static let shard = Option<Shard?>(
    "--shard", help: "Process only shard K of N (0 ≤ K < N), split by a hash of each entry's path.",
    valueName: "K/N", default: nil
  ) { text in
    do { return try Shard(parsing: text) } catch let error as ShardError { throw UsageError(error.message) }
  }
  static let shards = Option<Int?>.integer(
    "--shards",
    help: "Shard count when the index comes from the environment (JOB_COMPLETION_INDEX, "
      + "SLURM_ARRAY_TASK_ID).", range: 1...1_000_000)
  static let models = Option<String?>(
    "--models",
    help:
      "Override the level's models (for experiments): Tesseract's fast or standard, PP-OCR's small, tiny or small-int8.",
    valueName: "kind", default: nil, allowedValues: ["fast", "standard", "small", "tiny", "small-int8"]
  ) { $0 }
  static let tesseractSet = Option<EngineParameter?>(
    "--tesseract-set", help: "Set a Tesseract parameter, e.g. tessedit_do_invert=0 (repeatable).",
    valueName: "name=value", default: nil, isRepeatable: true, convert: EngineParameter.init(parsing:))
  static let importTo = Option<String?>(
    "--import-to",
    help: "Also import the results into the note database (the bulk import of photo archives).",
    valueName: "db", defaultText: "none; without a value the default note database",
    implicitValue: NoteDatabase.defaultPath())
  static let boxes = Flag(
    "--boxes", help: "Record every word and line with its bounding box (see 'scanbench overlay').")
  static let barcodes = Flag(
    "--barcodes", help: "Decode QR codes and barcodes (ZBar) and record their payloads.")
  static let noOSD = Flag(
    "--no-osd",
    help: "Accurate profile: do not detect pages lying on their side or upside down "
      + "(EXIF and HEIF orientation still apply).")
  static let noWait = Flag("--no-wait", help: "Exit at once if another process is writing to the store.")

  static let spec = CommandSpec(
    name: "run",
    abstract: "Recognize every image in archives or folders, score it, and append results to a store.",
    discussion: """
      INPUT is an archive (tar, tar.gz/bz2/xz/zst, zip, 7z), a folder or an image. Archives are
      streamed: nothing is unpacked to disk. NAME.gt.txt (or NAME.txt) beside NAME.png is its ground
      truth; images without one are recognized and not scored.

      A shard (--shard, or a shard from the environment) writes its own store: --out results.jsonl
      becomes results.shard-0003-of-0016.jsonl for shard 3/16; every {shard} in --out is replaced
      by shard-0003-of-0016 instead, e.g. --out 'out/results-{shard}.jsonl'.
      """,
    arguments: [
      ArgumentSpec(name: "input", help: "Archives, folders or images to recognize.", isVariadic: true)
    ],
    options: [
      engine.spec, engineTimeout.spec, level.spec, language.spec, pageSegmentation.spec, resolution.spec,
      jobs.spec, out.spec,
      resume.spec, maxEntryBytes.spec, maxTotalBytes.spec, maxPixels.spec, shard.spec, shards.spec,
      models.spec, tesseractSet.spec, importTo.spec, boxes.spec, barcodes.spec, noOSD.spec, noWait.spec,
      Flag.json.spec,
    ] + ScoringFlags.options)

  static func validate(_ arguments: ParsedArguments) throws {
    for input in arguments.positionals {
      guard FileManager.default.fileExists(atPath: input) else {
        throw CommandFailure("\(input): no such file or folder", exitCode: ExitCode.inputUnreadable)
      }
    }
    do { _ = try InputArguments(arguments.positionals) } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    if arguments[shard] != nil, arguments[shards] != nil {
      throw UsageError(
        "--shard K/N and --shards N exclude each other: --shards is for shards from the environment")
    }
    try checkEngineOptions(arguments)
    try Paths.checkStore(try storeURL(arguments).path, creating: true)
    if let database = arguments[importTo] { try Paths.checkNoteDatabase(database, creating: true) }
  }

  /// Levels and Tesseract's options belong to the built-in engines; an engine with a profile of its
  /// own (`command:…`) chooses for itself, and only it can be stopped (`--engine-timeout`).
  static func checkEngineOptions(_ arguments: ParsedArguments) throws {
    let chosen = arguments[engine].flatMap { EngineCatalog.entry(named: $0)?.entry }
    guard let chosen, chosen.profile != nil else {
      if arguments.isGiven(engineTimeout) {
        throw UsageError("--engine-timeout is for external engines (--engine command:'PROGRAM ARGS…')")
      }
      return
    }
    let builtIn: [(String, Bool)] = [
      ("--level", arguments.isGiven(level)), ("--psm", arguments.isGiven(pageSegmentation)),
      ("--dpi", arguments.isGiven(resolution)), ("--models", arguments.isGiven(models)),
      ("--tesseract-set", arguments.isGiven(tesseractSet)),
    ]
    if let (flag, _) = builtIn.first(where: \.1) {
      throw UsageError(
        "\(flag) belongs to the built-in engines: --engine \(chosen.name):… reads as its program chooses "
          + "(give the program its own arguments)")
    }
  }

  /// `--out`, suffixed per shard.
  static func storeURL(_ arguments: ParsedArguments) throws -> URL {
    let base = URL(fileURLWithPath: arguments[out])
    if let shard = try shardFromArguments(arguments, announce: false) { return shard.storeURL(for: base) }
    guard !base.path.contains(Shard.placeholder) else {
      throw UsageError("--out holds \(Shard.placeholder), but this run is not sharded: add --shard K/N")
    }
    return base
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let chosenShard = try shardFromArguments(arguments, announce: true)
    let store = try storeURL(arguments)
    var options = EngineOptions(level: arguments[level], language: arguments[language])
    options.pageSegmentation = arguments[pageSegmentation]
    options.resolution = arguments[resolution]
    options.parameters = arguments.all(tesseractSet).compactMap { $0.map { ($0.name, $0.value) } }
    options.modelKind = arguments[models]
    options.detectsOrientation = !arguments[noOSD]
    options.timeout = arguments[engineTimeout]
    let profile = arguments[engine].flatMap { EngineCatalog.entry(named: $0)?.entry.profile }
    let recognition: RecognitionSetup
    do {
      recognition = try EngineCatalog.setup(engine: arguments[engine], options: options)
    } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    if options.level == .accurate, options.detectsOrientation,
      recognition.backend.orientationCheckBelow != nil,
      recognition.orientation == nil
    {
      Console.error(
        "warning: no orientation model (osd.traineddata; apt-get install tesseract-ocr-osd): "
          + "pages on their side are recognized as they are\n")
    }
    let given = try InputArguments(arguments.positionals)
    for warning in given.warnings { Console.error("warning: \(warning)\n") }
    var configuration = RunConfiguration(
      inputs: given.inputs, recognition: recognition, profile: profile ?? options.level.rawValue,
      language: options.language, jobs: arguments[jobs], store: store)
    configuration.shard = chosenShard
    configuration.resume = arguments[resume]
    configuration.scoring = ScoringFlags.parse(arguments)
    configuration.maxEntryBytes = arguments[maxEntryBytes]
    configuration.maxPixels = arguments[maxPixels]
    configuration.maxTotalBytes = arguments[maxTotalBytes]
    configuration.lockPolicy = arguments[noWait] ? .failIfLocked : .wait
    configuration.boxes = arguments[boxes]
    configuration.barcodes = arguments[barcodes]
    configuration.scanbench = Scanbench.provenance
    configuration.commandLine = arguments.commandLine
    configuration.libraries = Scanbench.libraryVersions(engine: recognition)

    let progress = ProgressReporter(isTerminal: Console.stderrIsTerminal)
    let runner = BatchRunner(configuration) { event in progress.handle(event) }
    let signals = SignalTrap { signal in
      progress.note(
        "stopping after the images in progress (\(signal == SIGINT ? "interrupt" : "terminate"))…")
      runner.cancel()
    }
    let outcome: RunOutcome
    do {
      outcome = try runner.run()
    } catch let error as ArchiveError {
      progress.finish()
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    } catch {
      progress.finish()
      // Interrupted while waiting for the store's lock: say so with the signal's exit code.
      if let signal = signals.received {
        Console.error("Error: \(error)\n")
        return 128 + signal
      }
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    progress.finish()
    let summary = outcome.summary
    let json = arguments[Flag.json]
    if json {
      Console.out(String(decoding: try StoreWriter.line(for: summary), as: UTF8.self))
    } else {
      Console.out(SummaryTable.render(summary, store: store.path, continued: outcome.continuedRun))
    }
    if let sentence = summary.ignoredSentence {
      // With --json, stdout holds only the summary object.
      if json { Console.error(sentence + "\n") } else { Console.out(sentence + "\n") }
    }
    for error in outcome.inputErrors { Console.error("Error: \(error)\n") }
    if let database = arguments[importTo] {
      try importResults(of: store, into: database, json: json)
    }
    if summary.interrupted { return 128 + (signals.received ?? SIGINT) }
    if !outcome.inputErrors.isEmpty { return ExitCode.inputUnreadable }
    return summary.failed > 0 ? ExitCode.failure : ExitCode.success
  }

  /// `--shard K/N`, or what Kubernetes or Slurm put in the environment.
  private static func shardFromArguments(_ arguments: ParsedArguments, announce: Bool) throws -> Shard? {
    if let given = arguments[shard] { return given }
    let count = arguments[shards]
    do {
      guard
        let (found, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, shards: count)
      else {
        if count != nil {
          throw UsageError("--shards needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; use --shard K/N")
        }
        return nil
      }
      if announce { Console.error("shard \(found) from the \(source.rawValue)\n") }
      return found
    } catch let error as ShardError {
      throw UsageError(error.message)
    }
  }
}

/// `--tesseract-set name=value`.
struct EngineParameter: Sendable {
  var name: String
  var value: String

  init(parsing setting: String) throws {
    let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty else {
      throw UsageError("--tesseract-set takes name=value, not '\(setting)'")
    }
    name = parts[0]
    value = parts[1]
  }
}

/// `--import-to`: the whole store goes in; importing is idempotent, so results of earlier runs that
/// are already notes come out unchanged, and a killed run is made whole by importing again.
private func importResults(of store: URL, into path: String, json: Bool) throws {
  let counts: ImportCounts
  do {
    let importer = try NoteImporter(database: try NoteDatabase(path: path))
    counts = try importer.importStore(
      at: store, progress: { _ in },
      diagnostic: { Console.error("warning: \(store.path):\($0.line): \($0.reason) (skipped)\n") })
  } catch {
    throw CommandFailure("importing into \(path): \(error)")
  }
  let line =
    "notes".padding(toLength: 20, withPad: " ", startingAt: 0)
    + "\(counts.imported) imported, \(counts.replaced) replaced, \(counts.unchanged) unchanged → \(path)\n"
  // With --json, stdout holds only the summary object.
  if json { Console.error(line) } else { Console.out(line) }
}

enum SummaryTable {
  static func render(_ summary: RunSummaryRecord, store: String, continued: String? = nil) -> String {
    var rows: [(String, String)] = [
      ("images", "\(summary.images)"),
      ("failed", "\(summary.failed)"),
    ]
    if summary.skipped > 0 { rows.append(("skipped (--resume)", "\(summary.skipped)")) }
    rows.append(("scored", "\(summary.scored)"))
    if let missing = summary.withoutGroundTruth, missing > 0 {
      rows.append(("no ground truth", "\(missing) (names with --json and in the store's summary)"))
    }
    rows += [
      ("CER (micro)", Format.percent(summary.cerMicro, none: "n/a (no ground truth)")),
      ("CER (macro)", Format.percent(summary.cerMacro, none: "n/a (no ground truth)")),
      ("images/s", String(format: "%.2f", summary.imagesPerSecond)),
      ("wall time", String(format: "%.1f s", summary.wallSeconds)),
      ("profile", "\(summary.profile) (\(summary.lang), \(summary.engine.label), \(summary.jobs) jobs)"),
      ("store", store),
    ]
    if let continued { rows.append(("run", "\(continued) (continued)")) }
    if summary.interrupted { rows.append(("interrupted", "yes: run again with --resume to finish")) }
    return rows.map { $0.0.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
      + "\n"
  }
}
