import Foundation

/// What a run scored, image by image, kept in the repository so that later runs can be checked
/// against it: small, sorted, one image per line so that a change shows as a readable diff.
public struct Baseline: Codable, Sendable, Equatable {
  public static let currentFormat = "scanbench-baseline/1"

  public struct Entry: Codable, Sendable, Equatable {
    public var entry: String
    public var sha256: String
    public var page: Int?
    public var profile: String
    public var lang: String
    public var edits: Int
    public var gtChars: Int

    enum CodingKeys: String, CodingKey {
      case entry, sha256, page, profile, lang, edits
      case gtChars = "gt_chars"
    }

    public init(key: ImageKey, edits: Int, gtChars: Int) {
      entry = key.entry
      sha256 = key.sha256
      page = key.page
      profile = key.profile
      lang = key.lang
      self.edits = edits
      self.gtChars = gtChars
    }

    public var key: ImageKey {
      ImageKey(entry: entry, sha256: sha256, page: page, profile: profile, lang: lang)
    }
  }

  public var format: String
  /// The metric descriptor every entry was scored with.
  public var metric: String
  public var profile: String
  public var lang: String
  public var engine: EngineIdentity
  public var images: Int
  public var gtChars: Int
  public var edits: Int
  /// `edits / gtChars`; `nil` when the images hold no ground-truth characters at all.
  public var cerMicro: Double?
  /// Sorted by `ImageKey`.
  public var entries: [Entry]

  enum CodingKeys: String, CodingKey {
    case format, metric, profile, lang, engine, images, edits, entries
    case gtChars = "gt_chars"
    case cerMicro = "cer_micro"
  }

  public init(
    metric: String, profile: String, lang: String, engine: EngineIdentity, entries: [Entry]
  ) {
    format = Self.currentFormat
    self.metric = metric
    self.profile = profile
    self.lang = lang
    self.engine = engine
    self.entries = entries.sorted { $0.key < $1.key }
    images = entries.count
    gtChars = entries.reduce(0) { $0 + $1.gtChars }
    edits = entries.reduce(0) { $0 + $1.edits }
    cerMicro = gtChars > 0 ? Double(edits) / Double(gtChars) : nil
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
    let engine = run.engine ?? EngineIdentity(tesseract: "unknown", models: [:])
    self.init(metric: metric, profile: run.profile, lang: run.lang, engine: engine, entries: entries)
  }

  /// The file's text: stable key order, one entry per line, ending in a newline.
  public func encoded() -> String {
    var lines = ["{"]
    lines.append("  \"format\": \(JSONText.quote(format)),")
    lines.append("  \"metric\": \(JSONText.quote(metric)),")
    lines.append("  \"profile\": \(JSONText.quote(profile)),")
    lines.append("  \"lang\": \(JSONText.quote(lang)),")
    lines.append(
      "  \"engine\": {\"tesseract\":\(JSONText.quote(engine.tesseract)),\"models\":\(JSONText.object(engine.models))},"
    )
    lines.append("  \"images\": \(images),")
    lines.append("  \"gt_chars\": \(gtChars),")
    lines.append("  \"edits\": \(edits),")
    lines.append("  \"cer_micro\": \(JSONText.number(cerMicro)),")
    lines.append("  \"entries\": [")
    for (index, entry) in entries.enumerated() {
      var fields = [
        "\"entry\":\(JSONText.quote(entry.entry))", "\"sha256\":\(JSONText.quote(entry.sha256))",
      ]
      if let page = entry.page { fields.append("\"page\":\(page)") }
      fields += [
        "\"profile\":\(JSONText.quote(entry.profile))", "\"lang\":\(JSONText.quote(entry.lang))",
        "\"edits\":\(entry.edits)", "\"gt_chars\":\(entry.gtChars)",
      ]
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
    guard baseline.format == currentFormat else {
      throw ReportError(
        .invalid, path: url.path,
        message: "baseline format '\(baseline.format)' is not the '\(currentFormat)' this scanbench reads")
    }
    return baseline
  }
}
