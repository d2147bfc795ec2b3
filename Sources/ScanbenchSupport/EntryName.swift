import Foundation

/// What an entry's name says it is, and how names from strangers are made safe to show.
public enum EntryName {
  /// Extensions leptonica decodes here, HEIF (`heic`, `heif`, `avif`), which libheif decodes, and
  /// PDF, whose pages poppler renders. Matched case-insensitively (`IMG_0001.HEIC`); the decoder goes
  /// by content, not by name.
  public static let imageExtensions: Set<String> = [
    "png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "pnm", "pbm", "pgm", "ppm", "jp2",
    "heic", "heif", "hif", "avif", "pdf",
  ]

  public enum Role: Equatable, Sendable {
    /// An image; `stem` is the path without its extension.
    case image(stem: String)
    /// A text file of one of `textFileNames` (`NAME.gt.txt`, `NAME.page.xml`, …), whatever the
    /// suffix's case (`NAME.GT.TXT`): ground truth for the image with that stem, or OCR output.
    /// `isPreferred`: the name says ground truth (`.gt.`).
    case groundTruth(stem: String, isPreferred: Bool)
    /// Anything else (sidecars, notes, other files).
    case other
  }

  /// The name after the last `/` (trailing slashes ignored). Not `NSString.lastPathComponent`:
  /// Foundation on Linux traps on names such as `写//真` (found by fuzzing), and names are a stranger's.
  public static func lastComponent(of path: String) -> Substring {
    var trimmed = path[...]
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return trimmed[trimmed.index(after: slash)...]
  }

