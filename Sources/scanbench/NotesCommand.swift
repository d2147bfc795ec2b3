import Foundation
import ScanbenchNotes
import ScanbenchStore
import ScanbenchSupport

/// `--db`, shared by `import` and every `notes` subcommand.
enum NoteDatabaseOption {
  static let database = Option<String>(
    "--db", help: "The note database (created by 'import').", valueName: "file",
    default: NoteDatabase.defaultPath(),
    defaultText: "$XDG_DATA_HOME/scanbench/notes.sqlite, else ~/.local/share/scanbench/notes.sqlite"
  ) { $0 }
  static let option = database.spec

  static func path(_ arguments: ParsedArguments) -> String { arguments[database] }

  /// The commands that only read refuse a database that is not there: a mistyped `--db` must not
  /// quietly create an empty one and find nothing.
  static func checkExists(_ arguments: ParsedArguments) throws {
    try Paths.checkNoteDatabase(path(arguments), creating: false)
  }

  /// Opens the database; a file that is not ours is refused with the library's message: exit 2
  /// for a database that cannot be used at all (an unusable input), 1 for a failure inside one.
  static func open(_ arguments: ParsedArguments) throws -> NoteDatabase {
    try opening { try NoteDatabase(path: path(arguments)) }
  }

  /// Runs `open`, turning its errors into the exit-code rule above.
  static func opening(_ open: () throws -> NoteDatabase) throws -> NoteDatabase {
    do {
      return try open()
    } catch let error as NoteDatabaseError {
      throw CommandFailure(
        error.description, exitCode: error.isUnusableDatabase ? ExitCode.inputUnreadable : ExitCode.failure)
    }
  }
}

/// `scanbench notes <subcommand>`: browse, search, delete and export the note database.
enum NotesCommand: Command {
  static var subcommands: [any Command.Type] {
    [
      NotesListCommand.self,
      NotesShowCommand.self,
      NotesSearchCommand.self,
      NotesDeleteCommand.self,
      NotesExportCommand.self,
      NotesServeCommand.self,
    ]
  }

  static let spec = CommandSpec(
    name: "notes",
    abstract: "Browse, search, delete and export the recognized texts in the note database.",
    discussion: """
      The note database holds one note per recognized image (or page): its text and where it came
      from. Fill it with 'scanbench import STORE.jsonl'.
      """,
    subcommands: subcommands.map { (String($0.spec.name.dropFirst("notes ".count)), $0.spec.abstract) })

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let name = arguments.positionals.first else {
      Console.out(HelpFormatter.help(spec))
      return ExitCode.usage
    }
    if name == "--help" || name == "-h" {
      Console.out(HelpFormatter.help(spec))
      return ExitCode.success
    }
    let names = subcommands.map { String($0.spec.name.dropFirst("notes ".count)) }
    guard let index = names.firstIndex(of: name) else {
      var message =
        name.hasPrefix("-") ? "Expected a subcommand before '\(name)'." : "Unknown subcommand '\(name)'."
      if let suggestion = ArgumentParser.closest(to: name, among: names) {
        message += " Did you mean '\(suggestion)'?"
      }
      throw UsageError(message)
    }
    return Scanbench.execute(subcommands[index], Array(arguments.positionals.dropFirst()))
  }

  /// `--json` output: one line of JSON on stdout.
  static func printJSON(_ value: some Encodable) throws {
    Console.out(String(decoding: try StoreWriter.line(for: value), as: UTF8.self))
  }

  static func noteID(_ arguments: ParsedArguments) throws -> Int64 {
    let text = arguments.positionals[0]
    guard let id = Int64(text), id > 0 else {
      throw UsageError("<id> is a note number such as 42, not '\(text)'")
    }
    return id
  }

  /// Pads or cuts `text` to exactly `width` terminal columns (cut with "…").
  static func fit(_ text: String, _ width: Int) -> String {
    var result = ""
    var used = 0
    let total = columns(text)
    for character in text {
      let needed = columns(character)
      if total > width && used + needed > width - 1 {
        result += "…"
        used += 1
        break
      }
      result.append(character)
      used += needed
    }
    return result + String(repeating: " ", count: max(0, width - used))
  }

  static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - columns(text))) + text
  }

  static func columns(_ text: String) -> Int { text.reduce(0) { $0 + columns($1) } }

  /// Terminal columns of a character: two for East Asian wide and fullwidth characters and emoji.
  static func columns(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}

