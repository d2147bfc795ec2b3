import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// MEASUREMENT ONLY (issue 29): with `SCANBENCH_BUSY_TRACE=PATH` in the environment, every span
/// below is appended to PATH as `tid label start end` (CLOCK_MONOTONIC nanoseconds), so that a
/// sampler of the process's runnable threads can say which state each idle core fell in. Off
/// (the default), a span costs one load of a constant.
package enum BusyTrace {
  private final class Sink: @unchecked Sendable {
    // Safe: `file` is written only under `lock`.
    let lock = Mutex(())
    let file: UnsafeMutablePointer<FILE>

    init(file: UnsafeMutablePointer<FILE>) { self.file = file }
  }

  private static let sink: Sink? = {
    guard let path = getenv("SCANBENCH_BUSY_TRACE"), let file = fopen(path, "w") else { return nil }
    return Sink(file: file)
  }()

  /// The kernel's id of the calling thread (`/proc/thread-self` is `PID/task/TID`).
  private static func threadID() -> Substring {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, 63)
    guard count > 0 else { return "0" }
    let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return link.split(separator: "/").last ?? "0"
  }

  package static var isOn: Bool { sink != nil }

  package static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }

  /// Records `label` from `start` to now on the calling thread.
  package static func record(_ label: String, since start: Int) {
    guard let sink else { return }
    let end = now()
    let line = "\(threadID()) \(label) \(start) \(end)\n"
    sink.lock.withLock { _ in
      fputs(line, sink.file)
      fflush(sink.file)
    }
  }

  /// Runs `body` as a span named `label`.
  package static func span<T>(_ label: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
    guard sink != nil else { return try body() }
    let start = now()
    defer { record(label(), since: start) }
    return try body()
  }
}
