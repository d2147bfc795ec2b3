extension EngineOptions {
  /// Page segmentation modes are Tesseract's numbers, which every engine reads as far as it can.
  public static let pageSegmentationModes = 0...13
  /// What help says they are.
  public static let pageSegmentationSummary = "Tesseract's numbers (7 = one text line, 6 = one block)"
  /// Automatic: the engine finds the text's blocks and lines.
  public static let automaticPageSegmentation = 3
  /// The modes that say each image is one line (7), one word (8) or one raw line (13).
  public static let singleLineModes: Set<Int> = [7, 8, 13]
}
