import Foundation
import ScanbenchRecognition
import ScanbenchRunner

enum OverlayCommand: Command {
  static let entry = Option<String?>(
    "--entry", help: "Only this entry (its path in the input, as in the store; repeatable).",
    valueName: "name",
    default: nil, isRepeatable: true
  ) { $0 }
  static let out = Option<String>(
    "--out", help: "A .png file (for one entry) or a folder.", valueName: "path", default: "Reports/overlays")

  static let spec = CommandSpec(
    name: "overlay",
    abstract: "Draw the word and line boxes of a run made with --boxes over its images.",
    discussion: """
      Reads the images again from the inputs the store names (they must still be there, unchanged)
      and draws each recognized line in orange and each word in blue, in the coordinates of the
      image as it was recognized. With --entry and an --out ending in .png, writes that one image;
      otherwise --out is a folder that gets one NAME.overlay.png per result ('scanbench report
      --overlays FOLDER' links to them).
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store of a run made with --boxes.")],
    options: [entry.spec, out.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    try Paths.checkStore(arguments.positionals[0], creating: false)
    try Paths.checkFolder(of: arguments[out])
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let store = URL(fileURLWithPath: arguments.positionals[0])
    let entries = arguments.all(entry).compactMap { $0 }
    let out = arguments[Self.out]
    let destination: Overlay.Destination =
      out.lowercased().hasSuffix(".png")
      ? .file(URL(fileURLWithPath: out)) : .folder(URL(fileURLWithPath: out, isDirectory: true))
    let outcome: Overlay.Outcome
    do {
      outcome = try Overlay.write(
        store: store, entries: entries.isEmpty ? nil : Set(entries), to: destination)
    } catch let error as OverlayError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    for failure in outcome.failures {
      Console.error("warning: \(failure.entry): \(failure.reason)\n")
    }
    if case .folder(let folder) = destination {
      Console.out("wrote \(outcome.written.count) overlays to \(folder.path)\n")
    } else if let file = outcome.written.first {
      Console.out("wrote \(file.path)\n")
    }
    return outcome.failures.isEmpty ? ExitCode.success : ExitCode.failure
  }
}
