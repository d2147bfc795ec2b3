import Foundation
import ScanbenchReports
import ScanbenchStore

enum ExportCommand: Command {
  static let format = Option<ExportFormat>.choice(
    "--format", help: "What each file holds: the text, or Tesseract's TSV, hOCR, ALTO 4 or PAGE 2019.",
    valueName: "format",
    default: ExportFormat.txt)
  static let out = Option<String?>(
    "--out", help: "The folder to write the files in; required.", valueName: "folder")
  static let run = Option<String?>(
    "--run", help: "Export this run of the store instead of the latest.", valueName: "id")

  static let spec = CommandSpec(
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
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store a run wrote.")],
    options: [format.spec, out.spec, run.spec])

  static func validate(_ arguments: ParsedArguments) throws {
    try Paths.checkStore(arguments.positionals[0], creating: false)
    guard let folder = arguments[out] else {
      throw UsageError("Missing '--out <folder>': where to write the files.")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw CommandFailure("\(folder): a file, not a folder to write in", exitCode: ExitCode.inputUnreadable)
    }
    try Paths.checkFolder(of: folder + "/file")
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let chosen = arguments[format]
    let folder = URL(fileURLWithPath: arguments[out] ?? "", isDirectory: true)
    let storeRun: StoreRun
    do {
      storeRun = try StoreRunLoader.load(
        URL(fileURLWithPath: arguments.positionals[0]), runID: arguments[Self.run])
    } catch let error as ReportError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    let outcome: StoreExport.Outcome
    do {
      outcome = try StoreExport.write(
        storeRun, format: chosen, to: folder, generator: "scanbench \(Scanbench.version)")
    } catch let error as StoreExport.ExportError {
      throw CommandFailure(error.description, exitCode: ExitCode.failure)
    }
    for mapping in outcome.mapped {
      Console.error(
        "note: \(mapping.key.label): \(mapping.reason); written as \(mapping.file) (see names.tsv)\n")
    }
    if chosen != .txt, !outcome.hadBoxes {
      Console.error(
        "note: run \(storeRun.runID) has no boxes (run with --boxes): \(chosen.rawValue) without them\n")
    }
    var line = "wrote \(outcome.written) \(chosen.rawValue) files to \(folder.path) (run \(storeRun.runID))"
    if outcome.failed > 0 { line += "; \(outcome.failed) failed images have none" }
    if !outcome.mapped.isEmpty { line += "; \(outcome.mapped.count) names mapped, listed in names.tsv" }
    Console.out(line + "\n")
    return ExitCode.success
  }
}
