import ScanbenchCommandLine
import ScanbenchStore

/// `--json`, for every command whose result can be read by a program.
struct JSONOutput: ParsableArguments {
  @Flag(help: "Print the result as JSON on stdout.") var json = false

  /// One line of JSON on stdout.
  static func print(_ value: some Encodable) throws {
    Console.out(String(decoding: try StoreWriter.line(for: value), as: UTF8.self))
  }
}
