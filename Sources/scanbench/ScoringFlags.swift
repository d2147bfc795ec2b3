import ScanbenchCommandLine
import ScanbenchScoring

/// What CER counts, shared by every command that scores (`run`, `score`).
struct ScoringFlags: ParsableArguments {
  @Option(help: "What a character is: a user-perceived character or a Unicode code point.", valueName: "unit")
  var unit = ScoringOptions.default.unit
  @Option(name: "--normalization", help: "Unicode normalization applied to both texts.", valueName: "form")
  var form = ScoringOptions.default.form
  @Option(
    help: "collapse: runs become one space, ends trimmed; ignore: all removed; keep: as is.",
    valueName: "mode")
  var whitespace = ScoringOptions.default.whitespace
  @Flag(help: "Count spaces between two CJK characters (dropped by default).") var keepCJKSpaces = false
  @Flag(help: "Ignore case.") var caseFold = false
  @Flag(help: "Ignore punctuation.") var ignorePunctuation = false

  var options: ScoringOptions {
    var options = ScoringOptions.default
    options.unit = unit
    options.form = form
    options.whitespace = whitespace
    options.dropCJKSpaces = !keepCJKSpaces
    options.caseFold = caseFold
    options.ignorePunctuation = ignorePunctuation
    return options
  }
}

extension ScoringOptions.Unit: ExpressibleByArgument {}
extension ScoringOptions.UnicodeForm: ExpressibleByArgument {}
extension ScoringOptions.Whitespace: ExpressibleByArgument {}
