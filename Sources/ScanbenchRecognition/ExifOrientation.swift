import Foundation

/// The EXIF `Orientation` tag (0x0112) of a photo: how the stored pixels must be turned to show the
/// scene upright. Cameras and phones store the sensor's rows as they came and set this tag instead of
/// rotating; leptonica ignores it, so scanbench applies it before recognition.
///
/// Pure Swift, no C: the parser reads bytes from strangers and is fuzzed (`Tests/Fuzz/Targets`).
public enum ExifOrientation: Int, Sendable, CaseIterable, Codable {
  /// Row 0 at the top, column 0 at the left: nothing to do.
  case up = 1
  /// Mirrored left to right.
  case upMirrored = 2
  /// Upside down.
  case down = 3
  /// Mirrored top to bottom.
  case downMirrored = 4
  /// Row 0 on the left, column 0 at the top: transposed.
  case leftMirrored = 5
  /// Row 0 on the right, column 0 at the top: the phone was held upright (portrait).
  case right = 6
  /// Row 0 on the right, column 0 at the bottom: transversed.
  case rightMirrored = 7
  /// Row 0 on the left, column 0 at the bottom.
  case left = 8

  /// One step of the transform that makes the stored pixels upright, in leptonica's terms.
  public enum Step: Sendable, Equatable {
    /// Clockwise quarter turns (1, 2 or 3): `pixRotateOrth`.
    case rotate(quarterTurns: Int)
    /// `pixFlipLR`.
    case flipLeftRight
    /// `pixFlipTB`.
    case flipTopBottom
  }

  /// The steps, in order, that turn the stored image into the upright one.
  public var steps: [Step] {
    switch self {
    case .up: []
    case .upMirrored: [.flipLeftRight]
    case .down: [.rotate(quarterTurns: 2)]
    case .downMirrored: [.flipTopBottom]
    case .leftMirrored: [.rotate(quarterTurns: 1), .flipLeftRight]
    case .right: [.rotate(quarterTurns: 1)]
    case .rightMirrored: [.rotate(quarterTurns: 1), .flipTopBottom]
    case .left: [.rotate(quarterTurns: 3)]
    }
  }

  /// The orientation whose transform undoes this one's (the tag a camera would write for an
  /// upright scene stored as this one's transform of it). Only the two quarter turns differ.
  public var inverse: ExifOrientation {
    switch self {
    case .right: .left
    case .left: .right
    default: self
    }
  }

  /// What the transform does, for the store: `rotate 90° clockwise`, `flip left-right`, ….
  public var transformDescription: String {
    steps.map(\.description).joined(separator: ", then ")
  }

  /// Whether width and height swap.
  public var swapsDimensions: Bool { rawValue >= 5 }

  /// The orientation a JPEG's Exif segment declares, or nil when it has none (or none that can be
  /// read: a malformed segment is ignored, never trusted). Reads at most the segments before the
  /// first scan, each within its declared length.
  public static func read(fromJPEG data: Data) -> ExifOrientation? {
    data.withUnsafeBytes { raw in
      read(fromJPEG: raw.bindMemory(to: UInt8.self))
    }
  }

  static func read(fromJPEG bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
    ExifSegments.first(inJPEG: bytes) { orientation(inExifPayload: $0) }
  }

  /// An APP1 payload: `Exif\0\0`, then a TIFF header and IFD0; nil for XMP and other APP1 uses.
  static func orientation(inExifPayload payload: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
    ExifSegments.tiff(inExifPayload: payload).flatMap(orientation(inTIFF:))
  }

  /// Tag 0x0112 in IFD0 of a TIFF structure (`II*\0` little- or `MM\0*` big-endian).
  static func orientation(inTIFF tiff: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
    guard tiff.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      let (a, b) = (Int(tiff[at]), Int(tiff[at + 1]))
      return littleEndian ? a | b << 8 : a << 8 | b
    }
    func u32(_ at: Int) -> Int? {
      guard let first = u16(at), let second = u16(at + 2) else { return nil }
      return littleEndian ? first | second << 16 : first << 16 | second
    }
    guard u16(2) == 42, let ifd = u32(4), ifd >= 8, let count = u16(ifd) else { return nil }
    for entry in 0..<count {
      let at = ifd + 2 + entry * 12
      guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { return nil }
      guard tag == 0x0112 else { continue }
      // SHORT (3), one value, stored in the first two bytes of the value field.
      guard type == 3, values == 1, let value = u16(at + 8) else { return nil }
      return ExifOrientation(rawValue: value)
    }
    return nil
  }
}

extension ExifOrientation.Step: CustomStringConvertible {
  public var description: String {
    switch self {
    case .rotate(let turns): "rotate \(turns * 90)° clockwise"
    case .flipLeftRight: "flip left-right"
    case .flipTopBottom: "flip top-bottom"
    }
  }
}
