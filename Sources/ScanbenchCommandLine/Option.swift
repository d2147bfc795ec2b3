/// An option that takes a value, declared once as a stored property: its name (from the property
/// unless `name:` says), help, default (the property's initial value; none = required), how its
/// text is parsed and checked, and what shells complete.
///
///     @Option(help: "Workers, each with its own engine.", parsing: .integer(in: 1...1024))
///     var jobs = 4
///     @Option(name: "--lang", help: "Language of the text.") var language = "eng"
///     @Option(help: "Use this run of the store instead of the latest.", valueName: "id") var run: String?
///     @Option(help: "Only this entry (repeatable).") var entry: [String] = []
@propertyWrapper
public struct Option<Value>: ArgumentDeclaration {
  let box: ArgumentBox<Value>

  public var wrappedValue: Value { box.value }
  /// Whether it was given, and as what: `$engineSet.name` is `--tesseract-set` when given so.
  public var projectedValue: ArgumentUse { box.use }

  var parsedArgument: any ParsedArgument { box }

  init(
    name: String?, aliases: [String], help: String, valueName: String?, allowedValues: [String]?,
    defaultText: String?, implicitValue: String? = nil, isRepeatable: Bool = false, isRequired: Bool,
    completion: CompletionKind?, initial: Value?,
    accept: @escaping (_ previous: Value?, _ text: String, _ name: String) throws -> Value
  ) {
    let definition = ArgumentDefinition(
      kind: .option, names: name.map { [$0] + aliases } ?? [], help: help, valueName: valueName ?? "",
      allowedValues: allowedValues, defaultText: defaultText, implicitValue: implicitValue,
      isRepeatable: isRepeatable, isRequired: isRequired,
      completion: completion ?? allowedValues.map { .list($0) } ?? .none)
    box = ArgumentBox(definition, initial: initial, accept: accept)
  }
}

extension Option {
  /// An option with a default, parsed by `parsing`.
  public init(
    wrappedValue: Value, name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    parsing: ValueParser<Value>, defaultText: String? = nil, completion: CompletionKind? = nil
  ) {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, allowedValues: parsing.allowedValues,
      defaultText: defaultText ?? String(describing: wrappedValue), isRequired: false, completion: completion,
      initial: wrappedValue
    ) { _, text, name in try parsing.parse(text, name: name) }
  }

  /// A required option (no default), parsed by `parsing`. Its help says what it is for: a command
  /// line without it is refused with `Missing '--out <file>': <help>`.
  public init(
    name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    parsing: ValueParser<Value>, completion: CompletionKind? = nil
  ) {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, allowedValues: parsing.allowedValues,
      defaultText: nil, isRequired: true, completion: completion, initial: nil
    ) { _, text, name in try parsing.parse(text, name: name) }
  }

  /// An option that may be left out (nil), parsed by `parsing`. `implicitValue` is its value when
  /// given without one (`--import-to` alone).
  public init<Wrapped>(
    name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    parsing: ValueParser<Wrapped>, defaultText: String? = nil, implicitValue: String? = nil,
    completion: CompletionKind? = nil
  ) where Value == Wrapped? {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, allowedValues: parsing.allowedValues,
      defaultText: defaultText, implicitValue: implicitValue, isRequired: false, completion: completion,
      initial: .some(nil)
    ) { _, text, name in try parsing.parse(text, name: name) }
  }

  /// An option that may be given again and again, each value kept in order.
  public init<Element>(
    wrappedValue: [Element] = [], name: String? = nil, aliases: [String] = [], help: String,
    valueName: String? = nil, parsing: ValueParser<Element>, completion: CompletionKind? = nil
  ) where Value == [Element] {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, allowedValues: parsing.allowedValues,
      defaultText: nil, isRepeatable: true, isRequired: false, completion: completion, initial: wrappedValue
    ) { previous, text, name in (previous ?? []) + [try parsing.parse(text, name: name)] }
  }
}

extension Option where Value: ExpressibleByArgument {
  /// An option with a default, parsed as its type parses (`String`, `Int`, an enumeration).
  public init(
    wrappedValue: Value, name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    defaultText: String? = nil, completion: CompletionKind? = nil
  ) {
    self.init(
      wrappedValue: wrappedValue, name: name, aliases: aliases, help: help, valueName: valueName,
      parsing: Value.argumentParser, defaultText: defaultText ?? wrappedValue.defaultValueDescription,
      completion: completion)
  }

  /// A required option, parsed as its type parses.
  public init(
    name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    completion: CompletionKind? = nil
  ) {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, parsing: Value.argumentParser,
      completion: completion)
  }
}

