import ScanbenchRecognition

extension SharedModels {
  /// `PPOCRPipeline.checkModels` on these models, its error naming the files.
  func check() throws {
    do {
      try PPOCRPipeline.checkModels(detector: detector, recognizer: recognizer, dictionary: dictionary)
      if let coarseDetector {
        try PPOCRPipeline.checkModels(
          detector: coarseDetector, recognizer: recognizer, dictionary: dictionary)
      }
    } catch {
      throw EngineError(
        message: "PP-OCR's models do not work together (\(files.joined(separator: ", "))): \(error); "
          + "run 'make setup', or set SCANBENCH_MODELS to a folder with the models it installs")
    }
  }
}
