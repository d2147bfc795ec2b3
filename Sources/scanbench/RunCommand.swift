import Dispatch
import Foundation
import ScanbenchArchive
import ScanbenchCommandLine
import ScanbenchEngines
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport

struct RunCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "run",
      abstract: "Recognize every image in archives or folders, score it, and append results to a store.",
      discussion: """
        INPUT is an archive (tar, tar.gz/bz2/xz/zst, zip, 7z), a folder, an image or a PDF (each page
        rendered at --dpi and read like a TIFF page). Archives are streamed: nothing is unpacked to
        disk. NAME.gt.txt beside NAME.png is its ground truth, or NAME.gt.xml, NAME.page.xml, NAME.xml
        (PAGE or ALTO), NAME.hocr, NAME.txt (docs/reference.md, "Ground truth and OCR files" says
        which wins); images without one are recognized and not scored.

        A shard (--shard, or a shard from the environment) writes its own store: --out results.jsonl
        becomes results.shard-0003-of-0016.jsonl for shard 3/16; every {shard} in --out is replaced
        by shard-0003-of-0016 instead, e.g. --out 'out/results-{shard}.jsonl'.

        ENGINES (--engine; docs/engines.md, "Profiles" says which one each level uses):
        """ + "\n"
          + TextTable.helpRows(EngineCatalog.engines.map { ($0.usage, engineHelp($0)) }).joined(
            separator: "\n"))
  }

  /// An engine's line in help, from its catalog entry.
  static func engineHelp(_ entry: EngineCatalog.Entry) -> String {
    var text = entry.summary + "."
    if !entry.modelKinds.isEmpty { text += " --models \(entry.modelKinds.joined(separator: ", "))." }
    if let parameters = entry.parameters {
      text += " --engine-set\(parameters.alias.map { " (or \($0))" } ?? ""): \(parameters.summary)."
    }
    if let timeout = entry.timeout { text += " --engine-timeout (default: \(Self.seconds(timeout)))." }
    return text
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(saturating: value)) : String(value)
  }

  @Argument(help: "Archives, folders, images or PDFs to recognize.", completion: .file)
  var input: [String]
  @OptionGroup var engine: EngineFlags

  @Option(
    help: "Workers, each with its own engine.", valueName: "N", parsing: .integer(in: 1...1024),
    defaultText: "the active processors")
  var jobs = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    help: "The JSON-lines store to append to; a shard's is named after it (see above).", valueName: "file",
    completion: .file)
  var out = "Reports/results.jsonl"
  @Flag(
    help: "Continue the store's latest run made the same way: skip the images it holds, report all of it.")
  var resume = false
  @Option(
    help: "Refuse entries larger than this, while reading them.", valueName: "size", parsing: .size,
    defaultText: ValueParsers.sizeText(RunConfiguration.Defaults.maxEntryBytes))
  var maxEntryBytes = RunConfiguration.Defaults.maxEntryBytes
  @Option(
    help: "Stop reading once the run's entries add up to this size (--resume continues).", valueName: "size",
    parsing: .size)
  var maxTotalBytes: Int?
  @Option(
    help: "Refuse images whose header claims more pixels, before decoding.", valueName: "N",
    parsing: .integer(in: 1...Int.max))
  var maxPixels = RunConfiguration.Defaults.maxPixels
  @Option(
    help: "Process only shard K of N (0 ≤ K < N), split by a hash of each entry's path.", valueName: "K/N",
    parsing: .shard)
  var shard: Shard?
  @Option(
    help: "Shard count when the index comes from the environment (JOB_COMPLETION_INDEX, "
      + "SLURM_ARRAY_TASK_ID).", valueName: "N", parsing: .integer(in: 1...1_000_000))
  var shards: Int?
  @Option(
    help: "Also import the results into the note database (the bulk import of photo archives).",
    valueName: "db", defaultText: "none; without a value the default note database",
    implicitValue: NoteDatabase.defaultPath(), completion: .file)
  var importTo: String?
  @Flag(help: "Record every word and line with its bounding box (see 'scanbench overlay').") var boxes = false
  @Flag(help: "Decode QR codes and barcodes (ZBar) and record their payloads.") var barcodes = false
  @Flag(help: "Exit at once if another process is writing to the store.") var noWait = false
  @OptionGroup var output: JSONOutput
  @OptionGroup var scoring: ScoringFlags

  /// What `validate()` found: the inputs as given, the engine, the shard and its store.
  struct Plan {
    var inputs: InputArguments
    var engine: EngineCatalog.Resolved
    var shard: (shard: Shard, source: Shard.Source?)?
    var store: URL
  }

  func validate() throws -> Plan {
    for input in input {
      // Standard input and pipes first: `-` is no file, and a FIFO must not be opened.
      if let refusal = FileKind.refusal(forReading: input) {
        throw CommandFailure("\(input): \(refusal)", exitCode: ExitCode.inputUnreadable)
      }
      guard FileManager.default.fileExists(atPath: input) else {
        throw CommandFailure("\(input): no such file or folder", exitCode: ExitCode.inputUnreadable)
      }
    }
    let inputs: InputArguments
    do { inputs = try InputArguments(input) } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    if shard != nil, shards != nil {
      throw UsageError(
        "--shard K/N and --shards N exclude each other: --shards is for shards from the environment")
    }
    let resolved = try engine.resolve()
    let chosenShard = try shardFromArguments()
    let store = try storeURL(shard: chosenShard?.shard)
    try Paths.checkStore(store.path, creating: true)
    if let importTo { try Paths.checkNoteDatabase(importTo, creating: true) }
    return Plan(inputs: inputs, engine: resolved, shard: chosenShard, store: store)
  }

  /// `--out`, suffixed per shard.
  func storeURL(shard: Shard?) throws -> URL {
    let base = URL(fileURLWithPath: out)
    if let shard { return shard.storeURL(for: base) }
    guard !base.path.contains(Shard.placeholder) else {
      throw UsageError("--out holds \(Shard.placeholder), but this run is not sharded: add --shard K/N")
    }
    return base
  }

  /// `--shard K/N`, or what Kubernetes or Slurm put in the environment (with where it came from).
  func shardFromArguments() throws -> (shard: Shard, source: Shard.Source?)? {
    if let shard { return (shard, nil) }
    do {
      guard
        let (found, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, shards: shards)
      else {
        if shards != nil {
          throw UsageError("--shards needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; use --shard K/N")
        }
        return nil
      }
      return (found, source)
    } catch let error as ShardError {
      throw UsageError(error.message)
    }
  }

  func run(_ plan: Plan) throws -> Int32 {
    if let (found, source) = plan.shard, let source {
      Console.error("shard \(found) from the \(source.rawValue)\n")
    }
    let recognition: RecognitionSetup
    do {
      var engine = plan.engine
      engine.options.workers = jobs
      recognition = try EngineCatalog.setup(engine)
    } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
    for warning in recognition.warnings { Console.error("warning: \(warning)\n") }
    for warning in plan.inputs.warnings { Console.error("warning: \(warning)\n") }
    var configuration = RunConfiguration(
      inputs: plan.inputs.inputs, recognition: recognition, profile: plan.engine.profile,
      language: plan.engine.options.language, jobs: jobs, store: plan.store)
    configuration.shard = plan.shard?.shard
    configuration.unpairedGroundTruth = plan.inputs.unpaired
    configuration.resume = resume
    configuration.scoring = scoring.options
    configuration.maxEntryBytes = maxEntryBytes
    configuration.maxPixels = maxPixels
    configuration.pdfResolution = plan.engine.options.resolution ?? RunConfiguration.Defaults.pdfResolution
    configuration.maxTotalBytes = maxTotalBytes
    configuration.lockPolicy = noWait ? .failIfLocked : .wait
    configuration.boxes = boxes
    configuration.barcodes = barcodes
    configuration.scanbench = Scanbench.provenance
    configuration.commandLine = ["scanbench"] + CommandLine.arguments.dropFirst()
    configuration.libraries = Scanbench.libraryVersions(engine: recognition)

    let progress = RunProgress(isTerminal: Console.stderrIsTerminal)
    let runner = BatchRunner(configuration) { event in progress.handle(event) }
    let signals = SignalTrap { signal in
      guard runner.cancel() else {
        // Still setting up (an engine that has not said what it is, models loading): nothing is
        // written, nothing to wait for; what the engines started goes with scanbench.
        progress.note("interrupted before any work started: nothing was written")
        _exit(128 + signal)
      }
      progress.note(
        "stopping after the pages in progress (\(signal == SIGINT ? "interrupt" : "terminate"); a second one stops at once)…"
      )
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
    if output.json {
      try JSONOutput.print(summary)
    } else {
      Console.out(SummaryTable.render(summary, store: plan.store.path, continued: outcome.continuedRun))
    }
    if let sentence = summary.ignoredSentence {
      // With --json, stdout holds only the summary object.
      if output.json { Console.error(sentence + "\n") } else { Console.out(sentence + "\n") }
    }
    for error in outcome.inputErrors { Console.error("Error: \(error)\n") }
    if let importTo {
      try ImportCommand.importRun(of: plan.store, into: importTo, json: output.json)
    }
    if summary.interrupted { return 128 + (signals.received ?? SIGINT) }
    if !outcome.inputErrors.isEmpty { return ExitCode.inputUnreadable }
    return summary.failed > 0 ? ExitCode.failure : ExitCode.success
  }
}

extension ValueParser where Value == Shard {
  /// `K/N`.
  static var shard: ValueParser {
    ValueParser { text, _ in
      do { return try Shard(parsing: text) } catch let error as ShardError { throw UsageError(error.message) }
    }
  }
}
