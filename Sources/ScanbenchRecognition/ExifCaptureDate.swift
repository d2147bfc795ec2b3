import Foundation
import ScanbenchSupport

/// When a photo was taken, from its EXIF `DateTimeOriginal` (tag 0x9003 of the Exif IFD, which IFD0's
/// tag 0x8769 points to) and `OffsetTimeOriginal` (0x9011, EXIF 2.31), in a JPEG's APP1 segment or a
/// HEIF file's Exif item: as a `CaptureDate` (`2019-07-14T12:34:56+09:00`), range-checked there.
///
/// Pure Swift, no C: the parser reads bytes from strangers and is fuzzed (`Tests/Fuzz/Targets`);
/// every read is bounded by the TIFF structure that holds it.
public enum ExifCaptureDate {
  /// From a JPEG's Exif segment; nil when it has none, or none that reads as a real date.
  public static func read(fromJPEG data: Data) -> String? {
    data.withUnsafeBytes { raw in
      ExifSegments.first(inJPEG: raw.bindMemory(to: UInt8.self)) { payload in
        ExifSegments.tiff(inExifPayload: payload).flatMap(read(inTIFF:))
      }
    }
  }

  /// From the payload of a HEIF file's `Exif` item (ISO/IEC 23008-12 A.2.1): a 32-bit big-endian
  /// offset from after it to the TIFF header (which `Exif\0\0` usually precedes), then the TIFF.
  public static func read(fromHEIFExifItem data: Data) -> String? {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard bytes.count >= 4 else { return nil }
      let offset = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
      guard offset <= bytes.count - 4 else { return nil }
      return read(inTIFF: UnsafeBufferPointer(rebasing: bytes[(4 + offset)...]))
    }
  }

  static func read(inTIFF bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let tiff = TIFFStructure(bytes), let ifd0 = tiff.firstIFD,
      let exifPointer = tiff.entry(0x8769, inIFDAt: ifd0), exifPointer.type == 4 || exifPointer.type == 13,
      exifPointer.count == 1, let exifIFD = tiff.u32(exifPointer.valueOffset),
      let original = tiff.entry(0x9003, inIFDAt: exifIFD), let dateTime = tiff.ascii(original)
    else { return nil }
    let offset = tiff.entry(0x9011, inIFDAt: exifIFD).flatMap(tiff.ascii)
    return CaptureDate.fromEXIF(dateTime: dateTime, offset: offset)
  }
}

/// The APP1 segments of a JPEG and the TIFF structure inside an Exif one.
enum ExifSegments {
  /// The first non-nil `body` over the payloads of the APP1 segments before the first scan, each
  /// read within its declared length.
  static func first<T>(inJPEG bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> T?)
    -> T?
  {
    // SOI, then marker segments: FF xx, a big-endian length that counts itself, the payload.
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var offset = 2
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      // Start of scan or end of image: the metadata segments are over.
      if marker == 0xDA || marker == 0xD9 { return nil }
      // Markers without a length (TEM, RSTn).
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2
        continue
      }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
      if marker == 0xE1,
        let found = body(UnsafeBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 2 + length)]))
      {
        return found
      }
      offset += 2 + length
    }
    return nil
  }

  /// The TIFF structure of an APP1 payload that starts `Exif\0\0`; nil for XMP and other uses.
  static func tiff(inExifPayload payload: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let signature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
    guard payload.count >= signature.count + 8, payload.prefix(6).elementsEqual(signature) else { return nil }
    return UnsafeBufferPointer(rebasing: payload[6...])
  }
}

/// A TIFF structure (`II*\0` little- or `MM\0*` big-endian) read in place, every read bounded.
struct TIFFStructure {
  let bytes: UnsafeBufferPointer<UInt8>
  let littleEndian: Bool

  /// One 12-byte IFD entry.
  struct Entry {
    var tag: Int
    var type: Int
    var count: Int
    /// Where the value is: the entry's own value field when it fits in four bytes, else the offset
    /// that field holds.
    var valueOffset: Int
  }

  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 8 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    self.bytes = bytes
    guard u16(2) == 42 else { return nil }
  }

  func u16(_ at: Int) -> Int? {
    guard at >= 0, at <= bytes.count - 2 else { return nil }
    let (a, b) = (Int(bytes[at]), Int(bytes[at + 1]))
    return littleEndian ? a | b << 8 : a << 8 | b
  }

  func u32(_ at: Int) -> Int? {
    guard let first = u16(at), let second = u16(at + 2) else { return nil }
    return littleEndian ? first | second << 16 : first << 16 | second
  }

  /// IFD0's offset.
  var firstIFD: Int? { u32(4).flatMap { $0 >= 8 ? $0 : nil } }

  /// The entry with `tag` in the IFD at `offset` (at most its declared entries, each within bounds).
  func entry(_ tag: Int, inIFDAt offset: Int) -> Entry? {
    guard offset >= 8, let count = u16(offset) else { return nil }
    for index in 0..<count {
      let at = offset + 2 + index * 12
      guard let found = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { return nil }
      guard found == tag else { continue }
      // Sizes of the types tags here have (BYTE, ASCII, SHORT, LONG, UNDEFINED, IFD).
      let size: Int
      switch type {
      case 1, 2, 7: size = 1
      case 3: size = 2
      case 4, 13: size = 4
      default: return nil
      }
      guard values <= bytes.count else { return nil }
      let inline = values * size <= 4
      guard let valueOffset = inline ? at + 8 : u32(at + 8) else { return nil }
      return Entry(tag: tag, type: type, count: values, valueOffset: valueOffset)
    }
    return nil
  }

  /// An ASCII entry's text, up to its first NUL, when it lies within the structure.
  func ascii(_ entry: Entry) -> String? {
    guard entry.type == 2, entry.count <= 64, entry.valueOffset >= 0,
      entry.valueOffset <= bytes.count - entry.count
    else { return nil }
    let slice = bytes[entry.valueOffset..<(entry.valueOffset + entry.count)]
    let text = slice.prefix { $0 != 0 }
    guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: text, as: UTF8.self)
  }
}
