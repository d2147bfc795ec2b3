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

  /// The lines' texts joined by newlines.
  public var text: String
  /// The mean word confidence, 0–100 (as Tesseract's mean text confidence); 0 without words.
  public var confidence: Double
  public var lines: [Line]

  public init(lines: [Line]) {
    self.lines = lines
    text = lines.map(\.text).joined(separator: "\n")
    let words = lines.flatMap(\.words)
    confidence = words.isEmpty ? 0 : words.reduce(0) { $0 + $1.confidence } / Double(words.count)
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