extension Option {
  /// An option that may be left out, parsed as its type parses.
  public init<Wrapped: ExpressibleByArgument>(
    name: String? = nil, aliases: [String] = [], help: String, valueName: String? = nil,
    defaultText: String? = nil, implicitValue: String? = nil, completion: CompletionKind? = nil
  ) where Value == Wrapped? {
    self.init(
      name: name, aliases: aliases, help: help, valueName: valueName, parsing: Wrapped.argumentParser,
      defaultText: defaultText, implicitValue: implicitValue, completion: completion)
  }

  /// A repeatable option, parsed as its elements' type parses.
  public init<Element: ExpressibleByArgument>(
    wrappedValue: [Element] = [], name: String? = nil, aliases: [String] = [], help: String,
    valueName: String? = nil, completion: CompletionKind? = nil
  ) where Value == [Element] {
    self.init(
      wrappedValue: wrappedValue, name: name, aliases: aliases, help: help, valueName: valueName,
      parsing: Element.argumentParser, completion: completion)
  }
}

/// An option without a value: false unless given.
///
///     @Flag(help: "Skip images already in the store.") var resume = false
@propertyWrapper
public struct Flag: ArgumentDeclaration {
  let box: ArgumentBox<Bool>

  public var wrappedValue: Bool { box.value }
  public var projectedValue: ArgumentUse { box.use }
  var parsedArgument: any ParsedArgument { box }

  public init(wrappedValue: Bool = false, name: String? = nil, help: String) {
    let definition = ArgumentDefinition(
      kind: .flag, names: name.map { [$0] } ?? [], help: help, valueName: nil, allowedValues: nil,
      defaultText: nil, implicitValue: nil, isRepeatable: false, isRequired: false, completion: .none)
    box = ArgumentBox(definition, initial: wrappedValue) { _, _, _ in true }
  }
}

/// A positional argument: required unless it has a default or is optional; an array takes every
/// remaining one (at least one unless it has a default).
///
///     @Argument(help: "The JSON-lines store a run wrote.", completion: .file) var store: String
///     @Argument(help: "Archives, folders or images.", completion: .file) var input: [String]
@propertyWrapper
public struct Argument<Value>: ArgumentDeclaration {
  let box: ArgumentBox<Value>

  public var wrappedValue: Value { box.value }
  var parsedArgument: any ParsedArgument { box }

  init(
    name: String?, help: String, isRepeatable: Bool, isRequired: Bool, completion: CompletionKind,
    initial: Value?, accept: @escaping (_ previous: Value?, _ text: String, _ name: String) throws -> Value
  ) {
    let definition = ArgumentDefinition(
      kind: .positional, names: name.map { [$0] } ?? [], help: help, valueName: name, allowedValues: nil,
      defaultText: nil, implicitValue: nil, isRepeatable: isRepeatable, isRequired: isRequired,
      completion: completion)
    box = ArgumentBox(definition, initial: initial, accept: accept)
  }

  /// A required argument parsed by `parsing`.
  public init(
    name: String? = nil, help: String, parsing: ValueParser<Value>, completion: CompletionKind = .none
  ) {
    self.init(
      name: name, help: help, isRepeatable: false, isRequired: true, completion: completion, initial: nil
    ) { _, text, name in try parsing.parse(text, name: "<\(name)>") }
  }

  /// Every remaining argument, at least one.
  public init<Element>(
    name: String? = nil, help: String, parsing: ValueParser<Element>, completion: CompletionKind = .none
  ) where Value == [Element] {
    self.init(
      name: name, help: help, isRepeatable: true, isRequired: true, completion: completion, initial: nil
    ) { previous, text, name in (previous ?? []) + [try parsing.parse(text, name: "<\(name)>")] }
  }
}

extension Argument where Value: ExpressibleByArgument {
  public init(name: String? = nil, help: String, completion: CompletionKind = .none) {
    self.init(name: name, help: help, parsing: Value.argumentParser, completion: completion)
  }
}

extension Argument {
  public init<Element: ExpressibleByArgument>(
    name: String? = nil, help: String, completion: CompletionKind = .none
  ) where Value == [Element] {
    self.init(name: name, help: help, parsing: Element.argumentParser, completion: completion)
  }
}

/// Options and arguments declared once in a `ParsableArguments` struct and used by several
/// commands: `@OptionGroup var scoring: ScoringFlags`, read as `scoring.caseFold`.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: GroupDeclaration {
  public var wrappedValue: Value

  public init() {
    wrappedValue = Value()
  }

  var group: any ParsableArguments { wrappedValue }
}
