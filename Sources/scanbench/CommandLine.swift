import Foundation

/// A subcommand: its help text and options, a check of everything it was given, and what it does.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Checks the paths and the combinations of options the parser cannot check alone, before the
  /// command does anything: a mistake found after an hour's run is an hour lost.
  static func validate(_ arguments: ParsedArguments) throws
  /// Runs the command; returns the process exit code.
  static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Command {
  static func validate(_ arguments: ParsedArguments) throws {}
}

struct CommandSpec: Sendable {
  var name: String
  var abstract: String
  var discussion: String? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// For commands with their own subcommands (`notes list`): their names and one-line abstracts.
  var subcommands: [(name: String, abstract: String)] = []
}

struct ArgumentSpec: Sendable {
  var name: String
  var help: String
  var isVariadic = false
  var isOptional = false
}

/// An option as the parser and the help see it. Made by `Option` and `Flag`, which also say how
/// its text becomes a value; never written by hand.
struct OptionSpec: Sendable {
  var name: String
  var help: String
  /// nil for a flag; otherwise shown in help, e.g. `N` for `--jobs N`.
  var valueName: String?
  var allowedValues: [String]?
  /// What help says the default is; nil when there is none to say.
  var defaultText: String?
  /// A value that may be left out (`--import-to [DB]`): then this is its value.
  var implicitValue: String?
  var isRepeatable = false
  /// The text as the option's value, or a usage error saying what it takes.
  var convert: @Sendable (String) throws -> any Sendable = { $0 }
}

/// An option that takes a value, declared once: name, help, default, and how its text is turned
/// into a value and checked. `arguments[option]` is the value given, or the default.
struct Option<Value: Sendable>: Sendable {
  let spec: OptionSpec
  let defaultValue: Value

  /// `defaultText` is what help shows (nil: the default's own text, none for nil defaults).
  init(
    _ name: String, help: String, valueName: String, default defaultValue: Value, defaultText: String? = nil,
    allowedValues: [String]? = nil, implicitValue: String? = nil, isRepeatable: Bool = false,
    convert: @escaping @Sendable (String) throws -> Value
  ) {
    self.defaultValue = defaultValue
    var shown = defaultText
    if shown == nil {
      let text = String(describing: defaultValue)
      if text != "nil" { shown = text.hasPrefix("Optional(") ? nil : text }
    }
    spec = OptionSpec(
      name: name, help: help, valueName: valueName, allowedValues: allowedValues, defaultText: shown,
      implicitValue: implicitValue, isRepeatable: isRepeatable, convert: { try convert($0) })
  }
}

/// An option without a value.
struct Flag: Sendable {
  let spec: OptionSpec

  init(_ name: String, help: String) {
    spec = OptionSpec(name: name, help: help, valueName: nil)
  }

  static let json = Flag("--json", help: "Print the result as JSON on stdout.")
}

extension Option where Value == String {
  init(_ name: String, help: String, valueName: String, default defaultValue: String) {
    self.init(name, help: help, valueName: valueName, default: defaultValue) { $0 }
  }
}

extension Option where Value == String? {
  /// A text option without a default.
  init(
    _ name: String, help: String, valueName: String, defaultText: String? = nil, implicitValue: String? = nil
  ) {
    self.init(
      name, help: help, valueName: valueName, default: nil, defaultText: defaultText,
      implicitValue: implicitValue
    ) { $0 }
  }
}

extension Option where Value == Int {
  /// A whole number in `range`.
  static func integer(
    _ name: String, help: String, valueName: String = "N", range: ClosedRange<Int>, default defaultValue: Int,
    defaultText: String? = nil
  ) -> Option {
    Option(name, help: help, valueName: valueName, default: defaultValue, defaultText: defaultText) {
      try Conversion.integer($0, name: name, range: range)
    }
  }

  /// A size such as `256M`, `2G`, `1048576`.
  static func size(_ name: String, help: String, default defaultValue: Int, defaultText: String) -> Option {
    Option(name, help: help, valueName: "size", default: defaultValue, defaultText: defaultText) {
      try Conversion.byteCount($0, name: name)
    }
  }
}

