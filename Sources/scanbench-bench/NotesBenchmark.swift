import Foundation
import ScanbenchNotes
import ScanbenchStore
import ScanbenchSupport

/// `scanbench-bench notes`: imports a synthetic store of recognized texts into a fresh note
/// database, re-imports it (every record unchanged), and times word searches on the result.
///
/// Options: `--records N` (default 1000000), `--store PATH` (reuse or write the synthetic store
/// there; default a temp folder), `--db PATH` (default a temp folder), `--queries N` (default 50),
/// `--keep` (leave the temp folder), `--no-reimport`.
func runNotesBenchmark(arguments: [String]) throws {
  let options = try NotesBenchmarkOptions(arguments)
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("scanbench-notes-bench-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer {
    if options.keep {
      log("kept \(folder.path)")
    } else {
      try? FileManager.default.removeItem(at: folder)
    }
  }
  let storeURL =
    options.store.map(URL.init(fileURLWithPath:)) ?? folder.appendingPathComponent("results.jsonl")
  let dbPath = options.db ?? folder.appendingPathComponent("notes.sqlite").path
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dbPath + suffix) }

  var corpus = SyntheticCorpus(seed: 0x5CA7_BE7C)
  if FileManager.default.fileExists(atPath: storeURL.path) && options.store != nil {
    log("using the existing store \(storeURL.path)")
  } else {
    log("writing \(options.records) synthetic records to \(storeURL.path)…")
    let started = Date()
    try corpus.writeStore(records: options.records, to: storeURL)
    log(String(format: "  written in %.1f s", Date().timeIntervalSince(started)))
  }
  let storeBytes = (try? FileManager.default.attributesOfItem(atPath: storeURL.path)[.size] as? Int) ?? 0

  // Reading and decoding alone: the floor under any import.
  log("decoding the store without a database…")
  var decoded = 0
  let decodeSeconds = try measure {
    try StoreReader.readRawLines(storeURL) { _, bytes, complete in
      if complete, case .result = StoreReader.decodeLineFast(bytes) { decoded += 1 }
    }
  }
  var decodedByJSONDecoder = 0
  let jsonDecoderSeconds = try measure {
    try StoreReader.read(storeURL) { _, line in
      if case .result = line { decodedByJSONDecoder += 1 }
    }
  }

  log("importing into \(dbPath)…")
  let database = try NoteDatabase(path: dbPath)
  let importer = try NoteImporter(database: database)
  var counts = ImportCounts()
  let importSeconds = try measure {
    counts = try importer.importStore(
      at: storeURL,
      progress: { lines in
        if lines % 200_000 == 0 { log("  \(lines) lines") }
      })
  }
  let records = counts.imported + counts.replaced + counts.unchanged + counts.failedRecords
  let checkpointSeconds = try measure { try database.checkpoint() }
  let sizes = try database.sizes()

  var reimport: (counts: ImportCounts, seconds: Double)?
  if options.reimport {
    log("importing the same store again…")
    var again = ImportCounts()
    let seconds = try measure { again = try importer.importStore(at: storeURL) }
    reimport = (again, seconds)
  }

  // Word queries across the vocabulary's frequency range, then Japanese.
  let words = corpus.queryWords(count: options.queries)
  log("searching \(words.count) words…")
  _ = try database.search(words[0])  // warm the cache
  var wordTimes: [Double] = []
  var wordHits: [Int] = []
  for word in words {
    var hits = 0
    wordTimes.append(try measure { hits = try database.search(word).count })
    wordHits.append(hits)
  }
  let matchCounts = try words.map { try database.searchCount($0) }
  var japaneseTimes: [Double] = []
  for query in SyntheticCorpus.japaneseQueries {
    japaneseTimes.append(try measure { _ = try database.search(query) })
  }
  var shortTimes: [Double] = []
  for query in SyntheticCorpus.shortJapaneseQueries {
    shortTimes.append(try measure { _ = try database.search(query) })
  }
  var listTimes: [Double] = []
  for _ in 0..<10 {
    listTimes.append(try measure { _ = try database.list(NoteListQuery(limit: 20)) })
  }

  func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
  func mb(_ bytes: Int64) -> String { String(format: "%.0f MB", Double(bytes) / 1_000_000) }
  func rate(_ count: Int, _ seconds: Double) -> String {
    String(format: "%.0f records/s (%.1f s)", Double(count) / seconds, seconds)
  }
  let sortedMatches = matchCounts.sorted()
  var lines = [
    "### Import and search",
    "",
    commandLine("notes", arguments),
    "",
    "Synthetic store: \(records) records (\(counts.failedRecords) failed, a summary line), "
      + String(format: "%.0f MB, ", Double(storeBytes) / 1_000_000)
      + "\(corpus.averageCharacters) characters of text on average (10% Japanese), "
      + "on \(ProcessInfo.processInfo.activeProcessorCount) cores, SQLite \(NoteDatabase.sqliteVersion).",
    "",
    "| Measure | Value |",
    "|---|---|",
    "| Read + decode the store only, importer's fast path (no database) | \(rate(decoded, decodeSeconds)) |",
    "| Read + decode the store only, `StoreReader.read` (JSONDecoder) | "
      + "\(rate(decodedByJSONDecoder, jsonDecoderSeconds)) |",
    "| Import into a new database (50k records per transaction) | \(rate(records, importSeconds)) |",
    "| Imported / replaced / unchanged / skipped / failed | \(counts.imported) / \(counts.replaced) / "
      + "\(counts.unchanged) / \(counts.skipped) / \(counts.failedRecords) |",
    "| WAL checkpoint after import | \(ms(checkpointSeconds)) |",
  ]
  if let reimport {
    lines.append(
      "| Import the same store again (all unchanged: \(reimport.counts.unchanged)) | "
        + "\(rate(records, reimport.seconds)) |")
  }
  lines += [
    "| Database size | \(mb(sizes.total)) |",
    "| of which the full-text indexes (words of every note + trigrams of CJK lines) | \(sizes.fullTextIndex.map(mb) ?? "unknown (no dbstat)") |",
    "| Word search, \(words.count) words, top 20 with snippets: median | \(ms(median(wordTimes))) |",
    "| Word search: 90th percentile / max | \(ms(percentile(wordTimes, 0.9))) / \(ms(wordTimes.max() ?? 0)) |",
    "| Notes matching a query word: median / max | \(sortedMatches[sortedMatches.count / 2]) / "
      + "\(sortedMatches.last ?? 0) |",
    "| Japanese search, 3+ characters (index), median of \(japaneseTimes.count) | \(ms(median(japaneseTimes))) |",
    "| Japanese search, 2 characters (scan), median of \(shortTimes.count) | \(ms(median(shortTimes))) |",
    "| `notes list` (newest 20), median of 10 | \(ms(median(listTimes))) |",
    "",
  ]
  print(lines.joined(separator: "\n"))
  if options.verbose {
    for (index, word) in words.enumerated() {
      log("  \(word): \(ms(wordTimes[index])) \(matchCounts[index]) matches")
    }
  }
}

