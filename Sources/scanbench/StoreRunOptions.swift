import Foundation
import ScanbenchCommandLine
import ScanbenchStore

/// A store and which of its runs: `baseline`, `check`, `report` and `export` read one run.
struct StoreRunOptions: ParsableArguments {
  @Argument(help: "The JSON-lines store a run wrote.", completion: .file) var store: String
  @Option(help: "Take this run of the store instead of the latest.", valueName: "id") var run: String?

  var url: URL { URL(fileURLWithPath: store) }

  func validate() throws { try Paths.checkStore(store, creating: false) }

  /// The run, or a failure saying why the store holds none (exit 2).
  func load() throws -> StoreRun {
    do {
      return try StoreRunLoader.load(url, runID: run)
    } catch let error as ReportError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
  }
}
