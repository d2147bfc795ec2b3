/// One character of a decoded line: where the recognizer saw it and how sure it was.
struct DecodedCharacter: Equatable {
  var text: String
  /// The output column where the character's run of columns begins.
  var firstColumn: Int
  /// The last column of that run.
  var lastColumn: Int
  /// The probability of the character in its first column (PaddleOCR's per-character confidence).
  var probability: Float
  /// For a kana with other forms by its voicing mark (`こ`/`ご`, `は`/`ば`/`ぱ`), each other form
  /// and its highest probability over the character's columns: the recognizer's doubt about the
  /// mark, which the likeliest class alone does not show.
  var voicingAlternatives: [VoicingAlternative] = []

  init(
    text: String, firstColumn: Int, lastColumn: Int, probability: Float,
    voicingAlternatives: [VoicingAlternative] = []
  ) {
    self.text = text
    self.firstColumn = firstColumn
    self.lastColumn = lastColumn
    self.probability = probability
    self.voicingAlternatives = voicingAlternatives
  }

  /// This character read as `other`, another reading's of the same ink, reads it: its text,
  /// probability and voicing doubts taken, its place in this reading kept.
  mutating func takeReading(of other: DecodedCharacter) {
    text = other.text
    probability = other.probability
    voicingAlternatives = other.voicingAlternatives
  }
}

/// Another form of a decoded kana by its voicing mark, and how likely the recognizer found it.
struct VoicingAlternative: Equatable {
  var text: String
  var probability: Float
}

/// A recognizer's output for one crop.
struct DecodedLine: Equatable {
  var characters: [DecodedCharacter]
  /// Output columns covering the crop's content (the rest is the batch's padding).
  var contentColumns: Double
  /// The smallest probability of the likeliest class over the content's columns, blanks included:
  /// a character the recognizer half saw between two others (a space, a point) leaves a blank
  /// column of low probability, which the characters' own probabilities do not show.
  var leastSureColumn: Float = 1

  var text: String { characters.map(\.text).joined() }

  /// The mean character probability (PaddleOCR's line score), 0 for an empty line.
  var probability: Double {
    characters.isEmpty ? 0 : characters.reduce(0.0) { $0 + Double($1.probability) } / Double(characters.count)
  }
}

/// Greedy CTC decoding (PaddleOCR's `CTCLabelDecode`): the most likely class in each column; runs of
/// one class are one character; class 0 is the blank, classes 1…n are the dictionary's entries and
/// class n + 1 is a space.
struct CTCDecoder {
  let classes: [String]

  /// `dictionary` is the model's character list, one entry per class after the blank.
  init(dictionary: [String]) {
    classes = [""] + dictionary + [" "]
    voicingForms = Self.voicingForms(of: classes)
  }

  /// Per class that is a kana with other forms by its voicing mark, the classes of those forms.
  let voicingForms: [Int: [Int]]

  /// The classes of `classes` grouped by kana without its voicing mark: one kana each, decomposed
  /// a kana followed by at most `゛` or `゜`; each class of a group of two or more maps to the rest.
  static func voicingForms(of classes: [String]) -> [Int: [Int]] {
    var groups: [UnicodeScalar: [Int]] = [:]
    for (index, text) in classes.enumerated() {
      let scalars = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
      guard let base = scalars.first, (0x3041...0x30FA).contains(base.value), scalars.count <= 2,
        scalars.dropFirst().allSatisfy({ $0.value == 0x3099 || $0.value == 0x309A })
      else { continue }
      groups[base, default: []].append(index)
    }
    var forms: [Int: [Int]] = [:]
    for group in groups.values where group.count > 1 {
      for index in group { forms[index] = group.filter { $0 != index } }
    }
    return forms
  }

