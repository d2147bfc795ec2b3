import ScanbenchSeam
/// What makes two results comparable: the same profile and language, the same engine with the same
/// models and settings, the same run settings (boxes, barcodes, metric) and the same scanbench
/// version. `--resume` skips an image only when its stored result has this identity, and `merge`
/// refuses stores whose identities differ.
public struct ResultIdentity: Hashable, Sendable, CustomStringConvertible {
  public var profile: String
  public var lang: String
  public var engine: EngineIdentity
  public var settings: [String: String]
  /// nil for records written before schema 2, which did not say.
  public var scanbenchVersion: String?

  public init(
    profile: String, lang: String, engine: EngineIdentity, settings: [String: String],
    scanbenchVersion: String?
  ) {
    self.profile = profile
    self.lang = lang
    self.engine = engine
    self.settings = settings
    self.scanbenchVersion = scanbenchVersion
  }

  public init(_ record: ResultRecord) {
    self.init(
      profile: record.profile, lang: record.lang, engine: record.engine, settings: record.settings ?? [:],
      scanbenchVersion: record.scanbench?.version)
  }

  public init(_ summary: RunSummaryRecord) {
    self.init(
      profile: summary.profile, lang: summary.lang, engine: summary.engine, settings: summary.settings ?? [:],
      scanbenchVersion: summary.scanbench?.version)
  }

  /// How `other` differs, one phrase per difference: `psm 3 → 4`, `scanbench 0.1.0 → 0.2.0`.
  public func differences(to other: ResultIdentity) -> [String] {
    var parts: [String] = []
    if lang != other.lang { parts.append("language \(lang) → \(other.lang)") }
    if profile != other.profile { parts.append("profile \(profile) → \(other.profile)") }
    parts += engine.differences(to: other.engine)
    for key in Set(settings.keys).union(other.settings.keys).sorted()
    where settings[key] != other.settings[key] {
      parts.append("\(key) \(settings[key] ?? "unset") → \(other.settings[key] ?? "unset")")
    }
    if scanbenchVersion != other.scanbenchVersion {
      parts.append("scanbench \(scanbenchVersion ?? "unknown") → \(other.scanbenchVersion ?? "unknown")")
    }
    return parts
  }

  public var description: String {
    var text = "profile \(profile), lang \(lang), \(engine.label)"
    let models = engine.models.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.prefix(12))" }
    if !models.isEmpty { text += ", models \(models.joined(separator: ","))" }
    let all = engine.settings.merging(settings) { engine, _ in engine }
    if !all.isEmpty {
      text +=
        ", settings " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
    if let scanbenchVersion { text += ", scanbench \(scanbenchVersion)" }
    return text
  }
}
