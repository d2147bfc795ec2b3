import Foundation
import ScanbenchCommandLine
import ScanbenchNotes
import ScanbenchStore
import ScanbenchSupport

struct ImportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "import",
      abstract: "Import a results store into the note database, to browse and search with 'notes'.",
      discussion: """
        Importing is idempotent: a note is keyed by image SHA-256, page, profile and language; a later
        result (by its time) replaces the note, an older or identical one leaves it unchanged. Failed
        images are not notes; run summaries are ignored. Unreadable or torn lines are reported with
        their line numbers and skipped. Each \(Format.grouped(ImportOptions().batchSize)) records are one \
        transaction: an interrupted import
        keeps the batches before it and nothing of the batch it was in.
        """)
  }

  @Argument(help: "The JSON-lines store written by 'scanbench run'.", completion: .file) var store: String
  @OptionGroup var database: NoteDatabaseOptions
  @Flag(help: "Fail on the first unreadable line, importing nothing of the store.") var strict = false
  @OptionGroup var output: JSONOutput

  func validate() throws {
    // A PNG, a zip or a baseline given by mistake is refused, not read as lines of warnings.
    try Paths.checkStore(store, creating: false)
    try Paths.checkNoteDatabase(database.db, creating: true)
  }

  func run(_: Void) throws -> Int32 {
    let store = URL(fileURLWithPath: self.store)
    let database = try self.database.open()
    let importer = try NoteImporter(database: database, options: ImportOptions(strict: strict))

    let progress = ProgressLine(isTerminal: Console.stderrIsTerminal)
    let counts: ImportCounts
    do {
      counts = try importer.importStore(
        at: store,
        progress: { lines in progress.update { Self.progressText(lines: lines, seconds: progress.elapsed) } },
        diagnostic: { problem in
          progress.note("warning: \(store.path):\(problem.line): \(problem.reason) (skipped)")
        })
    } catch let error as StoreError {
      progress.finish()
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    } catch let error as NoteDatabaseError {
      progress.finish()
      if case .invalidStoreLine = error.kind {
        throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
      }
      throw CommandFailure(error.description)
    }
    progress.finish()

    if output.json {
      struct Report: Encodable {
        var imported, replaced, unchanged, skipped: Int
        var failedRecords: Int
        var store: String
        var database: String
        enum CodingKeys: String, CodingKey {
          case imported, replaced, unchanged, skipped, store, database
          case failedRecords = "failed_records"
        }
      }
      try JSONOutput.print(
        Report(
          imported: counts.imported, replaced: counts.replaced, unchanged: counts.unchanged,
          skipped: counts.skipped,
          failedRecords: counts.failedRecords, store: store.path, database: database.path))
    } else {
      let rows = [
        ("imported", "\(counts.imported)"),
        ("replaced", "\(counts.replaced) (by a later result for the same image)"),
        ("unchanged", "\(counts.unchanged)"),
        ("skipped", counts.skipped == 0 ? "0" : "\(counts.skipped) unreadable lines (see above)"),
        ("failed images", "\(counts.failedRecords) (not notes)"),
        ("database", database.path),
      ]
      Console.out(TextTable.keyValue(rows, labelWidth: 16))
    }
    return ExitCode.success
  }

  /// `[120000 lines] 41000 lines/s`.
  static func progressText(lines: Int, seconds: Double) -> String {
    "[\(lines) lines] " + String(format: "%.0f lines/s", Double(lines) / max(seconds, 0.001))
  }

  /// `run --import-to`: the whole store goes in; importing is idempotent, so results of earlier
  /// runs that are already notes come out unchanged, and a killed run is made whole by importing
  /// again. One line, under the run's summary.
  static func importRun(of store: URL, into path: String, json: Bool) throws {
    let counts: ImportCounts
    do {
      let importer = try NoteImporter(database: try NoteDatabase(path: path))
      counts = try importer.importStore(
        at: store, progress: { _ in },
        diagnostic: { Console.error("warning: \(store.path):\($0.line): \($0.reason) (skipped)\n") })
    } catch {
      throw CommandFailure("importing into \(path): \(error)")
    }
    let line = TextTable.keyValue(
      [
        (
          "notes",
          "\(counts.imported) imported, \(counts.replaced) replaced, \(counts.unchanged) unchanged → \(path)"
        )
      ],
      labelWidth: SummaryTable.labelWidth)
    // With --json, stdout holds only the summary object.
    if json { Console.error(line) } else { Console.out(line) }
  }
}
