import ScanbenchExternal
import ScanbenchPPOCR
import ScanbenchRecognition
import ScanbenchTesseract

/// Every engine scanbench can run, and which one each profile uses. Adding an engine is its
/// module (a folder over ScanbenchRecognition's seam) and one line in `engines`.
public enum EngineCatalog {
  public struct Entry: Sendable {
    /// What `--engine` calls it.
    public var name: String
    public var summary: String
    /// Empty: whatever `--lang` names (the engine passes it on).
    public var languages: [String]
    /// For an engine named with an argument, `--engine NAME:ARGUMENT`: what the argument is, for
    /// help (`'PROGRAM ARGS…'`); the engine finds it in `EngineOptions.argument`. nil: the name alone.
    public var argument: String?
    /// The profile its records name; nil for the level's. An engine with a profile of its own
    /// chooses how it reads by itself: it takes no `--level` (nor the built-in engines' options).
    public var profile: String?
    public var make: @Sendable (EngineOptions) throws -> any EngineBackend

    public init(
      name: String, summary: String, languages: [String], argument: String? = nil, profile: String? = nil,
      make: @escaping @Sendable (EngineOptions) throws -> any EngineBackend
    ) {
      self.name = name
      self.summary = summary
      self.languages = languages
      self.argument = argument
      self.profile = profile
      self.make = make
    }

    /// How `--engine` names it: `tesseract`, `command:'PROGRAM ARGS…'`.
    public var usage: String { argument.map { "\(name):\($0)" } ?? name }
  }

  public static let engines: [Entry] = [
    Entry(
      name: "tesseract", summary: "Tesseract 5 (LSTM), Debian's fast and PyPI's standard models",
      languages: TesseractBackend.languages, make: { try TesseractBackend($0) }),
    Entry(
      name: "ppocr", summary: "PP-OCRv6 (DB detection, CTC recognition) through ONNX Runtime, in process",
      languages: PPOCRBackend.languages, make: { try PPOCRBackend($0) }),
    Entry(
      name: "command",
      summary: "a program of yours, over a JSON-lines protocol (README, \"External engines\")",
      languages: [], argument: "'PROGRAM ARGS…'", profile: "external", make: { try ExternalBackend($0) }),
  ]

  /// The engine `--engine` names: `NAME`, or `NAME:ARGUMENT` for one that takes an argument.
  public static func entry(named text: String, in catalog: [Entry] = engines) -> (
    entry: Entry, argument: String?
  )? {
    if let entry = catalog.first(where: { $0.name == text && $0.argument == nil }) { return (entry, nil) }
    guard let colon = text.firstIndex(of: ":"),
      let entry = catalog.first(where: { $0.name == text[..<colon] && $0.argument != nil })
    else { return nil }
    return (entry, String(text[text.index(after: colon)...]))
  }

  /// Every language some engine reads, in the order `--lang` lists them.
  public static var languages: [String] {
    var seen: [String] = []
    for entry in engines {
      for language in entry.languages where !seen.contains(language) { seen.append(language) }
    }
    return seen
  }

  /// The engine a level uses for a language when `--engine` does not say, chosen by measurement
  /// (`bench/profiles.py`; README, "Profiles"): PP-OCR has fewer errors on most of each language's
  /// corpora at both levels (all of them, columns included, since the reading order knows blocks),
  /// and its tiny models are the fastest within the fast level's margin. Vertical Japanese too,
  /// since its columns are read cut into upright character cells: 0.50% against Tesseract's 2.51%
  /// on vertical pages, 0.25% against 6.19% under a horizontal heading, 0.26% against 4.08% on single
  /// columns (Tesseract is faster, but nowhere within the fast level's margin).
  public static func engine(for level: RecognitionLevel, language: String) -> String {
    "ppocr"
  }

  /// The engine named (or the level's for the language) with the options, and Tesseract's
  /// orientation detection when the accurate level checks pages for orientation and its model is
  /// installed. Throws `EngineError` for an unknown engine or a language it does not read.
  /// `catalog` is `engines` but for tests, which register engines of their own.
  public static func setup(
    engine name: String?, options: EngineOptions, catalog: [Entry] = engines
  ) throws -> RecognitionSetup {
    let chosen = name ?? engine(for: options.level, language: options.language)
    guard let (entry, argument) = entry(named: chosen, in: catalog) else {
      throw EngineError(
        message: "no engine '\(chosen)' (engines: \(catalog.map(\.usage).joined(separator: ", ")))")
    }
    var options = options
    options.argument = argument
    guard entry.languages.isEmpty || entry.languages.contains(options.language) else {
      throw EngineError(
        message:
          "\(entry.name) does not read '\(options.language)' (it reads \(entry.languages.joined(separator: ", ")))"
      )
    }
    let backend = try entry.make(options)
    let orientation =
      options.level == .accurate && options.detectsOrientation
      ? TesseractOrientation(resolution: options.resolution) : nil
    return RecognitionSetup(backend: backend, orientation: orientation)
  }

  /// The engines' libraries a run of `recognition` uses and their versions, for its summary.
  public static func libraryVersions(for recognition: RecognitionSetup) -> [String: String] {
    var versions = ["tesseract": TesseractBackend.version]
    if let ppocr = recognition.backend as? PPOCRBackend { versions["onnxruntime"] = ppocr.runtimeVersion }
    return versions
  }
}
