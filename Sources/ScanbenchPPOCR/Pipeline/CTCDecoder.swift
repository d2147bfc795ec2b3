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

  /// Decodes item `item` of a `[batch, columns, classes]` probability tensor.
  func decode(_ output: UnsafeBufferPointer<Float>, item: Int, columns: Int, contentColumns: Double)
    -> DecodedLine
  {
    let classCount = classes.count
    var characters: [DecodedCharacter] = []
    var previous = -1
    let itemBase = item * columns * classCount
    for column in 0..<columns {
      let (best, probability) = Self.argmax(output, from: itemBase + column * classCount, count: classCount)
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
    return DecodedLine(characters: characters, contentColumns: contentColumns)
  }

  /// The index and value of the largest of `count` floats from `start` (the first on ties).
  @inline(__always)
  static func argmax(_ values: UnsafeBufferPointer<Float>, from start: Int, count: Int) -> (Int, Float) {
    // Sixteen lanes at a time: the running maximum per lane, then the first index that holds it.
    let lanes = 16
    var index = 0
    var best: Float = -.infinity
    if count >= lanes, let address = values.baseAddress {
      var maxima = SIMD16<Float>(repeating: -.infinity)
      let vectorEnd = count - count % lanes
      let base = UnsafeRawPointer(address + start)
      while index < vectorEnd {
        let chunk = base.loadUnaligned(fromByteOffset: index * 4, as: SIMD16<Float>.self)
        maxima = pointwiseMax(maxima, chunk)
        index += lanes
      }
      best = maxima.max()
    }
    for tail in index..<count where values[start + tail] > best { best = values[start + tail] }
    for position in 0..<count where values[start + position] == best { return (position, best) }
    return (0, best)
  }
}
