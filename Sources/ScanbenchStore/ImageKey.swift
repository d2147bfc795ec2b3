import ScanbenchSupport

/// What makes two results the same image: the input it came from (by name, so that a corpus
/// checked out elsewhere is the same corpus), its entry path in that input, the image's bytes, and
/// the page of a multi-page image. How it was recognized (profile, language, engine) is the run's,
/// compared run against run.
public struct ImageKey: Hashable, Comparable, Sendable, Codable {
  /// The input's last path component: `eng-lines.tar.gz`, `scans` for `~/scans/`.
  public var input: String
  public var entry: String
  public var sha256: String
  public var page: Int?

  public init(input: String, entry: String, sha256: String, page: Int? = nil) {
    self.input = input
    self.entry = entry
    self.sha256 = sha256
    self.page = page
  }

  public init(_ record: ResultRecord) {
    self.init(
      input: Self.inputName(record.source), entry: record.entry, sha256: record.sha256, page: record.page)
  }

  /// `Corpora/eng-lines.tar.gz` → `eng-lines.tar.gz`; `scans/` → `scans`.
  public static func inputName(_ source: String) -> String {
    var path = Substring(source)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(EntryName.lastComponent(of: String(path)))
  }

  /// The same image in an input of another name.
  public var ignoringInput: ImageKey { ImageKey(input: "", entry: entry, sha256: sha256, page: page) }

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
    if left.input != right.input { return left.input < right.input }
    return left.sha256 < right.sha256
  }
}
