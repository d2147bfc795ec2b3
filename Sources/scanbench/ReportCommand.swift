import Foundation
import ScanbenchCommandLine
import ScanbenchGate
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport

struct ReportCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "report",
      abstract: "Write a self-contained HTML report of a run: numbers, charts, worst images side by side.",
      discussion: """
        Reports the latest run of STORE. The ground truth and thumbnails are re-read from the run's
        sources when they are still there (the store keeps only the OCR text). With --compare, or when
        STORE also holds a run with another profile, the report sets the two side by side (accurate
        against fast: speed against CER, per-image deltas). The page needs no network and opens from disk.
        """)
  }

  static let defaults = HTMLReport.Options()

  @OptionGroup var store: StoreRunOptions
  @Option(help: "Where to write the page.", valueName: "file", completion: .file) var html =
    "Reports/report.html"
  @Option(help: "Another store whose latest run to compare with.", valueName: "store", completion: .file)
  var compare: String?
  @Option(
    help: "How many of the worst images to show in full, with thumbnails.", valueName: "N",
    parsing: .integer(in: 0...100_000))
  var worst = defaults.detailLimit
  @Option(help: "How many of the most frequent confusions to list.", valueName: "N", parsing: .confusionCount)
  var confusions = defaults.confusionLimit
  @Flag(help: "Do not embed images.") var noThumbnails = false
  @Option(
    help: "Link each image to its overlay in this folder ('scanbench overlay').", valueName: "folder",
    completion: .directory)
  var overlays: String?
  @OptionGroup var output: JSONOutput

  func validate() throws {
    if let compare { try Paths.checkStore(compare, creating: false) }
    try Paths.checkWritable(html)
  }

  func run(_: Void) throws -> Int32 {
    let out = URL(fileURLWithPath: html)
    var options = HTMLReport.Options()
    options.detailLimit = worst
    options.confusionLimit = confusions
    options.generator = "scanbench \(Scanbench.version)"
    options.generatedAt = CheckCommand.timestamp()
    let run: StoreRun
    var comparison: StoreRun?
    do {
      if let compare {
        run = try StoreRunLoader.load(store.url, runID: store.run)
        comparison = try StoreRunLoader.load(URL(fileURLWithPath: compare))
      } else {
        (run, comparison) = try StoreRunLoader.loadWithPartner(store.url, runID: store.run)
      }
    } catch let error as ReportError {
      throw CommandFailure(error.description, exitCode: ExitCode.inputUnreadable)
    }
    let wanted =
      noThumbnails ? [] : HTMLReport.thumbnailCandidates(run, options: options)
    let material = SourceMaterial.load(for: run.results, thumbnailsFor: wanted, store: store.url)
    if let folder = overlays {
      options.overlays = Self.overlayLinks(run, folder: URL(fileURLWithPath: folder), page: out)
    }
    for (source, problem) in material.unavailableSources.sorted(by: { $0.key < $1.key }) {
      Console.error("note: \(source): \(problem); the report shows OCR text without ground truth\n")
    }
    let outcome = HTMLReport.render(run: run, comparison: comparison, material: material, options: options)
    do {
      try OutputFile.write(Data(outcome.html.utf8), to: out.path)
    } catch let error as OutputFileError {
      throw CommandFailure("cannot write \(error)", exitCode: ExitCode.failure)
    }
    if output.json {
      struct Report: Encodable {
        var path: String
        var bytes: Int
        var run: String
        var images: Int
        var shownInFull: Int
        var thumbnails: Int
        var groundTruthFound: Int
        var comparedWith: String?
      }
      try JSONOutput.print(
        Report(
          path: out.path, bytes: outcome.html.utf8.count, run: run.runID, images: run.results.count,
          shownInFull: outcome.detailed, thumbnails: outcome.thumbnails,
          groundTruthFound: outcome.groundTruthFound, comparedWith: comparison?.runID))
      return ExitCode.success
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

extension ValueParser where Value == Int {
  /// How many confusions `score` and `report` list: one range for both.
  static var confusionCount: ValueParser { .integer(in: 0...10_000) }
}
