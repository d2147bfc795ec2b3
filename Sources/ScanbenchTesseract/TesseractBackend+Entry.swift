import ScanbenchRecognition

extension TesseractBackend {
  /// Tesseract in the engine catalog.
  public static let entry = EngineEntry(
    name: "tesseract", summary: "Tesseract 5 (LSTM), Debian's fast and PyPI's standard models",
    languages: languages, modelKinds: ModelLocator.Kind.allCases.map(\.rawValue),
    parameters: .init(summary: "a Tesseract parameter, e.g. tessedit_do_invert=0", alias: "--tesseract-set"),
    // Measured (docs/engines.md, "Photos"): upright pages of eng-pages read at 88–94, pages upside down or
    // turned the way Tesseract cannot follow at 29–42.
    orientationCheckBelow: 70,
    libraryVersions: { ["tesseract": version] },
    make: { try TesseractBackend($0) })
}

extension TesseractOrientation {
  /// The libraries the orientation check runs on (whichever engine reads), for the summary.
  public static var libraryVersions: [String: String] { ["tesseract": TesseractBackend.version] }

  /// What a run says when pages should be checked and cannot be.
  public static let missingModelWarning =
    "no orientation model (osd.traineddata; apt-get install tesseract-ocr-osd): "
    + "pages on their side are recognized as they are"
}
