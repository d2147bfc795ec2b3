import CLeptonica
import Foundation

import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport
import ScanbenchTesseract

/// A page of words drawn by the test at positions it chooses, with leptonica's built-in bitmap
/// font: where each word is is known exactly, without any font package.
package struct RenderedPage {
  package struct Word {
    package var text: String
    /// The rectangle the word's ink occupies, in image pixels (top-left origin).
    package var x: Int, y: Int, width: Int, height: Int

    package func contains(x pointX: Int, y pointY: Int) -> Bool {
      pointX >= x && pointX < x + width && pointY >= y && pointY < y + height
    }
  }

  package var width: Int
  package var height: Int
  package var words: [Word] = []
  /// The page as a PNG file's bytes.
  package var png = Data()

  /// Draws each line's words left to right at its origin (x of the first word, y of the baseline),
  /// in the largest bitmap font (capitals about 45 pixels high).
  package init(width: Int, height: Int, lines: [(x: Int, baseline: Int, words: [String])]) {
    self.width = width
    self.height = height
    let scale: Int32 = 1
    // A fixture leptonica cannot make is a broken test machine, not a case to handle.
    guard let page = pixCreate(Int32(width) / scale, Int32(height) / scale, 1), let font = bmfCreate(nil, 20)
    else { preconditionFailure("leptonica could not make a \(width)×\(height) page and its font") }
    defer {
      var pointer: UnsafeMutablePointer<PIX>? = page
      pixDestroy(&pointer)
    }
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
    guard pixWriteMemPng(&bytes, &size, scaled, 0) == 0, let bytes else {
      preconditionFailure("leptonica could not encode the page as PNG")
    }
    png = Data(bytes: bytes, count: size)
    lept_free(bytes)
  }

  /// How far the word's glyphs reach above and below the baseline.
  private static func inkBox(of word: String, font: UnsafeMutablePointer<L_BMF>) -> (
    above: Int32, below: Int32
  ) {
    // Leptonica's fonts have one line height; glyphs sit on `baselinetab` rows from the top.
    let baselines = word.utf8.map { font.pointee.baselinetab[Int($0)] }
    return (baselines.max() ?? 0, font.pointee.lineheight - (baselines.min() ?? 0))
  }
}

extension RenderedPage {
  /// Three lines of words at known places: what the box and overlay tests read.
  package static let threeLines = RenderedPage(
    width: 1500, height: 460,
    lines: [
      (x: 60, baseline: 110, words: ["HARBOUR", "LANTERN", "MEADOW"]),
      (x: 400, baseline: 250, words: ["quiet", "river", "stones"]),
      (x: 120, baseline: 390, words: ["Copper", "kettle"]),
    ])
}
