import Foundation
import ScanbenchArchive
import ScanbenchCommandLine
import ScanbenchEngines
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchStore
import ScanbenchSupport

@main
struct Scanbench: ParsableCommand {
  static let version = "0.2.0"

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "scanbench", abstract: "Turn archives of images into measured, searchable text.",
      version: "\(version) (\(provenance.commit))",
      // Every subcommand, in the order `scanbench --help` lists them; adding one is one line here.
      subcommands: [
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
        CompletionsCommand.self,
        ManualCommand.self,
      ])
  }

  /// This binary: its version and the commit it was built from (`BuildCommit`, made by the
  /// build-info plugin at every build).
  static let provenance = Provenance(version: version, commit: BuildCommit.commit)

  /// The C libraries a run of `recognition` uses, for its summary.
  static func libraryVersions(engine recognition: RecognitionSetup) -> [String: String] {
    var versions = recognition.libraryVersions
    versions["leptonica"] = ImageDecoder.leptonicaVersion
    versions["libarchive"] = ArchiveReader.libraryVersion
    versions["sqlite"] = NoteDatabase.sqliteVersion
    return versions
  }

  static func main() {
    limitOpenMPThreads()
    setlocale(LC_CTYPE, "C.UTF-8")  // libarchive converts entry names through the locale
    signal(SIGPIPE, SIG_IGN)
    exit(CommandRunner.run(Scanbench.self, Array(CommandLine.arguments.dropFirst())))
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
}

extension ExitCode {
  /// An input, a store or a database cannot be read (missing, not what it should be, truncated).
  static let inputUnreadable: Int32 = 2
}
