import ScanbenchCommandLine
import ScanbenchNotes

struct NotesDeleteCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "delete", abstract: "Delete one note (importing its store again brings it back).")
  }

  @Argument(help: "The note's id, as 'notes list' shows it.", parsing: .noteID) var id: Int64
  @OptionGroup var database: NoteDatabaseOptions
  @OptionGroup var output: JSONOutput

  func run(_: Void) throws -> Int32 {
    let database = try self.database.openExisting()
    guard try database.delete(id: id) else {
      throw CommandFailure("no note with id \(id) in \(database.path)")
    }
    if output.json {
      struct Deleted: Encodable { var deleted: Int64 }
      try JSONOutput.print(Deleted(deleted: id))
    } else {
      Console.out("deleted note \(id)\n")
    }
    return ExitCode.success
  }
}
