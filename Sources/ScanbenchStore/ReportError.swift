import Foundation

/// Why a baseline, a check or a report could not be made: what failed, and the file it concerns.
public struct ReportError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// A file is missing or cannot be read.
    case unreadable
    /// A file was read but does not hold what it should (no results, an unknown baseline format).
    case invalid
    /// The run and the baseline measure different things, or share no image.
    case notComparable = "not-comparable"
    /// An output file cannot be written.
    case unwritable
  }

  public var kind: Kind
  /// The file concerned, when there is one.
  public var path: String?
  public var message: String

  public init(_ kind: Kind, path: String?, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  public var description: String {
    guard let path else { return message }
    return "\(path): \(message)"
  }
}