private struct NotesBenchmarkOptions {
  var records = 1_000_000
  var store: String?
  var db: String?
  var queries = 50
  var keep = false
  var reimport = true
  var verbose = false

  init(_ arguments: [String]) throws {
    var iterator = arguments.makeIterator()
    func value(_ name: String) throws -> String {
      guard let value = iterator.next() else { throw BenchmarkUsageError(message: "\(name) needs a value") }
      return value
    }
    while let argument = iterator.next() {
      switch argument {
      case "--records":
        guard let number = Int(try value(argument)), number > 0 else {
          throw BenchmarkUsageError(message: "--records takes a positive whole number")
        }
        records = number
      case "--queries":
        guard let number = Int(try value(argument)), number > 0 else {
          throw BenchmarkUsageError(message: "--queries takes a positive whole number")
        }
        queries = number
      case "--store": store = try value(argument)
      case "--db": db = try value(argument)
      case "--keep": keep = true
      case "--no-reimport": reimport = false
      case "--verbose": verbose = true
      default: throw BenchmarkUsageError(message: "unknown option '\(argument)' for the notes benchmark")
      }
    }
  }
}

struct BenchmarkUsageError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Deterministic synthetic OCR output: English-like words drawn with Zipf frequencies from a large
/// vocabulary (so a word query matches anything from a handful to a third of the notes), some lines
/// of Japanese.
struct SyntheticCorpus {
  var random: SplitMix64
  let vocabulary: [String]
  /// Cumulative Zipf weights over `vocabulary`.
  let cumulative: [Double]
  private(set) var totalCharacters = 0
  private(set) var texts = 0

