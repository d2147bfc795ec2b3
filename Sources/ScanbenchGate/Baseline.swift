import Foundation
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// What a run scored, image by image, kept in the repository so that later runs can be checked
/// against it: small, sorted, one image per line so that a change shows as a readable diff.
///
/// Written by `encoded()` (for its layout) and read by `Codable`; a test holds the two to each other.
/// Format 1 (entries keyed with profile and language, engine `{tesseract, models}`) is still read.
public struct Baseline: Codable, Sendable, Equatable {
  public static let currentFormat = "scanbench-baseline/2"
  static let readableFormats = ["scanbench-baseline/1", currentFormat]

  public struct Entry: Codable, Sendable, Equatable {
    public var input: String
    public var entry: String
    public var sha256: String
    public var page: Int?
    public var edits: Int
    public var gtChars: Int

    enum CodingKeys: String, CodingKey {
      case input, entry, sha256, page, edits
      case gtChars = "gt_chars"
    }

    public init(key: ImageKey, edits: Int, gtChars: Int) {
      input = key.input
      entry = key.entry
      sha256 = key.sha256
      page = key.page
      self.edits = edits
      self.gtChars = gtChars
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // Format 1 kept no input name: such entries match the run's images by entry alone.
      input = try container.decodeIfPresent(String.self, forKey: .input) ?? ""
      entry = try container.decode(String.self, forKey: .entry)
      sha256 = try container.decode(String.self, forKey: .sha256)
      page = try container.decodeIfPresent(Int.self, forKey: .page)
      edits = try container.decode(Int.self, forKey: .edits)
      gtChars = try container.decode(Int.self, forKey: .gtChars)
    }

    public var key: ImageKey { ImageKey(input: input, entry: entry, sha256: sha256, page: page) }
  }

  public var format: String
  /// The metric descriptor every entry was scored with.
  public var metric: String
  public var profile: String
  public var lang: String
  public var engine: EngineIdentity
  /// The run's settings outside the engine (`boxes`, `barcodes`, `metric`).
  public var settings: [String: String]
  /// The scanbench that made the run, when it said.
  public var scanbench: Provenance?
  public var images: Int
  public var gtChars: Int
  public var edits: Int
  /// `edits / gtChars`; `nil` when the images hold no ground-truth characters at all.
  public var cerMicro: Double?
  /// Sorted by `ImageKey`.
  public var entries: [Entry]
  /// How many images a check may find lost (`ImageChange.isLost`) and still pass; nil: none
  /// (`check --max-lost-images` overrides it). Written only when set, so older files read the same.
  public var maxLostImages: Int?

  enum CodingKeys: String, CodingKey {
    case format, metric, profile, lang, engine, settings, scanbench, images, edits, entries
    case gtChars = "gt_chars"
    case cerMicro = "cer_micro"
    case maxLostImages = "max_lost_images"
  }

  public init(
    metric: String, identity: ResultIdentity, scanbench: Provenance?, entries: [Entry]
  ) {
    format = Self.currentFormat
    self.metric = metric
    profile = identity.profile
    lang = identity.lang
    engine = identity.engine
    settings = identity.settings
    self.scanbench = scanbench
    self.entries = entries.sorted { $0.key < $1.key }
    images = entries.count
    gtChars = entries.reduce(0) { $0 + $1.gtChars }
    edits = entries.reduce(0) { $0 + $1.edits }
    cerMicro = gtChars > 0 ? Double(edits) / Double(gtChars) : nil
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try container.decode(String.self, forKey: .format)
    metric = try container.decode(String.self, forKey: .metric)
    profile = try container.decode(String.self, forKey: .profile)
    lang = try container.decode(String.self, forKey: .lang)
    engine = try container.decode(EngineIdentity.self, forKey: .engine)
    settings = try container.decodeIfPresent([String: String].self, forKey: .settings) ?? [:]
    scanbench = try container.decodeIfPresent(Provenance.self, forKey: .scanbench)
    images = try container.decode(Int.self, forKey: .images)
    gtChars = try container.decode(Int.self, forKey: .gtChars)
    edits = try container.decode(Int.self, forKey: .edits)
    cerMicro = try container.decodeIfPresent(Double.self, forKey: .cerMicro)
    entries = try container.decode([Entry].self, forKey: .entries)
    maxLostImages = try container.decodeIfPresent(Int.self, forKey: .maxLostImages).map { max($0, 0) }
  }

