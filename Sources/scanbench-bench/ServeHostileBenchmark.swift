import Foundation
import ScanbenchNotes
import ScanbenchSeam
import ScanbenchServer
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// `scanbench-bench serve-hostile`: `notes serve` while hostile and heavy requests are in progress.
/// 64 slow clients, each a connection that sends a header line every second and never ends its
/// headers (reconnecting when the server cuts it off), and two cold thumbnails of two different
/// 100-megapixel PNGs (10000 × 10000, as `--max-pixels` allows by default), asked for at once; meanwhile
/// one client asks for `/api/notes/ID` back to back, and its latencies are kept while both
/// thumbnails are still being made. Repeated for `--rounds` rounds, the thumbnail cache emptied
/// before each. All on loopback, in this process; bounded in connections, rounds and time.
///
/// Options: `--records N` synthetic notes beside the two photos (default 10000), `--rounds N` (3).
func runServeHostileBenchmark(arguments: [String]) throws {
  var records = 10_000
  var rounds = 3
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    guard ["--records", "--rounds"].contains(argument), let text = iterator.next(), let value = Int(text),
      value > 0
    else { throw BenchmarkUsageError(message: "unknown option or value '\(argument)' for serve-hostile") }
    if argument == "--records" { records = value } else { rounds = value }
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("scanbench-serve-hostile-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  log("writing \(records) synthetic records and two 100-megapixel PNGs…")
  let store = folder.appendingPathComponent("results.jsonl")
  var corpus = SyntheticCorpus(seed: 0x5CA7_BE7C)
  try corpus.writeStore(records: records, to: store)
  let handle = try FileHandle(forWritingTo: store)
  try handle.seekToEnd()
  for index in 0..<2 {
    let png = folder.appendingPathComponent("photo-\(index).png")
    try writeHugePNG(to: png, seed: index)
    var record = ResultRecord(
      run: "bench-photos", time: Timestamp.format(1_900_000_000 + Double(index)), source: folder.path,
      entry: png.lastPathComponent, sha256: SHA256.hex(try Data(contentsOf: png)), profile: "accurate",
      lang: "eng", engine: EngineIdentity(name: "tesseract", version: "5.3.0"))
    record.text = "a photo of a hundred megapixels"
    record.width = 10_000
    record.height = 10_000
    handle.write(try StoreWriter.line(for: record))
  }
  try handle.close()
  let database = folder.appendingPathComponent("notes.sqlite").path
  do {
    let notes = try NoteDatabase(path: database)
    try NoteImporter(database: notes).importStore(at: store)
    try notes.checkpoint()
  }
  let (photos, others): ([Int64], [Int64]) = try {
    let notes = try NoteDatabase(readOnlyPath: database)
    let photos = try notes.page(NoteListQuery(limit: nil, since: nil, source: folder.path)).notes.map(\.id)
    let all = try notes.page(NoteListQuery(limit: nil, since: nil, source: nil)).notes.map(\.id)
    return (photos, all.filter { !photos.contains($0) })
  }()
  guard photos.count == 2, !others.isEmpty else {
    throw BenchmarkUsageError(message: "the benchmark's database lacks its two photos")
  }
  let cache = folder.appendingPathComponent("cache")
  let server = try NotesServer(NotesServer.Options(database: database, port: 0, cache: cache))
  defer { server.stop() }

  let slow = SlowClients(port: server.port, count: 64)
  defer { slow.stop() }
  var latencies: [Double] = []
  var thumbnailSeconds: [Double] = []
  var statuses: [Int: Int] = [:]
  var random = SplitMix64(seed: 11)
  for round in 0..<rounds {
    try? FileManager.default.removeItem(at: cache)
    log("round \(round + 1) of \(rounds): two cold thumbnails, 64 slow clients…")
    let inProgress = Atomic<Int>(2)
    let done = DispatchGroup()
    let times = Mutex<[Double]>([])
    for photo in photos {
      done.enter()
      Thread {
        defer { done.leave() }
        let client = LoopbackClient(port: server.port, timeoutSeconds: 120)
        defer { client.close() }
        let start = DispatchTime.now().uptimeNanoseconds
        let status = (try? client.get("/notes/\(photo)/thumbnail").status) ?? -1
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        log(String(format: "  thumbnail of note %d: %d in %.1f s", photo, status, seconds))
        times.withLock { $0.append(seconds) }
        inProgress.subtract(1, ordering: .relaxed)
      }.start()
    }
    usleep(200_000)
    let client = LoopbackClient(port: server.port, timeoutSeconds: 30)
    while inProgress.load(ordering: .relaxed) == 2 {
      let id = others[Int(random.next() % UInt64(others.count))]
      let start = DispatchTime.now().uptimeNanoseconds
      let status = (try? client.get("/api/notes/\(id)").status) ?? -1
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      // Only while both thumbnails were still being made.
      if inProgress.load(ordering: .relaxed) == 2 {
        latencies.append(elapsed)
        statuses[status, default: 0] += 1
      }
      usleep(5_000)
    }
    client.close()
    done.wait()
    thumbnailSeconds += times.withLock { $0 }
  }
  let errors = statuses.filter { $0.key != 200 }.values.reduce(0, +)
  let cpus = ProcessInfo.processInfo.activeProcessorCount
  let lines = [
    "### `notes serve` under slow clients and cold thumbnails",
    "",
    commandLine("serve-hostile", arguments),
    "",
    "\(records) synthetic notes and two photos of 10000 × 10000 pixels (PNG); the server in the "
      + "benchmark's process on loopback (\(cpus) cores; renditions made on a pool of "
      + "\(max(1, cpus / 2)) of its own), with 64 slow clients (a header line a second, never the end of "
      + "the headers; cut off by the server and reconnecting: \(slow.reconnections) connections in all) and "
      + "two cold thumbnails asked for at once, \(rounds) rounds, the cache emptied before each. One client "
      + "asks for `/api/notes/ID` back to back (5 ms apart); only the requests made while both thumbnails "
      + "were still being made count. Latency from request to whole response, measured by the client.",
    "",
    "| Route | requests | p50 | p99 | max | errors | cold thumbnail (p50 / max) | aim |",
    "|---|---|---|---|---|---|---|---|",
    "| `/api/notes/ID` | \(latencies.count) | \(msText(percentile(latencies, 0.5))) | "
      + "\(msText(percentile(latencies, 0.99))) | \(msText(latencies.max() ?? 0)) | \(errors) | "
      + String(format: "%.1f s / %.1f s", percentile(thumbnailSeconds, 0.5), thumbnailSeconds.max() ?? 0)
      + " | p99 < 50 ms |",
    "",
  ]
  print(lines.joined(separator: "\n"))
}

private func msText(_ milliseconds: Double) -> String { String(format: "%.1f ms", milliseconds) }

/// A 10000 × 10000 grey PNG, its rows a pattern of `seed` (so that two are different images),
/// deflated by Python's zlib (as the tests make theirs).
private func writeHugePNG(to url: URL, seed: Int) throws {
  let script = """
    import struct, zlib
    w = h = 10000
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
    row = b'\\x00' + bytes((x * (7 + \(seed)) + x // 13) & 255 for x in range(w))
    header = struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)
    data = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(row * h, 1))
    open('\(url.path)', 'wb').write(data + chunk(b'IEND', b''))
    """
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments = ["-c", script]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchmarkUsageError(message: "python3 could not write \(url.path)")
  }
}

