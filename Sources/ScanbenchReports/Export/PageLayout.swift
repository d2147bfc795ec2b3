import ScanbenchSeam
import ScanbenchStore

/// One result as blocks of paragraphs of lines of words, for the structured exports (TSV, hOCR,
/// ALTO). With boxes (`--boxes`) the lines are the recorded lines, each with the recorded words that
/// overlap it most, in the recorded blocks and paragraphs (one block of one paragraph when the
/// record has none); without, they are the text's lines and words in one block, with no box and no
/// confidence of their own.
struct PageLayout: Equatable {
  struct Word: Equatable {
    var text: String
    var box: TextBox?
    /// The word's confidence (or its line's, when only lines were recorded); nil without boxes:
    /// the result's mean is not each word's.
    var confidence: Double?
  }

  struct Line: Equatable {
    var box: TextBox?
    var words: [Word]
  }

  /// Consecutive lines of a block; `lines` are indices into the layout's `lines`.
  struct Paragraph: Equatable {
    var box: TextBox?
    var lines: Range<Int>
  }

  struct Block: Equatable {
    var box: TextBox?
    var paragraphs: [Paragraph]
  }

  var width: Int
  var height: Int
  var lines: [Line]
  /// Every line in exactly one paragraph, in order; empty when there are no lines.
  var blocks: [Block]

  /// Whether any line or word has a box.
  var hasBoxes: Bool { lines.contains { $0.box != nil || $0.words.contains { $0.box != nil } } }

  init(_ record: ResultRecord) {
    width = record.width ?? 0
    height = record.height ?? 0
    let recordedLines = record.lines ?? []
    let recordedWords = record.words ?? []
    guard !recordedLines.isEmpty || !recordedWords.isEmpty else {
      lines = Self.lines(ofText: record.text ?? "", confidence: nil)
      blocks = Self.oneBlock(lines)
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
    // The recorded blocks when they take the recorded lines in order; words outside every line are
    // a block of their own after them.
    if let recorded = record.blocks, recorded.covers(lineCount: recordedLines.count) {
      blocks = recorded.map { block in
        Block(
          box: TextBox(
            text: "", confidence: 0, x: block.x, y: block.y, width: block.width, height: block.height),
          paragraphs: block.paragraphs.map {
            Paragraph(
              box: TextBox(text: "", confidence: 0, x: $0.x, y: $0.y, width: $0.width, height: $0.height),
              lines: $0.lines)
          })
      }
      if !loose.isEmpty {
        let range = result.count..<lines.count
        let box = Self.union(loose.compactMap(\.box))
        blocks.append(Block(box: box, paragraphs: [Paragraph(box: box, lines: range)]))
      }
    } else {
      blocks = Self.oneBlock(lines)
    }
  }

  /// Every line in one block of one paragraph.
  static func oneBlock(_ lines: [Line]) -> [Block] {
    guard !lines.isEmpty else { return [] }
    let box = union(lines.compactMap { $0.box ?? union($0.words.compactMap(\.box)) })
    return [Block(box: box, paragraphs: [Paragraph(box: box, lines: 0..<lines.count)])]
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
}
