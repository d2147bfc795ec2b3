import Dispatch
import Foundation
import ScanbenchNotes
import ScanbenchStore

enum ImportCommand: Command {
  static let strict = Flag(
    "--strict", help: "Fail on the first unreadable line, importing nothing of the store.")

  static let spec = CommandSpec(
    name: "import",
    abstract: "Import a results store into the note database, to browse and search with 'notes'.",
    discussion: """
      Importing is idempotent: a note is keyed by image SHA-256, page, profile and language; a later
      result (by its time) replaces the note, an older or identical one leaves it unchanged. Failed
      images are not notes; run summaries are ignored. Unreadable or torn lines are reported with
      their line numbers and skipped. Each 50,000 records are one transaction: an interrupted import
      keeps the batches before it and nothing of the batch it was in.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store written by 'scanbench run'.")],
    options: [NoteDatabaseOption.option, strict.spec, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    // A PNG, a zip or a baseline given by mistake is refused, not read as lines of warnings.
    try Paths.checkStore(arguments.positionals[0], creating: false)
    try Paths.checkNoteDatabase(NoteDatabaseOption.path(arguments), creating: true)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let store = URL(fileURLWithPath: arguments.positionals[0])
    let database = try NoteDatabaseOption.open(arguments)
    let importer = try NoteImporter(
      database: database, options: ImportOptions(strict: arguments[strict]))

    let progress = ImportProgress(isTerminal: Console.stderrIsTerminal)
    let counts: ImportCounts
    do {
      counts = try importer.importStore(
        at: store, progress: { progress.update(lines: $0) },
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

    if arguments[Flag.json] {
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
      try NotesCommand.printJSON(
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
      Console.out(
        rows.map { $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
          + "\n")
    }
    return ExitCode.success
  }
}

/// Lines read so far on stderr: redrawn in place on a terminal, a line every few seconds otherwise.
final class ImportProgress {
  private let isTerminal: Bool
  private let started = DispatchTime.now().uptimeNanoseconds
  private var lastDraw: UInt64
  private var drewLine = false

  init(isTerminal: Bool) {
    self.isTerminal = isTerminal
    lastDraw = started
  }

  func update(lines: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - lastDraw >= (isTerminal ? 200_000_000 : 5_000_000_000) else { return }
    lastDraw = now
    let seconds = Double(now - started) / 1e9
    let line = "[\(lines) lines] " + String(format: "%.0f lines/s", Double(lines) / max(seconds, 0.001))
    Console.error(isTerminal ? "\r\u{1B}[K" + line : line + "\n")
    drewLine = true
  }

  func note(_ message: String) {
    Console.error((isTerminal && drewLine ? "\r\u{1B}[K" : "") + message + "\n")
  }

  func finish() {
    if isTerminal && drewLine { Console.error("\r\u{1B}[K") }
  }
}
