import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchReports
import ScanbenchStore
import ScanbenchSupport

extension SourceMaterial {
  /// Reads each input of `records` once: ground truth for every result that has an image stem, and
  /// a picture of each image in `thumbnailsFor` (in that order of preference while the budget lasts).
  /// Inputs recorded as relative paths (older stores) are looked for from here, then beside `store`.
  public static func load(
    for records: [ResultRecord], thumbnailsFor: [Reference], limits: Limits = Limits(), store: URL? = nil
  ) -> SourceMaterial {
    var material = SourceMaterial()
    var bySource: [String: [ResultRecord]] = [:]
    for record in records { bySource[record.source, default: []].append(record) }
    let thumbnailRank = Dictionary(
      thumbnailsFor.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    for source in bySource.keys.sorted() {
      material.read(
        source, at: SourcePath.locate(source, store: store), records: bySource[source] ?? [],
        thumbnailRank: thumbnailRank, limits: limits)
    }
    material.applyBudget(order: thumbnailsFor, limits: limits)
    return material
  }

  fileprivate mutating func read(
    _ source: String, at path: String, records: [ResultRecord], thumbnailRank: [Reference: Int],
    limits: Limits
  ) {
    // Stem of the ground truth → the results that need it.
    var wanted: [String: [ResultRecord]] = [:]
    // Entry → the results (pages) that want its picture.
    var images: [String: [ResultRecord]] = [:]
    for record in records {
      guard case .image(let stem) = EntryName.role(of: record.entry) else { continue }
      let textStem = record.page.map { "\(stem).page-\($0)" } ?? stem
      wanted[textStem, default: []].append(record)
      if thumbnailRank[Reference(record)] != nil { images[record.entry, default: []].append(record) }
    }
    guard !wanted.isEmpty else { return }
    let input: any EntrySource
    do {
      input = try InputOpener.open(path)
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
          guard let pages = images.removeValue(forKey: header.path), header.kind == .file else { continue }
          if let size = header.declaredSize, size > limits.imageBytes { continue }
          guard let data = try? input.readData(limit: limits.imageBytes) else { continue }
          for record in pages { addThumbnail(of: record, from: data, limits: limits) }
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

  /// The image as it is when browsers show it and it is small, else a thumbnail made from it.
  fileprivate mutating func addThumbnail(of record: ResultRecord, from data: Data, limits: Limits) {
    let reference = Reference(record)
    guard SHA256.hex(data) == record.sha256 else {
      changedImages.insert(reference)
      return
    }
    if record.page == nil, data.count <= limits.thumbnailBytes,
      let type = EntryName.imageExtension(of: record.entry).flatMap({ Self.displayable[$0] })
    {
      thumbnails[reference] = Thumbnail(mediaType: type, data: data)
      return
    }
    do {
      // The recognized size gives a PDF page's proportions, unless orientation detection turned it.
      let size =
        record.orientation?.osdApplied == true
        ? nil : record.width.flatMap { width in record.height.map { (width: width, height: $0) } }
      let picture = try ScanbenchRecognition.Thumbnail.make(
        data, page: record.page, longestSide: limits.thumbnailSide, recordedSize: size)
      thumbnails[reference] = Thumbnail(mediaType: picture.mediaType, data: picture.data)
      if record.page == nil, data.count <= limits.fullImageBytes,
        let type = EntryName.imageExtension(of: record.entry).flatMap({ Self.displayable[$0] })
      {
        fullImages[reference] = Thumbnail(mediaType: type, data: data)
      }
    } catch {
      thumbnailFailures[reference] = "no thumbnail: \(error)"
    }
  }
}
