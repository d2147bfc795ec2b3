import Foundation
import ScanbenchStore
import ScanbenchSupport

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

    public init(mediaType: String, data: Data) {
      self.mediaType = mediaType
      self.data = data
    }
  }

  public struct Limits: Sendable {
    /// Images browsers show (`displayable`) up to this size are embedded as they are; larger ones,
    /// and every other format (TIFF, HEIC, PDF pages), as a thumbnail made from them.
    public var thumbnailBytes = 300_000
    /// A thumbnail's longer side, in pixels.
    public var thumbnailSide = 1000
    /// Images larger than this are not read for a thumbnail.
    public var imageBytes = 256 << 20
    /// Embedding stops once the embedded images add up to this.
    public var thumbnailBudget = 24_000_000
    /// An image browsers show that is too large to embed as it is, but not larger than this, is also
    /// embedded whole for the full-size viewer, while `fullImageBudget` lasts.
    public var fullImageBytes = 4_000_000
    public var fullImageBudget = 16_000_000
    /// Ground-truth files larger than this are not read.
    public var groundTruthBytes = 16 << 20

    public init() {}
  }

  /// Ground truth per result, as decoded (not yet normalized).
  public var groundTruth: [Reference: String] = [:]
  public var thumbnails: [Reference: Thumbnail] = [:]
  /// The image as it is, for the full-size viewer, where its thumbnail is smaller.
  public var fullImages: [Reference: Thumbnail] = [:]
  /// Inputs that could not be read, with the reason (missing, unreadable).
  public var unavailableSources: [String: String] = [:]
  /// Images whose bytes no longer match the run's SHA-256: their input changed since the run.
  public var changedImages: Set<Reference> = []
  /// Thumbnails left out because the budget was spent.
  public var thumbnailsOverBudget = 0
  /// Why an image that was read has no thumbnail (it could not be decoded, say).
  public var thumbnailFailures: [Reference: String] = [:]

  public init() {}

  /// Media types browsers show, by extension: such images are embedded as they are when small.
  package static let displayable: [String: String] = [
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    "bmp": "image/bmp",
  ]

  /// Keeps thumbnails in `order` until their bytes reach the budget.
  package mutating func applyBudget(order: [Reference], limits: Limits) {
    var spent = 0
    var spentOnFull = 0
    for reference in order {
      guard let thumbnail = thumbnails[reference] else {
        fullImages[reference] = nil
        continue
      }
      if spent + thumbnail.data.count > limits.thumbnailBudget {
        thumbnails[reference] = nil
        fullImages[reference] = nil
        thumbnailsOverBudget += 1
      } else {
        spent += thumbnail.data.count
      }
      guard let full = fullImages[reference] else { continue }
      if spentOnFull + full.data.count > limits.fullImageBudget {
        fullImages[reference] = nil
      } else {
        spentOnFull += full.data.count
      }
    }
  }
}
