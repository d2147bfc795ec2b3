/// Fills a command's declarations from its part of the command line: every option's value is
/// converted and checked as it is met, then the positionals are handed out in declaration order,
/// then required options are checked.
enum ArgumentParser {
  static func parse(_ arguments: [String], into declarations: Declarations) throws {
    let options = declarations.options
    var positionals: [String] = []
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !looksLikeOption(argument) {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.definition.names.contains(name) }) else {
        var message = "Unknown option '\(name)'."
        if let suggestion = closest(to: name, among: options.flatMap(\.definition.names)) {
          message += " Did you mean '\(suggestion)'?"
        }
        throw UsageError(message)
      }
      let definition = option.definition
      if !definition.isRepeatable, option.count > 0 {
        throw UsageError("\(name) was given more than once.")
      }
      guard definition.kind == .option else {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        try option.take("", as: name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !looksLikeOption(arguments[index]) {
        value = arguments[index]
        index += 1
      } else if let implicit = definition.implicitValue {
        value = implicit
      } else {
        // Never the next option as a value: `--out --json` would write a file named `--json`.
        throw UsageError("Missing value for '\(definition.synopsis.replacingFirstName(with: name))'.")
      }
      try option.take(value, as: name)
    }
    try hand(positionals, to: declarations.positionals)
    for option in options where option.definition.isRequired && option.count == 0 {
      let help = option.definition.help
      throw UsageError(
        "Missing '\(option.definition.synopsis)': \(help.prefix(1).lowercased() + help.dropFirst())")
    }
  }

  /// Each positional in turn to the declared arguments; an array takes the rest.
  private static func hand(_ positionals: [String], to declared: [any ParsedArgument]) throws {
    var remaining = positionals[...]
    for argument in declared {
      if argument.definition.isRepeatable {
        while let text = remaining.popFirst() { try argument.take(text, as: argument.definition.name) }
      } else if let text = remaining.popFirst() {
        try argument.take(text, as: argument.definition.name)
      }
    }
    if let extra = remaining.first {
      throw UsageError("Unexpected argument '\(extra)'.")
    }
    let missing = declared.filter { $0.definition.isRequired && $0.count == 0 }
    if !missing.isEmpty {
      let names = missing.map(\.definition.synopsis).joined(separator: " ")
      throw UsageError("Missing expected argument '\(names)'.")
    }
  }

  /// `--name` and `-x` are options; `-` (standard input) and negative numbers are values.
  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return false }
    return Double(word) == nil
  }

  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, levenshtein(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else {
      return nil
    }
    return best.0
  }

  private static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

extension String {
  /// `--engine-set <name=value>` as given under `--tesseract-set`.
  fileprivate func replacingFirstName(with name: String) -> String {
    guard let space = firstIndex(of: " ") else { return name }
    return name + self[space...]
  }
}
