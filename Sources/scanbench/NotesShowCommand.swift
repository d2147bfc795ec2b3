import Foundation
import ScanbenchCommandLine
import ScanbenchNotes

struct NotesShowCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(name: "show", abstract: "Show one note: everything about it and its whole text.")
  }

  @Argument(help: "The note's id, as 'notes list' shows it.", parsing: .noteID) var id: Int64
  @OptionGroup var database: NoteDatabaseOptions
  @OptionGroup var output: JSONOutput

  func run(_: Void) throws -> Int32 {
    let database = try self.database.openExisting()
    guard let note = try database.note(id: id) else {
      throw CommandFailure("no note with id \(id) in \(database.path)")
    }
    if output.json {
      try JSONOutput.print(note)
      return ExitCode.success
    }
    var rows: [(String, String)] = [
      ("id", "\(note.id)"),
      ("recognized", note.recognizedAt),
      ("imported", note.importedAt),
      ("source", note.source),
      ("entry", note.entry),
    ]
    if let page = note.page { rows.append(("page", "\(page)")) }
    rows.append(("taken", note.capturedAt ?? "unknown (the photo's metadata has no capture date)"))
    if let orientation = note.orientationDescription { rows.append(("orientation", orientation)) }
    rows += [
      ("sha256", note.sha256),
      ("profile", "\(note.profile) (\(note.lang))"),
      ("chars", "\(note.chars)"),
    ]
    if let confidence = note.confidence { rows.append(("confidence", String(format: "%.1f", confidence))) }
    if let cer = note.cer {
      var text = String(format: "%.2f%%", cer * 100)
      if let edits = note.edits, let gtChars = note.gtChars {
        text += " (\(edits) edits / \(gtChars) characters)"
      }
      if let metric = note.metric { text += ", \(metric)" }
      rows.append(("CER", text))
    }
    if let words = note.words, let lines = note.lines {
      rows.append(("boxes", "\(words.count) words in \(lines.count) lines ('scanbench overlay' draws them)"))
    }
    for code in note.barcodes ?? [] {
      let payload = code.data ?? "base64 " + (code.dataBase64 ?? "")
      rows.append(
        ("code", "\(code.symbology) at \(code.x),\(code.y) \(code.width)×\(code.height): \(payload)"))
    }
    rows.append(("run", note.run))
    if let engine = note.engine {
      let models = engine.models.keys.sorted().map { "\($0) \(engine.models[$0]?.prefix(12) ?? "")" }
      rows.append(("engine", ([engine.label] + models).joined(separator: ", ")))
    }
    // Every reading of the photo, best first: `notes show ID` of another shows its text.
    for reading in note.readings ?? [] {
      var text =
        "\(reading.id): \(reading.profile) (\(reading.lang)), \(reading.engine ?? "unknown engine"), "
      text += "\(reading.recognizedAt), \(reading.chars) chars"
      if let cer = reading.cer { text += String(format: ", CER %.2f%%", cer * 100) }
      let marks = [reading.isBest ? "best" : nil, reading.id == note.id ? "this one" : nil].compactMap { $0 }
      if !marks.isEmpty { text += " [" + marks.joined(separator: ", ") + "]" }
      rows.append(("reading", text))
    }
    let text = note.text + (note.text.hasSuffix("\n") ? "" : "\n")
    Console.out(TextTable.keyValue(rows, labelWidth: 12) + "\n" + text)
    return ExitCode.success
  }
}
