import ScanbenchCore

/// The normalization options, shared by every command that scores.
enum ScoringFlags {
  static let options: [OptionSpec] = [
    OptionSpec(
      name: "--unit", help: "What a character is: a user-perceived character or a Unicode code point.",
      valueName: "unit", allowedValues: ScoringOptions.Unit.allCases.map(\.rawValue), defaultValue: "grapheme"),
    OptionSpec(
      name: "--normalization", help: "Unicode normalization applied to both texts.", valueName: "form",
      allowedValues: ScoringOptions.UnicodeForm.allCases.map(\.rawValue), defaultValue: "nfc"),
    OptionSpec(
      name: "--whitespace",
      help: "collapse: runs become one space, ends trimmed; ignore: all removed; keep: as is.",
      valueName: "mode", allowedValues: ScoringOptions.Whitespace.allCases.map(\.rawValue),
      defaultValue: "collapse"),
    .flag("--keep-cjk-spaces", "Count spaces between two CJK characters (dropped by default)."),
    .flag("--case-fold", "Ignore case."),
    .flag("--ignore-punctuation", "Ignore punctuation."),
  ]

  static func parse(_ arguments: ParsedArguments) -> ScoringOptions {
    var options = ScoringOptions.default
    options.unit = arguments.choice("--unit", as: ScoringOptions.Unit.self) ?? options.unit
    options.form = arguments.choice("--normalization", as: ScoringOptions.UnicodeForm.self) ?? options.form
    options.whitespace = arguments.choice("--whitespace", as: ScoringOptions.Whitespace.self) ?? options.whitespace
    options.dropCJKSpaces = !arguments.flag("--keep-cjk-spaces")
    options.caseFold = arguments.flag("--case-fold")
    options.ignorePunctuation = arguments.flag("--ignore-punctuation")
    return options
  }
}
