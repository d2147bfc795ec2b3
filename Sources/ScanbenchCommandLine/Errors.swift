/// A mistake in the command line: printed with the usage and a pointer to help, exit code 64.
public struct UsageError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// A command failed for a reason that is not a usage mistake; printed as `Error: …`.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var exitCode: Int32
  public init(_ message: String, exitCode: Int32 = ExitCode.failure) {
    self.message = message
    self.exitCode = exitCode
  }
  public var description: String { message }
}

/// The exit codes every command shares; a tool adds its own (`ExitCode.inputUnreadable`).
public enum ExitCode {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  /// `EX_USAGE` of sysexits.h.
  public static let usage: Int32 = 64
}
