/// One run of an alignment; consecutive units of the same kind are merged into one operation.
public enum AlignmentOperation: Sendable, Hashable, Codable {
  /// Units that both texts share.
  case equal(String)
  /// Ground-truth units read as as many other units.
  case substitute(gt: String, ocr: String)
  /// Recognized units that the ground truth lacks.
  case insert(String)
  /// Ground-truth units that the recognized text lacks.
  case delete(String)

  /// This operation's share of the ground truth (empty for an insertion).
  public var groundTruth: String {
    switch self {
    case .equal(let text), .delete(let text): text
    case .substitute(let groundTruth, _): groundTruth
    case .insert: ""
    }
  }

  /// This operation's share of the recognized text (empty for a deletion).
  public var recognized: String {
    switch self {
    case .equal(let text), .insert(let text): text
    case .substitute(_, let recognized): recognized
    case .delete: ""
    }
  }
}

/// A recurring misreading: a stretch of ground truth and what was recognized in its place.
public struct Confusion: Sendable, Hashable, Codable {
  /// Empty when the recognizer invented text.
  public var groundTruth: String
  /// Empty when the recognizer dropped text.
  public var recognized: String
  public var count: Int

  public init(groundTruth: String, recognized: String, count: Int) {
    self.groundTruth = groundTruth
    self.recognized = recognized
    self.count = count
  }
}

/// The two normalized texts side by side: what a report needs to show the differences.
public struct Alignment: Sendable, Hashable, Codable {
  /// In order; concatenating their `groundTruth` (resp. `recognized`) sides gives back the normalized
  /// ground truth (resp. recognized text).
  public var operations: [AlignmentOperation]
  /// Each maximal stretch of differences (adjacent substitutions, insertions and deletions merged) with
  /// the number of times it occurs in this alignment; most frequent first.
  public var confusions: [Confusion]
  /// Unit by unit; `edits.total` is the edit distance.
  public var edits: EditCounts
  public var groundTruthLength: Int
  public var recognizedLength: Int
  /// The descriptor of the options the texts were normalized and cut with.
  public var metric: String

  public init(
    operations: [AlignmentOperation], confusions: [Confusion], edits: EditCounts, groundTruthLength: Int,
    recognizedLength: Int, metric: String
  ) {
    self.operations = operations
    self.confusions = confusions
    self.edits = edits
    self.groundTruthLength = groundTruthLength
    self.recognizedLength = recognizedLength
    self.metric = metric
  }

  /// The normalized ground truth, rebuilt from the operations.
  public var groundTruth: String {
    operations.reduce(into: "") { $0 += $1.groundTruth }
  }

  /// The normalized recognized text, rebuilt from the operations.
  public var recognized: String {
    operations.reduce(into: "") { $0 += $1.recognized }
  }
}

extension Alignment {
  /// Builds the merged operations and the confusions from unit-by-unit steps.
  init(steps: [EditStep], groundTruth: EncodedText, recognized: EncodedText, metric: String) {
    var operations: [AlignmentOperation] = []
    var edits = EditCounts()
    var confusionCounts: [Confusion.Key: Int] = [:]
    var confusionOrder: [Confusion.Key] = []
    var groundTruthPosition = 0
    var recognizedPosition = 0
    var differenceStart: (groundTruth: Int, recognized: Int)?

    func closeDifference(
      at groundTruthEnd: Int, _ recognizedEnd: Int, _ start: (groundTruth: Int, recognized: Int)
    ) {
      let key = Confusion.Key(
        groundTruth: String(groundTruth.units(start.groundTruth..<groundTruthEnd)),
        recognized: String(recognized.units(start.recognized..<recognizedEnd)))
      if confusionCounts[key] == nil { confusionOrder.append(key) }
      confusionCounts[key, default: 0] += 1
    }

    var index = 0
    while index < steps.count {
      let step = steps[index]
      var runEnd = index + 1
      while runEnd < steps.count && steps[runEnd] == step { runEnd += 1 }
      let length = runEnd - index
      let groundTruthLength = step == .insert ? 0 : length
      let recognizedLength = step == .delete ? 0 : length
      let groundTruthRange = groundTruthPosition..<(groundTruthPosition + groundTruthLength)
      let recognizedRange = recognizedPosition..<(recognizedPosition + recognizedLength)
      switch step {
      case .equal:
        if let start = differenceStart {
          closeDifference(at: groundTruthPosition, recognizedPosition, start)
          differenceStart = nil
        }
        operations.append(.equal(String(groundTruth.units(groundTruthRange))))
      case .substitute:
        edits.substitutions += length
        operations.append(
          .substitute(
            gt: String(groundTruth.units(groundTruthRange)),
            ocr: String(recognized.units(recognizedRange))))
      case .insert:
        edits.insertions += length
        operations.append(.insert(String(recognized.units(recognizedRange))))
      case .delete:
        edits.deletions += length
        operations.append(.delete(String(groundTruth.units(groundTruthRange))))
      }
      if step != .equal && differenceStart == nil {
        differenceStart = (groundTruthPosition, recognizedPosition)
      }
      groundTruthPosition += groundTruthLength
      recognizedPosition += recognizedLength
      index = runEnd
    }
    if let start = differenceStart {
      closeDifference(at: groundTruthPosition, recognizedPosition, start)
    }

    let confusions = confusionOrder.map { key in
      Confusion(groundTruth: key.groundTruth, recognized: key.recognized, count: confusionCounts[key] ?? 0)
    }
    self.init(
      operations: operations, confusions: ConfusionTable.sorted(confusions), edits: edits,
      groundTruthLength: groundTruth.symbols.count, recognizedLength: recognized.symbols.count,
      metric: metric)
  }
}

extension Confusion {
  struct Key: Hashable, Codable, Sendable {
    var groundTruth: String
    var recognized: String
  }
}
