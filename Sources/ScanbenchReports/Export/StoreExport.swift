import Foundation
import ScanbenchStore
import ScanbenchSupport

/// Writes one file per image of a run (`scanbench export`), named by `ExportNames`. Failed images
/// have no file: `scanbench score` lists them as missing, as the run left them unscored.
public enum StoreExport {
  public struct Outcome: Sendable {
    public var written: Int
    /// Images that failed (no text to write).
    public var failed: Int
    public var mapped: [ExportNames.Mapping]
    /// Whether the run recorded boxes (`--boxes`); without, the structured formats carry no boxes.
    public var hadBoxes: Bool
  }

  public struct ExportError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
  }

  public static func write(
    _ run: StoreRun, format: ExportFormat, to folder: URL, generator: String
  ) throws -> Outcome {
    let readable = run.results.filter { $0.error == nil && $0.text != nil }
    let names = ExportNames(readable, fileExtension: format.fileExtension)
    let manager = FileManager.default
    for record in readable {
      guard let relative = names.files[ImageKey(record)] else { continue }
      let url = folder.appendingPathComponent(relative)
      do {
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try OutputFile.write(Data(format.render(record, generator: generator).utf8), to: url.path)
      } catch {
        throw ExportError(path: url.path, message: error.localizedDescription)
      }
    }
    let list = folder.appendingPathComponent(ExportNames.listName)
    do {
      if !names.mapped.isEmpty {
        try OutputFile.write(Data(names.list.utf8), to: list.path)
      } else if let old = try? String(contentsOf: list, encoding: .utf8),
        old.hasPrefix(ExportNames.listHeader)
      {
        // An earlier export's list would name files this one did not write.
        try manager.removeItem(at: list)
      }
    } catch {
      throw ExportError(path: list.path, message: error.localizedDescription)
    }
    return Outcome(
      written: readable.count, failed: run.results.count - readable.count, mapped: names.mapped,
      hadBoxes: run.results.contains { $0.words != nil || $0.lines != nil })
  }
}
