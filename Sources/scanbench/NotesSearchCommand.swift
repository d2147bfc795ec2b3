import ScanbenchCommandLine
import ScanbenchNotes

struct NotesSearchCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    let window = NoteDatabase.searchRankWindow
    return CommandConfiguration(
      name: "search",
      abstract: "Find notes containing every word of a query, best first, with the match in context.",
      discussion: """
        Words of three characters or more are looked up in the word index (a word matches the words
        it begins: 'shop' finds "shopping"; case and accents are ignored) and ranked by relevance
        (bm25). Japanese and Chinese terms of three characters or more match anywhere in the text,
        through a trigram index. Shorter terms, such as two-character Japanese words, are found by
        scanning the notes, newest first. A word in more than \(window) notes is ranked among the \(window)
        most recently imported of them. Put a phrase in double quotes to find it as written:
        '"harbor master"'.
        """)
  }

  @Argument(help: "Words or \"quoted phrases\" to find.") var query: [String]
  @Option(help: "Show at most this many notes.", valueName: "N", parsing: .integer(in: 1...Int.max))
  var limit = 20
  @OptionGroup var database: NoteDatabaseOptions
  @OptionGroup var output: JSONOutput

  /// The query, as one text.
  func validate() throws -> String {
    let query = query.joined(separator: " ")
    guard !NoteDatabase.searchTerms(query).isEmpty else { throw UsageError("The query is empty.") }
    return query
  }

  func run(_ query: String) throws -> Int32 {
    let database = try self.database.openExisting()
    let color = !output.json && Console.useColor
    let highlight = color ? ("\u{1B}[1;33m", "\u{1B}[0m") : ("[", "]")
    let hits = try database.search(query, options: SearchOptions(limit: limit, highlight: highlight))
    if output.json {
      try JSONOutput.print(hits)
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
