import ScanbenchCommandLine

/// `scanbench notes <subcommand>`: browse, search, delete and export the note database.
struct NotesCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "notes",
      abstract: "Browse, search, delete and export the recognized texts in the note database.",
      discussion: """
        The note database holds one note per recognized image (or page): its text and where it came
        from. Fill it with 'scanbench import STORE.jsonl'.
        """,
      subcommands: [
        NotesListCommand.self,
        NotesShowCommand.self,
        NotesSearchCommand.self,
        NotesDeleteCommand.self,
        NotesExportCommand.self,
        NotesServeCommand.self,
      ])
  }
}

extension ValueParser where Value == Int64 {
  /// `<id>`: a note's number as `notes list` shows it.
  static var noteID: ValueParser {
    ValueParser { text, name in
      guard let id = Int64(text), id > 0 else {
        throw UsageError("\(name) is a note number such as 42, not '\(text)'")
      }
      return id
    }
  }
}
