import Foundation

/// The manual page (man(7) macros) of a tool and all its commands, from the same declarations as
/// help, as swift-argument-parser's `generate-manual` makes one. Text that is not ASCII is written
/// as groff's `\[uXXXX]`, so the page reads the same whatever the locale.
public enum ManualGenerator {
  /// `sections`: more sections after the commands, e.g. `EXIT STATUS`, as (title, paragraphs).
  public static func page(for root: CommandInfo, date: String, sections: [(String, String)] = []) -> String {
    let tool = root.name
    var lines = [
      ".\\\" The manual of \(tool), written by '\(tool) manual' from its option declarations.",
      ".TH \(tool.uppercased()) 1 \(quoted(date)) \(quoted("\(tool) \(root.configuration.version ?? "")")) \(quoted("User Commands"))",
      // Left-aligned and unhyphenated: option names and paths must read as typed.
      ".nh",
      ".ad l",
      ".SH NAME",
      "\(escaped(tool)) \\- \(escaped(root.configuration.abstract))",
      ".SH SYNOPSIS",
    ]
    for command in root.allCommands where command.subcommands.isEmpty {
      lines += [".PP", synopsis(command)]
    }
    if let discussion = root.configuration.discussion {
      lines += [".SH DESCRIPTION"] + paragraphs(discussion)
    }
    lines += [".SH COMMANDS"]
    for command in root.allCommands where !command.isRoot {
      lines += [".SS \(quoted(command.commandName))", escaped(command.configuration.abstract)]
      if command.subcommands.isEmpty { lines += [".PP", synopsis(command)] }
      if let discussion = command.configuration.discussion { lines += paragraphs(discussion) }
      for argument in command.positionals {
        lines += [".TP", "\\fI" + escaped(argument.synopsis) + "\\fR", escaped(argument.help)]
      }
      for option in command.options {
        lines += [".TP", names(option), escaped(option.helpText)]
      }
    }
    lines += [".SH OPTIONS", "Every command takes:"]
    for option in root.builtInOptions {
      lines += [".TP", names(option), escaped(option.help)]
    }
    for (title, text) in sections {
      lines += [".SH \(quoted(title.uppercased()))"] + paragraphs(text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `scanbench run <input> ... [options]` in bold and italics.
  private static func synopsis(_ command: CommandInfo) -> String {
    let usage = HelpGenerator.usage(command)
    let words = usage.split(separator: " ").map { word -> String in
      word.hasPrefix("<") || word.hasPrefix("[<") || word == "..." || word == "[options]"
        ? "\\fI" + escaped(String(word)) + "\\fR" : "\\fB" + escaped(String(word)) + "\\fR"
    }
    return words.joined(separator: " ")
  }

  private static func names(_ option: ArgumentDefinition) -> String {
    var text = option.names.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
    if option.kind == .option {
      let value = "\\fI" + escaped(option.valueName ?? "value") + "\\fR"
      text += option.implicitValue == nil ? " " + value : " [" + value + "]"
    }
    return text
  }

  /// Paragraphs (blank lines between them) as `.PP` blocks; lines inside one are joined by roff,
  /// but an indented line keeps its own: `  name    text` (help's two columns) becomes a tagged
  /// paragraph, any other indented line starts a new line.
  private static func paragraphs(_ text: String) -> [String] {
    text.components(separatedBy: "\n\n").flatMap { paragraph in
      var lines = [".PP"]
      var given = paragraph.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      // A row whose name was too long for the column has its text on the next line: one row again.
      var index = 0
      while index + 1 < given.count {
        let row = given[index].trimmingCharacters(in: .whitespaces)
        if given[index].hasPrefix("  "), !row.contains("  "), given[index + 1].hasPrefix("    ") {
          given[index] = "  " + row + "  " + given[index + 1].trimmingCharacters(in: .whitespaces)
          given.remove(at: index + 1)
        }
        index += 1
      }
      for line in given {
        guard line.hasPrefix("  ") else {
          lines.append(escaped(line))
          continue
        }
        let row = line.trimmingCharacters(in: .whitespaces)
        if let gap = row.range(of: "  ") {
          let text = row[gap.upperBound...].trimmingCharacters(in: .whitespaces)
          lines += [".TP", "\\fB" + escaped(String(row[..<gap.lowerBound])) + "\\fR", escaped(text)]
        } else {
          lines += [".br", escaped(row)]
        }
      }
      return lines
    }
  }

  /// Text as roff reads it literally: backslashes, leading dots and quotes, hyphens of options.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default: result += String(format: "\\[u%04X]", scalar.value)
      }
    }
    let trimmed = result.drop { $0 == " " }
    if trimmed.hasPrefix(".") || trimmed.hasPrefix("'") { return "\\&" + trimmed }
    return String(trimmed)
  }

  private static func quoted(_ text: String) -> String {
    "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }
}