extension Option where Value == Int? {
  /// A whole number in `range`, or nothing.
  static func integer(
    _ name: String, help: String, valueName: String = "N", range: ClosedRange<Int>, defaultText: String? = nil
  ) -> Option {
    Option(name, help: help, valueName: valueName, default: nil, defaultText: defaultText) {
      try Conversion.integer($0, name: name, range: range)
    }
  }

  /// A size such as `256M`, `2G`, `1048576`, or nothing.
  static func size(_ name: String, help: String, defaultText: String? = nil) -> Option {
    Option(name, help: help, valueName: "size", default: nil, defaultText: defaultText) {
      try Conversion.byteCount($0, name: name)
    }
  }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of an enumeration's raw values.
  static func choice(_ name: String, help: String, valueName: String, default defaultValue: Value) -> Option {
    let allowed = Value.allCases.map(\.rawValue)
    return Option(
      name, help: help, valueName: valueName, default: defaultValue, defaultText: defaultValue.rawValue,
      allowedValues: allowed
    ) { text in
      guard let value = Value(rawValue: text) else {
        throw Conversion.notAllowed(text, name: name, allowed: allowed)
      }
      return value
    }
  }
}

/// How option texts become values; each throws a usage error that says what the option takes.
enum Conversion {
  static func integer(_ text: String, name: String, range: ClosedRange<Int>) throws -> Int {
    guard let number = Int(text), range.contains(number) else {
      let bounds =
        range.upperBound == Int.max ? "≥ \(range.lowerBound)" : "in \(range.lowerBound)...\(range.upperBound)"
      throw UsageError("\(name) takes a whole number \(bounds), not '\(text)'")
    }
    return number
  }

  static func double(_ text: String, name: String, range: ClosedRange<Double>) throws -> Double {
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw UsageError("\(name) takes a number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
    }
    return number
  }

  static func notAllowed(_ text: String, name: String, allowed: [String]) -> UsageError {
    UsageError("'\(text)' is not a valid value for \(name) (values: \(allowed.joined(separator: ", "))).")
  }

  /// Parses a size such as `256M`, `2G`, `1048576`.
  static func byteCount(_ text: String, name: String) throws -> Int {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
    var digits = Substring(text.uppercased())
    var multiplier = 1
    if digits.hasSuffix("IB") {
      digits = digits.dropLast(2)
    } else if digits.hasSuffix("B") {
      digits = digits.dropLast()
    }
    if let last = digits.last, let unit = units[last] {
      multiplier = unit
      digits = digits.dropLast()
    }
    guard let number = Int(digits), number > 0 else {
      throw UsageError("\(name) takes a size such as 256M or 2G, not '\(text)'")
    }
    let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
    guard !overflow else { throw UsageError("\(name): '\(text)' is more bytes than can be counted") }
    return bytes
  }
}

/// A mistake in the command line: printed with the usage, exit code 64.
struct UsageError: Error, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}

/// A command failed for a reason that is not a usage mistake; printed as `Error: …`.
struct CommandFailure: Error {
  var message: String
  var exitCode: Int32
  init(_ message: String, exitCode: Int32 = 1) {
    self.message = message
    self.exitCode = exitCode
  }
}

enum ExitCode {
  static let success: Int32 = 0
  static let failure: Int32 = 1
  static let inputUnreadable: Int32 = 2
  static let usage: Int32 = 64
}

/// What the parser found: positionals, and for each option given its values, already converted.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [any Sendable]] = [:]
  var flags: Set<String> = []
  /// The command line as given, for the store's summary.
  var commandLine: [String] = []

  subscript<Value>(_ option: Option<Value>) -> Value {
    values[option.spec.name]?.last as? Value ?? option.defaultValue
  }

  /// Every value of a repeatable option, in order.
  func all<Value>(_ option: Option<Value>) -> [Value] {
    values[option.spec.name]?.compactMap { $0 as? Value } ?? []
  }

  subscript(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }

  /// Whether the option was given at all (its default is then not what the user asked for).
  func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.spec.name] != nil }
}

