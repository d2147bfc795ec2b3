/// What a score measures: the unit that is counted and how both texts are normalized first.
///
/// Two scores are comparable only when their `descriptor`s are equal, so every option that changes
/// the numbers appears in it.
public struct ScoringOptions: Sendable, Hashable, Codable {
  /// The unit that edits and lengths are counted in.
  public enum Unit: String, Sendable, Codable, CaseIterable {
    /// Extended grapheme clusters (Swift `Character`): what a reader sees as one character.
    case grapheme
    /// Unicode scalars: a base letter and each combining mark count separately.
    case codepoint
  }

  /// The Unicode normalization form both texts are brought to.
  public enum UnicodeForm: String, Sendable, Codable, CaseIterable {
    /// Canonical composition: only differences in encoding disappear.
    case nfc
    /// Compatibility composition: fullwidth letters, ligatures and the like fold to their plain forms too.
    case nfkc
    /// Canonical composition, then the substitutions dinglehopper 0.11.0 makes in every text it
    /// reads (`normalize_sbb`): ligatures unjoined (`ﬁ` → `fi`, MUFI's too), `—` and `==` → `–`,
    /// `’` → `'`, `⸗` → `-`, `a`/`o`/`u` with a combining small e → `ä`/`ö`/`ü`.
    case sbb
  }

  /// What happens to whitespace.
  public enum Whitespace: String, Sendable, Codable, CaseIterable {
    /// Each run of whitespace (line breaks included) becomes one space; both ends are trimmed.
    case collapse
    /// All whitespace is removed.
    case ignore
    /// Whitespace is compared as it is (apart from CRLF, which always becomes LF).
    case keep
    /// As dinglehopper reads a text file: each line's ends trimmed, line breaks (LF, CRLF, CR) kept
    /// as one LF, a final line break dropped; whitespace inside a line compared as it is. With
    /// `dropCJKSpaces` off, the CER dinglehopper 0.11.0 computes (before its own character
    /// substitutions, `normalize_sbb`).
    case lines
  }

  /// Default: `.grapheme`.
  public var unit: Unit = .grapheme
  /// Default: `.nfc`.
  public var form: UnicodeForm = .nfc
  /// Default: `.collapse`.
  public var whitespace: Whitespace = .collapse
  /// Drops spaces between two CJK characters, which Tesseract inserts in Japanese and Chinese text while
  /// ground truth has none. Default: `true`.
  public var dropCJKSpaces = true
  /// Default: `false`.
  public var caseFold = false
  /// Removes punctuation before comparing. Default: `false`.
  public var ignorePunctuation = false

  /// The defaults: graphemes, NFC, collapsed whitespace, no spaces between CJK characters.
  public static let `default` = ScoringOptions()

  public init() {}

  public init(
    unit: Unit = .grapheme,
    form: UnicodeForm = .nfc,
    whitespace: Whitespace = .collapse,
    dropCJKSpaces: Bool = true,
    caseFold: Bool = false,
    ignorePunctuation: Bool = false
  ) {
    self.unit = unit
    self.form = form
    self.whitespace = whitespace
    self.dropCJKSpaces = dropCJKSpaces
    self.caseFold = caseFold
    self.ignorePunctuation = ignorePunctuation
  }

  enum CodingKeys: String, CodingKey {
    case unit, form, whitespace, dropCJKSpaces, caseFold, ignorePunctuation
  }

  /// Missing keys take their defaults, so a configuration file only names what it changes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = ScoringOptions()
    unit = try container.decodeIfPresent(Unit.self, forKey: .unit) ?? defaults.unit
    form = try container.decodeIfPresent(UnicodeForm.self, forKey: .form) ?? defaults.form
    whitespace = try container.decodeIfPresent(Whitespace.self, forKey: .whitespace) ?? defaults.whitespace
    dropCJKSpaces = try container.decodeIfPresent(Bool.self, forKey: .dropCJKSpaces) ?? defaults.dropCJKSpaces
    caseFold = try container.decodeIfPresent(Bool.self, forKey: .caseFold) ?? defaults.caseFold
    ignorePunctuation =
      try container.decodeIfPresent(Bool.self, forKey: .ignorePunctuation) ?? defaults.ignorePunctuation
  }
}

extension ScoringOptions {
  /// The version of the metric's definition; bumped whenever the same options would give other numbers.
  static let metricVersion = "v1"

  /// A short name for what is measured, e.g. `cer/grapheme/nfc/ws-collapse/cjk-nospace/v1`.
  ///
  /// Optional parts follow the CJK part in a fixed order: `/casefold`, then `/nopunct`.
  public var descriptor: String {
    var parts = ["cer", unit.rawValue, form.rawValue, "ws-\(whitespace.rawValue)"]
    parts.append(dropCJKSpaces ? "cjk-nospace" : "cjk-keep")
    if caseFold { parts.append("casefold") }
    if ignorePunctuation { parts.append("nopunct") }
    parts.append(Self.metricVersion)
    return parts.joined(separator: "/")
  }

  /// Reads a descriptor back, so that a report can show what a stored metric measured.
  ///
  /// Returns `nil` for anything `descriptor` would not produce, including other versions.
  public init?(descriptor: String) {
    var parts = descriptor.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 6, parts.first == "cer", parts.last == Self.metricVersion else { return nil }
    parts.removeFirst()
    parts.removeLast()
    guard let unit = Unit(rawValue: parts[0]), let form = UnicodeForm(rawValue: parts[1]) else { return nil }
    guard parts[2].hasPrefix("ws-"), let whitespace = Whitespace(rawValue: String(parts[2].dropFirst(3)))
    else { return nil }
    let dropCJKSpaces: Bool
    switch parts[3] {
    case "cjk-nospace": dropCJKSpaces = true
    case "cjk-keep": dropCJKSpaces = false
    default: return nil
    }
    var flags = Array(parts.dropFirst(4))
    let caseFold = flags.first == "casefold"
    if caseFold { flags.removeFirst() }
    let ignorePunctuation = flags.first == "nopunct"
    if ignorePunctuation { flags.removeFirst() }
    guard flags.isEmpty else { return nil }
    self.init(
      unit: unit, form: form, whitespace: whitespace, dropCJKSpaces: dropCJKSpaces, caseFold: caseFold,
      ignorePunctuation: ignorePunctuation)
  }
}
