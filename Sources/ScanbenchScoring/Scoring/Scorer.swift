/// Scores recognized text against ground truth.
public enum Scorer {
  /// Normalizes both texts, then counts edits in units: the total is the bit-parallel edit distance, the
  /// split into substitutions, insertions and deletions comes from an optimal alignment (ties resolved in
  /// favour of substitutions). Words are compared the same way for the word error rate.
  public static func score(
    groundTruth: String, recognized: String, options: ScoringOptions = .default
  ) -> TextScore {
    let groundTruthText = TextNormalizer.normalize(groundTruth, options)
    let recognizedText = TextNormalizer.normalize(recognized, options)
    // Words first, so that their symbols are gone before the units' are made: a long text's peak.
    let words = wordScore(
      groundTruth: groundTruth, recognized: recognized, normalizedGroundTruth: groundTruthText,
      normalizedRecognized: recognizedText, options: options)
    var encoder = UnitEncoder(unit: options.unit)
    let groundTruthUnits = encoder.encode(groundTruthText, keepingBoundaries: false)
    let recognizedUnits = encoder.encode(recognizedText, keepingBoundaries: false)
    let (steps, _) = editSteps(groundTruthUnits.symbols, recognizedUnits.symbols)
    var edits = EditCounts()
    for step in steps {
      switch step {
      case .equal: break
      case .substitute: edits.substitutions += 1
      case .insert: edits.insertions += 1
      case .delete: edits.deletions += 1
      }
    }
    return TextScore(
      groundTruthLength: groundTruthUnits.symbols.count, recognizedLength: recognizedUnits.symbols.count,
      edits: edits, words: words, metric: options.descriptor)
  }

  /// Both at once, from one alignment: for callers that want the counts and the confusions.
  public static func scoreAndAlign(
    groundTruth: String, recognized: String, options: ScoringOptions = .default
  ) -> (score: TextScore, alignment: Alignment) {
    let groundTruthText = TextNormalizer.normalize(groundTruth, options)
    let recognizedText = TextNormalizer.normalize(recognized, options)
    let words = wordScore(
      groundTruth: groundTruth, recognized: recognized, normalizedGroundTruth: groundTruthText,
      normalizedRecognized: recognizedText, options: options)
    var encoder = UnitEncoder(unit: options.unit)
    let groundTruthUnits = encoder.encode(groundTruthText, keepingBoundaries: true)
    let recognizedUnits = encoder.encode(recognizedText, keepingBoundaries: true)
    let (steps, _) = editSteps(groundTruthUnits.symbols, recognizedUnits.symbols)
    let alignment = Alignment(
      steps: steps, groundTruth: groundTruthUnits, recognized: recognizedUnits, metric: options.descriptor)
    let score = TextScore(
      groundTruthLength: groundTruthUnits.symbols.count, recognizedLength: recognizedUnits.symbols.count,
      edits: alignment.edits, words: words, metric: options.descriptor)
    return (score, alignment)
  }

  /// The normalized texts side by side, for reports: merged runs of equal and differing units, the
  /// edit counts (as `score` gives them) and the confusions.
  public static func align(
    groundTruth: String, recognized: String, options: ScoringOptions = .default
  ) -> Alignment {
    var encoder = UnitEncoder(unit: options.unit)
    let groundTruthUnits = encoder.encode(
      TextNormalizer.normalize(groundTruth, options), keepingBoundaries: true)
    let recognizedUnits = encoder.encode(
      TextNormalizer.normalize(recognized, options), keepingBoundaries: true)
    let (steps, _) = editSteps(groundTruthUnits.symbols, recognizedUnits.symbols)
    return Alignment(
      steps: steps, groundTruth: groundTruthUnits, recognized: recognizedUnits, metric: options.descriptor)
  }

  /// An optimal unit-by-unit alignment and the distance: the distance first (`EditDistance`), then the
  /// alignment inside the band that distance allows.
  static func editSteps(
    _ groundTruth: [Int32], _ recognized: [Int32],
    denseLimit: Int = PatternMatchTable.defaultDenseLimit,
    recordLimit: Int = EditScriptBuilder.defaultRecordLimit,
    diagonalWorkFactor: Int = EditScriptBuilder.defaultDiagonalWorkFactor
  ) -> (steps: [EditStep], distance: Int) {
    groundTruth.withUnsafeBufferPointer { groundTruth in
      recognized.withUnsafeBufferPointer { recognized in
        let (prefix, suffix) = CommonAffix.lengths(groundTruth, recognized)
        if prefix + suffix == groundTruth.count && prefix + suffix == recognized.count {
          return ([EditStep](repeating: .equal, count: groundTruth.count), 0)
        }
        let distance = EditDistance.distance(
          groundTruth, recognized, denseLimit: denseLimit, diagonalWorkFactor: diagonalWorkFactor)
        var builder = EditScriptBuilder(
          denseLimit: denseLimit, recordLimit: recordLimit, diagonalWorkFactor: diagonalWorkFactor)
        builder.reserveSteps(max(groundTruth.count, recognized.count) + distance)
        let aligned = builder.align(groundTruth, recognized, bound: distance)
        assert(aligned == distance, "the alignment must cost exactly the distance")
        return (builder.steps, distance)
      }
    }
  }

  private static func wordScore(
    groundTruth: String, recognized: String, normalizedGroundTruth: String, normalizedRecognized: String,
    options: ScoringOptions
  ) -> WordScore {
    var groundTruthText = normalizedGroundTruth
    var recognizedText = normalizedRecognized
    // Without whitespace every text would be one word; words are always cut at the original spaces.
    if options.whitespace == .ignore {
      var wordOptions = options
      wordOptions.whitespace = .collapse
      groundTruthText = TextNormalizer.normalize(groundTruth, wordOptions)
      recognizedText = TextNormalizer.normalize(recognized, wordOptions)
    }
    // Each word as its symbol as soon as it is cut: the words themselves are not kept.
    var wordSymbols: [Substring: Int32] = [:]
    func symbols(_ text: String) -> [Int32] {
      var symbols: [Int32] = []
      WordSegmenter.forEachWord(in: text) { word in
        if let known = wordSymbols[word] {
          symbols.append(known)
        } else {
          let new = Int32(wordSymbols.count)
          wordSymbols[word] = new
          symbols.append(new)
        }
      }
      return symbols
    }
    let first = symbols(groundTruthText)
    let second = symbols(recognizedText)
    return WordScore(
      groundTruthWords: first.count, recognizedWords: second.count,
      wordEdits: EditDistance.distance(first, second))
  }
}
