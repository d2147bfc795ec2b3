import Dispatch
import Foundation
import ScanbenchCore

enum RunCommand: Command {
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
    arguments: [ArgumentSpec(name: "input", help: "Archives, folders or images to recognize.", isVariadic: true)],
    options: [
      OptionSpec(
        name: "--level", help: "Recognition profile, after Apple Vision's two levels.", valueName: "level",
        allowedValues: RecognitionLevel.allCases.map(\.rawValue), defaultValue: "accurate"),
      OptionSpec(
        name: "--lang", help: "Language of the text.", valueName: "lang",
        allowedValues: RecognitionProfile.languages, defaultValue: "eng"),
      OptionSpec(
        name: "--psm", help: "Tesseract page segmentation mode (7 = one text line, 6 = one block).",
        valueName: "mode", defaultValue: "3, automatic"),
      OptionSpec(name: "--dpi", help: "Resolution to assume, for images whose metadata lies.", valueName: "dpi"),
      OptionSpec(
        name: "--jobs", help: "Workers, each with its own engine.", valueName: "N",
        defaultValue: "\(ProcessInfo.processInfo.activeProcessorCount), the active processors"),
      OptionSpec(
        name: "--out",
        help: "The JSON-lines store to append to; a shard's is named after it (see above).",
        valueName: "file",
        defaultValue: "Reports/results.jsonl"),
      .flag("--resume", "Skip images whose result (or recorded failure) is already in the store."),
      OptionSpec(
        name: "--max-entry-bytes", help: "Refuse entries larger than this, while reading them.",
        valueName: "size", defaultValue: "256M"),
      OptionSpec(
        name: "--max-total-bytes",
        help: "Stop reading once the run's entries add up to this size (--resume continues later).",
        valueName: "size"),
      OptionSpec(
        name: "--max-pixels", help: "Refuse images whose header claims more pixels, before decoding.",
        valueName: "N", defaultValue: "100000000"),
      OptionSpec(
        name: "--shard", help: "Process only shard K of N (0 ≤ K < N), split by a hash of each entry's path.",
        valueName: "K/N"),
      OptionSpec(
        name: "--shards",
        help: "Shard count when the index comes from the environment (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID).",
        valueName: "N"),
      OptionSpec(
        name: "--models", help: "Override the profile's models (for experiments).", valueName: "kind",
        allowedValues: ModelLocator.Kind.allCases.map(\.rawValue)),
      OptionSpec(
        name: "--tesseract-set", help: "Set a Tesseract parameter, e.g. tessedit_do_invert=0 (repeatable).",
        valueName: "name=value", isRepeatable: true),
      OptionSpec(
        name: "--import-to",
        help: "Also import the results into the note database (the bulk import of photo archives).",
        valueName: "db", defaultValue: "none; without a value the default note database",
        implicitValue: NoteDatabase.defaultPath()),
      .flag("--boxes", "Record every word and line with its bounding box (see 'scanbench overlay')."),
      .flag("--barcodes", "Decode QR codes and barcodes (ZBar) and record their payloads."),
      .flag(
        "--no-osd",
        "Accurate profile: do not detect pages lying on their side or upside down "
          + "(EXIF and HEIF orientation still apply)."),
      .flag("--no-wait", "Exit at once if another process is writing to the store."),
      .json,
    ] + ScoringFlags.options)

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let level = arguments.choice("--level", as: RecognitionLevel.self) ?? .accurate
    let language = arguments.value("--lang") ?? "eng"
    let psm = try arguments.int("--psm", range: 0...13)
    let dpi = try arguments.int("--dpi", range: 50...2400)
    let jobs = try arguments.int("--jobs", range: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
    var store = URL(fileURLWithPath: arguments.value("--out") ?? "Reports/results.jsonl")
    let shard = try shardFromArguments(arguments)
    if let shard {
      store = shard.storeURL(for: store)
    } else if store.path.contains(Shard.placeholder) {
      throw UsageError("--out holds \(Shard.placeholder), but this run is not sharded: add --shard K/N")
    }
    var profile: RecognitionProfile
    do {
      profile = try RecognitionProfile(
        level: level, language: language, pageSegmentation: psm.map(Int32.init), resolution: dpi,
        models: .discover(), modelKind: arguments.choice("--models", as: ModelLocator.Kind.self),
        extraVariables: try tesseractVariables(arguments.allValues("--tesseract-set")))
    } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    if arguments.flag("--no-osd") {
      profile.orientationModel = nil
    } else if level == .accurate, profile.orientationModel == nil {
      Console.error(
        "warning: no orientation model (osd.traineddata; apt-get install tesseract-ocr-osd): "
          + "pages on their side are recognized as they are\n")
    }
    var configuration = RunConfiguration(
      inputs: arguments.positionals, profile: profile, jobs: jobs, store: store)
    configuration.shard = shard
    configuration.resume = arguments.flag("--resume")
    configuration.scoring = ScoringFlags.parse(arguments)
    configuration.maxEntryBytes = try arguments.byteCount("--max-entry-bytes") ?? configuration.maxEntryBytes
    configuration.maxPixels = try arguments.int("--max-pixels", range: 1...Int.max) ?? configuration.maxPixels
    configuration.maxTotalBytes = try arguments.byteCount("--max-total-bytes")
    configuration.lockPolicy = arguments.flag("--no-wait") ? .failIfLocked : .wait
    configuration.boxes = arguments.flag("--boxes")
    configuration.barcodes = arguments.flag("--barcodes")

    let progress = ProgressReporter(isTerminal: Console.stderrIsTerminal)
    let runner = BatchRunner(configuration) { event in progress.handle(event) }
    let signals = SignalTrap { signal in
      progress.note("stopping after the images in progress (\(signal == SIGINT ? "interrupt" : "terminate"))…")
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
    if arguments.flag("--json") {
      Console.out(String(decoding: try StoreWriter.line(for: summary), as: UTF8.self))
    } else {
      Console.out(SummaryTable.render(summary, store: store.path))
    }
    if let sentence = summary.ignoredSentence {
      // With --json, stdout holds only the summary object.
      if arguments.flag("--json") { Console.error(sentence + "\n") } else { Console.out(sentence + "\n") }
    }
    for error in outcome.inputErrors { Console.error("Error: \(error)\n") }
    if let database = arguments.value("--import-to") {
      try importResults(of: store, into: database, json: arguments.flag("--json"))
    }
    if summary.interrupted { return 128 + (signals.received ?? SIGINT) }
    if !outcome.inputErrors.isEmpty { return ExitCode.inputUnreadable }
    return summary.failed > 0 ? ExitCode.failure : ExitCode.success
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

/// `--shard K/N`, or what Kubernetes or Slurm put in the environment.
private func shardFromArguments(_ arguments: ParsedArguments) throws -> Shard? {
  do {
    if let text = arguments.value("--shard") { return try Shard(parsing: text) }
    let shards = try arguments.int("--shards", range: 1...1_000_000)
    guard let (shard, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, shards: shards) else {
      if shards != nil { throw UsageError("--shards needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; use --shard K/N") }
      return nil
    }
    Console.error("shard \(shard) from the \(source.rawValue)\n")
    return shard
  } catch let error as ShardError {
    throw UsageError(error.message)
  }
}

private func tesseractVariables(_ settings: [String]) throws -> [(String, String)] {
  try settings.map { setting in
    let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty else {
      throw UsageError("--tesseract-set takes name=value, not '\(setting)'")
    }
    return (parts[0], parts[1])
  }
}

enum SummaryTable {
  static func render(_ summary: RunSummaryRecord, store: String) -> String {
    func percent(_ value: Double?) -> String {
      value.map { String(format: "%.2f%%", $0 * 100) } ?? "n/a (no ground truth)"
    }
    var rows: [(String, String)] = [
      ("images", "\(summary.images)"),
      ("failed", "\(summary.failed)"),
    ]
    if summary.skipped > 0 { rows.append(("skipped (--resume)", "\(summary.skipped)")) }
    rows += [
      ("scored", "\(summary.scored)"),
      ("CER (micro)", percent(summary.cerMicro)),
      ("CER (macro)", percent(summary.cerMacro)),
      ("images/s", String(format: "%.2f", summary.imagesPerSecond)),
      ("wall time", String(format: "%.1f s", summary.wallSeconds)),
      ("profile", "\(summary.profile) (\(summary.lang), \(summary.jobs) jobs)"),
      ("store", store),
    ]
    if summary.interrupted { rows.append(("interrupted", "yes: run again with --resume to finish")) }
    return rows.map { $0.0.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n") + "\n"
  }
}
