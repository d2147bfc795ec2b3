/// An engine as it declares itself to the catalog: what `--engine` calls it, what it reads, which
/// models `--models` picks between, which parameters `--engine-set` sets, what it needs checked and
/// which libraries it runs on. Each engine's module makes its own (`TesseractBackend.entry`); the
/// catalog lists them, and help, validation and identity read them: the command line never names
/// an engine.
public struct EngineEntry: Sendable {
  /// What `--engine` calls it.
  public var name: String
  /// One line, for help.
  public var summary: String
  /// The languages it has a recipe for; empty: whatever `--lang` names (the engine passes it on).
  public var languages: [String]
  /// For an engine named with an argument, `--engine NAME:ARGUMENT`: what the argument is, for
  /// help (`'PROGRAM ARGS…'`); the engine finds it in `EngineOptions.argument`. nil: the name alone.
  public var argument: String?
  /// The profile its records name; nil for the level's. An engine with a profile of its own
  /// chooses how it reads by itself: it takes no `--level` (nor the built-in engines' options).
  public var profile: String?
  /// The model kinds `--models` chooses between (`fast`, `standard`); empty: none to choose.
  public var modelKinds: [String]
  /// The parameters `--engine-set NAME=VALUE` sets; nil: it takes none.
  public var parameters: Parameters?
  /// Pages read with a mean confidence under this are checked for lying on their side or upside
  /// down (see `PagePipeline`); nil for engines whose confidences do not say so.
  public var orientationCheckBelow: Double?
  /// Its reading tells how far a page lies turned (`RecognizedText.pageTurn`), so pages are checked
  /// at every level; without, only where Tesseract's orientation detection runs (accurate).
  public var readsPageTurn: Bool
  /// The seconds an image may take before the engine is stopped and restarted (`--engine-timeout`);
  /// nil for engines that run in process and cannot be stopped.
  public var timeout: Double?
  /// The libraries a run with it uses and their versions, for the run's summary.
  public var libraryVersions: @Sendable () -> [String: String]
  public var make: @Sendable (EngineOptions) throws -> any EngineBackend

  /// What `--engine-set` sets for an engine.
  public struct Parameters: Sendable {
    /// For help: `a Tesseract parameter, e.g. tessedit_do_invert=0`.
    public var summary: String
    /// The engine's own name for `--engine-set`, kept as an alias (`--tesseract-set`).
    public var alias: String?

    public init(summary: String, alias: String? = nil) {
      self.summary = summary
      self.alias = alias
    }
  }

  public init(
    name: String, summary: String, languages: [String], argument: String? = nil, profile: String? = nil,
    modelKinds: [String] = [], parameters: Parameters? = nil, orientationCheckBelow: Double? = nil,
    readsPageTurn: Bool = false, timeout: Double? = nil,
    libraryVersions: @escaping @Sendable () -> [String: String] = { [:] },
    make: @escaping @Sendable (EngineOptions) throws -> any EngineBackend
  ) {
    self.name = name
    self.summary = summary
    self.languages = languages
    self.argument = argument
    self.profile = profile
    self.modelKinds = modelKinds
    self.parameters = parameters
    self.orientationCheckBelow = orientationCheckBelow
    self.readsPageTurn = readsPageTurn
    self.timeout = timeout
    self.libraryVersions = libraryVersions
    self.make = make
  }

  /// How `--engine` names it: `tesseract`, `command:'PROGRAM ARGS…'`.
  public var usage: String { argument.map { "\(name):\($0)" } ?? name }
}
