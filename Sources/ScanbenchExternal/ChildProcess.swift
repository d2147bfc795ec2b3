import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program started as `/bin/sh -c COMMAND` (posix_spawn) in a process group of its own, so that
/// stopping it stops whatever it started too. Its stdin is one end of a socket pair — a write to a
/// program that died fails with EPIPE (`MSG_NOSIGNAL`) instead of raising SIGPIPE in scanbench —
/// and its stdout and stderr are pipes. Every other descriptor of scanbench is closed in the child
/// (the store's lock must not outlive scanbench in a program it started).
///
/// Nothing it starts outlives scanbench, however scanbench ends — an error exit, a signal, `kill -9`,
/// a crash: beside the program, in its group, a shell waits on the read end of a pipe whose write
/// end only scanbench holds (`lifeline`); when scanbench ends the kernel closes it, the wait ends,
/// and the shell kills the group (`kill -KILL 0`), the program and all it started with it.
///
/// A descendant that leaves the group (`setsid`) is not held by it: scanbench is a subreaper
/// (`PR_SET_CHILD_SUBREAPER`), so such a process, once its parent is gone, becomes scanbench's child
/// rather than init's, and every process the program starts inherits a marker in its environment
/// (`SCANBENCH_ENGINE_PROCESS`, one value a program). Stopping the program kills every process that
/// carries its marker or descends from it, and reaps those that became scanbench's children.
///
/// Not thread-safe: one engine owns it; only `errors` is handed to a thread of its own.
final class ChildProcess {
  let pid: pid_t
  /// Scanbench's end of the program's stdin; -1 once closed.
  private(set) var input: Int32
  /// The read end of the program's stdout.
  let output: Int32
  /// The read end of the program's stderr; whoever reads it closes it (`StderrRelay`).
  let errors: Int32
  /// How it ended, once reaped.
  private(set) var termination: Termination?
  /// Readable once the program has ended (a pidfd), even while a descendant holds its stdout open;
  /// -1 where the kernel has none.
  let exited: Int32
  /// `SCANBENCH_ENGINE_PROCESS=…` in the environment of the program and all it starts.
  private let marker: String
  /// Descendants killed and not reaped yet.
  private var killed: Set<pid_t> = []

