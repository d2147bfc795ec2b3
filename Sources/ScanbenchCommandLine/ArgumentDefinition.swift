/// What help, completions, the manual and the parser know of one option, flag or positional
/// argument: made by its declaration (`@Option`, `@Flag`, `@Argument`), never written by hand.
public struct ArgumentDefinition: Sendable {
  public enum Kind: Sendable {
    case option, flag, positional
  }

  public var kind: Kind
  /// `--lang`, then its aliases (`--engine-set`, `--tesseract-set`); a positional's name (`input`).
  public var names: [String]
  public var help: String
  /// `N` in `--jobs <N>`; nil for flags; a positional's name.
  public var valueName: String?
  /// The texts allowed, shown as `values: …`; nil for any text.
  public var allowedValues: [String]?
  /// What help says the default is; nil when there is none to say.
  public var defaultText: String?
  /// For an option whose value may be left out (`--import-to [<db>]`): then this is its value.
  public var implicitValue: String?
  /// An option given more than once (each value kept), or a positional taking the rest.
  public var isRepeatable: Bool
  /// No default: the command line must give it.
  public var isRequired: Bool
  public var completion: CompletionKind

  /// The name help, usage and errors use first.
  public var name: String { names.first ?? "" }

  /// `--out <file>`, `--import-to [<db>]`, `--boxes`, `<input>`.
  public var synopsis: String {
    switch kind {
    case .flag: name
    case .positional: "<\(name)>"
    case .option:
      implicitValue == nil ? "\(name) <\(valueName ?? "value")>" : "\(name) [<\(valueName ?? "value")>]"
    }
  }
}

/// What a shell should offer for a value.
public enum CompletionKind: Sendable, Equatable {
  /// Nothing: free text (an id, a number).
  case none
  /// Files (and folders, to get to them).
  case file
  /// Folders only.
  case directory
  /// These words.
  case list([String])
}

/// Whether an option was given and under which of its names: `$level.isGiven`, `$engineSet.name`.
public struct ArgumentUse: Sendable {
  public var isGiven: Bool
  /// The name it was given under, else its first name.
  public var name: String
}

/// The storage behind one declaration: its definition, the texts the parser hands it, converted
/// into the declared type at once, and the value the property reads.
final class ArgumentBox<Value> {
  private(set) var definition: ArgumentDefinition
  /// The value so far and the next text → the value (a repeatable option appends).
  private let accept: (_ previous: Value?, _ text: String, _ name: String) throws -> Value
  /// The value when nothing is given: the declared default, nil for an optional's `nil`… or nil
  /// when required (`initial` is then nil and the parser refuses a command line without it).
  private let initial: Value?
  private var parsed: Value?
  private(set) var givenName: String?
  private(set) var count = 0

  init(
    _ definition: ArgumentDefinition, initial: Value?,
    accept: @escaping (_ previous: Value?, _ text: String, _ name: String) throws -> Value
  ) {
    self.definition = definition
    self.initial = initial
    self.accept = accept
  }

  var value: Value {
    guard let value = parsed ?? initial else {
      // Only a command the parser did not fill can get here: a programming mistake, not input.
      fatalError("\(definition.synopsis) was read before the command line was parsed")
    }
    return value
  }

  var use: ArgumentUse { ArgumentUse(isGiven: count > 0, name: givenName ?? definition.name) }

  /// A declaration without `name:` is named after its property: `engineTimeout` → `--engine-timeout`.
  func adopt(label: String) {
    if definition.names.isEmpty {
      let name = String(label.drop { $0 == "_" }).kebabCased
      definition.names = [definition.kind == .positional ? name : "--" + name]
    }
    if definition.kind == .positional {
      definition.valueName = definition.name
    } else if definition.valueName == "" {
      definition.valueName = String(definition.name.drop { $0 == "-" })
    }
  }
}

/// The parser's view of a box, whatever its value's type.
protocol ParsedArgument: AnyObject {
  var definition: ArgumentDefinition { get }
  var count: Int { get }
  /// Takes one text given under `name` (a flag gets an empty text).
  func take(_ text: String, as name: String) throws
  func adopt(label: String)
}

extension ArgumentBox: ParsedArgument {
  func take(_ text: String, as name: String) throws {
    parsed = try accept(parsed ?? (definition.isRepeatable ? initial : nil), text, name)
    givenName = name
    count += 1
  }
}

/// A property wrapper the parser finds by reflection.
protocol ArgumentDeclaration {
  var parsedArgument: any ParsedArgument { get }
}

/// `@OptionGroup`: the parser looks inside.
protocol GroupDeclaration {
  var group: any ParsableArguments { get }
}

extension String {
  /// `engineTimeout` → `engine-timeout`, `keepCJKSpaces` → `keep-cjk-spaces`: a word starts at an
  /// upper-case letter after a lower-case one, or at the last capital of a run before lower case.
  var kebabCased: String {
    let characters = Array(self)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        if !previous.isUppercase || next?.isLowercase == true { result.append("-") }
      }
      result += character.lowercased()
    }
    return result
  }
}
