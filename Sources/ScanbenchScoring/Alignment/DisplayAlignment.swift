/// What a report shows of a scored pair: the texts as they were written (line breaks, case), each
/// character marked by the alignment of the normalized texts, which is what was counted; and the
/// words side by side, as the word error rate counts them.
public struct DisplayAlignment: Sendable {
  /// How a shown character fared.
  public enum Mark: Sendable, Hashable {
    /// Counted as equal, or not counted at all (whitespace collapsed, punctuation ignored).
    case plain
    case substituted(by: String)
    /// Missing from the other side (on the ground truth: deleted; on the OCR: inserted).
    case unmatched
  }

  /// One side: the original text cut into runs of one mark, and where the other side has text this
  /// one lacks (a gap before the run at that index; `gapsAtEnd` after the last).
  public struct Side: Sendable {
    public var runs: [(text: String, mark: Mark)]
    /// Run index → texts the other side has before that run.
    public var gaps: [Int: [String]]
    public var gapsAtEnd: [String]
    /// False when the original could not be traced back from the normalized text: the runs are then
    /// the normalized text (as before the original was kept).
    public var isOriginal: Bool
  }

  public var groundTruth: Side
  public var recognized: Side
  /// Word by word: each step's ground-truth and recognized words (either may be empty).
  public var words: [(kind: WordStep, groundTruth: [String], recognized: [String])]

  public enum WordStep: Sendable, Hashable {
    case equal, substitute, insert, delete
  }

  /// Both texts normalized as `options` say and aligned character by character (graphemes, whatever
  /// the metric's unit: this is for the eye) and word by word.
  public init(groundTruth: String, recognized: String, options: ScoringOptions) {
    var display = options
    display.unit = .grapheme
    let truthTrace = TextTrace(groundTruth, display)
    let ocrTrace = TextTrace(recognized, display)
    var encoder = UnitEncoder(unit: .grapheme)
    let truthUnits = encoder.encode(truthTrace.normalized, keepingBoundaries: false)
    let ocrUnits = encoder.encode(ocrTrace.normalized, keepingBoundaries: false)
    let (steps, _) = Scorer.editSteps(truthUnits.symbols, ocrUnits.symbols)
    let truthCharacters = Array(truthTrace.normalized)
    let ocrCharacters = Array(ocrTrace.normalized)
    // Per normalized character: its mark, and the texts the other side has before it.
    var truthMarks = [Mark](repeating: .plain, count: truthCharacters.count)
    var ocrMarks = [Mark](repeating: .plain, count: ocrCharacters.count)
    var truthGaps: [Int: [String]] = [:]
    var ocrGaps: [Int: [String]] = [:]
    var (t, o) = (0, 0)
    var index = 0
    while index < steps.count {
      var end = index + 1
      while end < steps.count && steps[end] == steps[index] { end += 1 }
      let length = end - index
      switch steps[index] {
      case .equal:
        t += length
        o += length
      case .substitute:
        for offset in 0..<length {
          truthMarks[t + offset] = .substituted(by: String(ocrCharacters[o + offset]))
          ocrMarks[o + offset] = .substituted(by: String(truthCharacters[t + offset]))
        }
        t += length
        o += length
      case .insert:
        for offset in 0..<length { ocrMarks[o + offset] = .unmatched }
        truthGaps[t, default: []].append(String(ocrCharacters[o..<(o + length)]))
        o += length
      case .delete:
        for offset in 0..<length { truthMarks[t + offset] = .unmatched }
        ocrGaps[o, default: []].append(String(truthCharacters[t..<(t + length)]))
        t += length
      }
      index = end
    }
    self.groundTruth = truthTrace.side(marks: truthMarks, gaps: truthGaps)
    self.recognized = ocrTrace.side(marks: ocrMarks, gaps: ocrGaps)
    self.words = Self.words(truthTrace, ocrTrace, options)
  }

  /// The words of both normalized texts aligned, each shown as written when it can be traced back.
  private static func words(_ truth: TextTrace, _ ocr: TextTrace, _ options: ScoringOptions) -> [(
    kind: WordStep, groundTruth: [String], recognized: [String]
  )] {
    let truthWords = truth.words(options)
    let ocrWords = ocr.words(options)
    var symbols: [String: Int32] = [:]
    func symbol(_ word: String) -> Int32 {
      if let known = symbols[word] { return known }
      symbols[word] = Int32(symbols.count)
      return Int32(symbols.count - 1)
    }
    let (steps, _) = Scorer.editSteps(
      truthWords.map { symbol($0.counted) }, ocrWords.map { symbol($0.counted) })
    var result: [(kind: WordStep, groundTruth: [String], recognized: [String])] = []
    var (t, o) = (0, 0)
    for step in steps {
      let kind: WordStep
      var left: [String] = []
      var right: [String] = []
      switch step {
      case .equal, .substitute:
        kind = step == .equal ? .equal : .substitute
        left = [truthWords[t].shown]
        right = [ocrWords[o].shown]
        t += 1
        o += 1
      case .insert:
        kind = .insert
        right = [ocrWords[o].shown]
        o += 1
      case .delete:
        kind = .delete
        left = [truthWords[t].shown]
        t += 1
      }
      if let last = result.last, last.kind == kind {
        result[result.count - 1] = (kind, last.groundTruth + left, last.recognized + right)
      } else {
        result.append((kind, left, right))
      }
    }
    return result
  }
}

