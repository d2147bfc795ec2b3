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

  /// Opens the database, creating it when missing.
  func open() throws -> NoteDatabase { try Self.open(path: db) }

  /// Opens the database at `path`; a file that is not ours is refused with the library's message.
  static func open(path: String) throws -> NoteDatabase {
    do {
      return try NoteDatabase(path: path)
    } catch let error as NoteDatabaseError {
      throw failure(error)
    }
  }

  /// The exit-code rule of every command that opens a note database: 2 for a database that cannot
  /// be used at all (an unusable input: not SQLite, another program's, a newer or unknown schema),
  /// 1 for a failure inside one.
  static func failure(_ error: NoteDatabaseError) -> CommandFailure {
    CommandFailure(
      error.description, exitCode: error.isUnusableDatabase ? ExitCode.inputUnreadable : ExitCode.failure)
  }
}
