/// A command as help, completions and the manual see it: made from its declarations, so all
/// three say what the parser accepts.
public struct CommandInfo {
  /// `["scanbench", "notes", "list"]`.
  public var path: [String]
  public var configuration: CommandConfiguration
  /// In declaration order; `-h, --help` (and the root's `--version`) are added by the generators.
  public var arguments: [ArgumentDefinition]
  public var subcommands: [CommandInfo]

  public init(_ command: any ParsableCommand.Type, parents: [String] = []) {
    let configuration = command.configuration
    let path = parents + [configuration.name]
    self.configuration = configuration
    self.path = path
    arguments = Declarations(of: command.init()).arguments.map(\.definition)
    subcommands = configuration.subcommands.map { CommandInfo($0, parents: path) }
  }

  public var name: String { configuration.name }
  public var commandName: String { path.joined(separator: " ") }
  public var isRoot: Bool { path.count == 1 }
  public var options: [ArgumentDefinition] { arguments.filter { $0.kind != .positional } }
  public var positionals: [ArgumentDefinition] { arguments.filter { $0.kind == .positional } }

  /// The options every command has, after its own.
  public var builtInOptions: [ArgumentDefinition] {
    var builtIn: [ArgumentDefinition] = []
    if isRoot, configuration.version != nil {
      builtIn.append(.builtIn(["--version"], help: "Show the version (also 'version')."))
    }
    if isRoot {
      builtIn.append(
        .builtIn(
          [CommandRunner.quietFlag], help: "With any command: print only errors and warnings on stderr."))
    }
    builtIn.append(.builtIn(["-h", "--help"], help: "Show help information."))
    return builtIn
  }

  /// Every command below this one and itself, parents first.
  public var allCommands: [CommandInfo] { [self] + subcommands.flatMap(\.allCommands) }
}

extension ArgumentDefinition {
  static func builtIn(_ names: [String], help: String) -> ArgumentDefinition {
    ArgumentDefinition(
      kind: .flag, names: names, help: help, valueName: nil, allowedValues: nil, defaultText: nil,
      implicitValue: nil, isRepeatable: false, isRequired: false, completion: .none)
  }
}
