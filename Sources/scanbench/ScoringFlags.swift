import ScanbenchScoring

/// The normalization options, shared by every command that scores.
enum ScoringFlags {
  static let unit = Option<ScoringOptions.Unit>.choice(
    "--unit", help: "What a character is: a user-perceived character or a Unicode code point.",
    valueName: "unit", default: ScoringOptions.default.unit)
  static let form = Option<ScoringOptions.UnicodeForm>.choice(
    "--normalization",
    help: "Unicode normalization applied to both texts (sbb: NFC and dinglehopper's substitutions).",
    valueName: "form",
    default: ScoringOptions.default.form)
  static let whitespace = Option<ScoringOptions.Whitespace>.choice(
    "--whitespace",
    help:
      "collapse: runs become one space, ends trimmed; ignore: all removed; keep: as is; lines: each line's "
      + "ends trimmed, line breaks kept (dinglehopper's CER with --keep-cjk-spaces).",
    valueName: "mode", default: ScoringOptions.default.whitespace)
  static let keepCJKSpaces = Flag(
    "--keep-cjk-spaces", help: "Count spaces between two CJK characters (dropped by default).")
  static let caseFold = Flag("--case-fold", help: "Ignore case.")
  static let ignorePunctuation = Flag("--ignore-punctuation", help: "Ignore punctuation.")

  static let options: [OptionSpec] = [
    unit.spec, form.spec, whitespace.spec, keepCJKSpaces.spec, caseFold.spec, ignorePunctuation.spec,
  ]

  static func parse(_ arguments: ParsedArguments) -> ScoringOptions {
    var options = ScoringOptions.default
    options.unit = arguments[unit]
    options.form = arguments[form]
    options.whitespace = arguments[whitespace]
    options.dropCJKSpaces = !arguments[keepCJKSpaces]
    options.caseFold = arguments[caseFold]
    options.ignorePunctuation = arguments[ignorePunctuation]
    return options
  }
}
