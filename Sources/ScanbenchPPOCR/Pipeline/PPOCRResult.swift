/// What the pipeline read in one image: lines in reading order, each with its words, every box in
/// the image's pixels (origin top-left), every confidence 0–100.
public struct PPOCRResult: Sendable, Equatable {
  /// A word: characters between spaces.
  public struct Word: Sendable, Equatable {
    public var text: String
    /// The mean probability of its characters, 0–100.
    public var confidence: Double
    public var box: PPOCRBox

    public init(text: String, confidence: Double, box: PPOCRBox) {
      self.text = text
      self.confidence = confidence
      self.box = box
    }
  }

  /// A line: one or more detected text regions side by side (or, on a vertical page, one column).
  public struct Line: Sendable, Equatable {
    /// Its words joined by single spaces.
    public var text: String
    /// The mean probability of its characters, 0–100.
    public var confidence: Double
    public var box: PPOCRBox
    public var words: [Word]
    /// The line is a vertical column, read top to bottom.
    public var isVertical: Bool

    public init(text: String, confidence: Double, box: PPOCRBox, words: [Word], isVertical: Bool = false) {
      self.text = text
      self.confidence = confidence
      self.box = box
      self.words = words
      self.isVertical = isVertical
    }
  }

  /// Lines one under the other in a block (a column, a heading, a caption), between blank space or
  /// after an indented first line: `lines` are their indices in ``PPOCRResult/lines``.
  public struct Paragraph: Sendable, Equatable {
    public var box: PPOCRBox
    public var lines: Range<Int>

    public init(box: PPOCRBox, lines: Range<Int>) {
      self.box = box
      self.lines = lines
    }
  }

  /// A block of text the reading order found (a column, a heading, a caption, a tier of vertical
  /// columns), its paragraphs in reading order.
  public struct Block: Sendable, Equatable {
    public var box: PPOCRBox
    public var paragraphs: [Paragraph]
    /// Its lines are vertical columns.
    public var isVertical: Bool

    public init(box: PPOCRBox, paragraphs: [Paragraph], isVertical: Bool = false) {
      self.box = box
      self.paragraphs = paragraphs
      self.isVertical = isVertical
    }
  }

  /// The lines' texts joined by newlines.
  public var text: String
  /// The mean word confidence, 0–100 (as Tesseract's mean text confidence); 0 without words.
  public var confidence: Double
  public var lines: [Line]
  /// The lines' blocks and paragraphs, in reading order: every line in exactly one paragraph.
  public var blocks: [Block]
  /// How many text regions detection found, read or not; nil for an image read as one line.
  public var detectedRegions: Int?
  /// How far the page lies turned as its longest lines tell it; nil when they do not tell.
  public var pageTurn: PageTurn?
  /// Only the lines that told the page lies on its side were read (`pageTurn`), as detected:
  /// ``PPOCRPipeline/recognize(_:singleLine:stoppingWhenTurned:)`` stopped there, for its caller to
  /// read the page turned; `detectedRegions` counts every region found. None were read when the
  /// page's reduced copy told its turn (``PPOCRPipeline/Options/sidewaysTurnFromPreview``).
  public var readInPart = false

  /// `blocks` nil: every line in one block of one paragraph.
  public init(lines: [Line], blocks: [Block]? = nil) {
    self.lines = lines
    if let blocks {
      self.blocks = blocks
    } else if let first = lines.first {
      let box = lines.dropFirst().reduce(first.box) { $0.union($1.box) }
      self.blocks = [
        Block(
          box: box, paragraphs: [Paragraph(box: box, lines: 0..<lines.count)], isVertical: first.isVertical)
      ]
    } else {
      self.blocks = []
    }
    text = lines.map(\.text).joined(separator: "\n")
    let words = lines.flatMap(\.words)
    confidence = words.isEmpty ? 0 : words.reduce(0) { $0 + $1.confidence } / Double(words.count)
  }
}

/// A page's turn as read from its own lines (``PPOCRPipeline/pageTurn(_:regions:decoded:)``).
public struct PageTurn: Sendable, Equatable {
  /// How far the page lies turned clockwise from upright: 0, 90, 180 or 270.
  public var degrees: Int
  /// How much likelier (mean character probability, 0–1) the lines read that way than the other.
  public var margin: Double
  /// How many lines were read both ways; 0 when the longest read confidently as detected, so the
  /// page is upright and none needed reading again (`margin` 0).
  public var lines: Int

  public init(degrees: Int, margin: Double, lines: Int) {
    self.degrees = degrees
    self.margin = margin
    self.lines = lines
  }
}

/// Why the pipeline could not read an image: a model gave something other than what PP-OCR's models
/// give, or the dictionary does not fit the recognizer.
public struct PPOCRError: Error, Equatable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { "PP-OCR: \(message)" }
}
