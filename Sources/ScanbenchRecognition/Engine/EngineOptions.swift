/// The two levels of Apple's Vision text recognizer, which the original apps used.
public enum RecognitionLevel: String, Sendable, CaseIterable, Codable {
  case accurate, fast
}

/// What the command line asks of an engine; each engine reads what applies to it.
public struct EngineOptions: Sendable {
  public var level: RecognitionLevel
  /// `eng`, `jpn`, `jpn_vert`, `eng+jpn`.
  public var language: String
  /// Tesseract's page segmentation mode (`--psm`), nil for the engine's default. Engines without
  /// page segmentation read 7 (one line), 8 (one word) and 13 (raw line) as "the image is one line".
  public var pageSegmentation: Int?
  /// The resolution to assume (`--dpi`), nil for what the image says.
  public var resolution: Int?
  /// Engine parameters (`--engine-set name=value`).
  public var parameters: [(String, String)] = []
  /// Overrides which models the level uses (`--models fast|standard`), for experiments.
  public var modelKind: String?
  /// Whether pages read with low confidence are checked for lying on their side (`--no-osd`: no).
  public var detectsOrientation = true
  /// What follows the engine's name in `--engine NAME:ARGUMENT` (`command:'PROGRAM ARGS…'`).
  public var argument: String?
  /// Seconds an engine may take over one image (`--engine-timeout`), for engines that can be
  /// stopped (external programs); nil for their default.
  public var timeout: Double?
  /// Seconds such an engine may take to start and say what it is (`--engine-start-timeout`); nil
  /// for their default.
  public var startTimeout: Double?
  /// How many workers share the engine's models (`--jobs`): a model run for one worker at a time may
  /// take a thread a worker, so that the workers waiting for it leave no core idle.
  public var workers = 1

  public init(level: RecognitionLevel, language: String) {
    self.level = level
    self.language = language
  }

  /// Whether the caller said each image holds one line of text.
  public var isSingleLine: Bool {
    Self.singleLineModes.contains(pageSegmentation ?? Self.automaticPageSegmentation)
  }
}
