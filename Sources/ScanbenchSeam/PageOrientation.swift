/// How the image was turned upright before recognition (the store's `orientation` object; absent
/// when the image was recognized as decoded and no detection ran). Width and height in the record
/// are after these transforms. A seam type: recognition fills it, the store keeps it.
public struct PageOrientation: Codable, Sendable, Equatable {
  /// The JPEG's EXIF Orientation tag (2–8), when it asked for a transform.
  public var exif: Int?
  /// The HEIF primary image's transforms as the file declares them (`irot`, `imir`), which libheif
  /// applies while decoding.
  public var heif: [String]?
  /// The orientation check's finding: the page's rotation, clockwise, in degrees (0, 90, 180, 270),
  /// as found after the transforms above, by Tesseract's orientation detection (accurate level) or,
  /// with `byReading`, by the engine reading a few of the page's lines both ways.
  public var osdDegrees: Int?
  /// `osdDegrees` came from the engine's own reading of the page's lines, not from Tesseract.
  public var byReading: Bool?
  /// The detection's confidence (Tesseract's orientation confidence; the page is turned only at or
  /// above `OrientationDetector.minimumConfidence`).
  public var osdConfidence: Double?
  /// Whether the page was turned by `osdDegrees` (the turned reading was the more confident).
  public var osdApplied: Bool?
  /// What was done to the pixels, in order, e.g. `rotate 90° clockwise (EXIF 6)`; absent when
  /// nothing was.
  public var applied: String?

  public init(
    exif: Int? = nil, heif: [String]? = nil, osdDegrees: Int? = nil, osdConfidence: Double? = nil,
    applied: String? = nil
  ) {
    self.exif = exif
    self.heif = heif
    self.osdDegrees = osdDegrees
    self.osdConfidence = osdConfidence
    self.applied = applied
  }

  enum CodingKeys: String, CodingKey {
    case exif, heif
    case osdDegrees = "osd_degrees"
    case osdConfidence = "osd_confidence"
    case osdApplied = "osd_applied"
    case byReading = "by_reading"
    case applied
  }

  /// Adds one transform to `applied`.
  package mutating func append(_ transform: String) {
    applied = applied.map { $0 + "; " + transform } ?? transform
  }
}