/// A text, its normalized form, and where each normalized character came from in the original.
struct TextTrace {
  let original: [Character]
  let normalized: String
  /// Normalized character index → original character index; nil when it could not be traced.
  let origins: [Int]?

  init(_ text: String, _ options: ScoringOptions) {
    normalized = TextNormalizer.normalize(text, options)
    let cleaned = TextNormalizer.removingBOMAndCarriageReturns(text)
    original = Array(cleaned)
    origins = Self.trace(original: original, normalized: Array(normalized), options)
  }

  /// Each original character normalized on its own, then the normalized text matched against them:
  /// normalization only drops characters (punctuation, CJK spaces, whitespace at the ends) and turns
  /// a run of whitespace into one space, so a greedy walk finds every origin, or fails (a form that
  /// joins characters, `==` under `sbb`), and the caller shows the normalized text instead.
  private static func trace(original: [Character], normalized: [Character], _ options: ScoringOptions)
    -> [Int]?
  {
    var pieces: [(character: Character, origin: Int)] = []
    for (index, character) in original.enumerated() {
      var piece = TextNormalizer.applyingForm(options.form, to: String(character))
      if options.caseFold {
        piece = TextNormalizer.applyingForm(
          options.form, to: piece.folding(options: [.caseInsensitive], locale: nil))
      }
      for normalizedCharacter in piece { pieces.append((normalizedCharacter, index)) }
    }
    var origins: [Int] = []
    origins.reserveCapacity(normalized.count)
    var position = 0
    for character in normalized {
      while position < pieces.count, pieces[position].character != character {
        let skipped = pieces[position].character
        // A collapsed run of whitespace is one space: it stands for the run's first character.
        if character == " ", skipped.isWhitespace { break }
        // Only what normalization removes may be passed over.
        guard skipped.isWhitespace || skipped.isPunctuation else { return nil }
        position += 1
      }
      guard position < pieces.count else { return nil }
      origins.append(pieces[position].origin)
      let matchedWhitespace = pieces[position].character.isWhitespace
      position += 1
      // The run's other characters are shown as they are, unmarked.
      if character == " ", matchedWhitespace, options.whitespace == .collapse {
        while position < pieces.count, pieces[position].character.isWhitespace { position += 1 }
      }
    }
    return origins
  }

  /// The side as shown: original characters in runs of one mark (normalized ones when untraced).
  func side(marks: [DisplayAlignment.Mark], gaps: [Int: [String]]) -> DisplayAlignment.Side {
    var runs: [(text: String, mark: DisplayAlignment.Mark)] = []
    var runGaps: [Int: [String]] = [:]
    func add(_ character: Character, _ mark: DisplayAlignment.Mark, gapsBefore: [String]?) {
      if let gapsBefore {
        // A run starts here, so that the other side's text shows before it.
        runGaps[runs.count, default: []] += gapsBefore
        runs.append((String(character), mark))
      } else if let last = runs.last, last.mark == mark {
        runs[runs.count - 1].text.append(character)
      } else {
        runs.append((String(character), mark))
      }
    }
    let characters = Array(normalized)
    guard let origins else {
      for (index, character) in characters.enumerated() {
        add(character, marks[index], gapsBefore: gaps[index])
      }
      return DisplayAlignment.Side(
        runs: runs, gaps: runGaps, gapsAtEnd: gaps[characters.count] ?? [], isOriginal: false)
    }
    // Original character → the normalized characters that came from it.
    var fromOriginal: [Int: [Int]] = [:]
    for (normalizedIndex, origin) in origins.enumerated() {
      fromOriginal[origin, default: []].append(normalizedIndex)
    }
    for (index, character) in original.enumerated() {
      guard let normalizedIndexes = fromOriginal[index], let first = normalizedIndexes.first else {
        add(character, .plain, gapsBefore: nil)
        continue
      }
      // A character that became several (ß → ss under case folding) takes the first one's mark
      // unless another is marked.
      let mark = normalizedIndexes.map { marks[$0] }.first { $0 != .plain } ?? marks[first]
      add(character, mark, gapsBefore: gaps[first])
    }
    return DisplayAlignment.Side(
      runs: runs, gaps: runGaps, gapsAtEnd: gaps[characters.count] ?? [], isOriginal: true)
  }

  /// The words the word error rate counts, each with the original text it came from.
  func words(_ options: ScoringOptions) -> [(counted: String, shown: String)] {
    var wordOptions = options
    // Without whitespace every text would be one word; words are cut at the original spaces.
    if options.whitespace == .ignore { wordOptions.whitespace = .collapse }
    let text = options.whitespace == .ignore ? TextTrace(String(original), wordOptions) : self
    let characters = text.normalized
    return WordSegmenter.words(in: characters).map { word in
      let start = characters.distance(from: characters.startIndex, to: word.startIndex)
      let end = start + word.count
      guard let origins = text.origins, end > start, end <= origins.count else {
        return (String(word), String(word))
      }
      return (String(word), String(text.original[origins[start]...origins[end - 1]]))
    }
  }
}