/// `count` connections to 127.0.0.1 that each send a request line and then a header line a second,
/// never the blank line that ends the headers; one the server closes is opened again. On a thread of
/// its own until `stop`.
private final class SlowClients: Sendable {
  private let running = Atomic<Bool>(true)
  private let opened = Atomic<Int>(0)
  private let finished = DispatchSemaphore(value: 0)

  var reconnections: Int { opened.load(ordering: .relaxed) }

  init(port: Int, count: Int) {
    Thread { [self] in
      var sockets = [Int32](repeating: -1, count: count)
      var line = 0
      while running.load(ordering: .relaxed) {
        for index in sockets.indices {
          if sockets[index] >= 0, isClosed(sockets[index]) {
            close(sockets[index])
            sockets[index] = -1
          }
          if sockets[index] < 0 {
            sockets[index] = connectTo(port)
            if sockets[index] >= 0 {
              opened.add(1, ordering: .relaxed)
              send(sockets[index], "GET /api/notes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            }
          }
          if sockets[index] >= 0 { send(sockets[index], "X-Slow-\(line): 1\r\n") }
        }
        line += 1
        for _ in 0..<10 where running.load(ordering: .relaxed) { usleep(100_000) }
      }
      for socket in sockets where socket >= 0 { close(socket) }
      finished.signal()
    }.start()
  }

  func stop() {
    running.store(false, ordering: .relaxed)
    finished.wait()
  }

  private func connectTo(_ port: Int) -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return -1 }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return -1
    }
    return descriptor
  }

  private func send(_ socket: Int32, _ text: String) {
    _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
  }

  /// Whether the server has closed `socket` (an end of stream or a reset), without waiting.
  private func isClosed(_ socket: Int32) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
  }
}
