import CLeptonica
import Foundation

@testable import ScanbenchCore

/// A page of words drawn by the test at positions it chooses, with leptonica's built-in bitmap
/// font: where each word is is known exactly, without any font package.
struct RenderedPage {
  struct Word {
    var text: String
    /// The rectangle the word's ink occupies, in image pixels (top-left origin).
    var x: Int, y: Int, width: Int, height: Int

    func contains(x pointX: Int, y pointY: Int) -> Bool {
      pointX >= x && pointX < x + width && pointY >= y && pointY < y + height
    }
  }

  var width: Int
  var height: Int
  var words: [Word] = []
  /// The page as a PNG file's bytes.
  var png = Data()

  /// Draws each line's words left to right at its origin (x of the first word, y of the baseline),
  /// in the largest bitmap font (capitals about 45 pixels high).
  init(width: Int, height: Int, lines: [(x: Int, baseline: Int, words: [String])]) {
    self.width = width
    self.height = height
    let scale: Int32 = 1
    let page = pixCreate(Int32(width) / scale, Int32(height) / scale, 1)!
    defer {
      var pointer: UnsafeMutablePointer<PIX>? = page
      pixDestroy(&pointer)
    }
    let font = bmfCreate(nil, 20)!
    defer {
      var pointer: UnsafeMutablePointer<L_BMF>? = font
      bmfDestroy(&pointer)
    }
    for line in lines {
      var x = Int32(line.x) / scale
      for word in line.words {
        let ink = Self.inkBox(of: word, font: font)
        var advance: Int32 = 0
        var overflow: Int32 = 0
        pixSetTextline(page, font, word, 1, x, Int32(line.baseline) / scale, &advance, &overflow)
        words.append(
          Word(
            text: word, x: Int(x * scale), y: Int((Int32(line.baseline) / scale - ink.above) * scale),
            width: Int(advance * scale), height: Int((ink.above + ink.below) * scale)))
        x += advance + Int32(font.pointee.spacewidth) * 2
      }
    }
    let scaled = pixExpandReplicate(page, scale)
    var scaledPointer = scaled
    defer { pixDestroy(&scaledPointer) }
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    pixWriteMemPng(&bytes, &size, scaled, 0)
    png = Data(bytes: bytes!, count: size)
    lept_free(bytes)
  }

  /// How far the word's glyphs reach above and below the baseline.
  private static func inkBox(of word: String, font: UnsafeMutablePointer<L_BMF>) -> (above: Int32, below: Int32) {
    // Leptonica's fonts have one line height; glyphs sit on `baselinetab` rows from the top.
    let baselines = word.utf8.map { font.pointee.baselinetab[Int($0)] }
    return (baselines.max() ?? 0, font.pointee.lineheight - (baselines.min() ?? 0))
  }
}
