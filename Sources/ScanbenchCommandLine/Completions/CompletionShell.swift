import Foundation

/// The shells `completions` writes scripts for, each from the same declarations as help (as
/// swift-argument-parser's `CompletionsGenerator` does).
public enum CompletionShell: String, CaseIterable, Sendable, ExpressibleByArgument {
  case bash, zsh, fish

  public func script(for root: CommandInfo) -> String {
    switch self {
    case .bash: BashCompletions.script(for: root)
    case .zsh: ZshCompletions.script(for: root)
    case .fish: FishCompletions.script(for: root)
    }
  }

  /// Where the script goes to be found, for help.
  public var installation: String {
    switch self {
    case .bash: "/etc/bash_completion.d/NAME (or 'source <(NAME completions bash)' in ~/.bashrc)"
    case .zsh: "a file _NAME in a folder of $fpath (or 'source <(NAME completions zsh)' after compinit)"
    case .fish: "~/.config/fish/completions/NAME.fish"
    }
  }
}

extension CommandInfo {
  /// The function names of the scripts: `_scanbench_notes_list`.
  var functionName: String {
    "_"
      + path.map { $0.map { $0.isLetter || $0.isNumber ? $0 : "_" } }.map { String($0) }.joined(
        separator: "_")
  }

  /// What the positionals complete: the first one's kind that completes anything.
  var positionalCompletion: CompletionKind {
    positionals.map(\.completion).first { $0 != .none } ?? .none
  }

  /// Every `parent child` pair, for the scripts' walk down the words typed so far.
  var subcommandPairs: [String] {
    allCommands.flatMap { command in command.subcommands.map { command.commandName + " " + $0.name } }
  }
}

extension String {
  /// For a single-quoted POSIX shell word: `it's` → `it'\''s`.
  var singleQuotedForShell: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
