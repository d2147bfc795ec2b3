import ScanbenchCommandLine
import ScanbenchEngines
import ScanbenchRecognition

/// How `run` reads: the engine and the options the built-in engines take, resolved once in
/// `validate()` into the engine, its options and its profile (`EngineCatalog.Resolved`).
struct EngineFlags: ParsableArguments {
  @Option(
    help: "The engine, instead of the one the level uses for the language: "
      + EngineCatalog.engines.map(\.usage).joined(separator: ", ") + " (see ENGINES above).",
    valueName: "name", parsing: .engine, defaultText: "the level's (see docs/engines.md, \"Profiles\")")
  var engine: EngineCatalog.Choice?
  @Option(
    help: "Seconds an external engine may take over one image; then it is stopped and "
      + "restarted, and the image is a recorded failure.", valueName: "seconds",
    parsing: .number(in: 0.01...86_400),
    defaultText: EngineCatalog.engines.compactMap(\.timeout).map(RunCommand.seconds).joined(separator: ", "))
  var engineTimeout: Double?
  @Option(
    help: "Seconds an external engine may take to start and say what it is (loading its models); "
      + "then the run stops.", valueName: "seconds", parsing: .number(in: 0.01...86_400),
    defaultText: "60, or --engine-timeout when longer")
  var engineStartTimeout: Double?
  @Option(help: "Recognition profile, after Apple Vision's two levels.", valueName: "level")
  var level = RecognitionLevel.accurate
  @Option(
    name: "--lang", help: "Language of the text.", valueName: "lang", parsing: .oneOf(EngineCatalog.languages)
  )
  var language = "eng"
  @Option(
    name: "--psm", help: "Page segmentation mode, \(EngineOptions.pageSegmentationSummary).",
    valueName: "mode",
    parsing: .integer(in: EngineOptions.pageSegmentationModes),
    defaultText: "\(EngineOptions.automaticPageSegmentation), automatic")
  var pageSegmentation: Int?
  @Option(
    name: "--dpi",
    help: "Resolution to assume, for images whose metadata lies; PDF pages are rendered at it.",
    valueName: "dpi", parsing: .integer(in: 50...2400), defaultText: "the image's, else 300")
  var resolution: Int?
  @Option(
    help: "Override the level's models (for experiments): "
      + EngineCatalog.engines.filter { !$0.modelKinds.isEmpty }.map {
        "\($0.name)'s \($0.modelKinds.joined(separator: " or "))"
      }.joined(separator: ", ") + ".",
    valueName: "kind", parsing: .oneOf(EngineCatalog.modelKinds))
  var models: String?
  @Option(
    name: "--engine-set", aliases: EngineCatalog.parameterAliases,
    help: "Set a parameter of the engine (repeatable; see ENGINES above).",
    valueName: "name=value", parsing: .engineParameter)
  var engineSet: [EngineParameter] = []
  @Flag(
    name: "--no-osd",
    help: "Do not check pages for lying on their side or upside down "
      + "(EXIF and HEIF orientation still apply).")
  var noOSD = false

  /// What the options say, for the engine.
  var options: EngineOptions {
    var options = EngineOptions(level: level, language: language)
    options.pageSegmentation = pageSegmentation
    options.resolution = resolution
    options.parameters = engineSet.map { ($0.name, $0.value) }
    options.modelKind = models
    options.detectsOrientation = !noOSD
    options.timeout = engineTimeout
    options.startTimeout = engineStartTimeout
    return options
  }

  /// The engine resolved with the options, once. Levels and the built-in engines' options belong
  /// to the built-in engines: an engine with a profile of its own (`command:…`) chooses for itself.
  /// Only engines that can be stopped take `--engine-timeout`. The catalog says which is which; an
  /// engine that does not read the language, or lacks the models or parameters, is refused here,
  /// before any work starts.
  func resolve() throws -> EngineCatalog.Resolved {
    let chosen = engine?.entry ?? EngineCatalog.levelsEngine
    if let given = [$engineTimeout, $engineStartTimeout].first(where: \.isGiven), chosen.timeout == nil {
      let stoppable = EngineCatalog.engines.filter { $0.timeout != nil }
      throw UsageError(
        "\(given.name) is for \(stoppable.compactMap(\.profile).joined(separator: " and ")) engines "
          + "(--engine \(stoppable.map(\.usage).joined(separator: ", ")))")
    }
    if chosen.profile != nil,
      let given = [$level, $pageSegmentation, $resolution, $models, $engineSet].first(where: \.isGiven)
    {
      throw UsageError(
        "\(given.name) belongs to the built-in engines: --engine \(chosen.name)\(chosen.argument == nil ? "" : ":…") "
          + "reads as its program chooses (give the program its own arguments)")
    }
    do {
      return try EngineCatalog.resolve(engine, options: options)
    } catch {
      throw CommandFailure("\(error)", exitCode: ExitCode.inputUnreadable)
    }
  }
}

/// `--engine-set name=value`.
struct EngineParameter: Sendable {
  var name: String
  var value: String
}

extension ValueParser where Value == EngineParameter {
  static var engineParameter: ValueParser {
    ValueParser { text, option in
      let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw UsageError("\(option) takes name=value, not '\(text)'")
      }
      return EngineParameter(name: parts[0], value: parts[1])
    }
  }
}

extension ValueParser where Value == EngineCatalog.Choice {
  /// An engine of the catalog: `NAME`, or `NAME:ARGUMENT` for one that takes an argument.
  static var engine: ValueParser {
    ValueParser { text, option in
      guard let choice = EngineCatalog.choice(named: text) else {
        throw ValueParsers.notAllowed(text, name: option, allowed: EngineCatalog.engines.map(\.usage))
      }
      if let argument = choice.argument, argument.allSatisfy(\.isWhitespace) {
        throw UsageError(
          "\(option) \(choice.entry.name): needs \(choice.entry.usage.dropFirst(choice.entry.name.count + 1))"
        )
      }
      return choice
    }
  }
}

extension RecognitionLevel: ExpressibleByArgument {}
