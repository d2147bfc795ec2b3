import Foundation

/// What an entry's name says it is, and how names from strangers are made safe to show.
public enum EntryName {
  /// Extensions leptonica decodes here.
  public static let imageExtensions: Set<String> = [
    "png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "pnm", "pbm", "pgm", "ppm", "jp2",
  ]

  public enum Role: Equatable, Sendable {
    /// An image; `stem` is the path without its extension.
    case image(stem: String)
    /// `NAME.gt.txt` (preferred) or `NAME.txt`: ground truth for the image with that stem.
    case groundTruth(stem: String, isPreferred: Bool)
    /// Anything else (sidecars, notes, other files).
    case other
  }

  public static func imageExtension(of path: String) -> String? {
    let ext = (path as NSString).pathExtension.lowercased()
    return imageExtensions.contains(ext) ? ext : nil
  }

  public static func role(of path: String) -> Role {
    let name = (path as NSString).lastPathComponent
    if name.hasPrefix("._") { return .other }  // macOS resource forks in zips
    if path.hasSuffix(".gt.txt") {
      return .groundTruth(stem: String(path.dropLast(".gt.txt".count)), isPreferred: true)
    }
    if path.hasSuffix(".txt") {
      return .groundTruth(stem: String(path.dropLast(".txt".count)), isPreferred: false)
    }
    if let ext = imageExtension(of: path) {
      return .image(stem: String(path.dropLast(ext.count + 1)))
    }
    return .other
  }

  /// The longest name kept as is; longer ones are cut with a marker (names are data, not paths).
  public static let maximumLength = 1024

  /// Makes raw name bytes printable and unambiguous: valid UTF-8 is kept, other bytes and control
  /// characters become `\xNN`, a backslash becomes `\\`; a leading `./` is dropped.
  public static func printable(_ bytes: some Collection<UInt8>) -> String {
    var result = ""
    var bytes = Array(bytes)
    if bytes.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) { bytes.removeFirst(2) }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length = utf8SequenceLength(bytes, at: index)
      if length > 1, let scalar = String(bytes: bytes[index..<index + length], encoding: .utf8) {
        result += scalar
        index += length
        continue
      }
      if byte == UInt8(ascii: "\\") {
        result += "\\\\"
      } else if byte >= 0x20 && byte < 0x7F {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += String(format: "\\x%02X", byte)
      }
      index += 1
    }
    if result.utf8.count > maximumLength {
      let kept = String(decoding: result.utf8.prefix(maximumLength), as: UTF8.self)
      result = kept + "…[\(result.utf8.count - maximumLength) more bytes]"
    }
    return result
  }

  /// Length of a valid multi-byte UTF-8 sequence starting at `index`, or 1.
  private static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 1
    }
    guard index + length <= bytes.count else { return 1 }
    for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 1 }
    return length
  }
}
