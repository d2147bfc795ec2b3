import Foundation
import ScanbenchSupport

/// Which engine produced a result, from which model files, with which settings: results are
/// compared, resumed and merged only when this is the same.
///
/// One form everywhere: the store's `engine` object, the baseline's, the note database's key
/// (`canonical`). Store schema 1 wrote `{"tesseract": VERSION, "models": {LANG: SHA256}}`; it is
/// read as `name` `tesseract` with the models' file names and no settings.
public struct EngineIdentity: Codable, Sendable, Hashable {
  /// The engine's name in the engine table: `tesseract`, `ppocr`, `command`.
  public var name: String
  /// The engine's own version, e.g. Tesseract's `5.3.0`, ONNX Runtime's `1.32.0`.
  public var version: String
  /// Model file name → SHA-256 of its bytes.
  public var models: [String: String]
  /// Every setting of the engine that can change what it reads (page segmentation, resolution,
  /// orientation detection, parameters), as text.
  public var settings: [String: String]

  public init(name: String, version: String, models: [String: String] = [:], settings: [String: String] = [:])
  {
    self.name = name
    self.version = version
    self.models = models
    self.settings = settings
  }

  /// What a result whose engine is not known (an old note, an empty run) is said to come from.
  public static let unknown = EngineIdentity(name: "unknown", version: "-")

  enum CodingKeys: String, CodingKey {
    case name, version, models, settings
    case tesseract
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let version = try container.decodeIfPresent(String.self, forKey: .tesseract),
      !container.contains(.name)
    {
      self = Self.schema1(
        version: version, models: try container.decode([String: String].self, forKey: .models))
      return
    }
    name = try container.decode(String.self, forKey: .name)
    version = try container.decode(String.self, forKey: .version)
    models = try container.decodeIfPresent([String: String].self, forKey: .models) ?? [:]
    settings = try container.decodeIfPresent([String: String].self, forKey: .settings) ?? [:]
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(version, forKey: .version)
    try container.encode(models, forKey: .models)
    try container.encode(settings, forKey: .settings)
  }

  /// A schema-1 identity: Tesseract, models keyed by language (`eng`) for `eng.traineddata`.
  package static func schema1(version: String, models: [String: String]) -> EngineIdentity {
    var files: [String: String] = [:]
    for (language, digest) in models { files[language + ".traineddata"] = digest }
    return EngineIdentity(name: "tesseract", version: version, models: files)
  }

  /// The one text form: compact JSON with sorted keys. Equal identities have equal text.
  public var canonical: String {
    "{\"models\":\(JSONText.object(models)),\"name\":\(JSONText.quote(name)),"
      + "\"settings\":\(JSONText.object(settings)),\"version\":\(JSONText.quote(version))}"
  }

  /// `tesseract 5.3.0`.
  public var label: String { "\(name) \(version)" }

  /// How `other` differs from this identity, one phrase per difference, e.g. `psm 3 → 4`,
  /// `eng.traineddata 7d43a1… → 1a2b3c…`, `engine tesseract 5.3.0 → command:rapidocr 3.10.0`; empty
  /// when they are the same.
  public func differences(to other: EngineIdentity) -> [String] {
    // Another engine differs in every model and setting: its name and version, then every setting
    // the other was run with (an `--engine-set` among them), since none of them is this one's.
    if name != other.name {
      return ["engine \(label) → \(other.label)"]
        + other.settings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    }
    var parts: [String] = []
    if version != other.version { parts.append("\(other.name) \(version) → \(other.version)") }
    for file in Set(models.keys).union(other.models.keys).sorted() {
      let old = models[file].map { String($0.prefix(6)) + "…" } ?? "none"
      let new = other.models[file].map { String($0.prefix(6)) + "…" } ?? "none"
      if models[file] != other.models[file] { parts.append("model \(file) \(old) → \(new)") }
    }
    for key in Set(settings.keys).union(other.settings.keys).sorted()
    where settings[key] != other.settings[key] {
      parts.append("\(key) \(settings[key] ?? "unset") → \(other.settings[key] ?? "unset")")
    }
    return parts
  }
}
