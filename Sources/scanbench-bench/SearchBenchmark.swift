import Foundation
import ScanbenchNotes
import ScanbenchSupport

/// `scanbench-bench search --db PATH`: the CPU time of each search `notes serve` runs in its load
/// benchmark (the same 50 words across the vocabulary's frequencies and the Japanese queries, plus
/// the two-character ones that scan), on a database that `serve --db PATH` or `notes --db PATH`
/// made, through `NoteDatabase.search` with the page's options (30 hits, HTML). CPU time of the
/// thread, not wall-clock time, so that a machine busy with other work still gives comparable
/// figures. Two ways:
/// - *cold*: each query on a connection of its own, as `notes search` runs it (nothing kept from
///   an earlier query);
/// - *server*: one connection whose `SearchStatistics` keep what they may, as `notes serve`'s do;
///   the first round fills them, the least of the next `--rounds` (default 5) is taken, with the
///   results the connection keeps forgotten before each query (so that it ranks again);
/// - *server, asked again*: the same query again on that connection, its result kept.
///
/// The warm figures are also given by the queries' kinds: words whose matches fill the rank
/// window, words of fewer matches, the trigram index's Japanese, the scans of two characters, and
/// the prefixes of words as they are typed (a search for each pause), which the load benchmark
/// does not ask.
///
/// `--hits FILE` writes every query's hits (ids, scores, snippets) of the server way as JSON
/// lines, so that two builds can be held to the same results.
func runSearchBenchmark(arguments: [String]) throws {
  var iterator = arguments.makeIterator()
  var path: String?
  var rounds = 5
  var hitsFile: String?
  while let argument = iterator.next() {
    switch argument {
    case "--db": path = iterator.next()
    case "--hits": hitsFile = iterator.next()
    case "--rounds":
      guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else {
        throw BenchmarkUsageError(message: "--rounds takes a positive whole number")
      }
      rounds = value
    default: throw BenchmarkUsageError(message: "unknown option '\(argument)' for the search benchmark")
    }
  }
  guard let path else { throw BenchmarkUsageError(message: "the search benchmark needs --db PATH") }
  let corpus = SyntheticCorpus(seed: 0x5CA7_BE7C)
  let words = corpus.queryWords(count: 50)
  // Every fifth word as it is typed, from its first three letters (shorter ones scan).
  let typed = stride(from: 0, to: words.count, by: 5).flatMap { index in
    let word = words[index]
    return (3..<max(3, word.count)).map { String(word.prefix($0)) }
  }
  let queries = words + SyntheticCorpus.japaneseQueries + SyntheticCorpus.shortJapaneseQueries + typed
  let options = SearchOptions(limit: 30, highlight: ("<mark>", "</mark>"), escape: { Markup.escape($0) })

  var cold: [Double] = []
  for query in queries {
    let database = try NoteDatabase(readOnlyPath: path)
    let start = threadCPUSeconds()
    _ = try database.search(query, options: options)
    cold.append(threadCPUSeconds() - start)
  }

  let database = try NoteDatabase(
    readOnlyPath: path, statistics: SearchStatistics(keepsDocumentSizes: true))
  var first: [Double] = []
  var warm = [Double](repeating: .infinity, count: queries.count)
  var again = [Double](repeating: .infinity, count: queries.count)
  var results: [[NoteSearchHit]] = Array(repeating: [], count: queries.count)
  for round in 0...rounds {
    for (index, query) in queries.enumerated() {
      database.forgetKeptResults()
      let start = threadCPUSeconds()
      results[index] = try database.search(query, options: options)
      let seconds = threadCPUSeconds() - start
      if round == 0 { first.append(seconds) } else { warm[index] = min(warm[index], seconds) }
      if round > 0 {
        let start = threadCPUSeconds()
        let kept = try database.search(query, options: options)
        again[index] = min(again[index], threadCPUSeconds() - start)
        guard kept == results[index] else {
          throw BenchmarkUsageError(message: "'\(query)' asked again gave other hits")
        }
      }
    }
  }
  // The kinds of query, by what the search does with them.
  var matches: [Int] = []
  for query in queries { matches.append(try database.searchCount(query)) }
  func kind(_ index: Int) -> String {
    let query = queries[index]
    if index >= queries.count - typed.count { return "prefixes as typed (3 letters on)" }
    if SyntheticCorpus.shortJapaneseQueries.contains(query) { return "two-character Japanese (a scan)" }
    if SyntheticCorpus.japaneseQueries.contains(query) { return "Japanese (trigram index)" }
    return matches[index] >= NoteDatabase.rankWindow
      ? "words matching ≥ \(NoteDatabase.rankWindow) notes (a full window)" : "words matching fewer"
  }
  if let hitsFile {
    struct Line: Encodable {
      var query: String
      var hits: [NoteSearchHit]
    }
    var text = Data()
    for (index, query) in queries.enumerated() {
      text += try JSONLine.encode(Line(query: query, hits: results[index]))
    }
    try text.write(to: URL(fileURLWithPath: hitsFile))
  }
  for (index, query) in queries.enumerated() {
    log(
      String(
        format: "%8.2f ms cold %8.2f ms server %8.2f ms again  %7d matches  %3d hits  %@", cold[index] * 1000,
        warm[index] * 1000, again[index] * 1000, matches[index], results[index].count, query))
  }
  func summary(_ name: String, _ seconds: [Double]) -> String {
    let milliseconds = seconds.map { $0 * 1000 }
    let mean = milliseconds.reduce(0, +) / Double(max(1, milliseconds.count))
    return String(
      format: "| %@ | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2f ms |", name, mean,
      percentile(milliseconds, 0.5),
      percentile(milliseconds, 0.9), percentile(milliseconds, 0.99), milliseconds.max() ?? 0)
  }
  let lines =
    [
      "### Search, CPU a query",
      "",
      commandLine("search", arguments),
      "",
      "The \(words.count + SyntheticCorpus.japaneseQueries.count) queries of the load benchmark above "
        + "(and the \(SyntheticCorpus.shortJapaneseQueries.count) two-character Japanese ones of the import one, "
        + "and \(typed.count) prefixes of every fifth word as it is typed), "
        + "30 hits with HTML snippets, on its database; the thread's CPU time (user and system) per query, so "
        + "other work on the machine does not count.",
      "",
      "| Way | mean | p50 | p90 | p99 | max |",
      "|---|---|---|---|---|---|",
      summary("cold: each query on a new connection (as `notes search`)", cold),
      summary("server, first round (its statistics filling, the notes' sizes read)", first),
      summary("server, warm, ranked again (least of \(rounds) rounds)", warm),
      summary("server, asked again (the connection's kept result)", again),
    ]
    + Array(Set(queries.indices.map(kind))).sorted().map { name in
      let indices = queries.indices.filter { kind($0) == name }
      return summary("server, warm: \(name), \(indices.count)", indices.map { warm[$0] })
    } + [""]
  print(lines.joined(separator: "\n"))
}

/// CPU seconds this thread has used.
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One JSON line, keys sorted.
private enum JSONLine {
  static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + Data("\n".utf8)
  }
}
