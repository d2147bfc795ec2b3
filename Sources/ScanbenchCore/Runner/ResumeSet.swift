import Foundation

/// The results already in a store, by what makes a result the same: image bytes, page, profile,
/// language and engine identity.
///
/// Failures count as done too. Those of an image (it is not an image, its header claims too many
/// pixels, recognition failed) are keyed by its bytes like successes: the same bytes under the same
/// engine fail the same way, so redoing them would only add a second, identical line. Failures of an
/// entry whose bytes were never read (a link, an encrypted or oversized entry, undecodable ground
/// truth) are keyed by input and entry path instead, so a resumed run does not record them again.
/// To retry failures after changing a limit, write to a new store.
public struct ResumeSet: Sendable {
  private var keys: Set<String> = []

  public init() {}

  public var count: Int { keys.count }

  /// Reads the store (a missing store is an empty set; torn or foreign lines are passed over).
  public static func load(from url: URL) throws -> ResumeSet {
    var set = ResumeSet()
    guard FileManager.default.fileExists(atPath: url.path) else { return set }
    try StoreReader.read(url) { _, line in
      guard case .result(let record) = line else { return }
      let identity = key(record.engine)
      if record.sha256.isEmpty {
        set.keys.insert(
          entryKey(
            source: record.source, entry: record.entry, profile: record.profile, lang: record.lang,
            identity: identity))
      } else {
        set.keys.insert(
          key(
            sha256: record.sha256, page: record.page, profile: record.profile, lang: record.lang,
            identity: identity))
      }
    }
    return set
  }

  func contains(sha256: String, page: Int?, profile: RecognitionProfile, identity: String) -> Bool {
    !keys.isEmpty
      && keys.contains(
        Self.key(
          sha256: sha256, page: page, profile: profile.level.rawValue, lang: profile.language,
          identity: identity))
  }

  /// Whether an entry-level failure (one recorded without image bytes) is already in the store.
  func containsEntry(source: String, entry: String, profile: RecognitionProfile, identity: String) -> Bool {
    !keys.isEmpty
      && keys.contains(
        Self.entryKey(
          source: source, entry: entry, profile: profile.level.rawValue, lang: profile.language,
          identity: identity))
  }

  static func key(_ engine: EngineIdentity) -> String {
    engine.tesseract + "|"
      + engine.models.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
  }

  static func key(sha256: String, page: Int?, profile: String, lang: String, identity: String) -> String {
    [sha256, page.map(String.init) ?? "-", profile, lang, identity].joined(separator: "|")
  }

  /// Entry paths are printable (escaped) and may hold `|`, so the parts are length-prefixed.
  static func entryKey(source: String, entry: String, profile: String, lang: String, identity: String)
    -> String
  {
    "entry:" + [source, entry, profile, lang, identity].map { "\($0.utf8.count):\($0)" }.joined()
  }
}
