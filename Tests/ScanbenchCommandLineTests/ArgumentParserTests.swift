import Testing

@testable import ScanbenchCommandLine

/// The declarations as the parser fills them: typed values, defaults, required options, repeats,
/// aliases, and the messages of every mistake.
struct ArgumentParserTests {
  enum Colour: String, CaseIterable, Sendable, ExpressibleByArgument {
    case red, green
  }

  struct Shared: ParsableArguments {
    @Flag(help: "Ignore case.") var caseFold = false
  }

  struct Example: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(name: "example", abstract: "An example.")
    }

    @Argument(help: "Inputs.") var input: [String]
    @Option(help: "Workers.", valueName: "N", parsing: .integer(in: 1...8)) var jobs = 2
    @Option(help: "Where to write it.", valueName: "file") var out: String
    @Option(help: "A run.", valueName: "id") var run: String?
    @Option(help: "An entry (repeatable).", valueName: "name") var entry: [String] = []
    @Option(name: "--set", aliases: ["--old-set"], help: "A setting.", valueName: "name=value")
    var settings: [String] = []
    @Option(help: "A colour.", valueName: "colour") var colour = Colour.red
    @Option(help: "A database.", valueName: "db", implicitValue: "default.db") var importTo: String?
    @Flag(help: "Keep spaces between CJK characters.") var keepCJKSpaces = false
    @OptionGroup var shared: Shared

    func run(_: Void) throws -> Int32 { 0 }
  }

  func parse(_ arguments: [String]) throws -> Example { try CommandRunner.parse(Example.self, arguments) }

  func message(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch let error as UsageError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test func valuesAreTypedAndDefaultsHold() throws {
    let command = try parse([
      "a", "b", "--out", "o.txt", "--jobs=4", "--entry", "x", "--entry", "y", "--colour", "green",
    ])
    #expect(command.input == ["a", "b"])
    #expect(command.jobs == 4)
    #expect(command.out == "o.txt")
    #expect(command.run == nil)
    #expect(command.entry == ["x", "y"])
    #expect(command.colour == .green)
    #expect(command.importTo == nil)
    #expect(!command.keepCJKSpaces && !command.shared.caseFold)
    #expect(command.$jobs.isGiven && !command.$run.isGiven)
    let defaults = try parse(["a", "--out", "o", "--keep-cjk-spaces", "--case-fold", "--import-to"])
    #expect(defaults.jobs == 2 && defaults.colour == .red)
    #expect(defaults.keepCJKSpaces && defaults.shared.caseFold)
    #expect(defaults.importTo == "default.db", "an option given without its value takes its implicit one")
  }

  @Test func anAliasIsTheSameOptionAndKnowsHowItWasGiven() throws {
    let command = try parse(["a", "--out", "o", "--set", "a=1", "--old-set", "b=2"])
    #expect(command.settings == ["a=1", "b=2"])
    #expect(command.$settings.name == "--old-set")
  }

  @Test func positionalsAfterTheMarkerAndNegativeNumbersAreArguments() throws {
    let command = try parse(["--out", "o", "--", "--not-an-option", "-3"])
    #expect(command.input == ["--not-an-option", "-3"])
  }

  @Test func mistakesSayWhatWasExpected() {
    #expect(message(["--out", "o"]) == "Missing expected argument '<input>'.")
    #expect(message(["a"]) == "Missing '--out <file>': where to write it.")
    #expect(message(["a", "--out"]) == "Missing value for '--out <file>'.")
    #expect(message(["a", "--out", "--jobs", "2"]) == "Missing value for '--out <file>'.")
    #expect(message(["a", "--out", "o", "--jobs", "9"]) == "--jobs takes a whole number in 1...8, not '9'")
    #expect(message(["a", "--out", "o", "--jobs", "2", "--jobs", "3"]) == "--jobs was given more than once.")
    #expect(
      message(["a", "--out", "o", "--colour", "blue"])
        == "'blue' is not a valid value for --colour (values: red, green).")
    #expect(message(["a", "--out", "o", "--jbos", "2"]) == "Unknown option '--jbos'. Did you mean '--jobs'?")
    #expect(message(["a", "--out", "o", "--case-fold=yes"]) == "--case-fold takes no value")
  }

  @Test func namesComeFromTheProperties() {
    let names = Declarations(of: Example()).arguments.map(\.definition.name)
    #expect(
      names == [
        "input", "--jobs", "--out", "--run", "--entry", "--set", "--colour", "--import-to",
        "--keep-cjk-spaces",
        "--case-fold",
      ])
  }

  @Test func helpShowsValuesDefaultsAndRequiredOptions() {
    let info = CommandInfo(Example.self, parents: ["tool"])
    #expect(HelpGenerator.usage(info) == "tool example <input> ... --out <file> [options]")
    let help = HelpGenerator.help(info)
    #expect(help.contains("  --colour <colour>       A colour. (values: red, green; default: red)\n"))
    #expect(help.contains("  --jobs <N>              Workers. (default: 2)\n"))
    #expect(help.contains("  --set, --old-set <name=value>\n                          A setting.\n"))
    #expect(help.contains("  --import-to [<db>]      A database.\n"))
    #expect(help.hasSuffix("  -h, --help              Show help information.\n"))
  }
}

