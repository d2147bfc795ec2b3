/// A group of options and arguments, declared as the stored properties of a struct (`@Option`,
/// `@Flag`, `@Argument`, `@OptionGroup`) and shared by every command that declares it with
/// `@OptionGroup var store: StoreRunOptions`: one declaration, one help text, one check.
public protocol ParsableArguments {
  /// Makes the declarations; the parser fills them. Every stored property must be a declaration
  /// (or have a default value), as in swift-argument-parser.
  init()
  /// Checks the group's values together, after the command's own `validate()`.
  func validate() throws
}

extension ParsableArguments {
  public func validate() throws {}
}

/// A command: its configuration (name, help, subcommands) and its options and arguments, declared
/// as stored properties. The parser fills them from the command line, then calls `validate()`,
/// which checks everything the parser cannot check alone and returns what `run(_:)` needs (paths,
/// inputs, plans: computed once), then `run(_:)` with that value.
public protocol ParsableCommand: ParsableArguments {
  static var configuration: CommandConfiguration { get }
  /// What `validate()` found out and `run(_:)` uses; `Void` for commands that only check.
  associatedtype Validated = Void
  /// Checks the paths and the combinations of options before the command does anything: a mistake
  /// found after an hour's run is an hour lost. Throws `UsageError` (exit 64) or `CommandFailure`.
  func validate() throws -> Validated
  /// Does the work; returns the process's exit code.
  func run(_ validated: Validated) throws -> Int32
}

extension ParsableCommand where Validated == Void {
  public func validate() throws {}
}

extension ParsableCommand {
  /// A command with subcommands does nothing of its own: it is never run, its subcommands are.
  public func run(_ validated: Validated) throws -> Int32 {
    throw UsageError("Expected a subcommand.")
  }
}

/// What help, completions and the manual say about a command, and which subcommands it has.
public struct CommandConfiguration {
  /// What the command line calls it: `run`, `list` (of `notes list`).
  public var name: String
  /// One line, for `OVERVIEW:` and the parent's list of subcommands.
  public var abstract: String
  /// Paragraphs shown after the overview.
  public var discussion: String?
  /// Shown by `--version` (the root command only).
  public var version: String?
  /// Adding a subcommand is one line here (and its file).
  public var subcommands: [any ParsableCommand.Type]

  public init(
    name: String, abstract: String, discussion: String? = nil, version: String? = nil,
    subcommands: [any ParsableCommand.Type] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.subcommands = subcommands
  }
}
