import Foundation
import ScanbenchArchive
import ScanbenchDocuments
import ScanbenchEngines
import ScanbenchGate
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchRunner
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

@main
enum Scanbench {
  /// Every subcommand, in the order `scanbench --help` lists them.
  static let commands: [any Command.Type] = [
    RunCommand.self,
    ScoreCommand.self,
    MergeCommand.self,
    BaselineCommand.self,
    CheckCommand.self,
    ReportCommand.self,
    ImportCommand.self,
    NotesCommand.self,
    OverlayCommand.self,
    ExportCommand.self,
  ]

  static let version = "0.2.0"

  /// This binary: its version and the commit it was built from (`BuildCommit`, made by the
  /// build-info plugin at every build).
  static let provenance = Provenance(version: version, commit: BuildCommit.commit)

  /// The C libraries a run of `recognition` uses, for its summary.
  static func libraryVersions(engine recognition: RecognitionSetup) -> [String: String] {
    var versions = EngineCatalog.libraryVersions(for: recognition)
    versions["leptonica"] = ImageDecoder.leptonicaVersion
    versions["poppler"] = ImageDecoder.popplerVersion
    versions["libxml2"] = DocumentText.libraryVersion
    versions["libarchive"] = ArchiveReader.libraryVersion
    versions["sqlite"] = NoteDatabase.sqliteVersion
    return versions
  }

  static func main() {
    limitOpenMPThreads()
    setlocale(LC_CTYPE, "C.UTF-8")  // libarchive converts entry names through the locale
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    exit(dispatch(arguments))
  }

  /// Tesseract's OpenMP threads fight our own workers (measured: a third of the time lost to
  /// spinning). libgomp reads `OMP_THREAD_LIMIT` when it is loaded, before `main`, so setting it
  /// here is too late: the process re-executes itself once with the variable set.
  static func limitOpenMPThreads() {
    guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] != "1" else { return }
    setenv("OMP_THREAD_LIMIT", "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Only reached when re-executing failed: go on, slower but correct.
  }

  static func dispatch(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
      Console.out(overview())
      return ExitCode.usage
    }
    switch first {
    case "-h", "--help":
      Console.out(overview())
      return ExitCode.success
    case "--version":
      Console.out("scanbench \(version) (\(provenance.commit))\n")
      return ExitCode.success
    case "help":
      guard arguments.count > 1 else {
        Console.out(overview())
        return ExitCode.success
      }
      return dispatch(Array(arguments.dropFirst()) + ["--help"])
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      var message = "Unknown command '\(first)'."
      if let suggestion = ArgumentParser.closest(to: first, among: commands.map { $0.spec.name }) {
        message += " Did you mean '\(suggestion)'?"
      }
      Console.error("Error: \(message)\nSee 'scanbench --help'.\n")
      return ExitCode.usage
    }
    return execute(command, Array(arguments.dropFirst()))
  }

  static func execute(_ command: any Command.Type, _ arguments: [String]) -> Int32 {
    let spec = command.spec
    // Commands with subcommands parse their own rest; `--help` anywhere else shows this spec's help.
    if spec.subcommands.isEmpty, arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      Console.out(HelpFormatter.help(spec))
      return ExitCode.success
    }
    do {
      var parsed =
        spec.subcommands.isEmpty
        ? try ArgumentParser.parse(arguments, spec: spec)
        : ParsedArguments(positionals: arguments)
      parsed.commandLine = ["scanbench", spec.name] + arguments
      try command.validate(parsed)
      return try command.run(parsed)
    } catch let error as UsageError {
      Console.error(
        "Error: \(error.message)\nUsage: \(HelpFormatter.usage(spec))\n"
          + "See 'scanbench \(spec.name) --help'.\n")
      return ExitCode.usage
    } catch let failure as CommandFailure {
      Console.error("Error: \(failure.message)\n")
      return failure.exitCode
    } catch {
      Console.error("Error: \(error)\n")
      return ExitCode.failure
    }
  }

  static func overview() -> String {
    var lines = [
      "OVERVIEW: Turn archives of images into measured, searchable text.",
      "",
      "USAGE: scanbench <subcommand> [options]",
      "",
      "OPTIONS:",
      "  --version               Show the version.",
      "  -h, --help              Show help information.",
      "",
      "SUBCOMMANDS:",
    ]
    for command in commands {
      lines.append(
        "  " + command.spec.name.padding(toLength: 22, withPad: " ", startingAt: 0) + command.spec.abstract)
    }
    lines += ["", "  See 'scanbench help <subcommand>' for detailed help."]
    return lines.joined(separator: "\n") + "\n"
  }
}

/// stdout for results, stderr for progress and diagnostics.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// Colour only on a terminal and never with NO_COLOR.
  static var useColor: Bool {
    isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}
