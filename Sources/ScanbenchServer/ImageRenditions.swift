import Foundation
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// A note's image: the original bytes, re-read from the recorded input and checked by SHA-256
/// (`StoredImage`), and the JPEGs made from them with leptonica, upright as recognized: the list's
/// thumbnails and the note page's preview, cached under `$XDG_CACHE_HOME/scanbench/notes-serve`.
///
/// A cached rendition is named by the SHA-256 of the bytes it was made from (and the page and the
/// turn), so it is of exactly the image that was recognized, and is served without reading the
/// input again.
///
/// A rendition not yet cached is made on a pool of its own (`RenderPool`: a few threads, a short
/// queue), never on the thread of the request: decoding a photo of a hundred megapixels takes
/// seconds and hundreds of megabytes, and the list and the API must not wait behind it. A request
/// waits for its rendition until its deadline, then is told to come back (`RenditionPending`) while
/// the rendition is finished and cached for its next try.
final class ImageRenditions: Sendable {
  enum Kind: String, Sendable {
    case thumbnail
    case preview

    /// The longest side, in pixels: a thumbnail shown at 120 CSS pixels on a 2× screen; a preview
    /// large enough to read words on.
    var maxSide: Int { self == .thumbnail ? 240 : 1600 }
    var quality: Int { self == .thumbnail ? 78 : 85 }
  }

  /// The folder of renditions (made on first use).
  let cache: URL
  /// Largest original read (as `run` refuses larger entries by default).
  let maxImageBytes: Int
  let maxPixels: Int

  /// Seconds a request waits for a rendition being made.
  let deadline: Double
  private let pool: RenderPool
  /// Told of an image that decodes with a warning (a JPEG cut short), naming it: the decoder's own
  /// words (libjpeg's "Premature end of JPEG file", on stderr) do not say which image they are about.
  private let warn: @Sendable (String) -> Void

  init(
    cache: URL, maxImageBytes: Int = 256 << 20, maxPixels: Int = 100_000_000, renderThreads: Int = 1,
    deadline: Double = 10, warn: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.warn = warn
    self.cache = cache
    self.maxImageBytes = maxImageBytes
    self.maxPixels = maxPixels
    self.deadline = deadline
    pool = RenderPool(threads: renderThreads, queued: 8)
  }

  /// Renditions asked for and not yet begun are dropped (their requests told to come back); the
  /// ones being made are finished and cached.
  func stop() { pool.stop() }

  /// A rendition is being made and was not ready by the request's deadline, or the pool's queue is
  /// full: the request is answered 503, to come back after `retryAfter` seconds.
  struct RenditionPending: Error {
    var retryAfter: Int
  }

