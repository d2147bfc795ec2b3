import ScanbenchExternal
import ScanbenchPPOCR
import ScanbenchRecognition
import ScanbenchTesseract

/// Every engine scanbench can run, and which one each profile uses. Adding an engine is its
/// module (a folder over ScanbenchRecognition's seam, declaring its `EngineEntry`), one line in
/// `engines`, and its target in Package.swift (docs/contributing.md, "Adding an engine").
public enum EngineCatalog {
  public typealias Entry = EngineEntry

  public static let engines: [Entry] = [
    TesseractBackend.entry,
    PPOCRBackend.entry,
    ExternalBackend.entry,
  ]

  /// An engine as `--engine` names it: its entry and what followed `NAME:`, if it takes an argument.
  public struct Choice: Sendable {
    public var entry: Entry
    public var argument: String?
  }

  /// The engine `--engine` names: `NAME`, or `NAME:ARGUMENT` for one that takes an argument.
  public static func choice(named text: String, in catalog: [Entry] = engines) -> Choice? {
    if let entry = catalog.first(where: { $0.name == text && $0.argument == nil }) {
      return Choice(entry: entry, argument: nil)
    }
    guard let colon = text.firstIndex(of: ":"),
      let entry = catalog.first(where: { $0.name == text[..<colon] && $0.argument != nil })
    else { return nil }
    return Choice(entry: entry, argument: String(text[text.index(after: colon)...]))
  }

  /// Every language some engine reads, in the order `--lang` lists them.
  public static var languages: [String] { union(engines.map(\.languages)) }

  /// Every model kind some engine has, in the order `--models` lists them.
  public static var modelKinds: [String] { union(engines.map(\.modelKinds)) }

  /// The engines' own names for `--engine-set` (`--tesseract-set`).
  public static var parameterAliases: [String] { engines.compactMap(\.parameters?.alias) }

  private static func union(_ lists: [[String]]) -> [String] {
    var seen: [String] = []
    for list in lists {
      for item in list where !seen.contains(item) { seen.append(item) }
    }
    return seen
  }

  /// The engine every level uses for every language when `--engine` does not say, chosen by
  /// measurement (`bench/profiles.py`; docs/engines.md, "Profiles"; the figures:
  /// Reports/BENCHMARKS.md, "Engines and profiles"): PP-OCR has fewer errors on most of each
  /// language's corpora at both levels (all of them, columns included, since the reading order
  /// knows blocks), and its tiny models are the fastest within the fast level's margin. Vertical
  /// Japanese too, since its columns are read cut into upright character cells. The level chooses
  /// PP-OCR's models, not the engine; an engine that becomes one level's or one language's choice
  /// makes this a function of both (and changes the Profiles).
  public static let levelsEngine: Entry = PPOCRBackend.entry

  /// The engine of a run, resolved once (`run`'s `validate()`): the entry, the options it is made
  /// with (`argument` from `NAME:ARGUMENT`) and the profile its records name.
  public struct Resolved: Sendable {
    public var entry: Entry
    public var options: EngineOptions
    /// The engine's own profile (`command`), else the level's (`accurate`, `fast`).
    public var profile: String { entry.profile ?? options.level.rawValue }
  }

  /// Called at each resolution, for the test that a run resolves its engine once.
  @TaskLocal public static var resolutionObserver: (@Sendable (Resolved) -> Void)?

  /// The engine chosen (or the levels' one) with the options, checked against its entry. Throws
  /// `EngineError` for a language it does not read, models it does not have or parameters it does
  /// not take. `catalog` is `engines` but for tests, which register engines of their own.
  public static func resolve(
    _ choice: Choice?, options: EngineOptions, catalog: [Entry] = engines
  ) throws -> Resolved {
    let entry = choice?.entry ?? levelsEngine
    var options = options
    options.argument = choice?.argument
    guard entry.languages.isEmpty || entry.languages.contains(options.language) else {
      throw EngineError(
        message:
          "\(entry.name) does not read '\(options.language)' (it reads \(entry.languages.joined(separator: ", ")))"
      )
    }
    if let kind = options.modelKind, !entry.modelKinds.contains(kind) {
      throw EngineError(
        message: entry.modelKinds.isEmpty
          ? "\(entry.name) has no models to choose (--models)"
          : "\(entry.name) has no '\(kind)' models (\(entry.modelKinds.joined(separator: ", ")))")
    }
    if !options.parameters.isEmpty, entry.parameters == nil {
      let takers = catalog.filter { $0.parameters != nil }.map { "--engine \($0.usage)" }
      throw EngineError(
        message: "\(entry.name) takes no parameters (--engine-set); they are for "
          + takers.joined(separator: ", "))
    }
    let resolved = Resolved(entry: entry, options: options)
    resolutionObserver?(resolved)
    return resolved
  }

  /// The engine named (or the levels' one) with the options, resolved and set up. Throws
  /// `EngineError` for an unknown engine and whatever `resolve` and the engine throw.
  public static func setup(
    engine name: String?, options: EngineOptions, catalog: [Entry] = engines
  ) throws -> RecognitionSetup {
    var choice: Choice?
    if let name {
      guard let found = self.choice(named: name, in: catalog) else {
        throw EngineError(
          message: "no engine '\(name)' (engines: \(catalog.map(\.usage).joined(separator: ", ")))")
      }
      choice = found
    }
    return try setup(try resolve(choice, options: options, catalog: catalog))
  }

  /// The resolved engine made, with Tesseract's orientation detection when the accurate level
  /// checks pages for orientation and its model is installed.
  public static func setup(_ resolved: Resolved) throws -> RecognitionSetup {
    let (entry, options) = (resolved.entry, resolved.options)
    let backend = try entry.make(options)
    // Pages are checked at every level by engines whose reading tells a page's turn; Tesseract's
    // orientation detection, where that reading says nothing, only at the accurate level.
    let checks =
      options.level == .accurate && options.detectsOrientation && entry.orientationCheckBelow != nil
    let orientation = checks ? TesseractOrientation(resolution: options.resolution) : nil
    let checkBelow =
      options.detectsOrientation && (checks || entry.readsPageTurn) ? entry.orientationCheckBelow : nil
    var setup = RecognitionSetup(
      backend: backend, orientation: orientation, orientationCheckBelow: checkBelow)
    setup.libraryVersions = TesseractOrientation.libraryVersions.merging(entry.libraryVersions()) { $1 }
    if checks, orientation == nil { setup.warnings.append(TesseractOrientation.missingModelWarning) }
    return setup
  }

  /// `setup(engine:options:)` for an engine already looked up (nil: the levels' one).
  public static func setup(
    choice: Choice?, options: EngineOptions, catalog: [Entry] = engines
  ) throws -> RecognitionSetup {
    try setup(try resolve(choice, options: options, catalog: catalog))
  }
}
