import ScanbenchSeam

extension PageOrientation {
  /// The turn that made the page upright after EXIF and HEIF, when orientation detection made one.
  public var osdCorrection: ExifOrientation.Step? {
    guard osdApplied == true, let osdDegrees, osdDegrees % 360 != 0 else { return nil }
    return .rotate(quarterTurns: (360 - osdDegrees) / 90)
  }
}
