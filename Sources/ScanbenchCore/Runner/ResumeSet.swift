import Foundation

/// The results already in a store, by what makes a result the same: image bytes, page, profile,
/// language and engine identity.
public struct ResumeSet: Sendable {
  private var keys: Set<String> = []

  public init() {}

  public var count: Int { keys.count }

  /// Reads the store (a missing store is an empty set; torn or foreign lines are passed over).
  public static func load(from url: URL) throws -> ResumeSet {
    var set = ResumeSet()
    guard FileManager.default.fileExists(atPath: url.path) else { return set }
    try StoreReader.read(url) { _, line in
      if case .result(let record) = line, !record.sha256.isEmpty {
        set.keys.insert(
          key(sha256: record.sha256, page: record.page, profile: record.profile, lang: record.lang,
            identity: key(record.engine)))
      }
    }
    return set
  }

  func contains(sha256: String, page: Int?, profile: RecognitionProfile, identity: String) -> Bool {
    !keys.isEmpty
      && keys.contains(
        Self.key(sha256: sha256, page: page, profile: profile.level.rawValue, lang: profile.language, identity: identity))
  }

  static func key(_ engine: EngineIdentity) -> String {
    engine.tesseract + "|" + engine.models.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
  }

  static func key(sha256: String, page: Int?, profile: String, lang: String, identity: String) -> String {
    [sha256, page.map(String.init) ?? "-", profile, lang, identity].joined(separator: "|")
  }
}
