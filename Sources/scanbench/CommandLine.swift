import Foundation
import ScanbenchCore

/// A subcommand: its help text and options, and what it does with parsed arguments.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Runs the command; returns the process exit code.
  static func run(_ arguments: ParsedArguments) throws -> Int32
}

struct CommandSpec {
  var name: String
  var abstract: String
  var discussion: String? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// For commands with their own subcommands (`notes list`): their names and one-line abstracts.
  var subcommands: [(name: String, abstract: String)] = []
}

struct ArgumentSpec {
  var name: String
  var help: String
  var isVariadic = false
  var isOptional = false
}

struct OptionSpec {
  var name: String
  var help: String
  /// nil for a flag; otherwise shown in help, e.g. `N` for `--jobs N`.
  var valueName: String? = nil
  var allowedValues: [String]? = nil
  var defaultValue: String? = nil
  /// A value that may be left out (`--import-to [DB]`): then this is its value.
  var implicitValue: String? = nil
  var isRepeatable = false

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, help: help)
  }

  static let json = OptionSpec.flag("--json", "Print the result as JSON on stdout.")
}

/// A mistake in the command line: printed with the usage, exit code 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
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

struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func flag(_ name: String) -> Bool { flags.contains(name) }
  func value(_ name: String) -> String? { values[name]?.last }
  func allValues(_ name: String) -> [String] { values[name] ?? [] }

  func int(_ name: String, range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      let bounds = range.upperBound == Int.max ? "≥ \(range.lowerBound)" : "in \(range)"
      throw UsageError("\(name) takes a whole number \(bounds), not '\(text)'")
    }
    return number
  }

  func double(_ name: String, range: ClosedRange<Double> = -.infinity ... .infinity) throws -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw UsageError("\(name) takes a number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
    }
    return number
  }

  /// Parses a size such as `256M`, `2G`, `1048576`.
  func byteCount(_ name: String) throws -> Int? {
    guard let text = value(name) else { return nil }
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
    var digits = Substring(text.uppercased())
    var multiplier = 1
    if digits.hasSuffix("IB") { digits = digits.dropLast(2) } else if digits.hasSuffix("B") {
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

  func choice<T: RawRepresentable>(_ name: String, as type: T.Type) -> T? where T.RawValue == String {
    value(name).flatMap(T.init(rawValue:))
  }
}

enum ArgumentParser {
  /// Parses `arguments` (without the command name) against `spec`.
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
      } else if index < arguments.count,
        option.implicitValue == nil || !arguments[index].hasPrefix("-")
      {
        // An option whose value may be left out takes the next word only when it is not an option;
        // inputs come first (`run INPUT… --import-to DB`), so a following word is its value.
        value = arguments[index]
        index += 1
      } else if let implicit = option.implicitValue {
        value = implicit
      } else {
        throw UsageError("Missing value for '\(name) <\(valueName)>'.")
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw UsageError(
          "'\(value)' is not a valid value for \(name) (values: \(allowed.joined(separator: ", "))).")
      }
      if !option.isRepeatable, parsed.values[name] != nil {
        throw UsageError("\(name) was given more than once.")
      }
      parsed.values[name, default: []].append(value)
    }
    try checkPositionals(parsed.positionals, spec: spec)
    return parsed
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
      if let defaultValue = option.defaultValue { notes.append("default: \(defaultValue)") }
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