  /// `png` for `a/b.png`, `gz` for `x.tar.gz`, empty for `.hidden`, `a.` or `dir.d/file`
  /// (`NSString.pathExtension`'s answers, without its trap; see `lastComponent(of:)`).
  public static func pathExtension(of path: String) -> String {
    let name = lastComponent(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  public static func imageExtension(of path: String) -> String? {
    let ext = pathExtension(of: path).lowercased()
    return imageExtensions.contains(ext) ? ext : nil
  }

  /// Extensions of archives and compressed files: an archive inside an input is recorded, not opened
  /// (recursing would multiply every limit by the nesting depth).
  public static let archiveExtensions: Set<String> = [
    "zip", "tar", "tgz", "tbz", "tbz2", "txz", "tzst", "gz", "bz2", "xz", "zst", "lz", "lzma", "lz4", "z",
    "7z", "rar", "cpio", "iso", "cab", "lha", "lzh", "ar", "xar", "warc",
  ]

  /// Whether the name says the entry is an archive (`scans.zip`, `pages.tar.gz`).
  public static func isArchive(_ path: String) -> Bool {
    archiveExtensions.contains(pathExtension(of: path).lowercased())
  }

  /// Whether the name says the entry is a PDF (its pages are rendered, `imageExtensions`).
  public static func isPDF(_ path: String) -> Bool {
    pathExtension(of: path).lowercased() == "pdf"
  }

  /// What a text file's content is read as.
  public enum TextFormat: String, Sendable {
    /// UTF-8 (or UTF-16 with a byte-order mark) text.
    case text
    /// PAGE (2013 or 2019) or ALTO (2.x–4.x), told apart by the root element; XHTML hOCR too.
    case xml
    /// hOCR, read as HTML.
    case hocr
  }

  /// A text file's name: its suffix, the format it is read as, and whether it says ground truth.
  public struct TextFileName: Sendable, Equatable {
    public var suffix: String
    public var format: TextFormat
    /// `.gt.` names are ground truth; the others are ground truth beside an image, or OCR output.
    public var isGroundTruth: Bool
    /// Its place in `textFileNames`: when several files share a stem, the lowest rank is the one
    /// read (ground truth first `.gt.` names, OCR output first the others).
    public var rank: Int
  }

  /// The names of ground truth and OCR output, in order of preference: the first suffix that
  /// matches names the file. `NAME.gt.txt` stays first, as before other formats were read, and
  /// every `.gt.` name comes before every name without it.
  public static let textFileNames: [TextFileName] = [
    (".gt.txt", TextFormat.text, true), (".gt.page.xml", .xml, true), (".gt.alto.xml", .xml, true),
    (".gt.xml", .xml, true), (".gt.hocr", .hocr, true),
    (".txt", .text, false), (".page.xml", .xml, false), (".alto.xml", .xml, false), (".xml", .xml, false),
    (".hocr", .hocr, false),
  ].enumerated().map {
    TextFileName(suffix: $0.element.0, format: $0.element.1, isGroundTruth: $0.element.2, rank: $0.offset)
  }

  /// The text-file name `path` has, and its stem; nil for other files.
  public static func textFile(_ path: String) -> (name: TextFileName, stem: String)? {
    if lastComponent(of: path).hasPrefix("._") { return nil }  // macOS resource forks in zips
    for name in textFileNames where hasSuffix(path, name.suffix) {
      return (name, String(path.utf8.dropLast(name.suffix.utf8.count)) ?? path)
    }
    return nil
  }

  public static func role(of path: String) -> Role {
    let name = lastComponent(of: path)
    if name.hasPrefix("._") { return .other }  // macOS resource forks in zips
    if let (file, stem) = textFile(path) {
      return .groundTruth(stem: stem, isPreferred: file.isGroundTruth)
    }
    if let ext = imageExtension(of: path) {
      return .image(stem: String(path.dropLast(ext.count + 1)))
    }
    return .other
  }

  /// Whether `path` ends in the ASCII `suffix`, ignoring the case of ASCII letters (byte by byte, so
  /// a combining mark after the suffix is not taken for part of it).
  public static func hasSuffix(_ path: String, _ suffix: String) -> Bool {
    let tail = path.utf8.suffix(suffix.utf8.count)
    guard tail.count == suffix.utf8.count else { return false }
    return zip(tail, suffix.utf8).allSatisfy { lowercasedASCII($0) == lowercasedASCII($1) }
  }

  private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// The longest name kept as is; longer ones are cut with a marker (names are data, not paths).
  public static let maximumLength = 1024

  /// Makes raw name bytes printable and unambiguous: valid UTF-8 is kept, other bytes and control
  /// characters become `\xNN`, a backslash becomes `\\`; a leading `./` is dropped.
  ///
  /// "Control characters" include the multi-byte ones a terminal acts on: C1 controls (U+0080–U+009F),
  /// line and paragraph separators, and the bidirectional overrides that can make a name display as
  /// another. A name longer than `maximumLength` is cut in its stem (see `shortened`).
  public static func printable(_ bytes: some Collection<UInt8>) -> String {
    var result = ""
    var bytes = Array(bytes)
    if bytes.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) { bytes.removeFirst(2) }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length = utf8SequenceLength(bytes, at: index)
      if length > 1, let text = String(bytes: bytes[index..<index + length], encoding: .utf8) {
        if text.unicodeScalars.contains(where: isControl) {
          // Valid, but invisible or display-changing: escaped byte by byte like invalid UTF-8.
          for byte in bytes[index..<index + length] { result += String(format: "\\x%02X", byte) }
        } else {
          result += text
        }
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
    if result.utf8.count > maximumLength { result = shortened(result) }
    return result
  }

  /// Cuts a long printable name in its stem, keeping its extension (so its role and its pairing
  /// with ground truth survive) and adding a digest of the stem (so long names that share a
  /// beginning stay distinct): `nnnn…[1980 more bytes, sha256 0123456789abcdef…].png`.
  private static func shortened(_ name: String) -> String {
    var tail = ""
    if let (file, _) = textFile(name), file.suffix.utf8.count > 4 {
      tail = String(name.utf8.suffix(file.suffix.utf8.count)) ?? file.suffix
    } else {
      let ext = pathExtension(of: name)
      if !ext.isEmpty, ext.utf8.count <= 16 { tail = "." + ext }
    }
    let stem = String(name.utf8.dropLast(tail.utf8.count)) ?? name
    // The same length kept whatever the extension, so `S.png` and `S.gt.txt` keep the same stem.
    let kept = String(decoding: stem.utf8.prefix(maximumLength - 32), as: UTF8.self)
    let digest = SHA256.hex(Data(stem.utf8)).prefix(16)
    return kept + "…[\(stem.utf8.count - kept.utf8.count) more bytes, sha256 \(digest)…]" + tail
  }

  /// Multi-byte characters that act on a terminal or reorder what it shows.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x80...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF: true
    default: false
    }
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
