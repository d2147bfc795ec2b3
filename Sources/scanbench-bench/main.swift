// Micro-benchmarks that `make bench` runs; never part of the tests.
//
//   scanbench-bench scoring [--write-pairs DIR] [--seed N] [--quick]
//   scanbench-bench notes [--records N] [--store PATH] [--db PATH] [--queries N] [--keep] [--no-reimport]
//   scanbench-bench serve [--records N] [--db PATH] [--keep] [--clients N] [--requests N] [--seconds N]
//   scanbench-bench search --db PATH [--rounds N] [--hits FILE]
//   scanbench-bench serve-hostile [--records N] [--rounds N]

import Foundation

let usage = """
  Usage: scanbench-bench scoring [--write-pairs DIR] [--seed N] [--quick]
         scanbench-bench notes [--records N] [--store PATH] [--db PATH] [--queries N] [--keep] [--no-reimport]
         scanbench-bench serve [--records N] [--db PATH] [--keep] [--clients N] [--requests N] [--seconds N]
         scanbench-bench search --db PATH [--rounds N] [--hits FILE]
         scanbench-bench serve-hostile [--records N] [--rounds N]
  """

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
  if status == 64 { FileHandle.standardError.write(Data("\(usage)\n".utf8)) }
  exit(status)
}

/// A report's line saying how to run it again: `mode` with `arguments`.
func commandLine(_ mode: String, _ arguments: [String]) -> String {
  "Command: `" + (["swift run -c release scanbench-bench", mode] + arguments).joined(separator: " ") + "`"
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "scoring": try runScoringBenchmark(arguments: Array(arguments.dropFirst()))
  case "notes": try runNotesBenchmark(arguments: Array(arguments.dropFirst()))
  case "serve": try runServeBenchmark(arguments: Array(arguments.dropFirst()))
  case "search": try runSearchBenchmark(arguments: Array(arguments.dropFirst()))
  case "serve-hostile": try runServeHostileBenchmark(arguments: Array(arguments.dropFirst()))
  case let mode?: fail("unknown mode '\(mode)'", status: 64)
  case nil: fail("missing mode", status: 64)
  }
} catch let error as BenchmarkUsageError {
  fail(error.message, status: 64)
} catch {
  fail("\(error)", status: 1)
}