/// The command's own `validate()` runs first and hands its value to `run(_:)`; then each group's.
struct ValidationOrderTests {
  final class Log: @unchecked Sendable {
    // Safe: the tests here run one command at a time on one thread.
    nonisolated(unsafe) static var entries: [String] = []
  }

  struct Group: ParsableArguments {
    @Flag(help: "A flag.") var flag = false
    func validate() throws { Log.entries.append("group") }
  }

  struct Checked: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(name: "checked", abstract: "Checked.")
    }
    @Argument(help: "A number.") var number: Int
    @OptionGroup var group: Group

    func validate() throws -> Int {
      Log.entries.append("command")
      guard number > 0 else { throw UsageError("<number> must be positive") }
      return number * 2
    }

    func run(_ doubled: Int) throws -> Int32 {
      Log.entries.append("run \(doubled)")
      return 0
    }
  }

  @Test func theCommandValidatesThenItsGroupsThenRunsWithWhatItFound() throws {
    Log.entries = []
    #expect(try CommandRunner.parseValidateRun(Checked.self, ["21"]) == 0)
    #expect(Log.entries == ["command", "group", "run 42"])
    Log.entries = []
    #expect(throws: UsageError.self) { try CommandRunner.parseValidateRun(Checked.self, ["0"]) }
    #expect(Log.entries == ["command"], "nothing runs after a failed check")
  }
}

struct TextTableTests {
  @Test func columnsLineUpByTerminalColumns() {
    let text = TextTable.columns(
      [
        TextTable.Column("ID", alignment: .right, minimumWidth: 2), TextTable.Column("TEXT", width: 6),
        .init("SOURCE"),
      ],
      rows: [["7", "領収書です", "a.zip"], ["12", "receipt total", "b.zip"]])
    // 領収 is four columns, … one: the cell is padded to six.
    #expect(text == "ID  TEXT    SOURCE\n 7  領収…   a.zip\n12  recei…  b.zip\n")
  }

  @Test func keyValueRowsPadTheirLabels() {
    #expect(
      TextTable.keyValue([("images", "60"), ("CER (micro)", "0.44%")], labelWidth: 12)
        == "images      60\nCER (micro) 0.44%\n")
  }

  @Test func sizesAreWrittenInTheirLargestWholeUnit() {
    #expect(ValueParsers.sizeText(256 << 20) == "256M")
    #expect(ValueParsers.sizeText(3 << 30) == "3G")
    #expect(ValueParsers.sizeText(1000) == "1000")
  }
}
