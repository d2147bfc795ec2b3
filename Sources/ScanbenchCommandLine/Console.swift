import Foundation

/// stdout for results, stderr for progress and diagnostics.
public enum Console {
  public static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  public static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// Colour only on a terminal and never with NO_COLOR.
  public static var useColor: Bool {
    isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}