enum NotesListCommand: Command {
  static let limit = Option<Int>.integer(
    "--limit", help: "Show at most this many notes (0 for all).", range: 0...Int.max, default: 20)
  static let since = Option<Double?>(
    "--since", help: "Only notes recognized at or after this date or time (UTC unless it says).",
    valueName: "date", default: nil
  ) { text in
    guard let parsed = Timestamp.parse(text) else {
      throw UsageError("--since takes a date such as 2024-05-01 or 2024-05-01T12:00:00Z, not '\(text)'")
    }
    return parsed
  }
  static let source = Option<String?>(
    "--source", help: "Only notes from this archive, as the store names it.", valueName: "archive")

  static let spec = CommandSpec(
    name: "notes list",
    abstract: "List notes, newest first: id, date, characters, first line, source.",
    options: [limit.spec, since.spec, source.spec, NoteDatabaseOption.option, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws { try NoteDatabaseOption.checkExists(arguments) }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let limit = arguments[Self.limit]
    let since = arguments[Self.since]
    let database = try NoteDatabaseOption.open(arguments)
    let notes = try database.list(
      NoteListQuery(limit: limit == 0 ? nil : limit, since: since, source: arguments[source]))
    if arguments[Flag.json] {
      try NotesCommand.printJSON(notes)
      return ExitCode.success
    }
    guard !notes.isEmpty else {
      Console.error(
        "no notes in \(database.path)\(since != nil || arguments[source] != nil ? " match" : "")\n")
      return ExitCode.success
    }
    let idWidth = max(2, notes.map { String($0.id).count }.max() ?? 2)
    let dateWidth = max(10, notes.map { NotesCommand.columns($0.recognizedAt) }.max() ?? 20)
    let charsWidth = max(5, notes.map { String($0.chars).count }.max() ?? 5)
    var lines = [
      [
        NotesCommand.rightAligned("ID", idWidth), NotesCommand.fit("RECOGNIZED", dateWidth),
        NotesCommand.rightAligned("CHARS", charsWidth), NotesCommand.fit("TEXT", 40), "SOURCE",
      ].joined(separator: "  ")
    ]
    for note in notes {
      lines.append(
        [
          NotesCommand.rightAligned(String(note.id), idWidth), NotesCommand.fit(note.recognizedAt, dateWidth),
          NotesCommand.rightAligned(String(note.chars), charsWidth), NotesCommand.fit(note.firstLine, 40),
          note.source,
        ].joined(separator: "  "))
    }
    Console.out(lines.joined(separator: "\n") + "\n")
    return ExitCode.success
  }
}

enum NotesShowCommand: Command {
  static let spec = CommandSpec(
    name: "notes show",
    abstract: "Show one note: everything about it and its whole text.",
    arguments: [ArgumentSpec(name: "id", help: "The note's id, as 'notes list' shows it.")],
    options: [NoteDatabaseOption.option, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    _ = try NotesCommand.noteID(arguments)
    try NoteDatabaseOption.checkExists(arguments)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let id = try NotesCommand.noteID(arguments)
    let database = try NoteDatabaseOption.open(arguments)
    guard let note = try database.note(id: id) else {
      throw CommandFailure("no note with id \(id) in \(database.path)")
    }
    if arguments[Flag.json] {
      try NotesCommand.printJSON(note)
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
    var output = rows.map { $0.0.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.1 }.joined(
      separator: "\n")
    output += "\n\n" + note.text + (note.text.hasSuffix("\n") ? "" : "\n")
    Console.out(output)
    return ExitCode.success
  }
}

enum NotesSearchCommand: Command {
  static let limit = Option<Int>.integer(
    "--limit", help: "Show at most this many notes.", range: 1...Int.max, default: 20)

  static let spec = CommandSpec(
    name: "notes search",
    abstract: "Find notes containing every word of a query, best first, with the match in context.",
    discussion: """
      Words of three characters or more are looked up in the word index (a word matches the words
      it begins: 'shop' finds "shopping"; case and accents are ignored) and ranked by relevance
      (bm25). Japanese and Chinese terms of three characters or more match anywhere in the text,
      through a trigram index. Shorter terms, such as two-character Japanese words, are found by
      scanning the notes, newest first. A word in more than 5000 notes is ranked among the 5000
      most recently imported of them. Put a phrase in double quotes to find it as written:
      '"harbor master"'.
      """,
    arguments: [ArgumentSpec(name: "query", help: "Words or \"quoted phrases\" to find.", isVariadic: true)],
    options: [limit.spec, NoteDatabaseOption.option, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    guard !NoteDatabase.searchTerms(arguments.positionals.joined(separator: " ")).isEmpty else {
      throw UsageError("The query is empty.")
    }
    try NoteDatabaseOption.checkExists(arguments)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let limit = arguments[Self.limit]
    let query = arguments.positionals.joined(separator: " ")
    let database = try NoteDatabaseOption.open(arguments)
    let color = !arguments[Flag.json] && Console.useColor
    let highlight = color ? ("\u{1B}[1;33m", "\u{1B}[0m") : ("[", "]")
    let hits = try database.search(query, options: SearchOptions(limit: limit, highlight: highlight))
    if arguments[Flag.json] {
      try NotesCommand.printJSON(hits)
      return ExitCode.success
    }
    guard !hits.isEmpty else {
      Console.error("no notes match \(query)\n")
      return ExitCode.success
    }
    var lines: [String] = []
    for hit in hits {
      lines.append("\(hit.id)  \(hit.recognizedAt)  \(hit.source)  \(hit.entry)")
      lines.append("    " + hit.snippet)
    }
    Console.out(lines.joined(separator: "\n") + "\n")
    if hits.count == limit { Console.error("(the first \(limit); --limit shows more)\n") }
    return ExitCode.success
  }
}

enum NotesDeleteCommand: Command {
  static let spec = CommandSpec(
    name: "notes delete",
    abstract: "Delete one note (importing its store again brings it back).",
    arguments: [ArgumentSpec(name: "id", help: "The note's id, as 'notes list' shows it.")],
    options: [NoteDatabaseOption.option, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    _ = try NotesCommand.noteID(arguments)
    try NoteDatabaseOption.checkExists(arguments)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let id = try NotesCommand.noteID(arguments)
    let database = try NoteDatabaseOption.open(arguments)
    guard try database.delete(id: id) else {
      throw CommandFailure("no note with id \(id) in \(database.path)")
    }
    if arguments[Flag.json] {
      struct Deleted: Encodable { var deleted: Int64 }
      try NotesCommand.printJSON(Deleted(deleted: id))
    } else {
      Console.out("deleted note \(id)\n")
    }
    return ExitCode.success
  }
}

enum NotesExportCommand: Command {
  static let jsonLines = Flag(
    "--jsonl", help: "Write store records (JSON lines) that 'scanbench import' reads back.")

  static let spec = CommandSpec(
    name: "notes export",
    abstract: "Write every note to stdout: as text, as JSON, or as a store that 'import' reads back.",
    discussion: """
      --jsonl writes one store record per note: importing it into another database gives the same
      notes. --json writes one JSON array of notes, with their ids and import times. Without either,
      each note is a header line ('# ID RECOGNIZED SOURCE ENTRY') followed by its text.
      """,
    options: [jsonLines.spec, NoteDatabaseOption.option, Flag.json.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    if arguments[jsonLines] && arguments[Flag.json] {
      throw UsageError("--json and --jsonl cannot be used together.")
    }
    try NoteDatabaseOption.checkExists(arguments)
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let jsonLines = arguments[Self.jsonLines]
    let json = arguments[Flag.json]
    let database = try NoteDatabaseOption.open(arguments)
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
