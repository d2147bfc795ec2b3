import Foundation
import ScanbenchCommandLine
import ScanbenchNotes
import ScanbenchStore

struct NotesExportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "export",
      abstract: "Write every note to stdout: as text, as JSON, or as a store that 'import' reads back.",
      discussion: """
        --jsonl writes one store record per note: importing it into another database gives the same
        notes. --json writes one JSON array of notes, with their ids and import times. Without either,
        each note is a header line ('# ID RECOGNIZED SOURCE ENTRY') followed by its text.
        """)
  }

  @Flag(name: "--jsonl", help: "Write store records (JSON lines) that 'scanbench import' reads back.")
  var jsonLines = false
  @OptionGroup var database: NoteDatabaseOptions
  @OptionGroup var output: JSONOutput

  func validate() throws {
    if jsonLines && output.json { throw UsageError("--json and --jsonl cannot be used together.") }
  }

  func run(_: Void) throws -> Int32 {
    let json = output.json
    let database = try self.database.openExisting()
    let output = FileHandle.standardOutput
    var buffer = Data()
    func flush(force: Bool) {
      guard force || buffer.count >= 1 << 20 else { return }
      output.write(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
    var first = true
    if json { buffer.append(UInt8(ascii: "[")) }
    try database.forEachNote { note in
      if jsonLines {
        buffer.append(try StoreWriter.line(for: note.resultRecord))
      } else if json {
        if !first { buffer.append(UInt8(ascii: ",")) }
        buffer.append(try StoreWriter.line(for: note).dropLast())
      } else {
        let text = note.text.hasSuffix("\n") || note.text.isEmpty ? note.text : note.text + "\n"
        buffer.append(Data("# \(note.id) \(note.recognizedAt) \(note.source) \(note.entry)\n\(text)\n".utf8))
      }
      first = false
      flush(force: false)
    }
    if json { buffer.append(contentsOf: Array("]\n".utf8)) }
    flush(force: true)
    return ExitCode.success
  }
}
