import ScanbenchCommandLine
import ScanbenchNotes

/// `--db`, shared by `import` and every `notes` subcommand.
struct NoteDatabaseOptions: ParsableArguments {
  @Option(
    help: "The note database (created by 'import').", valueName: "file",
    defaultText: "$XDG_DATA_HOME/scanbench/notes.sqlite, else ~/.local/share/scanbench/notes.sqlite",
    completion: .file)
  var db = NoteDatabase.defaultPath()

  /// For the commands that only read: a database that is not there is refused (exit 2), since a
  /// mistyped `--db` must not quietly create an empty one and find nothing.
  func openExisting() throws -> NoteDatabase {
    try Paths.checkNoteDatabase(db, creating: false)
    return try open()
  }

  /// Opens the database, creating it when missing; a file that is not ours is refused with the
  /// library's message (exit 1).
  func open() throws -> NoteDatabase {
    do {
      return try NoteDatabase(path: db)
    } catch let error as NoteDatabaseError {
      throw CommandFailure(error.description)
    }
  }
}
