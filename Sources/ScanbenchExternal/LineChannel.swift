import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Lines to and from a program, each exchange bounded by a deadline: a request is written while
/// whatever the program writes meanwhile is read (so neither side can block the other on a full
/// pipe), then one line is read back.
struct LineChannel {
  /// Why an exchange did not produce a line.
  enum Failure: Error, Equatable {
    /// The deadline passed first.
    case timedOut
    /// The program closed its stdout (it died, or ended) before a whole line.
    case ended
    /// A line longer than `maximumLine`: not the protocol.
    case tooLong
  }

  /// Responses carry at most a page's words with their boxes, well under a MiB; anything longer is
  /// not the protocol. The bound is also what reading an answer may cost: the line, then its
  /// decoded values and the record made of them, several times its size, in each worker at once.
  static let maximumLine = 8 << 20

  private let input: Int32
  private let output: Int32
  /// Readable once the program has ended (`ChildProcess.exited`), or -1: a descendant that keeps
  /// its stdout open must not keep an exchange waiting for the deadline after the program is gone.
  private let exited: Int32
  /// Bytes read after the last line returned.
  private var buffer: [UInt8] = []
  /// How far `buffer` has been searched for a newline.
  private var scanned = 0

  init(input: Int32, output: Int32, exited: Int32 = -1) {
    self.input = input
    self.output = output
    self.exited = exited
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
  }

  /// Writes `request` (empty: nothing) and returns the next line, without its `\n` (or `\r\n`).
  mutating func exchange(_ request: Data, deadline: DispatchTime) throws(Failure) -> Data {
    var written = 0
    var inputOpen = true
    while true {
      if written == request.count, let line = nextLine() { return line }
      if buffer.count > Self.maximumLine { throw .tooLong }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline.uptimeNanoseconds else { throw .timedOut }
      let milliseconds = Int32(saturating: min(Double(deadline.uptimeNanoseconds - now) / 1e6 + 1, 60_000))
      let writing = written < request.count && inputOpen
      var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
      if writing { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      if exited >= 0 { descriptors.append(pollfd(fd: exited, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      if exited >= 0, descriptors[descriptors.count - 1].revents != 0 {
        // The program has ended: what it wrote before is all there will be from it.
        _ = try readAvailable()
        if let line = nextLine() { return line }
        throw .ended
      }
      if descriptors[0].revents != 0 {
        guard try readAvailable() else { throw .ended }
      }
      if writing, descriptors[1].revents != 0 {
        let sent = request.withUnsafeBytes { raw -> Int in
          guard let base = raw.baseAddress else { return 0 }
          return send(input, base + written, raw.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        if sent > 0 {
          written += sent
        } else if sent < 0, errno != EAGAIN, errno != EINTR {
          // The program closed its stdin (or died): what it wrote still says which.
          inputOpen = false
        }
      }
      if !inputOpen {
        // Nothing more can be sent: wait for stdout to end (or a line, or the deadline).
        written = request.count
      }
    }
  }

  /// Reads what is there; false at the end of the program's stdout.
  private mutating func readAvailable() throws(Failure) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        if count < chunk.count { return true }
        if buffer.count > Self.maximumLine { throw .tooLong }
        continue
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK
    }
  }

  private mutating func nextLine() -> Data? {
    guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
      scanned = buffer.count
      return nil
    }
    var end = newline
    if end > 0, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    let line = Data(buffer[0..<end])
    buffer.removeSubrange(0...newline)
    scanned = 0
    return line
  }
}
