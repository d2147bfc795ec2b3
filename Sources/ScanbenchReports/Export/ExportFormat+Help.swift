extension ExportFormat {
  /// What the formats are, for `export --format`'s help.
  public static let summary = "the text, or Tesseract's TSV, hOCR or ALTO"
}
