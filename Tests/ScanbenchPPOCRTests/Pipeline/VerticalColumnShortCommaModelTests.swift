import Testing

@testable import ScanbenchPPOCR

/// A `、` set small read as what the recognizer half sees, read as the `、` its ink plainly shows.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct VerticalColumnShortCommaModelTests {
  /// A blurred `marks-1` book page in IPA Mincho whose last column ends `「ええ、もう一度」`: its `、`,
  /// about a fifth of an em, is drawn out down the diagonal less far than a large one, and the
  /// recognizer half sees it (a backquote). Solid through its middle, it is plain in the ink
  /// (``PPOCRPipeline/Options/shortCommasFromInk``), and the reading's mark is read as `、`.
  @Test func aShortCommaTheRecognizerHalfSeesIsReadFromItsInk() throws {
    try VerticalColumnModelTests().expectLine(
      "marks-1-book-1-014", containing: "「ええ、もう一度」", withStepOff: { $0.shortCommasFromInk = false },
      containing: "「ええ`もう一度」")
  }
}
