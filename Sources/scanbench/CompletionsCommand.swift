import ScanbenchCommandLine

struct CompletionsCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "completions",
      abstract: "Write a completion script for bash, zsh or fish to stdout.",
      discussion:
        "Made from the same declarations as this help, so it offers what the commands take. Install:\n"
        + CompletionShell.allCases.map {
          "  \($0.rawValue): \($0.installation.replacingOccurrences(of: "NAME", with: "scanbench"))"
        }
        .joined(separator: "\n"))
  }

  @Argument(help: "The shell.", completion: .list(CompletionShell.allCases.map(\.rawValue)))
  var shell: CompletionShell

  func run(_: Void) throws -> Int32 {
    Console.out(shell.script(for: CommandInfo(Scanbench.self)))
    return ExitCode.success
  }
}