  /// How a program ended.
  enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var description: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal):
        "was killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
      }
    }

    static func signalName(_ signal: Int32) -> String? {
      [
        SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGTERM: "SIGTERM", SIGBUS: "SIGBUS",
        SIGILL: "SIGILL", SIGFPE: "SIGFPE", SIGPIPE: "SIGPIPE", SIGINT: "SIGINT",
      ][signal]
    }
  }

  init(command: String) throws {
    var stdinPair: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, socketType, 0, &stdinPair) == 0 else { throw Self.failure("socketpair") }
    guard Self.pipe2(&stdoutPipe, O_CLOEXEC) == 0 else {
      let error = Self.failure("pipe")
      Self.close(stdinPair)
      throw error
    }
    guard Self.pipe2(&stderrPipe, O_CLOEXEC) == 0 else {
      let error = Self.failure("pipe")
      Self.close(stdinPair + stdoutPipe)
      throw error
    }
    // The child's ends are closed here whatever happens; the parent's stay open only on success.
    defer { Self.close([stdinPair[1], stdoutPipe[1], stderrPipe[1]]) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPair[1], 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
    posix_spawn_file_actions_adddup2(&actions, Self.lifeline, 3)
    Self.addCloseFrom(&actions, 4)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group (so a timeout can stop its children too), no blocked signals, and the
    // signals scanbench ignores (SIGPIPE) back to their defaults.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    _ = Self.subreaper
    let marker = Self.nextMarker()
    let arguments = ["/bin/sh", "-c", Self.watchedCommand, "scanbench-engine", command]
    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var entry = environ
    while let variable = entry.pointee {
      if !String(cString: variable).hasPrefix(Self.markerName + "=") { environment.append(strdup(variable)) }
      entry += 1
    }
    environment.append(strdup(marker))
    environment.append(nil)
    defer { for variable in environment { free(variable) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, cArguments, environment)
    guard status == 0 else {
      Self.close([stdinPair[0], stdoutPipe[0], stderrPipe[0]])
      throw ExternalEngineError.start("cannot start /bin/sh: \(String(cString: strerror(status)))")
    }
    pid = child
    self.marker = marker
    exited = Self.pidfdOpen.map { $0(child, 0) } ?? -1
    input = stdinPair[0]
    output = stdoutPipe[0]
    errors = stderrPipe[0]
  }

  /// Runs `$1` as `/bin/sh -c` would, with a watcher beside it in its group: the watcher reads
  /// descriptor 3 (the lifeline), which gives end-of-file only when scanbench has ended, and then
  /// kills the group. The program itself gets neither the lifeline nor the watcher's streams, so its
  /// stdout ends when it does.
  static let watchedCommand =
    "(read _ <&3; kill -KILL 0) </dev/null >/dev/null 2>&1 & exec 3<&- /bin/sh -c \"$1\""

  /// The read end of the lifeline, above the descriptors a program uses; its write end is never
  /// closed, so it closes when scanbench ends (both ends are close-on-exec in scanbench).
  private static let lifeline: Int32 = {
    var ends: [Int32] = [-1, -1]
    guard pipe2(&ends, O_CLOEXEC) == 0 else { return -1 }
    let high = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
    if high >= 0 { Glibc.close(ends[0]) }
    return high >= 0 ? high : ends[0]
  }()

  deinit {
    stop(grace: 0)
    closeInput()
    Glibc.close(output)
    if exited >= 0 { Glibc.close(exited) }
  }

  // MARK: Descendants that left the group

  static let markerName = "SCANBENCH_ENGINE_PROCESS"
  nonisolated(unsafe) private static var markerCount = 0
  private static let markerLock = NSLock()

  private static func nextMarker() -> String {
    markerLock.withLock {
      markerCount += 1
      return "\(markerName)=\(getpid()).\(markerCount)"
    }
  }

  /// Made once, before the first program starts: orphans of a program come back to scanbench.
  private static let subreaper: Bool = {
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
    // PR_SET_CHILD_SUBREAPER is 36 (linux/prctl.h), which Glibc does not export.
    return unsafeBitCast(symbol, to: Prctl.self)(36, 1, 0, 0, 0) == 0
  }()

  /// Kills every process that carries this program's marker or descends from one that does, or from
  /// the program, except the program itself (its reaping says how it ended). Rounds until a look finds
  /// none alive, for those that were forking.
  private func killDescendants() {
    for _ in 0..<20 {
      let found = Self.processes(marked: marker, under: pid).subtracting([pid])
      let alive = found.filter { Self.state(of: $0).map { $0.state != "Z" } ?? false }
      killed.formUnion(found)
      if alive.isEmpty { break }
      for process in alive { kill(process, SIGKILL) }
    }
  }

  /// Reaps the killed descendants: each dies and, its parents being killed too, becomes scanbench's
  /// child (scanbench is their subreaper). Those that another process reaps first just disappear.
  private func reapDescendants() {
    let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
    while !killed.isEmpty, DispatchTime.now().uptimeNanoseconds < deadline {
      for process in killed {
        guard let state = Self.state(of: process) else {
          killed.remove(process)
          continue
        }
        var status: Int32 = 0
        if state.parent == getpid(), waitpid(process, &status, WNOHANG) == process { killed.remove(process) }
      }
      if !killed.isEmpty { usleep(2_000) }
    }
    killed = []
  }

  /// The state letter and the parent of a process, from `/proc/PID/stat`; nil once it is gone.
  private static func state(of process: pid_t) -> (state: Character, parent: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // "PID (NAME) S PPID …": the name may hold spaces and parentheses, so fields count from the last ')'.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
    return (state, parent)
  }

  /// Every process that carries `marker` in its environment, and every descendant of those and of
  /// `root`.
  private static func processes(marked marker: String, under root: pid_t) -> Set<pid_t> {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var children: [pid_t: [pid_t]] = [:]
    var found: Set<pid_t> = [root]
    let needle = Array(marker.utf8)
    for process in entries.compactMap({ pid_t($0) }) {
      guard let state = state(of: process) else { continue }
      children[state.parent, default: []].append(process)
      if let environment = FileManager.default.contents(atPath: "/proc/\(process)/environ"),
        environment.split(separator: 0).contains(where: { $0.elementsEqual(needle) })
      {
        found.insert(process)
      }
    }
    var queue = Array(found)
    while let process = queue.popLast() {
      for child in children[process] ?? [] where found.insert(child).inserted { queue.append(child) }
    }
    return found
  }

  /// Closes the program's stdin: a program that reads to the end of its input then exits.
  func closeInput() {
    guard input >= 0 else { return }
    Glibc.close(input)
    input = -1
  }

  /// Ends the program: waits up to `grace` seconds for it to exit by itself (after its stdin was
  /// closed), then kills its whole process group, and reaps it. Returns how it ended.
  @discardableResult
  func stop(grace: Double) -> Termination? {
    if let termination { return termination }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(saturating: max(0, grace) * 1e9)
    while grace > 0, DispatchTime.now().uptimeNanoseconds < deadline {
      if reap(blocking: false) { return termination }
      usleep(5_000)
    }
    // Not reaped yet, so the group's id cannot have been reused.
    if !reap(blocking: false) {
      killDescendants()
      kill(-pid, SIGKILL)
      _ = reap(blocking: true)
    }
    return termination
  }

  /// Whether the program has ended (and is now reaped). Its group is killed before it is reaped,
  /// while its zombie still holds the group's id: whatever it left running goes with it.
  private func reap(blocking: Bool) -> Bool {
    var info = siginfo_t()
    while true {
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG))
      if result == -1, errno == EINTR { continue }
      if result == -1 {
        termination = termination ?? .exited(-1)
        return true
      }
      guard info._sifields._sigchld.si_pid == pid else { return false }
      break
    }
    // Before the group goes: a killed process is a zombie, whose environment can no longer be read.
    killDescendants()
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    reapDescendants()
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros, which Swift does not import.
    let signal = status & 0x7f
    termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    return true
  }

  // glibc's `pipe2` and `posix_spawn_file_actions_addclosefrom_np` (2.34) are declared only for
  // _GNU_SOURCE, which Swift's Glibc module does not define: looked up once by name instead.
  private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
  private static let pidfdOpen = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"
  ).map { unsafeBitCast($0, to: PidfdOpen.self) }
  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
  private typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
  private static let pipe2Function = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "pipe2"
  )
  .map { unsafeBitCast($0, to: Pipe2.self) }
  private static let addCloseFromFunction = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

  private static func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
    if let pipe2Function { return pipe2Function(descriptors, flags) }
    guard pipe(descriptors) == 0 else { return -1 }
    for index in 0..<2 { _ = fcntl(descriptors[index], F_SETFD, FD_CLOEXEC) }
    return 0
  }

  /// Closes every descriptor from `lowest` on in the child; without glibc's call, those open now.
  private static func addCloseFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
    if let addCloseFromFunction {
      _ = addCloseFromFunction(&actions, lowest)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor >= lowest {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  private static func close(_ descriptors: [Int32]) {
    for descriptor in descriptors where descriptor >= 0 { Glibc.close(descriptor) }
  }

  private static func failure(_ call: String) -> ExternalEngineError {
    .start("\(call) failed: \(String(cString: strerror(errno)))")
  }
}

@available(*, unavailable)
extension ChildProcess: Sendable {}