  /// `$XDG_CACHE_HOME/scanbench/notes-serve` (an empty variable being unset), else `~/.cache/…`.
  static func defaultCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    ModelFolders.cache(environment: environment).appendingPathComponent("notes-serve")
  }

  /// The original bytes of the note's image.
  func original(_ note: Note) throws -> Data {
    try StoredImage.read(source: note.source, entry: note.entry, sha256: note.sha256, maxBytes: maxImageBytes)
  }

  /// A JPEG of the note's image as recognized: from the cache, or made now and cached.
  func rendition(_ kind: Kind, of note: Note) throws -> Data {
    let turn = note.orientation?.osdCorrection
    let name = "\(note.sha256)-p\(note.page ?? 0)-\(turn.map(Self.turnName) ?? "up")-\(kind.maxSide).jpg"
    // The SHA-256 comes from the database: only hex digits name a file here.
    guard note.sha256.utf8.count == 64, note.sha256.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
      throw StoredImage.Failure(kind: .unreadable, message: "the note's SHA-256 is not one")
    }
    let file = cache.appendingPathComponent(kind.rawValue).appendingPathComponent(name)
    if let cached = try? Data(contentsOf: file), !cached.isEmpty { return cached }
    let result = pool.result(of: file.path, within: deadline) { [self] in
      try render(kind, of: note, to: file)
    }
    switch result {
    case .some(.success(let jpeg)): return jpeg
    case .some(.failure(let error)): throw error
    case .none: throw RenditionPending(retryAfter: max(1, Int(saturating: deadline.rounded(.up)) / 2))
    }
  }

  /// Makes the rendition (on the pool's thread) and caches it.
  private func render(_ kind: Kind, of note: Note, to file: URL) throws -> Data {
    let turn = note.orientation?.osdCorrection
    let data = try original(note)
    // The end marker, in the last bytes (a camera may pad after it; a thumbnail inside the EXIF
    // at the start has its own).
    let tail = [UInt8](data.suffix(64 << 10))
    if data.starts(with: [0xFF, 0xD8, 0xFF]),
      !zip(tail, tail.dropFirst()).contains(where: { $0 == (0xFF, 0xD9) })
    {
      warn(
        "\(note.source): \(note.entry) (note \(note.id)): the JPEG ends before its end marker; its "
          + "rendition shows what there is (libjpeg's 'Premature end of JPEG file' is about it)")
    }
    let jpeg: Data
    do {
      let pages = try ImageDecoder.decode(data, maxPixels: maxPixels).pages
      let index = (note.page ?? 1) - 1
      guard pages.indices.contains(index) else {
        throw StoredImage.Failure(kind: .unreadable, message: "\(note.entry) has no page \(index + 1)")
      }
      var page = pages[index]
      if let turn { page = try page.applying(turn) }
      jpeg = try page.scaled(toFit: kind.maxSide).jpegData(quality: kind.quality)
    } catch let failure as StoredImage.Failure {
      throw failure
    } catch {
      throw StoredImage.Failure(kind: .unreadable, message: "\(note.entry): \(error)")
    }
    store(jpeg, at: file)
    return jpeg
  }

  /// Writes a rendition whole (a temporary file renamed into place), or not at all: the cache is a
  /// convenience, and a failure to write it only costs making it again.
  private func store(_ data: Data, at file: URL) {
    let folder = file.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".\(UUID().uuidString).part")
    guard (try? data.write(to: temporary)) != nil else { return }
    if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
  }

  private static let hexDigits = Set("0123456789abcdef".utf8)

  /// `threads` threads making renditions, at most `queued` waiting for one; a rendition asked for
  /// while it is being made is not made twice (the second request waits for the first one's).
  final class RenderPool: Sendable {
    private final class Job: Sendable {
      let key: String
      let work: @Sendable () throws -> Data
      let result = Mutex<Result<Data, any Error>?>(nil)
      let done = DispatchGroup()

      init(key: String, work: @escaping @Sendable () throws -> Data) {
        self.key = key
        self.work = work
        done.enter()
      }

      func finish(_ outcome: Result<Data, any Error>) {
        result.withLock { $0 = outcome }
        done.leave()
      }
    }

    private struct State {
      var waiting: [Job] = []
      var jobs: [String: Job] = [:]
      var stopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let queued: Int
    private let threads: Int

    init(threads: Int, queued: Int) {
      self.queued = max(1, queued)
      self.threads = max(1, threads)
      for index in 0..<self.threads {
        let thread = Thread { [self] in work() }
        thread.name = "scanbench-render-\(index)"
        thread.stackSize = 8 << 20
        thread.start()
      }
    }

    /// The outcome of `work` for `key` (begun now, or joined if it is under way), or nil if it is
    /// not done within `seconds` or the queue is full.
    func result(
      of key: String, within seconds: Double, work: @escaping @Sendable () throws -> Data
    ) -> Result<Data, any Error>? {
      let job: Job? = state.withLock { state in
        if let job = state.jobs[key] { return job }
        guard !state.stopped, state.waiting.count < queued else { return nil }
        let job = Job(key: key, work: work)
        state.jobs[key] = job
        state.waiting.append(job)
        wake.signal()
        return job
      }
      guard let job, job.done.wait(timeout: .now() + seconds) == .success else { return nil }
      return job.result.withLock { $0 }
    }

    func stop() {
      let dropped = state.withLock { state in
        state.stopped = true
        defer { state.waiting = [] }
        return state.waiting
      }
      for job in dropped {
        state.withLock { _ = $0.jobs.removeValue(forKey: job.key) }
        job.finish(.failure(RenditionPending(retryAfter: 1)))
      }
      // Each thread wakes once more, finds the pool stopped and ends.
      for _ in 0..<threads { wake.signal() }
    }

    private func work() {
      // Renditions are background work: the requests' threads are to win the cores from this one.
      // On Linux the niceness is the thread's own, and "process 0" is the calling thread.
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      _ = setpriority(which, 0, min(19, getpriority(which, 0) + 10))
      while true {
        wake.wait()
        let next: Job?? = state.withLock { state in
          if state.stopped { return .none }
          return state.waiting.isEmpty ? .some(nil) : .some(state.waiting.removeFirst())
        }
        guard let next else { return }
        guard let job = next else { continue }
        let outcome = Result { try job.work() }
        state.withLock { _ = $0.jobs.removeValue(forKey: job.key) }
        job.finish(outcome)
      }
    }
  }

  private static func turnName(_ step: ExifOrientation.Step) -> String {
    switch step {
    case .rotate(let quarterTurns): "r\(quarterTurns)"
    case .flipLeftRight: "lr"
    case .flipTopBottom: "tb"
    }
  }
}
