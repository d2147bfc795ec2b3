/// An engine could not be made or could not read an image: the message says which model or file.
public struct EngineError: Error, CustomStringConvertible, Sendable {
  public var message: String

  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}
