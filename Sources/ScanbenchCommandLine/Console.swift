import Foundation
import Synchronization

/// stdout for results, stderr for progress and diagnostics.
public enum Console {
  public static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  public static func error(_ text: String) {
    // `--quiet` keeps what must be read (errors, warnings) and drops progress and notes.
    if isQuiet, !(text.hasPrefix("Error:") || text.hasPrefix("warning:")) { return }
    FileHandle.standardError.write(Data(text.utf8))
  }

  private static let quiet = Atomic(false)

  /// Set by `--quiet`, before any command runs.
  public static var isQuiet: Bool {
    get { quiet.load(ordering: .relaxed) }
    set { quiet.store(newValue, ordering: .relaxed) }
  }

  public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// Colour only on a terminal and never with NO_COLOR.
  public static var useColor: Bool {
    isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}
