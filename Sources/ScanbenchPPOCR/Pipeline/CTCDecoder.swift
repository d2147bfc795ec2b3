/// One character of a decoded line: where the recognizer saw it and how sure it was.
struct DecodedCharacter: Equatable {
  var text: String
  /// The output column where the character's run of columns begins.
  var firstColumn: Int
  /// The last column of that run.
  var lastColumn: Int
  /// The probability of the character in its first column (PaddleOCR's per-character confidence).
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
        if best != 0, let last = characters.indices.last { characters[last].lastColumn = column }
        continue
      }
      previous = best
      if best == 0 { continue }
      characters.append(
        DecodedCharacter(
          text: classes[best], firstColumn: column, lastColumn: column, probability: probability))
    }
    return DecodedLine(characters: characters, contentColumns: contentColumns, leastSureColumn: leastSure)
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
