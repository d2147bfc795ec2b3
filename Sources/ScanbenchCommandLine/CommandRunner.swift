/// Runs a command line against a root command, as swift-argument-parser's `main()` does: finds the
/// subcommand, answers `--help`, `help COMMAND` and `--version`, parses, validates, runs, and
/// prints every error in one manner (`Error: …`, the usage, where to find help; exit 64 for usage
/// errors, the failure's own code otherwise).
public enum CommandRunner {
  public static func run(_ root: any ParsableCommand.Type, _ arguments: [String]) -> Int32 {
    execute(root, arguments, parents: [])
  }

  private static func execute(_ command: any ParsableCommand.Type, _ arguments: [String], parents: [String])
    -> Int32
  {
    let configuration = command.configuration
    let path = parents + [configuration.name]
    let info = { CommandInfo(command, parents: parents) }
    guard !configuration.subcommands.isEmpty else { return executeLeaf(command, arguments, path: path) }
    guard let first = arguments.first else {
      Console.out(HelpGenerator.help(info()))
      return ExitCode.usage
    }
    switch first {
    case "-h", "--help":
      Console.out(HelpGenerator.help(info()))
      return ExitCode.success
    case "--version" where parents.isEmpty && configuration.version != nil:
      Console.out("\(configuration.name) \(configuration.version ?? "")\n")
      return ExitCode.success
    case "help" where parents.isEmpty:
      guard arguments.count > 1 else {
        Console.out(HelpGenerator.help(info()))
        return ExitCode.success
      }
      return execute(command, Array(arguments.dropFirst()) + ["--help"], parents: parents)
    default:
      break
    }
    let names = configuration.subcommands.map { $0.configuration.name }
    guard let index = names.firstIndex(of: first) else {
      let what = parents.isEmpty ? "command" : "subcommand"
      var message =
        first.hasPrefix("-") && !parents.isEmpty
        ? "Expected a subcommand before '\(first)'." : "Unknown \(what) '\(first)'."
      if let suggestion = ArgumentParser.closest(to: first, among: names) {
        message += " Did you mean '\(suggestion)'?"
      }
      Console.error("Error: \(message)\nSee '\(path.joined(separator: " ")) --help'.\n")
      return ExitCode.usage
    }
    return execute(configuration.subcommands[index], Array(arguments.dropFirst()), parents: path)
  }

  private static func executeLeaf(_ command: any ParsableCommand.Type, _ arguments: [String], path: [String])
    -> Int32
  {
    let name = path.joined(separator: " ")
    let info = { CommandInfo(command, parents: Array(path.dropLast())) }
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      Console.out(HelpGenerator.help(info()))
      return ExitCode.success
    }
    do {
      try UniqueNames.check(command, parents: Array(path.dropLast()))
      return try parseValidateRun(command, arguments)
    } catch let error as UsageError {
      Console.error("Error: \(error.message)\nUsage: \(HelpGenerator.usage(info()))\nSee '\(name) --help'.\n")
      return ExitCode.usage
    } catch let failure as CommandFailure {
      Console.error("Error: \(failure.message)\n")
      return failure.exitCode
    } catch {
      Console.error("Error: \(error)\n")
      return ExitCode.failure
    }
  }

  /// Parses into a new command, checks it (the command's `validate()`, then each group's), runs it.
  static func parseValidateRun<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) throws
    -> Int32
  {
    let command = try parse(type, arguments)
    let validated = try command.validate()
    for group in Declarations(of: command).groups { try group.validate() }
    return try command.run(validated)
  }

  /// A command filled from `arguments`, not yet validated (for tests of declarations).
  public static func parse<Command: ParsableArguments>(_ type: Command.Type, _ arguments: [String]) throws
    -> Command
  {
    let command = Command()
    try ArgumentParser.parse(arguments, into: Declarations(of: command))
    return command
  }
}
