import Foundation
import ScanbenchCommandLine
import ScanbenchReports
import ScanbenchStore

struct ExportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "export",
      abstract: "Write one file per image of a run: text, TSV, hOCR, ALTO or PAGE, for other tools to read.",
      discussion: """
        Writes a file for each image of the latest run of STORE, named by its entry path with the
        format's extension (page.png → page.txt, .tsv, .hocr, .xml for ALTO, .page.xml for PAGE;
        page K of a multi-page image NAME.page-K.txt), below a folder per input when the run read
        several: 'scanbench score GT FOLDER', dinglehopper and ocreval read them as they are. TSV,
        hOCR, ALTO and PAGE carry each word's and line's box and confidence when the run had --boxes
        (without, the text's lines and words with no box and no confidence: TSV writes -1 there, PAGE
        the page's box). Failed images get no file. Names that cannot be file names (absolute, '..',
        NUL, escaped bytes, too long, or one file for two images) go to mapped/, listed in names.tsv.
        """)
  }

  @OptionGroup var store: StoreRunOptions
  @Option(help: "What each file holds: \(ExportFormat.summary).", valueName: "format")
  var format = ExportFormat.txt
  @Option(help: "Where to write the files.", valueName: "folder", completion: .directory) var out: String
  @OptionGroup var output: JSONOutput

  func validate() throws -> URL {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw CommandFailure("\(out): a file, not a folder to write in", exitCode: ExitCode.inputUnreadable)
    }
    try Paths.checkFolder(of: out + "/file")
    return URL(fileURLWithPath: out, isDirectory: true)
  }

  func run(_ folder: URL) throws -> Int32 {
    let storeRun = try store.load()
    let outcome: StoreExport.Outcome
    do {
      outcome = try StoreExport.write(
        storeRun, format: format, to: folder, generator: "scanbench \(Scanbench.version)")
    } catch let error as StoreExport.ExportError {
      throw CommandFailure(error.description, exitCode: ExitCode.failure)
    }
    for mapping in outcome.mapped {
      Console.error(
        "note: \(mapping.key.label): \(mapping.reason); written as \(mapping.file) (see names.tsv)\n")
    }
    if format != .txt, !outcome.hadBoxes {
      Console.error(
        "note: run \(storeRun.runID) has no boxes (run with --boxes): \(format.rawValue) without them\n")
    }
    if output.json {
      struct Mapped: Encodable {
        var image: String
        var file: String
        var reason: String
      }
      struct Report: Encodable {
        var folder: String
        var format: String
        var run: String
        var written: Int
        var failed: Int
        var hadBoxes: Bool
        var mapped: [Mapped]
      }
      try JSONOutput.print(
        Report(
          folder: folder.path, format: format.rawValue, run: storeRun.runID, written: outcome.written,
          failed: outcome.failed, hadBoxes: outcome.hadBoxes,
          mapped: outcome.mapped.map { Mapped(image: $0.key.label, file: $0.file, reason: $0.reason) }))
      return ExitCode.success
    }
    var line = "wrote \(outcome.written) \(format.rawValue) files to \(folder.path) (run \(storeRun.runID))"
    if outcome.failed > 0 { line += "; \(outcome.failed) failed images have none" }
    if !outcome.mapped.isEmpty { line += "; \(outcome.mapped.count) names mapped, listed in names.tsv" }
    Console.out(line + "\n")
    return ExitCode.success
  }
}

extension ExportFormat: ExpressibleByArgument {}