  static let japaneseQueries = ["天気予報", "東京都", "ラーメン", "領収書", "お問い合わせ"]
  static let shortJapaneseQueries = ["天気", "東京", "税込", "合計", "雨"]
  static let japaneseLines = [
    "東京都の天気予報によると、明日は雨が降るでしょう。", "本日のおすすめ：味噌ラーメン", "領収書 合計 ¥1,280（税込）",
    "お問い合わせは受付までお願いします。", "京都の天気は晴れ、気温は二十度です。", "会議は午後三時から第二会議室で行います。",
  ]

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    let common = """
      the of and to in is for on with as total invoice receipt date amount due paid thank you please \
      customer order number page account balance tax price item quantity address street city phone \
      email dear sincerely regards meeting report summary harbor letter parcel delivery payment \
      shipping station market coffee bread milk water ticket train museum library hospital school
      """.split(separator: " ").map(String.init)
    var words = common
    var seen = Set(common)
    let onsets = [
      "b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "st", "tr", "pl", "gr",
    ]
    let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou"]
    let codas = ["", "n", "r", "s", "t", "l", "nd", "st", "ng"]
    var generator = SplitMix64(seed: seed ^ 0xABCD)
    while words.count < 30_000 {
      var word = ""
      for _ in 0..<(2 + Int(generator.next() % 2)) {
        word += onsets[Int(generator.next() % UInt64(onsets.count))]
        word += vowels[Int(generator.next() % UInt64(vowels.count))]
      }
      word += codas[Int(generator.next() % UInt64(codas.count))]
      if seen.insert(word).inserted { words.append(word) }
    }
    vocabulary = words
    var sum = 0.0
    cumulative = words.indices.map { rank in
      sum += 1 / Double(rank + 1)
      return sum
    }
  }

  var averageCharacters: Int { texts == 0 ? 0 : totalCharacters / texts }

  mutating func word() -> String {
    let target = Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 1)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] < target { low = middle + 1 } else { high = middle }
    }
    return vocabulary[low]
  }

  mutating func text() -> String {
    var lines: [String] = []
    for _ in 0..<(2 + Int(random.next() % 5)) {
      if random.next() % 10 == 0 {
        lines.append(
          SyntheticCorpus.japaneseLines[Int(random.next() % UInt64(SyntheticCorpus.japaneseLines.count))])
      } else {
        lines.append((0..<(4 + Int(random.next() % 9))).map { _ in word() }.joined(separator: " "))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Words spread over the frequency ranks, from the most common to rare ones, all 3+ letters.
  func queryWords(count: Int) -> [String] {
    let candidates = vocabulary.filter { $0.count >= 3 }
    return (0..<count).map { index in
      let position = pow(Double(candidates.count - 1), Double(index) / Double(max(1, count - 1)))
      return candidates[min(candidates.count - 1, Int(position))]
    }
  }

  /// Writes the store with hand-built JSON (the texts need only `\n` escaped), for speed.
  mutating func writeStore(records: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw BenchmarkUsageError(message: "cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let engine = #"{"models":{"eng":"9f0e2b1c","jpn":"77aa01de"},"tesseract":"5.3.0"}"#
    var buffer = ""
    let base = 1_714_521_600.0  // 2024-05-01T00:00:00Z
    for index in 0..<records {
      let time = Timestamp.format(base + Double(index))
      let sha = String(repeating: hex(UInt64(index) &* 0x9E37_79B9_7F4A_7C15), count: 4)
      let source = "archive-\(index / 10_000).tar.zst"
      let entry = "scans/\(index).png"
      if index % 100 == 99 {
        buffer +=
          #"{"schema":1,"kind":"result","run":"bench","time":"\#(time)","source":"\#(source)","entry":"\#(entry)","sha256":"\#(sha)","profile":"accurate","lang":"eng","ms":{"decode":1.5,"recognize":120,"score":0},"engine":\#(engine),"error":{"kind":"decode","message":"not an image"}}"#
      } else {
        let text = text()
        let chars = text.count
        totalCharacters += chars
        texts += 1
        let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
        buffer +=
          #"{"schema":1,"kind":"result","run":"bench","time":"\#(time)","source":"\#(source)","entry":"\#(entry)","sha256":"\#(sha)","profile":"accurate","lang":"eng","text":"\#(escaped)","confidence":88.5,"chars":\#(chars),"width":1240,"height":1754,"ms":{"decode":1.5,"recognize":120,"score":0},"engine":\#(engine)}"#
      }
      buffer += "\n"
      if buffer.utf8.count > 1 << 20 {
        handle.write(Data(buffer.utf8))
        buffer = ""
      }
    }
    buffer +=
      #"{"schema":1,"kind":"summary","run":"bench","time":"2024-06-01T00:00:00Z","sources":[],"profile":"accurate","lang":"eng","jobs":1,"images":\#(records),"succeeded":\#(records),"failed":0,"skipped":0,"scored":0,"gt_chars":0,"edits":0,"metric":"cer","images_per_second":1,"wall_seconds":1,"interrupted":false,"engine":\#(engine)}"#
    buffer += "\n"
    handle.write(Data(buffer.utf8))
  }

  private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func measure(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(saturating: Double(sorted.count - 1) * fraction + 0.5))]
}

func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
