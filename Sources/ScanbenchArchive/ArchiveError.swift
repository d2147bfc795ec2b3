/// An input that cannot be read (as opposed to one entry that fails, which becomes a recorded failure).
public struct ArchiveError: Error, CustomStringConvertible, Sendable {
  public enum Kind: String, Sendable {
    case missing, notAnArchive, truncated, corrupt, unreadable
    /// Reading stopped at a limit the user set (`--max-total-bytes`); the input itself may be fine.
    case limitReached
    /// Every input was read and none holds an image.
    case noImages
    /// The inputs hold ground truth, and none of it pairs with an image (or OCR output with it).
    case nothingPaired
  }

  public var kind: Kind
  /// The input as the user gave it.
  public var input: String
  public var message: String
  /// How many entries were read before the error, when it happened mid-stream.
  public var entriesRead: Int?

  public init(_ kind: Kind, input: String, message: String, entriesRead: Int? = nil) {
    self.kind = kind
    self.input = input
    self.message = message
    self.entriesRead = entriesRead
  }

  public var description: String {
    var text = "\(input): \(message)"
    if let entriesRead { text += " (after \(entriesRead) entries)" }
    return text
  }
}
