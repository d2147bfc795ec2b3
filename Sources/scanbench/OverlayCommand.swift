import Foundation
import ScanbenchCommandLine
import ScanbenchRecognition
import ScanbenchRunner

struct OverlayCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "overlay",
      abstract: "Draw the word and line boxes of a run made with --boxes over its images.",
      discussion: """
        Reads the images again from the inputs the store names (they must still be there, unchanged)
        and draws each recognized line in orange and each word in blue, in the coordinates of the
        image as it was recognized. With --entry and an --out ending in .png, writes that one image;
        otherwise --out is a folder that gets one NAME.overlay.png per result ('scanbench report
        --overlays FOLDER' links to them).
        """)
  }

  @Argument(help: "The JSON-lines store of a run made with --boxes.", completion: .file) var store: String
  @Option(help: "Only this entry (its path in the input, as in the store; repeatable).", valueName: "name")
  var entry: [String] = []
  @Option(help: "A .png file (for one entry) or a folder.", valueName: "path", completion: .file)
  var out = "Reports/overlays"
  @OptionGroup var output: JSONOutput

  func validate() throws -> Overlay.Destination {
    try Paths.checkStore(store, creating: false)
    try Paths.checkFolder(of: out)
    return out.lowercased().hasSuffix(".png")
      ? .file(URL(fileURLWithPath: out)) : .folder(URL(fileURLWithPath: out, isDirectory: true))
  }

  func run(_ destination: Overlay.Destination) throws -> Int32 {
    let outcome: Overlay.Outcome
    do {
      outcome = try Overlay.write(
        store: URL(fileURLWithPath: store), entries: entry.isEmpty ? nil : Set(entry), to: destination)
    } catch let error as OverlayError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    for failure in outcome.failures {
      Console.error("warning: \(failure.entry): \(failure.reason)\n")
    }
    if output.json {
      struct Failure: Encodable {
        var entry: String
        var reason: String
      }
      struct Report: Encodable {
        var written: [String]
        var failures: [Failure]
      }
      try JSONOutput.print(
        Report(
          written: outcome.written.map(\.path),
          failures: outcome.failures.map { Failure(entry: $0.entry, reason: $0.reason) }))
    } else if case .folder(let folder) = destination {
      Console.out("wrote \(outcome.written.count) overlays to \(folder.path)\n")
    } else if let file = outcome.written.first {
      Console.out("wrote \(file.path)\n")
    }
    return outcome.failures.isEmpty ? ExitCode.success : ExitCode.failure
  }
}
