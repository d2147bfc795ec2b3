import ScanbenchSeam

/// What an engine read in one image.
public struct RecognizedText: Sendable, Equatable {
  public var text: String
  /// Mean confidence of the words, 0–100 (engines with probabilities scale them by 100).
  public var confidence: Double
  /// Every word and line with its box, when boxes were asked for.
  public var layout: TextLayout?
  /// Time inside the engine's models, for engines that can tell (CPU time of the worker's thread;
  /// a model's own helper threads, as PP-OCR's detector has, are not counted): what `make bench`
  /// measures the rest of the pipeline against.
  public var inferenceMilliseconds: Double?
  /// How many text regions the engine's detector found, for engines that detect: 0 says the page
  /// holds no text, so no other orientation is worth trying. nil: the engine does not say.
  public var detectedRegions: Int?
  /// How far the page lies turned as the engine's own reading tells it (a few lines read both ways),
  /// for engines that can tell and only when they can: `confidence` is how much likelier, as a mean
  /// character probability (0–1), the lines read that way than the other.
  public var pageTurn: OrientationDetection?
  /// Only the lines that told the page's turn were read, asked for by
  /// ``RecognitionEngine/recognize(_:boxes:name:stoppingWhenTurned:)``: the page lies turned
  /// (`pageTurn`) and is to be read again turned; `text` and `confidence` are those lines' alone.
  public var readInPart = false

  public init(
    text: String, confidence: Double, layout: TextLayout? = nil, inferenceMilliseconds: Double? = nil
  ) {
    self.text = text
    self.confidence = confidence
    self.layout = layout
    self.inferenceMilliseconds = inferenceMilliseconds
  }
}

/// One worker's recognizer: made once by its backend and reused for every image the worker takes.
/// Not thread-safe (engines hold C state), so never shared between workers.
public protocol RecognitionEngine: AnyObject {
  /// Reads `image`, upright as decoded; `boxes` also collects every word and line with its box.
  func recognize(_ image: Image, boxes: Bool) throws -> RecognizedText
  /// The same, told which image it reads: for engines that pass the name on (an external program).
  /// By default `recognize(_:boxes:)`.
  func recognize(_ image: Image, boxes: Bool, name: PageName) throws -> RecognizedText
  /// The same, stopping as soon as the page's own lines tell it lies turned, when
  /// `stoppingWhenTurned` and the engine can (``RecognizedText/readInPart``): the caller, which
  /// reads such a page again turned, then reads it whole only if it keeps this reading. By default
  /// `recognize(_:boxes:name:)`.
  func recognize(_ image: Image, boxes: Bool, name: PageName, stoppingWhenTurned: Bool) throws
    -> RecognizedText
  /// For engines that can tell from a reduced copy of a large image that it holds no text (a coarse
  /// detection): what copy they need. nil (the default): they cannot.
  var noTextPreview: NoTextPreview? { get }
  /// Looks at `preview`, a reduced copy of an upright image of `fullWidth × fullHeight`: what it
  /// shows of the image (no text, or text to read at a reduction); nil when it tells nothing and the
  /// whole image must be read. By default nil.
  func examinePreview(preview: Image, fullWidth: Int, fullHeight: Int, boxes: Bool) throws -> PreviewFinding?
}

/// What a reduced copy of a large image showed its engine.
public enum PreviewFinding: Sendable, Equatable {
  /// The image holds no text: what reading it whole would give.
  case noText(RecognizedText)
  /// The image holds text, which the engine reads as well from the image decoded at 1/`reduction`
  /// of each side (1: whole) as from the whole image; its boxes are then in the reduced image's
  /// pixels, for the caller to scale.
  case text(reduction: Int)
}

/// The reduced copy an engine needs to tell that an image holds no text.
public struct NoTextPreview: Sendable, Equatable {
  /// The copy's longer side is at least this.
  public var longSide: Int
  /// Only images of more pixels than this are looked at so.
  public var abovePixels: Int

  public init(longSide: Int, abovePixels: Int) {
    self.longSide = longSide
    self.abovePixels = abovePixels
  }
}

extension RecognitionEngine {
  public func recognize(_ image: Image, boxes: Bool, name: PageName) throws -> RecognizedText {
    try recognize(image, boxes: boxes)
  }

  public func recognize(_ image: Image, boxes: Bool, name: PageName, stoppingWhenTurned: Bool) throws
    -> RecognizedText
  {
    try recognize(image, boxes: boxes, name: name)
  }

  public var noTextPreview: NoTextPreview? { nil }

  public func examinePreview(preview: Image, fullWidth: Int, fullHeight: Int, boxes: Bool) throws
    -> PreviewFinding?
  { nil }
}

/// Which image a page is: its entry in its input and, for a page of a multi-page image, the page.
public struct PageName: Sendable, Equatable {
  public var entry: String
  /// 1-based; nil for an image of one page.
  public var page: Int?

  public init(entry: String, page: Int? = nil) {
    self.entry = entry
    self.page = page
  }
}

/// Where an engine tells the user what is not a result (an external program's stderr, a restart).
/// The runner gives each worker's engine its own, which names the worker; the library never prints.
public typealias EngineWarnings = @Sendable (String) -> Void

/// An engine as the run sees it: made from the command line's options, shared by every worker,
/// it makes one `RecognitionEngine` per worker and says what it is.
public protocol EngineBackend: Sendable {
  /// Name, version, the SHA-256 of every model file and the settings that change what it reads.
  /// May hash model files (cached across runs): called once, while the engines load.
  func identity() throws -> EngineIdentity
  /// A new engine with its models loaded; throws when a model is missing or broken.
  func makeEngine() throws -> any RecognitionEngine
  /// The same, for a worker whose warnings go to `warnings`; by default `makeEngine()`.
  func makeEngine(warnings: @escaping EngineWarnings) throws -> any RecognitionEngine
}

extension EngineBackend {
  public func makeEngine(warnings: @escaping EngineWarnings) throws -> any RecognitionEngine {
    try makeEngine()
  }
}

/// A page's orientation as a detector sees it.
public struct OrientationDetection: Sendable, Equatable {
  /// How far the page is turned clockwise from upright: 0, 90, 180 or 270.
  public var degrees: Int
  /// The detector's confidence in it (a margin, not a probability).
  public var confidence: Double

  public init(degrees: Int, confidence: Double) {
    self.degrees = degrees
    self.confidence = confidence
  }

  /// Clockwise quarter turns that make the page upright.
  public var correction: Int { ((360 - degrees) % 360) / 90 }
}

/// One worker's orientation detector; not thread-safe, like engines.
public protocol OrientationDetector: AnyObject {
  /// The page's orientation, or nil when there is too little text to tell.
  func detect(_ image: Image) -> OrientationDetection?
}

/// Makes orientation detectors and says what they are (their model joins the engine identity).
public protocol OrientationBackend: Sendable {
  /// Model file name → SHA-256.
  func models() throws -> [String: String]
  /// What else changes what it finds (the resolution it assumes), for the records' settings.
  var settings: [String: String] { get }
  func makeDetector() throws -> any OrientationDetector
  /// Detected turns below this confidence are not tried.
  var minimumConfidence: Double { get }
}
