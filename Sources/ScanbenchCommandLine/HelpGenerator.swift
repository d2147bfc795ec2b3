import Foundation

/// `--help`, in swift-argument-parser's layout: OVERVIEW, the discussion, USAGE, ARGUMENTS,
/// OPTIONS (with allowed values and defaults), SUBCOMMANDS.
public enum HelpGenerator {
  public static func usage(_ command: CommandInfo) -> String {
    var parts = command.path
    if !command.subcommands.isEmpty { parts.append("<subcommand>") }
    for argument in command.positionals {
      var text = argument.synopsis
      if argument.isRepeatable { text += " ..." }
      if !argument.isRequired { text = "[\(text)]" }
      parts.append(text)
    }
    parts += command.options.filter(\.isRequired).map(\.synopsis)
    if command.options.contains(where: { !$0.isRequired })
      || (command.isRoot && command.configuration.version != nil)
    {
      parts.append("[options]")
    }
    return parts.joined(separator: " ")
  }

  public static func help(_ command: CommandInfo) -> String {
    var lines = ["OVERVIEW: \(command.configuration.abstract)"]
    if let discussion = command.configuration.discussion { lines += ["", discussion] }
    lines += ["", "USAGE: \(usage(command))"]
    let positionals = command.positionals
    if !positionals.isEmpty {
      lines += ["", "ARGUMENTS:"]
      lines += TextTable.helpRows(positionals.map { ($0.synopsis, $0.help) })
    }
    lines += ["", "OPTIONS:"]
    lines += TextTable.helpRows(
      (command.options + command.builtInOptions).map { ($0.helpNames, $0.helpText) })
    if !command.subcommands.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      lines += TextTable.helpRows(command.subcommands.map { ($0.name, $0.configuration.abstract) })
      let parent = (["help"] + command.path.dropFirst()).joined(separator: " ")
      lines += ["", "  See '\(command.path[0]) \(parent) <subcommand>' for detailed help."]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension ArgumentDefinition {
  /// `--engine-set, --tesseract-set <name=value>`, `-h, --help`.
  var helpNames: String {
    let names = self.names.joined(separator: ", ")
    guard kind == .option else { return names }
    return implicitValue == nil
      ? "\(names) <\(valueName ?? "value")>" : "\(names) [<\(valueName ?? "value")>]"
  }

  /// The help, then what it accepts and its default: `(values: accurate, fast; default: accurate)`.
  var helpText: String {
    var notes: [String] = []
    if let allowedValues { notes.append("values: \(allowedValues.joined(separator: ", "))") }
    if let defaultText { notes.append("default: \(defaultText)") }
    return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
  }
}
