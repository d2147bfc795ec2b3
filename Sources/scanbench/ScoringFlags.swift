import ScanbenchCommandLine
import ScanbenchScoring

/// What CER counts, shared by every command that scores (`run`, `score`).
struct ScoringFlags: ParsableArguments {
  @Option(help: "What a character is: a user-perceived character or a Unicode code point.", valueName: "unit")
  var unit = ScoringOptions.default.unit
  @Option(
    name: "--normalization",
    help: "Unicode normalization applied to both texts (sbb: NFC and dinglehopper's substitutions).",
    valueName: "form")
  var form = ScoringOptions.default.form
  @Option(
    help:
      "collapse: runs become one space, ends trimmed; ignore: all removed; keep: as is; lines: each line's "
      + "ends trimmed, line breaks kept (dinglehopper's CER with --keep-cjk-spaces).",
    valueName: "mode")
  var whitespace = ScoringOptions.default.whitespace
  @Flag(
    help: "Leave whitespace out of CER (the same as --whitespace ignore; the metric says ws-ignore).")
  var ignoreWhitespace = false
  @Flag(help: "Count spaces between two CJK characters (dropped by default).") var keepCJKSpaces = false
  @Flag(help: "Ignore case.") var caseFold = false
  @Flag(help: "Ignore punctuation.") var ignorePunctuation = false

  func validate() throws {
    if ignoreWhitespace, $whitespace.isGiven, whitespace != .ignore {
      throw UsageError("--ignore-whitespace and --whitespace \(whitespace.rawValue) say different things")
    }
  }

  var options: ScoringOptions {
    var options = ScoringOptions.default
    options.unit = unit
    options.form = form
    options.whitespace = ignoreWhitespace ? .ignore : whitespace
    options.dropCJKSpaces = !keepCJKSpaces
    options.caseFold = caseFold
    options.ignorePunctuation = ignorePunctuation
    return options
  }
}

extension ScoringOptions.Unit: ExpressibleByArgument {}
extension ScoringOptions.UnicodeForm: ExpressibleByArgument {}
extension ScoringOptions.Whitespace: ExpressibleByArgument {}
