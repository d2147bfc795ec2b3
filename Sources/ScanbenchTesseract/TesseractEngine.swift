import CLeptonica
import CTesseract
import Foundation
import ScanbenchRecognition
import ScanbenchSeam

/// One Tesseract engine (`TessBaseAPI`), initialised once and reused for every image a worker takes.
///
/// Not thread-safe: each worker owns its own.
public final class TesseractEngine: RecognitionEngine {
  private let handle: OpaquePointer

  /// Tesseract's version, e.g. `5.3.0`.
  public static var version: String { String(cString: TessVersion()) }

  private let resolution: Int

  /// `resolution` overrides what images claim (0 = trust the image, else 300).
  public init(
    modelFolder: String, language: String, pageSegmentation: Int32, resolution: Int = 0,
    variables: [(String, String)] = []
  ) throws {
    self.resolution = resolution
    guard let handle = TessBaseAPICreate() else {
      throw EngineError(message: "Tesseract could not create an engine")
    }
    self.handle = handle
    // Tesseract writes notices ("Estimating resolution as …") to stderr; the library must not print.
    TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    guard TessBaseAPIInit2(handle, modelFolder, language, OEM_LSTM_ONLY) == 0 else {
      throw EngineError(
        message: "Tesseract could not load the model '\(language)' from \(modelFolder) (run 'make setup')")
    }
    for (name, value) in variables where TessBaseAPISetVariable(handle, name, value) == 0 {
      throw EngineError(message: "Tesseract does not know the setting '\(name)'")
    }
    TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentation)))
  }

  deinit {
    TessBaseAPIEnd(handle)
    TessBaseAPIDelete(handle)
  }

  public func recognize(_ pix: Image, boxes: Bool) throws -> RecognizedText {
    Self.setImage(pix, resolution: resolution, on: handle)
    defer { TessBaseAPIClear(handle) }
    guard TessBaseAPIRecognize(handle, nil) == 0 else {
      throw EngineError(message: "Tesseract failed to recognize the image")
    }
    guard let cText = TessBaseAPIGetUTF8Text(handle) else {
      throw EngineError(message: "Tesseract returned no text")
    }
    defer { TessDeleteText(cText) }
    let text = String(cString: cText)
    return RecognizedText(
      text: text, confidence: Double(TessBaseAPIMeanTextConf(handle)),
      layout: boxes ? layout() : nil)
  }

  /// Gives a `TessBaseAPI` (an engine's or the orientation detector's) the image and the
  /// resolution to assume: `resolution` when set, else the image's own, else 300 — images without
  /// one would make Tesseract guess, and 300 is what scans usually are.
  package static func setImage(_ pix: Image, resolution: Int, on handle: OpaquePointer) {
    TessBaseAPISetImage2(handle, pix.pointer)
    if resolution > 0 {
      TessBaseAPISetSourceResolution(handle, Int32(resolution))
    } else if pix.resolution <= 0 {
      TessBaseAPISetSourceResolution(handle, 300)
    }
  }

  /// Words and lines from the last `Recognize`, and the blocks and paragraphs of Tesseract's own
  /// layout analysis that the lines are in.
  private func layout() -> TextLayout {
    var starts: [(block: Bool, paragraph: Bool)] = []
    // A line left out (only spaces) passes its block's or paragraph's start on to the next one kept.
    var pending = (block: false, paragraph: false)
    let lines = items(at: RIL_TEXTLINE) { page, kept in
      if let page {
        pending.block = pending.block || TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0
        pending.paragraph = pending.paragraph || TessPageIteratorIsAtBeginningOf(page, RIL_PARA) != 0
      }
      if kept {
        starts.append(pending)
        pending = (false, false)
      }
    }
    return TextLayout(words: items(at: RIL_WORD), lines: lines, blocks: Self.blocks(lines, starts: starts))
  }

  /// Blocks and paragraphs over `lines`, each line saying whether it starts a block or a paragraph
  /// (the first line starts both); each box the union of its lines'.
  static func blocks(_ lines: [TextBox], starts: [(block: Bool, paragraph: Bool)]) -> [TextBlock] {
    func union(_ range: Range<Int>) -> (x: Int, y: Int, width: Int, height: Int) {
      let boxes = lines[range]
      let left = boxes.map(\.x).min() ?? 0
      let top = boxes.map(\.y).min() ?? 0
      let right = boxes.map { $0.x + $0.width }.max() ?? 0
      let bottom = boxes.map { $0.y + $0.height }.max() ?? 0
      return (left, top, right - left, bottom - top)
    }
    var blocks: [[Range<Int>]] = []
    for index in lines.indices {
      let start = index < starts.count ? starts[index] : (block: false, paragraph: false)
      if blocks.isEmpty || start.block {
        blocks.append([index..<(index + 1)])
      } else if start.paragraph {
        blocks[blocks.count - 1].append(index..<(index + 1))
      } else {
        let last = blocks[blocks.count - 1].count - 1
        blocks[blocks.count - 1][last] = blocks[blocks.count - 1][last].lowerBound..<(index + 1)
      }
    }
    return blocks.map { paragraphs in
      let whole = union(paragraphs[0].lowerBound..<(paragraphs[paragraphs.count - 1].upperBound))
      return TextBlock(
        x: whole.x, y: whole.y, width: whole.width, height: whole.height,
        paragraphs: paragraphs.map { range in
          let box = union(range)
          return TextParagraph(
            x: box.x, y: box.y, width: box.width, height: box.height, firstLine: range.lowerBound,
            lineCount: range.count)
        })
    }
  }

  /// The recognized items of one level, in reading order, from the last `Recognize`; `visit` sees
  /// the iterator at each item kept.
  private func items(
    at level: TessPageIteratorLevel, visit: (OpaquePointer?, _ kept: Bool) -> Void = { _, _ in }
  ) -> [TextBox] {
    guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
    defer { TessResultIteratorDelete(iterator) }
    let page = TessResultIteratorGetPageIterator(iterator)
    var found: [TextBox] = []
    repeat {
      var left: Int32 = 0
      var top: Int32 = 0
      var right: Int32 = 0
      var bottom: Int32 = 0
      guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0,
        let cText = TessResultIteratorGetUTF8Text(iterator, level)
      else {
        visit(page, false)
        continue
      }
      let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
      TessDeleteText(cText)
      // Lines of nothing but spaces are layout noise, not text anyone can point at.
      guard !text.isEmpty else {
        visit(page, false)
        continue
      }
      visit(page, true)
      found.append(
        TextBox(
          text: text, confidence: (Double(TessResultIteratorConfidence(iterator, level)) * 10).rounded() / 10,
          x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)))
    } while TessResultIteratorNext(iterator, level) != 0
    return found
  }
}

@available(*, unavailable)
extension TesseractEngine: Sendable {}
