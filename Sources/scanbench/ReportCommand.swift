import Foundation
import ScanbenchGate
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport

enum ReportCommand: Command {
  static let html = Option<String>(
    "--html", help: "Where to write the page.", valueName: "file", default: "Reports/report.html")
  static let compare = Option<String?>(
    "--compare", help: "Another store whose latest run to compare with.", valueName: "store")
  static let run = Option<String?>(
    "--run", help: "Report this run of the store instead of the latest.", valueName: "id")
  static let worst = Option<Int>.integer(
    "--worst", help: "How many of the worst images to show in full, with thumbnails.", range: 0...100_000,
    default: HTMLReport.Options().detailLimit)
  static let confusions = Option<Int>.integer(
    "--confusions", help: "How many of the most frequent confusions to list.", range: 0...10_000,
    default: HTMLReport.Options().confusionLimit)
  static let noThumbnails = Flag("--no-thumbnails", help: "Do not embed images.")
  static let overlays = Option<String?>(
    "--overlays", help: "Link each image to its overlay in this folder ('scanbench overlay').",
    valueName: "folder")

  static let spec = CommandSpec(
    name: "report",
    abstract: "Write a self-contained HTML report of a run: numbers, charts, worst images side by side.",
    discussion: """
      Reports the latest run of STORE. The ground truth and thumbnails are re-read from the run's
      sources when they are still there (the store keeps only the OCR text). With --compare, or when
      STORE also holds a run with another profile, the report sets the two side by side (accurate
      against fast: speed against CER, per-image deltas). The page needs no network and opens from disk.
      """,
    arguments: [ArgumentSpec(name: "store", help: "The JSON-lines store a run wrote.")],
    options: [
      html.spec, compare.spec, run.spec, worst.spec, confusions.spec, noThumbnails.spec, overlays.spec,
    ])

  static func validate(_ arguments: ParsedArguments) throws {
    try Paths.checkStore(arguments.positionals[0], creating: false)
    if let other = arguments[compare] { try Paths.checkStore(other, creating: false) }
    try Paths.checkWritable(arguments[html])
  }

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    let store = URL(fileURLWithPath: arguments.positionals[0])
    let out = URL(fileURLWithPath: arguments[html])
    var options = HTMLReport.Options()
    options.detailLimit = arguments[worst]
    options.confusionLimit = arguments[confusions]
    options.generator = "scanbench \(Scanbench.version)"
    options.generatedAt = CheckCommand.timestamp()
    let run: StoreRun
    var comparison: StoreRun?
    do {
      if let other = arguments[compare] {
        run = try StoreRunLoader.load(store, runID: arguments[Self.run])
        comparison = try StoreRunLoader.load(URL(fileURLWithPath: other))
      } else {
        (run, comparison) = try StoreRunLoader.loadWithPartner(store, runID: arguments[Self.run])
      }
    } catch let error as ReportError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    let wanted =
      arguments[noThumbnails] ? [] : HTMLReport.thumbnailCandidates(run, options: options)
    let material = SourceMaterial.load(for: run.results, thumbnailsFor: wanted, store: store)
    if let folder = arguments[overlays] {
      options.overlays = overlayLinks(run, folder: URL(fileURLWithPath: folder), page: out)
    }
    for (source, problem) in material.unavailableSources.sorted(by: { $0.key < $1.key }) {
      Console.error("note: \(source): \(problem); the report shows OCR text without ground truth\n")
    }
    let outcome = HTMLReport.render(run: run, comparison: comparison, material: material, options: options)
    do {
      try FileManager.default.createDirectory(
        at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(outcome.html.utf8).write(to: out, options: .atomic)
    } catch {
      throw CommandFailure(
        "cannot write \(out.path): \(error.localizedDescription)", exitCode: ExitCode.failure)
    }
    let size = ByteCountFormatter.string(fromByteCount: Int64(outcome.html.utf8.count), countStyle: .file)
    var line =
      "wrote \(out.path) (\(size)): run \(run.runID), \(run.results.count) images, \(outcome.detailed) shown in full, "
      + "\(outcome.thumbnails) thumbnails, ground truth re-read for \(outcome.groundTruthFound)"
    if let comparison {
      line += "; compared with run \(comparison.runID) (\(comparison.profile)"
      if let mine = run.engine, let theirs = comparison.engine, mine.name != theirs.name {
        line += ", \(theirs.label) against \(mine.label)"
      }
      line += ")"
    }
    Console.out(line + "\n")
    return ExitCode.success
  }

  /// The overlays that exist for the run's results, as links relative to the page when the folder
  /// is beside or below it (so the two can be moved together), absolute otherwise.
  static func overlayLinks(_ run: StoreRun, folder: URL, page: URL) -> [SourceMaterial.Reference: String] {
    let base = page.deletingLastPathComponent().standardizedFileURL.path + "/"
    let folderPath = folder.standardizedFileURL.path
    var links: [SourceMaterial.Reference: String] = [:]
    for record in run.results {
      let file = folderPath + "/" + Overlay.fileName(for: record)
      guard FileManager.default.fileExists(atPath: file) else { continue }
      guard file.hasPrefix(base) else {
        links[SourceMaterial.Reference(record)] = URL(fileURLWithPath: file).absoluteString
        continue
      }
      links[SourceMaterial.Reference(record)] = file.dropFirst(base.count).split(separator: "/").map {
        $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
      }.joined(separator: "/")
    }
    return links
  }
}
