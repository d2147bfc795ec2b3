extension PPOCRPipeline {
  /// Runs each model once on a blank image through the code and checks a real image goes through:
  /// a model of the wrong kind (a detector where the recognizer belongs), or a dictionary that is
  /// not the recognizer's, is refused when the engine loads — before any image — instead of being
  /// every image's failure. Costs one small run of each: a 64 × 64 page, a 96-pixel line.
  public static func checkModels(detector: TensorModel?, recognizer: TensorModel, dictionary: [String]) throws
  {
    var options = Options()
    (options.detectionMinSide, options.detectionMaxSide) = (64, 64)
    // The check's page is blank, which would otherwise not be detected at all.
    options.blankImageSpread = 0
    let pipeline = PPOCRPipeline(
      detector: detector, recognizer: recognizer, dictionary: dictionary, options: options)
    if detector != nil { _ = try pipeline.detect(RGBImage(width: 64, height: 64)) }
    let line = RGBImage(width: 96, height: 48)
    _ = try pipeline.recognizeRegions(line, regions: [pipeline.wholeImageRegion(line)])
  }
}
