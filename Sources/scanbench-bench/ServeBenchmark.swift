import Foundation
import ScanbenchNotes
import ScanbenchSeam
import ScanbenchServer
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// `scanbench-bench serve`: `notes serve` under load on loopback. A database of a million
/// synthetic notes (the notes benchmark's corpus) plus the project's line corpora as real images
/// (for the thumbnails), the server in this process on an ephemeral port (a thread a connection, its
/// database connections two a core), and 16 clients, each a thread with its own kept-alive connection, sending requests
/// back to back (no pause between them), a bounded number each and for a bounded time. Latency is
/// measured by the clients, per request.
///
/// Options: `--records N` (default 1000000), `--db PATH` (reuse a database this mode made, its
/// images in `images/` beside it; default a temporary folder), `--keep`, `--clients N` (16), `--requests N` per client and route (150),
/// `--seconds N` at most per route (60).
func runServeBenchmark(arguments: [String]) throws {
  let options = try ServeBenchmarkOptions(arguments)
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("scanbench-serve-bench-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer {
    if options.keep { log("kept \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) }
  }
  // The real images: the project's English and Japanese lines, unpacked for the bench. Beside a
  // database given by `--db`, whose notes name them by path, so that a later run reusing it finds
  // them (and its thumbnails) where the first put them.
  let images =
    options.db.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("images") }
    ?? folder.appendingPathComponent("images")
  try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
  for archive in ["Corpora/eng-lines.tar.gz", "Corpora/jpn-lines.tar.gz"] {
    try shell("/usr/bin/tar", ["xzf", archive, "-C", images.path])
  }
  let imageNames = try FileManager.default.contentsOfDirectory(atPath: images.path)
    .filter { !$0.hasSuffix(".txt") }.sorted()

  let dbPath = options.db ?? folder.appendingPathComponent("notes.sqlite").path
  var corpus = SyntheticCorpus(seed: 0x5CA7_BE7C)
  if options.db == nil || !FileManager.default.fileExists(atPath: dbPath) {
    let store = folder.appendingPathComponent("results.jsonl")
    log("writing \(options.records) synthetic records and \(imageNames.count) of real images…")
    try corpus.writeStore(records: options.records, to: store)
    let handle = try FileHandle(forWritingTo: store)
    try handle.seekToEnd()
    let engine = EngineIdentity(name: "tesseract", version: "5.3.0", models: ["eng": "9f0e2b1c"])
    for (index, name) in imageNames.enumerated() {
      let data = try Data(contentsOf: images.appendingPathComponent(name))
      let stem = (name as NSString).deletingPathExtension
      let text =
        (try? String(contentsOf: images.appendingPathComponent(stem + ".gt.txt"), encoding: .utf8)) ?? ""
      var record = ResultRecord(
        run: "bench-images", time: Timestamp.format(1_714_521_600 + Double(options.records + index)),
        source: images.path, entry: name, sha256: SHA256.hex(data), profile: "accurate",
        lang: name.hasPrefix("jpn") ? "jpn" : "eng", engine: engine)
      record.text = text
      record.chars = text.count
      handle.write(try StoreWriter.line(for: record))
    }
    try handle.close()
    log("importing into \(dbPath)…")
    let database = try NoteDatabase(path: dbPath)
    try NoteImporter(database: database).importStore(at: store)
    try database.checkpoint()
  }
  let size = (try? FileManager.default.attributesOfItem(atPath: dbPath)[.size] as? Int) ?? 0
  let count = try NoteDatabase(readOnlyPath: dbPath).count()

  let server = try NotesServer(
    NotesServer.Options(database: dbPath, port: 0, cache: folder.appendingPathComponent("cache")))
  defer { server.stop() }
  let client = LoopbackClient(port: server.port)
  defer { client.close() }

  // What the clients ask for: list pages (the first and keyset pages deep in the list), searches
  // across the words' frequencies and in Japanese, notes anywhere, thumbnails of the real images.
  var cursors = ["/"]
  var next: String? = "/api/notes?limit=50"
  while let target = next, cursors.count < 40 {
    let page = try JSONSerialization.jsonObject(with: try client.get(target).body) as? [String: Any]
    next = page?["next"] as? String
    if let next, let after = next.range(of: "after=") { cursors.append("/?" + next[after.lowerBound...]) }
  }
  // Pages deep in the grid (by when taken, else imported: the photos' own order), a quarter to
  // all the way down, from the cursor of a note there.
  for fraction in [0.25, 0.5, 0.75, 0.99] {
    let id = Int64(saturating: Double(options.records) * (1 - fraction))
    let note =
      try JSONSerialization.jsonObject(with: try client.get("/api/notes/\(id)").body) as? [String: Any]
    guard let taken = note?["taken_at"] as? String else {
      throw BenchmarkUsageError(message: "/api/notes/\(id) has no taken_at")
    }
    cursors.append("/?after=t\(taken)~\(id)")
  }
  let searches = (corpus.queryWords(count: 50) + SyntheticCorpus.japaneseQueries).map {
    "/?q=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)
  }
  // Searches never asked before (none kept by a connection, the terms' counts not yet kept): words
  // drawn as the texts draw them, each as it is typed from its third letter, each query once.
  var drawn = SyntheticCorpus(seed: 0x7E57_0001)
  var newSearches: [String] = []
  var asked = Set<String>()
  while newSearches.count < options.clients * options.requests + 100 {
    let word = drawn.word()
    for length in 3...max(3, word.count) where asked.insert(String(word.prefix(length))).inserted {
      newSearches.append("/?q=" + word.prefix(length))
    }
  }
  var random = SplitMix64(seed: 7)
  let notes = (0..<200).map { _ in "/notes/\(1 + Int(random.next() % UInt64(max(1, count))))" }
  let thumbnails = (0..<imageNames.count).map { "/notes/\(count - $0)/thumbnail" }

  log("making \(thumbnails.count) thumbnails (cold)…")
  var cold: [Double] = []
  for target in thumbnails {
    let start = DispatchTime.now().uptimeNanoseconds
    let response = try client.get(target)
    guard response.status == 200 else { throw BenchmarkUsageError(message: "\(target): \(response.status)") }
    cold.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }

  let routes: [(name: String, aim: String, targets: [String], distinct: Bool)] = [
    ("list `/` (first page and keyset pages)", "p99 < 20 ms", cursors, false),
    (
      "search `/?q=` (\(searches.count) queries, common to rare words and Japanese)", "p99 < 100 ms",
      searches,
      false
    ),
    (
      "search `/?q=`, each query new (\(options.clients * options.requests) words and prefixes as typed, "
        + "none asked before)", "", newSearches, true
    ),
    ("note `/notes/ID`", "", notes, false),
    ("thumbnail, warm `/notes/ID/thumbnail`", "< 30 ms", thumbnails, false),
  ]
  var rows: [String] = []
  for route in routes {
    log("load: \(route.name)…")
    // Queries meant to be new: the one client's after the loaded run's, which asks each once.
    let single = try load(
      port: server.port, targets: route.targets, clients: 1, requests: 100, seconds: 30,
      first: route.distinct ? options.clients * options.requests : nil)
    let loaded = try load(
      port: server.port, targets: route.targets, clients: options.clients, requests: options.requests,
      seconds: options.seconds, first: route.distinct ? 0 : nil)
    log(
      String(
        format: "  CPU a request: %.2f ms alone, %.2f ms under load", single.cpu * 1000, loaded.cpu * 1000))
    rows.append(
      "| \(route.name) | \(loaded.latencies.count) | \(ms(percentile(loaded.latencies, 0.5))) | "
        + "\(ms(percentile(loaded.latencies, 0.99))) | \(String(format: "%.0f", loaded.rate)) | "
        + "\(ms(percentile(single.latencies, 0.5))) / \(ms(percentile(single.latencies, 0.99))) | "
        + "\(ms(single.cpu * 1000)) | \(loaded.errors) | \(route.aim) |")
  }
  rows.append(
    "| thumbnail, cold (decoded and scaled by leptonica, then cached; 1 client) | \(cold.count) | "
      + "\(ms(percentile(cold, 0.5))) | \(ms(percentile(cold, 0.99))) | | | | 0 | |")

  let lines =
    [
      "### `notes serve` under load",
      "",
      commandLine("serve", arguments),
      "",
      "\(count) notes (\(options.records) synthetic as in the import benchmark above, \(imageNames.count) with the "
        + "real images of `Corpora/eng-lines` and `jpn-lines`), "
        + String(format: "%.0f MB", Double(size) / 1e6)
        + "; the server in the benchmark's process on loopback, a thread a connection and "
        + "\(ProcessInfo.processInfo.activeProcessorCount * 2) database connections (two a core), sharing the "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores with \(options.clients) client threads, "
        + "each with its own kept-alive connection, sending requests back to back (at most \(options.requests) "
        + "a client per route, \(options.seconds) s). Latency from request to whole response, measured by the "
        + "client; *1 client* is the same route alone (the service time, the floor under the loaded figures), "
        + "and its CPU time a request (user and system, of the whole process: server and client, from "
        + "getrusage), which other work on the machine does not inflate as it does the latencies.",
      "",
      "| Route | requests | p50 | p99 | requests/s | 1 client: p50 / p99 | 1 client: CPU a request | errors | aim |",
      "|---|---|---|---|---|---|---|---|---|",
    ] + rows + [""]
  print(lines.joined(separator: "\n"))
}

/// `clients` threads, each on its own connection, sending `targets` round-robin (from its own
/// offset), `requests` each or until `seconds` have passed; with `first`, each target once, from
/// there on (client k the k-th run of `requests`).
private func load(
  port: Int, targets: [String], clients: Int, requests: Int, seconds: Double, first: Int? = nil
) throws -> (
  latencies: [Double], rate: Double, errors: Int, cpu: Double
) {
  let cpuBefore = processCPUSeconds()
  let latencies = Mutex<[Double]>([])
  let errors = Atomic<Int>(0)
  let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(saturating: seconds * 1e9)
  let done = DispatchGroup()
  let started = DispatchTime.now().uptimeNanoseconds
  for worker in 0..<clients {
    done.enter()
    let thread = Thread {
      defer { done.leave() }
      let client = LoopbackClient(port: port)
      defer { client.close() }
      var mine: [Double] = []
      for request in 0..<requests where DispatchTime.now().uptimeNanoseconds < deadline {
        let target = targets[
          (first.map { $0 + worker * requests + request } ?? worker * 7 + request) % targets.count]
        let start = DispatchTime.now().uptimeNanoseconds
        do {
          let response = try client.get(target)
          if response.status != 200 { errors.add(1, ordering: .relaxed) }
        } catch {
          errors.add(1, ordering: .relaxed)
        }
        mine.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      latencies.withLock { $0 += mine }
    }
    thread.start()
  }
  done.wait()
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
  let all = latencies.withLock { $0 }
  return (
    all, Double(all.count) / elapsed, errors.load(ordering: .relaxed),
    (processCPUSeconds() - cpuBefore) / Double(max(1, all.count))
  )
}

/// CPU seconds (user and system) this process has used, all its threads: the server's and the
/// clients'.
private func processCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

private func ms(_ milliseconds: Double) -> String { String(format: "%.1f ms", milliseconds) }

private func shell(_ tool: String, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchmarkUsageError(message: "\(tool) \(arguments.joined(separator: " ")) failed")
  }
}

private struct ServeBenchmarkOptions {
  var records = 1_000_000
  var db: String?
  var keep = false
  var clients = 16
  var requests = 150
  var seconds = 60.0

  init(_ arguments: [String]) throws {
    var iterator = arguments.makeIterator()
    func number(_ name: String) throws -> Int {
      guard let text = iterator.next(), let value = Int(text), value > 0 else {
        throw BenchmarkUsageError(message: "\(name) takes a positive whole number")
      }
      return value
    }
    while let argument = iterator.next() {
      switch argument {
      case "--records": records = try number(argument)
      case "--clients": clients = try number(argument)
      case "--requests": requests = try number(argument)
      case "--seconds": seconds = Double(try number(argument))
      case "--db":
        guard let value = iterator.next() else { throw BenchmarkUsageError(message: "--db needs a value") }
        db = value
      case "--keep": keep = true
      default: throw BenchmarkUsageError(message: "unknown option '\(argument)' for the serve benchmark")
      }
    }
  }
}
