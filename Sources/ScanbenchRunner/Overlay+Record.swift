import Foundation
import ScanbenchRecognition
import ScanbenchSeam
import ScanbenchStore

extension Overlay.Page {
  /// The page a stored result was read from.
  public init(_ record: ResultRecord) {
    self.init(
      name: record.entry, number: record.page, width: record.width, height: record.height,
      orientation: record.orientation)
  }
}

extension Overlay {
  /// The file an overlay of this result is written to inside an overlay folder.
  public static func fileName(for record: ResultRecord) -> String {
    fileName(entry: record.entry, page: record.page)
  }

  /// Draws a stored result's boxes over `imageData` (the image the result was made from).
  public static func render(_ record: ResultRecord, imageData: Data, maxPixels: Int = 100_000_000) throws
    -> Data
  {
    guard let words = record.words, let lines = record.lines else {
      throw OverlayError(message: "\(record.entry): the result has no boxes (run with --boxes)")
    }
    return try render(
      TextLayout(words: words, lines: lines), on: Overlay.Page(record), imageData: imageData,
      maxPixels: maxPixels)
  }
}
