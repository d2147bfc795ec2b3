import Testing

@testable import ScanbenchCommandLine

/// Two declarations under one name are caught before the command line is read, as
/// swift-argument-parser's `UniqueNamesValidator` catches them.
struct UniqueNamesTests {
  struct Group: ParsableArguments {
    @Flag(help: "Also in the command.") var json = false
  }

  struct Clashing: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(name: "clashing", abstract: "Two options named alike.")
    }

    @Option(help: "Where to write it.", valueName: "file") var out = "a"
    @Option(name: "--out", help: "Again.", valueName: "file") var output = "b"
    @Option(name: "--set", aliases: ["--help"], help: "Shadows help.", valueName: "x") var set: String?
    @Flag(help: "Printed as JSON.") var json = false
    @OptionGroup var group: Group

    func run(_: Void) throws -> Int32 { 0 }
  }

  struct Distinct: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(name: "distinct", abstract: "Each name once.")
    }

    @Option(help: "Where to write it.", valueName: "file") var out = "a"
    @OptionGroup var group: Group

    func run(_: Void) throws -> Int32 { 0 }
  }

  @Test func repeatedNamesAreFoundWithTheirDeclarations() {
    let repeated = UniqueNames.duplicates(in: CommandInfo(Clashing.self))
    #expect(
      repeated == [
        "--out (declared by --out, --out)", "--help (declared by --set, -h)",
        "--json (declared by --json, --json)",
      ])
    #expect(UniqueNames.duplicates(in: CommandInfo(Distinct.self)) == [])
  }

  @Test func aCommandWithRepeatedNamesIsRefusedBeforeParsing() {
    #expect(throws: DeclarationError.self) { try UniqueNames.check(Clashing.self, parents: []) }
    #expect(CommandRunner.run(Clashing.self, ["--out", "x"]) == ExitCode.failure)
    #expect(CommandRunner.run(Distinct.self, ["--out", "x"]) == ExitCode.success)
  }
}