  /// How the baseline's results were made, as a run's are compared with it.
  public var identity: ResultIdentity {
    ResultIdentity(
      profile: profile, lang: lang, engine: engine, settings: settings, scanbenchVersion: scanbench?.version)
  }

  /// The scored images of `run`. Throws when it scored none, or scored them with different metrics.
  public init(run: StoreRun) throws {
    let scored = run.scored
    guard !scored.isEmpty else {
      throw ReportError(
        .invalid, path: run.store,
        message: "run '\(run.runID)' scored no image (\(run.results.count) results, none with ground truth)")
    }
    let metrics = Set(scored.compactMap(\.metric))
    guard metrics.count == 1, let metric = metrics.first else {
      let list = metrics.isEmpty ? "none" : metrics.sorted().joined(separator: ", ")
      throw ReportError(
        .invalid, path: run.store,
        message: "run '\(run.runID)' mixes metric descriptors (\(list)); a baseline needs one")
    }
    let entries = scored.map { record in
      Entry(key: ImageKey(record), edits: record.edits ?? 0, gtChars: record.gtChars ?? 0)
    }
    let identity =
      run.identity
      ?? ResultIdentity(
        profile: run.profile, lang: run.lang, engine: .unknown, settings: [:], scanbenchVersion: nil)
    self.init(metric: metric, identity: identity, scanbench: run.scanbench, entries: entries)
  }

  /// The file's text: stable key order, one entry per line, ending in a newline.
  public func encoded() -> String {
    var lines = ["{"]
    lines.append("  \"format\": \(JSONText.quote(format)),")
    lines.append("  \"metric\": \(JSONText.quote(metric)),")
    lines.append("  \"profile\": \(JSONText.quote(profile)),")
    lines.append("  \"lang\": \(JSONText.quote(lang)),")
    lines.append("  \"engine\": \(engine.canonical),")
    lines.append("  \"settings\": \(JSONText.object(settings)),")
    if let scanbench {
      lines.append(
        "  \"scanbench\": {\"commit\":\(JSONText.quote(scanbench.commit)),"
          + "\"version\":\(JSONText.quote(scanbench.version))},")
    }
    lines.append("  \"images\": \(images),")
    lines.append("  \"gt_chars\": \(gtChars),")
    lines.append("  \"edits\": \(edits),")
    lines.append("  \"cer_micro\": \(JSONText.number(cerMicro)),")
    if let maxLostImages { lines.append("  \"max_lost_images\": \(maxLostImages),") }
    lines.append("  \"entries\": [")
    for (index, entry) in entries.enumerated() {
      var fields = [
        "\"input\":\(JSONText.quote(entry.input))", "\"entry\":\(JSONText.quote(entry.entry))",
        "\"sha256\":\(JSONText.quote(entry.sha256))",
      ]
      if let page = entry.page { fields.append("\"page\":\(page)") }
      fields += ["\"edits\":\(entry.edits)", "\"gt_chars\":\(entry.gtChars)"]
      let comma = index < entries.count - 1 ? "," : ""
      lines.append("    {" + fields.joined(separator: ",") + "}" + comma)
    }
    lines.append("  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes `encoded()` to `url`, creating its folder.
  public func write(to url: URL) throws {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(encoded().utf8).write(to: url, options: .atomic)
    } catch {
      throw ReportError(
        .unwritable, path: url.path, message: "cannot write the baseline: \(error.localizedDescription)")
    }
  }

  /// Reads a baseline file; throws `.unreadable` when it is missing, `.invalid` when it is not one.
  public static func load(_ url: URL) throws -> Baseline {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let missing = !FileManager.default.fileExists(atPath: url.path)
      throw ReportError(
        .unreadable, path: url.path,
        message: missing
          ? "no such baseline (make one with 'scanbench baseline')" : "cannot read the baseline")
    }
    let baseline: Baseline
    do {
      baseline = try JSONDecoder().decode(Baseline.self, from: data)
    } catch let DecodingError.keyNotFound(key, _) {
      throw ReportError(
        .invalid, path: url.path, message: "not a scanbench baseline: missing field '\(key.stringValue)'")
    } catch {
      throw ReportError(.invalid, path: url.path, message: "not a scanbench baseline (unreadable JSON)")
    }
    guard readableFormats.contains(baseline.format) else {
      throw ReportError(
        .invalid, path: url.path,
        message: "baseline format '\(baseline.format)' is not one this scanbench reads (\(currentFormat))")
    }
    return baseline
  }
}
