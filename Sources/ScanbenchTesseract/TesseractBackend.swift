import Foundation
import ScanbenchRecognition
import ScanbenchSeam
import ScanbenchSupport
import Synchronization

/// Tesseract as an engine of the run: which models and settings each level uses, chosen by
/// measurement (docs/engines.md, "Profiles"), and one `TessBaseAPI` per worker.
public struct TesseractBackend: EngineBackend {
  /// Tesseract's language string, e.g. `eng` or `eng+jpn`.
  public var language: String
  /// One folder holding every model of `language` (Tesseract loads from a single folder).
  public var modelFolder: String
  /// Model name → path of its `.traineddata`, for the engine identity.
  public var modelFiles: [String: String]
  /// Tesseract page segmentation mode (3 = automatic, 7 = single line, 6 = single block).
  public var pageSegmentation: Int32
  /// Resolution to tell Tesseract (0 = what the image says, or 300 when it says nothing).
  public var resolution: Int
  public var variables: [(String, String)]

  public static let languages = ["eng", "jpn", "jpn_vert", "eng+jpn"]

  /// Tesseract's version, e.g. `5.3.0`.
  public static var version: String { TesseractEngine.version }

  public init(_ options: EngineOptions, models: ModelLocator = .discover()) throws {
    guard Self.languages.contains(options.language) else {
      throw EngineError(
        message:
          "Tesseract has no recipe for '\(options.language)' (\(Self.languages.joined(separator: ", ")))")
    }
    var kind: ModelLocator.Kind?
    if let name = options.modelKind {
      guard let chosen = ModelLocator.Kind(rawValue: name) else {
        throw EngineError(message: "Tesseract has no '\(name)' models (fast, standard)")
      }
      kind = chosen
    }
    language = options.language
    var files: [String: String] = [:]
    for name in options.language.split(separator: "+").map(String.init) {
      files[name] = try models.modelFile(
        kind ?? Self.modelKind(for: options.level, language: name), language: name)
    }
    modelFiles = files
    modelFolder = try ModelFolder.holding(files)
    pageSegmentation = Int32(options.pageSegmentation ?? EngineOptions.automaticPageSegmentation)
    resolution = options.resolution ?? 0
    variables = Self.variables(for: options.level, language: options.language) + options.parameters
  }

  /// Measured (docs/engines.md, "Profiles"; Reports/BENCHMARKS.md, "Measured choices behind the defaults"): for
  /// English the standard model is lower in CER on uw3-lines, tesseract-pages and our corpora, and
  /// slower; for Japanese the standard model is slower *and* far worse on our corpora, so accurate
  /// keeps the fast one.
  static func modelKind(for level: RecognitionLevel, language: String) -> ModelLocator.Kind {
    switch (level, language) {
    case (.accurate, "jpn"), (.accurate, "jpn_vert"): .fast
    case (.accurate, _): .standard
    case (.fast, _): .fast
    }
  }

  /// Fast skips re-recognizing low-confidence lines as inverted (white on black) text: same CER on
  /// both corpora, a little less CPU. Vertical Japanese skips it at both levels: measured, inverted
  /// re-reading makes the vertical pages under a horizontal heading worse and changes nothing on the
  /// other vertical corpora (docs/engines.md, "Profiles"; Reports/BENCHMARKS.md, "Measured choices behind the defaults").
  static func variables(for level: RecognitionLevel, language: String = "eng") -> [(String, String)] {
    switch (level, language) {
    case (.accurate, "jpn_vert"): [("tessedit_do_invert", "0")]
    case (.accurate, _): []
    case (.fast, _): [("tessedit_do_invert", "0")]
    }
  }

  /// Hashes each model file once: results are comparable only between identical models.
  public func identity() throws -> EngineIdentity {
    var hashes: [String: String] = [:]
    for (_, path) in modelFiles {
      hashes[URL(fileURLWithPath: path).lastPathComponent] = try ModelHashCache.shared.hash(of: path)
    }
    var settings = [
      "psm": String(pageSegmentation), "dpi": resolution > 0 ? String(resolution) : "image",
      "oem": "lstm",
    ]
    for (name, value) in variables { settings["set " + name] = value }
    return EngineIdentity(name: "tesseract", version: Self.version, models: hashes, settings: settings)
  }

  public func makeEngine() throws -> any RecognitionEngine {
    try TesseractEngine(
      modelFolder: modelFolder, language: language, pageSegmentation: pageSegmentation,
      resolution: resolution,
      variables: variables)
  }
}

/// Tesseract's orientation and script detection as the run's orientation check.
public struct TesseractOrientation: OrientationBackend {
  /// `osd.traineddata`.
  public var modelFile: String
  public var resolution: Int

  /// The orientation model on this machine, or nil when `tesseract-ocr-osd` is not installed.
  public init?(models: ModelLocator = .discover(), resolution: Int?) {
    guard let file = models.orientationModel else { return nil }
    modelFile = file
    self.resolution = resolution ?? 0
  }

  public func models() throws -> [String: String] {
    ["osd.traineddata": try ModelHashCache.shared.hash(of: modelFile)]
  }

  public var settings: [String: String] { ["orientation dpi": resolution > 0 ? String(resolution) : "image"] }

  public func makeDetector() throws -> any OrientationDetector {
    try TesseractOrientationDetector(modelFile: modelFile, resolution: resolution)
  }

  /// Chosen by measurement (docs/engines.md, "Photos"; the confidences in Reports/BENCHMARKS.md, "Measured choices behind the defaults"): on eng-pages turned
  /// by each angle OSD was right above it, and wrong only on upright pages the confidence gate never
  /// sends to it; a wrong turn that gets through is caught by keeping the more confident reading.
  public var minimumConfidence: Double { 1.0 }
}

/// Tesseract loads every language of `eng+jpn` from one folder; when a recipe mixes models from two
/// folders, a folder of symbolic links in the user's cache brings them together.
enum ModelFolder {
  static func holding(_ files: [String: String]) throws -> String {
    let folders = Set(files.values.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
    if folders.count == 1, let folder = folders.first { return folder }
    let key = SHA256.hex(
      Data(files.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n").utf8))
    let folder = ModelFolders.cache().appendingPathComponent("tessdata-\(key.prefix(16))")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, path) in files {
        let link = folder.appendingPathComponent(name + ".traineddata")
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != path else {
          continue
        }
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
