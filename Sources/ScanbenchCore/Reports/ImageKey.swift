/// What makes two results the same image: the archive entry, the image's bytes, the page of a
/// multi-page image, and how it was recognized (profile and language).
public struct ImageKey: Hashable, Comparable, Sendable, Codable {
  public var entry: String
  public var sha256: String
  public var page: Int?
  public var profile: String
  public var lang: String

  public init(entry: String, sha256: String, page: Int? = nil, profile: String, lang: String) {
    self.entry = entry
    self.sha256 = sha256
    self.page = page
    self.profile = profile
    self.lang = lang
  }

  public init(_ record: ResultRecord) {
    self.init(
      entry: record.entry, sha256: record.sha256, page: record.page, profile: record.profile,
      lang: record.lang)
  }

  /// The entry as people name it: `scan.tif (page 2)`.
  public var label: String {
    page.map { "\(entry) (page \($0))" } ?? entry
  }

  /// Entry, then page, then the rest: the order baselines are written in and lists are tie-broken by.
  public static func < (left: ImageKey, right: ImageKey) -> Bool {
    if left.entry != right.entry {
      return left.entry.unicodeScalars.lexicographicallyPrecedes(right.entry.unicodeScalars)
    }
    if left.page != right.page { return (left.page ?? 0) < (right.page ?? 0) }
    if left.sha256 != right.sha256 { return left.sha256 < right.sha256 }
    if left.profile != right.profile { return left.profile < right.profile }
    return left.lang < right.lang
  }
}

/// The same image read by another profile: what `report --compare` pairs accurate with fast by.
struct ImageContentKey: Hashable, Sendable {
  var entry: String
  var sha256: String
  var page: Int?

  init(_ record: ResultRecord) {
    entry = record.entry
    sha256 = record.sha256
    page = record.page
  }
}
