import Foundation

/// A zsh completion function for `_arguments`: one function per command, the parents dispatching
/// on the subcommand's word as zsh's own completions do.
enum ZshCompletions {
  static func script(for root: CommandInfo) -> String {
    let tool = root.name
    var lines = [
      "#compdef \(tool)",
      "# zsh completion for \(tool), written by '\(tool) completions zsh' from its option declarations.",
      "# Install: \(CompletionShell.zsh.installation.replacingOccurrences(of: "NAME", with: tool))",
      "",
    ]
    for command in root.allCommands { lines += function(for: command) + [""] }
    lines += [
      "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
      "    \(root.functionName) \"$@\"",
      "else",
      "    compdef \(root.functionName) \(tool)",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func function(for command: CommandInfo) -> [String] {
    var specs = (command.options + command.builtInOptions).flatMap(spec)
    if command.subcommands.isEmpty {
      for positional in command.positionals {
        let prefix = positional.isRepeatable ? "*:" : positional.isRequired ? ":" : "::"
        specs.append((prefix + escapedValue(positional.name) + ":" + action(positional.completion)).quoted)
      }
    } else {
      specs += ["'1:command:->command'", "'*::argument:->argument'"]
    }
    var lines = ["\(command.functionName)() {"]
    if !command.subcommands.isEmpty { lines.append("    local context state state_descr line") }
    lines.append("    _arguments -s -C \\")
    lines += specs.map { "        \($0) \\" }
    lines.append("        && return")
    if !command.subcommands.isEmpty {
      lines += [
        "    case $state in",
        "        (command)",
        "            local -a subcommands=(",
      ]
      lines += command.subcommands.map {
        "                " + (escapedValue($0.name) + ":" + $0.configuration.abstract).quoted
      }
      lines += [
        "            )",
        "            _describe -t commands \((command.commandName + " command").quoted) subcommands",
        "            ;;",
        "        (argument)",
        "            case ${words[1]} in",
      ]
      lines += command.subcommands.map { "                (\($0.name)) \($0.functionName) ;;" }
      lines += [
        "            esac",
        "            ;;",
        "    esac",
      ]
    }
    lines.append("}")
    return lines
  }

  /// `'--level=[Recognition profile.]:level:(accurate fast)'`; `=` takes the value in the same word
  /// or the next, as the parser does.
  private static func spec(_ option: ArgumentDefinition) -> [String] {
    let help = "[" + escapedHelp(option.helpText) + "]"
    let exclusive = option.names.count > 1 ? "(" + option.names.joined(separator: " ") + ")" : ""
    let repeating = option.isRepeatable ? "*" : ""
    return option.names.map { name in
      guard option.kind == .option else { return (exclusive + repeating + name + help).quoted }
      let value = ":" + escapedValue(option.valueName ?? "value") + ":" + action(option.completion)
      return (exclusive + repeating + name + "=" + help + value).quoted
    }
  }

  private static func action(_ completion: CompletionKind) -> String {
    switch completion {
    case .none: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .list(let words):
      "(" + words.map { $0.replacingOccurrences(of: " ", with: "\\ ") }.joined(separator: " ") + ")"
    }
  }

  private static func escapedHelp(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "]", with: "\\]")
  }

  private static func escapedValue(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
  }
}

extension String {
  fileprivate var quoted: String { singleQuotedForShell }
}
