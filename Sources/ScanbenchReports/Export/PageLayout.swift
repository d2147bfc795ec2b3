import ScanbenchSeam
import ScanbenchStore

/// One result as lines of words, for the structured exports (TSV, hOCR, ALTO). With boxes (`--boxes`)
/// the lines are the recorded lines, each with the recorded words that overlap it most; without,
/// they are the text's lines and words, with no box.
struct PageLayout: Equatable {
  struct Word: Equatable {
    var text: String
    var box: TextBox?
    /// The word's confidence, else the result's mean.
    var confidence: Double?
  }

  struct Line: Equatable {
    var box: TextBox?
    var words: [Word]
  }

  var width: Int
  var height: Int
  var lines: [Line]

  /// Whether any line or word has a box.
  var hasBoxes: Bool { lines.contains { $0.box != nil || $0.words.contains { $0.box != nil } } }

  init(_ record: ResultRecord) {
    width = record.width ?? 0
    height = record.height ?? 0
    let recordedLines = record.lines ?? []
    let recordedWords = record.words ?? []
    guard !recordedLines.isEmpty || !recordedWords.isEmpty else {
      lines = Self.lines(ofText: record.text ?? "", confidence: record.confidence)
      return
    }
    var assigned = [[Word]](repeating: [], count: recordedLines.count)
    var loose: [Line] = []
    for word in recordedWords {
      let entry = Word(text: word.text, box: word, confidence: word.confidence)
      let overlaps = recordedLines.map { Self.overlap($0, word) }
      if let best = overlaps.indices.max(by: {
        overlaps[$0] < overlaps[$1] || (overlaps[$0] == overlaps[$1] && $0 > $1)
      }),
        overlaps[best] > 0
      {
        assigned[best].append(entry)
      } else {
        // A word outside every line is a line of its own.
        loose.append(Line(box: word, words: [entry]))
      }
    }
    var result: [Line] = []
    for (index, line) in recordedLines.enumerated() {
      let words =
        assigned[index].isEmpty
        ? Self.words(of: line.text, confidence: line.confidence) : assigned[index]
      result.append(Line(box: line, words: words))
    }
    lines = result + loose
  }

  static func lines(ofText text: String, confidence: Double?) -> [Line] {
    text.split(whereSeparator: \.isNewline).map { words(of: String($0), confidence: confidence) }
      .filter { !$0.isEmpty }.map { Line(box: nil, words: $0) }
  }

  static func words(of text: String, confidence: Double?) -> [Word] {
    text.split(whereSeparator: \.isWhitespace).map {
      Word(text: String($0), box: nil, confidence: confidence)
    }
  }

  /// The area two boxes share, in pixels.
  static func overlap(_ a: TextBox, _ b: TextBox) -> Int {
    let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return width > 0 && height > 0 ? width * height : 0
  }

  /// The smallest box around `boxes`, nil when there is none.
  static func union(_ boxes: [TextBox]) -> TextBox? {
    guard let first = boxes.first else { return nil }
    var left = first.x
    var top = first.y
    var right = first.x + first.width
    var bottom = first.y + first.height
    for box in boxes.dropFirst() {
      left = min(left, box.x)
      top = min(top, box.y)
      right = max(right, box.x + box.width)
      bottom = max(bottom, box.y + box.height)
    }
    return TextBox(text: "", confidence: 0, x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The box around every line (the text block).
  var block: TextBox? { Self.union(lines.compactMap { $0.box ?? Self.union($0.words.compactMap(\.box)) }) }
}
