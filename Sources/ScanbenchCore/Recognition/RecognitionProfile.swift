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
  public var modelKind: ModelLocator.Kind
  public var modelFolder: String
  /// Model name → path of its `.traineddata`, for the engine identity.
  public var modelFiles: [String: String]
  /// Tesseract page segmentation mode (3 = automatic, 7 = single line, 6 = single block).
  public var pageSegmentation: Int32
  /// Resolution to tell Tesseract (0 = what the image says, or 300 when it says nothing).
  public var resolution: Int
  public var variables: [(String, String)]

  public static let languages = ["eng", "jpn", "eng+jpn"]

  /// `modelKind` and `extraVariables` override the recipe, for experiments that choose recipes.
  public init(
    level: RecognitionLevel, language: String, pageSegmentation: Int32?, resolution: Int?,
    models: ModelLocator, modelKind: ModelLocator.Kind? = nil, extraVariables: [(String, String)] = []
  ) throws {
    self.level = level
    self.language = language
    self.modelKind = modelKind ?? Self.modelKind(for: level)
    let modelKind = self.modelKind
    let names = language.split(separator: "+").map(String.init)
    var files: [String: String] = [:]
    for name in names { files[name] = try models.modelFile(modelKind, language: name) }
    modelFiles = files
    modelFolder = try models.folder(modelKind) ?? models.modelFile(modelKind, language: names[0])
    self.pageSegmentation = pageSegmentation ?? 3
    self.resolution = resolution ?? 0
    variables = Self.variables(for: level) + extraVariables
  }

  /// Measured on uw3-lines and tesseract-pages (README, "Profiles"): the standard models are
  /// slightly lower in CER on both and about 2.5× slower, so accurate uses them and fast does not.
  static func modelKind(for level: RecognitionLevel) -> ModelLocator.Kind {
    switch level {
    case .accurate: .standard
    case .fast: .fast
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
    return EngineIdentity(tesseract: Engine.version, models: hashes)
  }

  public func makeEngine() throws -> Engine {
    try Engine(
      modelFolder: modelFolder, language: language, pageSegmentation: pageSegmentation,
      variables: variables)
  }

  /// What the engine sees: the decoded page, prepared per the profile's recipe.
  public func prepare(_ pix: Pix) -> Pix {
    pix
  }
}

/// Model files are tens of MB; hash each once per process.
final class ModelHashCache: Sendable {
  static let shared = ModelHashCache()
  private let hashes = Mutex<[String: String]>([:])

  func hash(of path: String) throws -> String {
    if let known = hashes.withLock({ $0[path] }) { return known }
    let digest = try SHA256.hex(fileAt: URL(fileURLWithPath: path))
    hashes.withLock { $0[path] = digest }
    return digest
  }
}
