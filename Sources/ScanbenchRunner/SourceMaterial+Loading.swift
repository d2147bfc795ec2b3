import Foundation
import ScanbenchArchive
import ScanbenchReports
import ScanbenchStore
import ScanbenchSupport

extension SourceMaterial {
  /// Reads each input of `records` once: ground truth for every result that has an image stem, and the
  /// bytes of the images in `thumbnailsFor` (in that order of preference while the budget lasts).
  public static func load(
    for records: [ResultRecord], thumbnailsFor: [Reference], limits: Limits = Limits()
  ) -> SourceMaterial {
    var material = SourceMaterial()
    var bySource: [String: [ResultRecord]] = [:]
    for record in records { bySource[record.source, default: []].append(record) }
    let thumbnailRank = Dictionary(
      thumbnailsFor.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    for source in bySource.keys.sorted() {
      material.read(source, records: bySource[source] ?? [], thumbnailRank: thumbnailRank, limits: limits)
    }
    material.applyBudget(order: thumbnailsFor, limits: limits)
    return material
  }

  fileprivate mutating func read(
    _ source: String, records: [ResultRecord], thumbnailRank: [Reference: Int], limits: Limits
  ) {
    // Stem of the ground truth → the results that need it.
    var wanted: [String: [ResultRecord]] = [:]
    var images: [String: ResultRecord] = [:]
    for record in records {
      guard case .image(let stem) = EntryName.role(of: record.entry) else { continue }
      let textStem = record.page.map { "\(stem).page-\($0)" } ?? stem
      wanted[textStem, default: []].append(record)
      let reference = Reference(record)
      if thumbnailRank[reference] != nil, let ext = EntryName.imageExtension(of: record.entry),
        Self.displayable[ext] != nil, record.page == nil
      {
        images[record.entry] = record
      }
    }
    guard !wanted.isEmpty else { return }
    let input: any EntrySource
    do {
      input = try InputOpener.open(source)
    } catch {
      unavailableSources[source] = String(describing: error)
      return
    }
    // Stem → (rank, text) of the best-ranked ground truth so far, as the run chose it.
    var plainTexts: [String: (rank: Int, text: String)] = [:]
    var preferredTexts: [String: (rank: Int, text: String)] = [:]
    do {
      while let header = try input.nextEntry() {
        guard header.kind == .file else { continue }
        switch EntryName.role(of: header.path) {
        case .groundTruth(let stem, let isPreferred):
          guard wanted[stem] != nil else { continue }
          let rank = EntryName.textFile(header.path)?.name.rank ?? Int.max
          guard rank < (isPreferred ? preferredTexts : plainTexts)[stem]?.rank ?? Int.max else { continue }
          guard let data = try? input.readData(limit: limits.groundTruthBytes),
            let text = try? TextFileReader.text(of: data, path: header.path)
          else { continue }
          if isPreferred { preferredTexts[stem] = (rank, text) } else { plainTexts[stem] = (rank, text) }
        case .image:
          guard let record = images[header.path] else { continue }
          if let size = header.declaredSize, size > limits.thumbnailBytes { continue }
          guard let data = try? input.readData(limit: limits.thumbnailBytes) else { continue }
          let reference = Reference(record)
          guard SHA256.hex(data) == record.sha256 else {
            changedImages.insert(reference)
            continue
          }
          let ext = EntryName.imageExtension(of: header.path) ?? ""
          thumbnails[reference] = Thumbnail(mediaType: Self.displayable[ext] ?? "image/png", data: data)
        case .other:
          break
        }
      }
    } catch {
      // A broken archive still gives what came before the break.
      unavailableSources[source] = "read only in part: \(error)"
    }
    for (stem, results) in wanted {
      guard let text = (preferredTexts[stem] ?? plainTexts[stem])?.text else { continue }
      for record in results { groundTruth[Reference(record)] = text }
    }
  }
}
