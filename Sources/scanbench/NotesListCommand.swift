import ScanbenchCommandLine
import ScanbenchNotes
import ScanbenchSupport

struct NotesListCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "list",
      abstract:
        "List notes, a photo once, newest first: id, date, taken, characters, name, first line, source.")
  }

  @Option(
    help: "Show at most this many notes (0 for all).", valueName: "N", parsing: .integer(in: 0...Int.max))
  var limit = 20
  @Option(
    help: "Only notes recognized at or after this date or time (UTC unless it says).", valueName: "date",
    parsing: .date)
  var since: Double?
  @Option(help: "Only notes from this archive, as the store names it.", valueName: "archive") var source:
    String?
  @OptionGroup var database: NoteDatabaseOptions
  @OptionGroup var output: JSONOutput

  func run(_: Void) throws -> Int32 {
    let database = try self.database.openExisting()
    let notes = try database.list(
      NoteListQuery(limit: limit == 0 ? nil : limit, since: since, source: source))
    if output.json {
      try JSONOutput.print(notes)
      return ExitCode.success
    }
    guard !notes.isEmpty else {
      Console.error("no notes in \(database.path)\(since != nil || source != nil ? " match" : "")\n")
      return ExitCode.success
    }
    let columns = [
      TextTable.Column("ID", alignment: .right, minimumWidth: 2),
      TextTable.Column("RECOGNIZED", minimumWidth: 10),
      // When the photo was taken, as its metadata says ("-" for scans and screenshots).
      TextTable.Column("TAKEN", minimumWidth: 5),
      TextTable.Column("CHARS", alignment: .right, minimumWidth: 5),
      // The entry's name, as wide as the longest, up to 32 columns.
      TextTable.Column("NAME", width: min(32, max(4, notes.map { TextTable.columns($0.entry) }.max() ?? 4))),
      TextTable.Column("TEXT", width: 40),
      TextTable.Column("SOURCE"),
    ]
    Console.out(
      TextTable.columns(
        columns,
        rows: notes.map {
          [
            String($0.id), $0.recognizedAt, $0.capturedAt ?? "-", String($0.chars), $0.entry, $0.firstLine,
            $0.source,
          ]
        }))
    return ExitCode.success
  }
}

extension ValueParser where Value == Double {
  /// A date or a time, as seconds since 1970: `2024-05-01`, `2024-05-01T12:00:00Z`.
  static var date: ValueParser {
    ValueParser { text, name in
      guard let parsed = Timestamp.parse(text) else {
        throw UsageError("\(name) takes a date such as 2024-05-01 or 2024-05-01T12:00:00Z, not '\(text)'")
      }
      return parsed
    }
  }
}
