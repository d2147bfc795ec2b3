import Foundation
import ScanbenchArchive
import ScanbenchCommandLine
import ScanbenchDocuments
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
    versions["poppler"] = ImageDecoder.popplerVersion
    versions["libxml2"] = DocumentText.libraryVersion
    versions["libarchive"] = ArchiveReader.libraryVersion
    versions["sqlite"] = NoteDatabase.sqliteVersion
    return versions
  }

  static func main() {
    limitOpenMPThreads()
    returnLargeBuffersToTheSystem()
    setlocale(LC_CTYPE, "C.UTF-8")  // libarchive converts entry names through the locale
    signal(SIGPIPE, SIG_IGN)
    exit(CommandRunner.run(Scanbench.self, Array(CommandLine.arguments.dropFirst())))
  }

  /// Buffers of a megabyte and more (decoded images and their RGB copies, activations of a model
  /// run without an arena) are mapped for themselves and unmapped when freed, instead of staying in
  /// the heap of the thread that freed them: glibc's own threshold rises to the largest buffer
  /// freed, up to 32 MB (measured: the photos' and the receipts' peak RSS, lower for a little more
  /// time in the kernel; Reports/BENCHMARKS.md, "No text, no work").
  static func returnLargeBuffersToTheSystem() {
    // `mallopt` is declared in <malloc.h>, which Swift's Glibc module leaves out: found by name in
    // the C library (RTLD_DEFAULT is a null handle); `M_MMAP_THRESHOLD` is -3 in every glibc.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 1 << 20)
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
