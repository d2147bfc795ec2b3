/// An engine could not be made or could not read an image: the message says which model or file.
public struct EngineError: Error, CustomStringConvertible, Sendable {
  public var message: String
  /// What the image's failure record calls it (`error.kind`); nil for `recognition`.
  public var kind: String?

  public init(message: String, kind: String? = nil) {
    self.message = message
    self.kind = kind
  }

  public var description: String { message }
}
