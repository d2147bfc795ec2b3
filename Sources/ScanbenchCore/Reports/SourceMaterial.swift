import Foundation

/// What a report re-reads from a run's inputs, which the store does not keep: each image's ground
/// truth, and small images to show as thumbnails.
public struct SourceMaterial: Sendable {
  /// A result's place in its input.
  public struct Reference: Hashable, Sendable {
    public var source: String
    public var entry: String
    public var page: Int?

    public init(source: String, entry: String, page: Int?) {
      self.source = source
      self.entry = entry
      self.page = page
    }

    public init(_ record: ResultRecord) {
      self.init(source: record.source, entry: record.entry, page: record.page)
    }
  }

  public struct Thumbnail: Sendable, Equatable {
    /// `image/png`, `image/jpeg`, …
    public var mediaType: String
    public var data: Data
  }

  public struct Limits: Sendable {
    /// Images larger than this are not embedded.
    public var thumbnailBytes = 300_000
    /// Embedding stops once the embedded images add up to this.
    public var thumbnailBudget = 24_000_000
    /// Ground-truth files larger than this are not read.
    public var groundTruthBytes = 16 << 20

    public init() {}
  }

  /// Ground truth per result, as decoded (not yet normalized).
  public var groundTruth: [Reference: String] = [:]
  public var thumbnails: [Reference: Thumbnail] = [:]
  /// Inputs that could not be read, with the reason (missing, unreadable).
  public var unavailableSources: [String: String] = [:]
  /// Images whose bytes no longer match the run's SHA-256: their input changed since the run.
  public var changedImages: Set<Reference> = []
  /// Thumbnails left out because the budget was spent.
  public var thumbnailsOverBudget = 0

  public init() {}

  /// Media types browsers show, by extension; TIFF and the rest are left out.
  static let displayable: [String: String] = [
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    "bmp": "image/bmp",
  ]

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

  private mutating func read(
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
    var plainTexts: [String: String] = [:]
    var preferredTexts: [String: String] = [:]
    do {
      while let header = try input.nextEntry() {
        guard header.kind == .file else { continue }
        switch EntryName.role(of: header.path) {
        case .groundTruth(let stem, let isPreferred):
          guard wanted[stem] != nil else { continue }
          if !isPreferred, preferredTexts[stem] != nil { continue }
          guard let data = try? input.readData(limit: limits.groundTruthBytes),
            let text = try? GroundTruthDecoder.decode(data)
          else { continue }
          if isPreferred { preferredTexts[stem] = text } else { plainTexts[stem] = text }
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
      guard let text = preferredTexts[stem] ?? plainTexts[stem] else { continue }
      for record in results { groundTruth[Reference(record)] = text }
    }
  }

  /// Keeps thumbnails in `order` until their bytes reach the budget.
  private mutating func applyBudget(order: [Reference], limits: Limits) {
    var spent = 0
    for reference in order {
      guard let thumbnail = thumbnails[reference] else { continue }
      if spent + thumbnail.data.count > limits.thumbnailBudget {
        thumbnails[reference] = nil
        thumbnailsOverBudget += 1
      } else {
        spent += thumbnail.data.count
      }
    }
  }
}
