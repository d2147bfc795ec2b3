import Foundation
import ScanbenchCommandLine

struct ManualCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "manual",
      abstract:
        "Write scanbench's manual page (roff) to stdout: 'man -l' reads it ('make man' writes scanbench.1).")
  }

  func run(_: Void) throws -> Int32 {
    let exitStatus = """
      0 success; 1 some images failed, a check found a regression, or a command failed; 2 an input, \
      store, baseline or database is missing or unreadable (or a check is not comparable); 64 a usage \
      error; 130 and 143 interrupted by SIGINT and SIGTERM (finished results are kept).
      """
    let date =
      ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init).map {
        Date(timeIntervalSince1970: $0)
      } ?? Date()
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    Console.out(
      ManualGenerator.page(
        for: CommandInfo(Scanbench.self), date: formatter.string(from: date),
        sections: [
          ("Exit status", exitStatus),
          ("See also", "The README and docs/ of the source tree; 'scanbench help COMMAND'."),
        ]))
    return ExitCode.success
  }
}