  /// Decodes item `item` of a `[batch, columns, classes]` output. With `probabilities` (each column
  /// sums to 1, as PP-OCR's softmax output does), a class above one half is known to be the column's
  /// best without reading the rest: most columns are the blank, class 0, and cost one read.
  func decode(
    _ output: UnsafeBufferPointer<Float>, item: Int, columns: Int, contentColumns: Double,
    probabilities: Bool = false
  ) -> DecodedLine {
    let classCount = classes.count
    var characters: [DecodedCharacter] = []
    var previous = -1
    var leastSure: Float = 1
    let itemBase = item * columns * classCount
    let content = min(columns, max(0, Int(saturating: contentColumns.rounded(.up))))
    for column in 0..<columns {
      let (best, probability) = Self.argmax(
        output, from: itemBase + column * classCount, count: classCount, probabilities: probabilities)
      if column < content { leastSure = min(leastSure, probability) }
      if best == previous {
        if best != 0, let last = characters.indices.last {
          characters[last].lastColumn = column
          noteVoicingForms(of: best, in: output, at: itemBase + column * classCount, into: &characters[last])
        }
        continue
      }
      previous = best
      if best == 0 { continue }
      var character = DecodedCharacter(
        text: classes[best], firstColumn: column, lastColumn: column, probability: probability)
      noteVoicingForms(of: best, in: output, at: itemBase + column * classCount, into: &character)
      characters.append(character)
    }
    return DecodedLine(characters: characters, contentColumns: contentColumns, leastSureColumn: leastSure)
  }

  /// Keeps in `character` (of class `best`) the highest probability so far of each other form of it
  /// by its voicing mark, from the column whose classes start at `start`.
  @inline(__always)
  private func noteVoicingForms(
    of best: Int, in output: UnsafeBufferPointer<Float>, at start: Int, into character: inout DecodedCharacter
  ) {
    guard let forms = voicingForms[best] else { return }
    for form in forms {
      let probability = output[start + form]
      if let known = character.voicingAlternatives.firstIndex(where: { $0.text == classes[form] }) {
        character.voicingAlternatives[known].probability = max(
          character.voicingAlternatives[known].probability, probability)
      } else {
        character.voicingAlternatives.append(
          VoicingAlternative(text: classes[form], probability: probability))
      }
    }
  }

  /// Whether the first column of `output` sums to 1 (within 0.01): the model gives probabilities.
  static func givesProbabilities(_ output: UnsafeBufferPointer<Float>, classes: Int) -> Bool {
    guard output.count >= classes else { return false }
    var sum: Float = 0
    for index in 0..<classes { sum += output[index] }
    return abs(sum - 1) < 0.01
  }

  /// The index and value of the largest of `count` floats from `start` (the first on ties). Eight
  /// lanes at a time keep each lane's maximum and where it was; with `probabilities`, the first value
  /// above one half is the answer.
  @inline(__always)
  static func argmax(
    _ values: UnsafeBufferPointer<Float>, from start: Int, count: Int, probabilities: Bool = false
  ) -> (Int, Float) {
    guard count > 0, let address = values.baseAddress else { return (0, -.infinity) }
    precondition(start >= 0 && start + count <= values.count)
    let p = address + start
    if probabilities && p[0] > 0.5 { return (0, p[0]) }
    let lanes = 8
    var index = 0
    var best: Float = -.infinity
    var bestIndex = 0
    if count >= lanes {
      var maxima = SIMD8<Float>(repeating: -.infinity)
      var positions = SIMD8<Int32>(repeating: 0)
      var current = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
      let step = SIMD8<Int32>(repeating: Int32(lanes))
      let half = SIMD8<Float>(repeating: 0.5)
      let end = count - count % lanes
      let raw = UnsafeRawPointer(p)
      while index < end {
        let chunk = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
        let greater = chunk .> maxima
        maxima.replace(with: chunk, where: greater)
        positions.replace(with: current, where: greater)
        if probabilities && any(chunk .> half) {
          for lane in 0..<lanes where chunk[lane] > 0.5 { return (index + lane, chunk[lane]) }
        }
        current &+= step
        index += lanes
      }
      best = maxima.max()
      bestIndex = Int.max
      for lane in 0..<lanes where maxima[lane] == best { bestIndex = min(bestIndex, Int(positions[lane])) }
    }
    while index < count {
      if p[index] > best {
        best = p[index]
        bestIndex = index
      }
      index += 1
    }
    return (bestIndex, best)
  }
}
