import Foundation

/// A fish completion script: `complete` lines, each offered only when the words typed so far
/// lead to its command.
enum FishCompletions {
  static func script(for root: CommandInfo) -> String {
    let tool = root.name
    let at = "__\(tool)_at"
    var lines = [
      "# fish completion for \(tool), written by '\(tool) completions fish' from its option declarations.",
      "# Install: \(CompletionShell.fish.installation.replacingOccurrences(of: "NAME", with: tool))",
      "",
      "# The command the words typed so far lead to: '\(tool)', '\(tool) notes list'.",
      "function __\(tool)_command",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    set -l command \(tool)",
      "    for word in $words",
      "        switch \"$command $word\"",
      "            case " + root.subcommandPairs.map(\.fishQuoted).joined(separator: " "),
      "                set command \"$command $word\"",
      "        end",
      "    end",
      "    echo $command",
      "end",
      "",
      "function \(at)",
      "    test (__\(tool)_command) = \"$argv\"",
      "end",
      "",
      "complete -c \(tool) -f",
    ]
    for command in root.allCommands {
      let condition = "-n " + "\(at) \(command.commandName)".fishQuoted
      for subcommand in command.subcommands {
        lines.append(
          "complete -c \(tool) \(condition) -a \(subcommand.name.fishQuoted) -d \(subcommand.configuration.abstract.fishQuoted)"
        )
      }
      for option in command.options + command.builtInOptions {
        var names = ""
        for name in option.names {
          names += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        }
        var line = "complete -c \(tool) \(condition)\(names) -d \(option.helpText.fishQuoted)"
        if option.kind == .option { line += " " + valueArguments(option.completion) }
        lines.append(line)
      }
      if command.subcommands.isEmpty, command.positionalCompletion != .none {
        lines.append("complete -c \(tool) \(condition) " + positionalArguments(command.positionalCompletion))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An option's value: `-r` (required) with files, folders, words or nothing.
  private static func valueArguments(_ completion: CompletionKind) -> String {
    switch completion {
    case .none: "-x"
    case .file: "-r -F"
    case .directory: "-x -a '(__fish_complete_directories)'"
    case .list(let words): "-x -a " + words.joined(separator: " ").fishQuoted
    }
  }

  private static func positionalArguments(_ completion: CompletionKind) -> String {
    switch completion {
    case .none: ""
    case .file: "-F"
    case .directory: "-a '(__fish_complete_directories)'"
    case .list(let words): "-a " + words.joined(separator: " ").fishQuoted
    }
  }
}

extension String {
  /// A single-quoted fish word: `\` and `'` escaped.
  fileprivate var fishQuoted: String {
    "'" + replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