enum ArgumentParser {
  /// Parses `arguments` (without the command name) against `spec`, converting and checking every
  /// option's value.
  static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        var message = "Unknown option '\(name)'."
        if let suggestion = closest(to: name, among: spec.options.map(\.name)) {
          message += " Did you mean '\(suggestion)'?"
        }
        throw UsageError(message)
      }
      guard let valueName = option.valueName else {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !looksLikeOption(arguments[index]) {
        value = arguments[index]
        index += 1
      } else if let implicit = option.implicitValue {
        value = implicit
      } else {
        // Never the next option as a value: `--out --json` would write a file named `--json`.
        throw UsageError("Missing value for '\(name) <\(valueName)>'.")
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw Conversion.notAllowed(value, name: name, allowed: allowed)
      }
      if !option.isRepeatable, parsed.values[name] != nil {
        throw UsageError("\(name) was given more than once.")
      }
      parsed.values[name, default: []].append(try option.convert(value))
    }
    try checkPositionals(parsed.positionals, spec: spec)
    return parsed
  }

  /// `--name` and `-x` are options; `-` (standard input) and negative numbers are values.
  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return false }
    return Double(word) == nil
  }

  private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws {
    let required = spec.arguments.filter { !$0.isOptional }
    let hasVariadic = spec.arguments.contains(where: \.isVariadic)
    if positionals.count < required.count {
      let missing = required[positionals.count...].map { "<\($0.name)>" }.joined(separator: " ")
      throw UsageError("Missing expected argument '\(missing)'.")
    }
    if !hasVariadic, positionals.count > spec.arguments.count {
      throw UsageError("Unexpected argument '\(positionals[spec.arguments.count])'.")
    }
  }

  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, levenshtein(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else {
      return nil
    }
    return best.0
  }

  private static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

enum HelpFormatter {
  static func usage(_ spec: CommandSpec) -> String {
    var parts = ["scanbench", spec.name]
    if !spec.subcommands.isEmpty { parts.append("<subcommand>") }
    for argument in spec.arguments {
      var text = "<\(argument.name)>"
      if argument.isVariadic { text += " ..." }
      if argument.isOptional { text = "[\(text)]" }
      parts.append(text)
    }
    if !spec.options.isEmpty { parts.append("[options]") }
    return parts.joined(separator: " ")
  }

  static func help(_ spec: CommandSpec) -> String {
    var lines = ["OVERVIEW: \(spec.abstract)"]
    if let discussion = spec.discussion { lines += ["", discussion] }
    lines += ["", "USAGE: \(usage(spec))"]
    if !spec.arguments.isEmpty {
      lines += ["", "ARGUMENTS:"]
      for argument in spec.arguments {
        lines.append(row("<\(argument.name)>", argument.help))
      }
    }
    lines += ["", "OPTIONS:"]
    for option in spec.options {
      var left = option.name
      if let valueName = option.valueName {
        left += option.implicitValue == nil ? " <\(valueName)>" : " [<\(valueName)>]"
      }
      var help = option.help
      var notes: [String] = []
      if let allowed = option.allowedValues { notes.append("values: \(allowed.joined(separator: ", "))") }
      if let defaultText = option.defaultText { notes.append("default: \(defaultText)") }
      if !notes.isEmpty { help += " (\(notes.joined(separator: "; ")))" }
      lines.append(row(left, help))
    }
    lines.append(row("-h, --help", "Show help information."))
    if !spec.subcommands.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      for subcommand in spec.subcommands { lines.append(row(subcommand.name, subcommand.abstract)) }
      lines += ["", "  See 'scanbench help \(spec.name) <subcommand>' for detailed help."]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func row(_ left: String, _ right: String) -> String {
    let width = 26
    let padded = "  " + left
    if padded.count < width {
      return padded.padding(toLength: width, withPad: " ", startingAt: 0) + right
    }
    return padded + "\n" + String(repeating: " ", count: width) + right
  }
}
