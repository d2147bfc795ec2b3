import ScanbenchRecognition

extension TesseractBackend {
  /// Tesseract in the engine catalog.
  public static let entry = EngineEntry(
    name: "tesseract", summary: "Tesseract 5 (LSTM), Debian's fast and PyPI's standard models",
    languages: languages, modelKinds: ModelLocator.Kind.allCases.map(\.rawValue),
    parameters: .init(summary: "a Tesseract parameter, e.g. tessedit_do_invert=0", alias: "--tesseract-set"),
    // Between the confidences of upright pages and of pages upside down or turned the way Tesseract
    // cannot follow, as measured on eng-pages (docs/engines.md, "Photos").
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
