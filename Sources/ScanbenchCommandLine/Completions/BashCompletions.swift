import Foundation

/// A bash completion script: one function that walks the words typed so far down to the
/// subcommand, then offers that command's options, an option's values, or its arguments.
enum BashCompletions {
  static func script(for root: CommandInfo) -> String {
    let tool = root.name
    var lines = [
      "# bash completion for \(tool), written by '\(tool) completions bash' from its option declarations.",
      "# Install: \(CompletionShell.bash.installation.replacingOccurrences(of: "NAME", with: tool))",
      "",
      "\(root.functionName)() {",
      "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\"",
      "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"",
      "    local command=\(tool) i",
      "    for (( i = 1; i < COMP_CWORD; i++ )); do",
      "        case \"$command ${COMP_WORDS[i]}\" in",
      "            " + root.subcommandPairs.map(\.singleQuotedForShell).joined(separator: "|") + ")",
      "                command=\"$command ${COMP_WORDS[i]}\" ;;",
      "        esac",
      "    done",
      "    COMPREPLY=()",
      "    case \"$command\" in",
    ]
    for command in root.allCommands {
      lines.append("        \(command.commandName.singleQuotedForShell))")
      lines += body(for: command).map { "            " + $0 }
      lines.append("            ;;")
    }
    lines += [
      "    esac",
      "}",
      "",
      "complete -o filenames -o bashdefault -F \(root.functionName) \(tool)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func body(for command: CommandInfo) -> [String] {
    var lines: [String] = []
    let valueOptions = command.options.filter { $0.kind == .option }
    if !valueOptions.isEmpty {
      lines.append("case \"$prev\" in")
      for option in valueOptions {
        lines.append(
          "    " + option.names.map(\.singleQuotedForShell).joined(separator: "|") + ") "
            + reply(option.completion) + " return ;;")
      }
      lines.append("esac")
    }
    let options = (command.options + command.builtInOptions).flatMap(\.names)
    lines.append(
      "if [[ \"$cur\" == -* ]]; then \(reply(.list(options))) return; fi"
    )
    if !command.subcommands.isEmpty {
      lines.append(reply(.list(command.subcommands.map(\.name))))
    } else if command.positionalCompletion != .none {
      lines.append(reply(command.positionalCompletion))
    }
    return lines
  }

  private static func reply(_ completion: CompletionKind) -> String {
    switch completion {
    case .none: ":;"
    // One word a line, so that names with spaces stay whole.
    case .file: "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\");"
    case .directory: "mapfile -t COMPREPLY < <(compgen -d -- \"$cur\");"
    case .list(let words):
      "mapfile -t COMPREPLY < <(compgen -W \(words.joined(separator: " ").singleQuotedForShell) -- \"$cur\");"
    }
  }
}
