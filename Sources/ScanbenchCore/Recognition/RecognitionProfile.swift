import Foundation
import Synchronization

/// The two levels of Apple's Vision text recognizer, which the original apps used.
public enum RecognitionLevel: String, Sendable, CaseIterable, Codable {
  case accurate, fast
}

/// Everything that decides how an image is recognized: which models, which Tesseract settings,
/// which preprocessing. Each recipe is chosen by measurement; README states the figures.
public struct RecognitionProfile: Sendable {
  public var level: RecognitionLevel
  /// Tesseract's language string, e.g. `eng` or `eng+jpn`.
  public var language: String
  /// Model name → which of its models the recipe uses.
  public var modelKinds: [String: ModelLocator.Kind]
  /// One folder holding every model of `language` (Tesseract loads from a single folder).
  public var modelFolder: String
  /// Model name → path of its `.traineddata`, for the engine identity.
  public var modelFiles: [String: String]
  /// Tesseract page segmentation mode (3 = automatic, 7 = single line, 6 = single block).
  public var pageSegmentation: Int32
  /// Resolution to tell Tesseract (0 = what the image says, or 300 when it says nothing).
  public var resolution: Int
  public var variables: [(String, String)]
  /// `osd.traineddata` when the profile turns rotated pages upright (accurate, when the model is
  /// installed); nil to recognize pages as they are.
  public var orientationModel: String?

  public static let languages = ["eng", "jpn", "jpn_vert", "eng+jpn"]

  /// `modelKind` and `extraVariables` override the recipe, for experiments that choose recipes.
  public init(
    level: RecognitionLevel, language: String, pageSegmentation: Int32?, resolution: Int?,
    models: ModelLocator, modelKind: ModelLocator.Kind? = nil, extraVariables: [(String, String)] = []
  ) throws {
    self.level = level
    self.language = language
    let names = language.split(separator: "+").map(String.init)
    var kinds: [String: ModelLocator.Kind] = [:]
    var files: [String: String] = [:]
    for name in names {
      let kind = modelKind ?? Self.modelKind(for: level, language: name)
      kinds[name] = kind
      files[name] = try models.modelFile(kind, language: name)
    }
    modelKinds = kinds
    modelFiles = files
    modelFolder = try ModelFolder.holding(files)
    self.pageSegmentation = pageSegmentation ?? 3
    self.resolution = resolution ?? 0
    variables = Self.variables(for: level) + extraVariables
    orientationModel = level == .accurate ? models.orientationModel : nil
  }

  /// Measured (README, "Profiles"): for English the standard model is lower in CER on uw3-lines,
  /// tesseract-pages and our corpora, and 2–3× slower; for Japanese the standard model is slower
  /// *and* far worse on our corpora (13% against 2.8% CER on lines), so accurate keeps the fast one.
  static func modelKind(for level: RecognitionLevel, language: String) -> ModelLocator.Kind {
    switch (level, language) {
    case (.accurate, "jpn"), (.accurate, "jpn_vert"): .fast
    case (.accurate, _): .standard
    case (.fast, _): .fast
    }
  }

  /// Fast skips re-recognizing low-confidence lines as inverted (white on black) text: same CER on
  /// both corpora, about 5% less CPU.
  static func variables(for level: RecognitionLevel) -> [(String, String)] {
    switch level {
    case .accurate: []
    case .fast: [("tessedit_do_invert", "0")]
    }
  }

  /// Hashes each model file once: results are comparable only between identical models.
  public func engineIdentity() throws -> EngineIdentity {
    var hashes: [String: String] = [:]
    for (name, path) in modelFiles {
      hashes[name] = try ModelHashCache.shared.hash(of: path)
    }
    if let orientationModel { hashes["osd"] = try ModelHashCache.shared.hash(of: orientationModel) }
    return EngineIdentity(tesseract: Engine.version, models: hashes)
  }

  /// A worker's orientation detector, when the profile detects orientation.
  public func makeOrientationDetector() throws -> OrientationDetector? {
    try orientationModel.map { try OrientationDetector(modelFile: $0) }
  }

  public func makeEngine() throws -> Engine {
    try Engine(
      modelFolder: modelFolder, language: language, pageSegmentation: pageSegmentation,
      variables: variables)
  }
}

/// Tesseract loads every language of `eng+jpn` from one folder; when a recipe mixes models from two
/// folders, a folder of symbolic links in the user's cache brings them together.
enum ModelFolder {
  static func holding(_ files: [String: String]) throws -> String {
    let folders = Set(files.values.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
    if folders.count == 1, let folder = folders.first { return folder }
    let environment = ProcessInfo.processInfo.environment
    let cache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
    let key = SHA256.hex(Data(files.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n").utf8))
    let folder = URL(fileURLWithPath: cache).appendingPathComponent("scanbench/tessdata-\(key.prefix(16))")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, path) in files {
        let link = folder.appendingPathComponent(name + ".traineddata")
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != path else { continue }
        // Made under a unique name, then renamed: concurrent runs (shards) may race here.
        let temporary = link.path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        guard symlink(path, temporary) == 0, rename(temporary, link.path) == 0 else {
          unlink(temporary)
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: link.path])
        }
      }
    } catch {
      throw EngineError(message: "cannot gather the models in \(folder.path): \(error.localizedDescription)")
    }
    return folder.path
  }
}
