import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchStore
import ScanbenchSupport

extension Overlay {
  /// What `write` did.
  public struct Outcome: Sendable {
    /// Overlay files written, in the order of the store.
    public var written: [URL] = []
    /// Results whose image could not be drawn on: the entry and why.
    public var failures: [(entry: String, reason: String)] = []
  }

  /// Where overlays go: one file (for one result) or a folder (for any number).
  public enum Destination: Sendable {
    case file(URL)
    case folder(URL)
  }

  /// Draws the latest result with boxes of each image in `store` (only `entries`, when given),
  /// reading each input once, and writes the PNGs to `destination`. Entries larger than
  /// `maxEntryBytes` are refused while reading, as `run` refuses them.
  public static func write(
    store: URL, entries: Set<String>? = nil, to destination: Destination, maxPixels: Int = 100_000_000,
    maxEntryBytes: Int = 256 << 20
  ) throws -> Outcome {
    var latest: [SourceMaterial.Reference: ResultRecord] = [:]
    var order: [SourceMaterial.Reference] = []
    var sawResults = false
    try StoreReader.read(store) { _, line in
      guard case .result(let record) = line, record.succeeded else { return }
      guard entries.map({ $0.contains(record.entry) }) ?? true else { return }
      sawResults = true
      guard record.words != nil else { return }
      let reference = SourceMaterial.Reference(record)
      if latest.updateValue(record, forKey: reference) == nil { order.append(reference) }
    }
    if order.isEmpty {
      let what = entries.map { " for " + $0.sorted().joined(separator: ", ") } ?? ""
      throw OverlayError(
        message: sawResults
          ? "\(store.path): no result\(what) has boxes: run 'scanbench run … --boxes' first"
          : "\(store.path): no successful result\(what)")
    }
    if case .file = destination, order.count > 1 {
      throw OverlayError(
        message: "\(order.count) results match but --out names one file: give --entry, or a folder")
    }
    if case .folder(let folder) = destination {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    var outcome = Outcome()
    let bySource = Dictionary(grouping: order, by: \.source)
    for source in bySource.keys.sorted() {
      let wanted = Dictionary(grouping: bySource[source] ?? [], by: \.entry)
      let input: any EntrySource
      do {
        input = try InputOpener.open(SourcePath.locate(source, store: store))
      } catch {
        for reference in bySource[source] ?? [] {
          outcome.failures.append((reference.entry, "its input cannot be opened: \(error)"))
        }
        continue
      }
      var found = Set<String>()
      do {
        while let header = try input.nextEntry() {
          guard header.kind == .file, let references = wanted[header.path], !found.contains(header.path)
          else { continue }
          found.insert(header.path)
          let data: Data
          do {
            data = try input.readData(limit: maxEntryBytes)
          } catch let error as EntryReadError {
            outcome.failures.append((header.path, error.message))
            continue
          }
          draw(
            references.compactMap { latest[$0] }, imageData: data, to: destination, maxPixels: maxPixels,
            outcome: &outcome)
        }
      } catch {
        // A broken archive: what came before the break is drawn, the rest is listed below.
        outcome.failures.append((source, "read only in part: \(error)"))
      }
      for entry in Set(wanted.keys).subtracting(found).sorted() {
        outcome.failures.append((entry, "not found in \(source) any more"))
      }
    }
    return outcome
  }

  /// Draws the results of one image (several for the pages of a TIFF).
  private static func draw(
    _ records: [ResultRecord], imageData data: Data, to destination: Destination, maxPixels: Int,
    outcome: inout Outcome
  ) {
    let sha256 = SHA256.hex(data)
    for record in records {
      guard sha256 == record.sha256 else {
        outcome.failures.append((record.entry, "the image changed since the run (its SHA-256 differs)"))
        continue
      }
      do {
        let png = try render(record, imageData: data, maxPixels: maxPixels)
        let url: URL
        switch destination {
        case .file(let file): url = file
        case .folder(let folder): url = folder.appendingPathComponent(fileName(for: record))
        }
        try OutputFile.write(png, to: url.path)
        outcome.written.append(url)
      } catch {
        outcome.failures.append((record.entry, String(describing: error)))
      }
    }
  }
}
