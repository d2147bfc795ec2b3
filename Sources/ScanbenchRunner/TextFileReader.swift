import Foundation
import ScanbenchArchive
import ScanbenchDocuments
import ScanbenchSupport

/// The text of a ground-truth or OCR file, read as its name says (`EntryName.textFileNames`): plain
/// text (UTF-8, or UTF-16 with a byte-order mark), PAGE or ALTO XML, or hOCR.
enum TextFileReader {
  /// Why a file's text could not be read; `kind` is the record's `error.kind`.
  struct Failure: Error, CustomStringConvertible {
    /// `ground-truth-encoding` (text that is not UTF-8), `ground-truth-format` (XML or HTML that is
    /// not well-formed, or not PAGE, ALTO or hOCR), `ground-truth-entity` (an XML entity: refused).
    var kind: String
    var message: String
    var description: String { message }
  }

  static func text(of data: Data, path: String) throws(Failure) -> String {
    do {
      switch EntryName.textFile(path)?.name.format ?? .text {
      case .text: return try GroundTruthDecoder.decode(data)
      case .xml: return try DocumentText.xml(data).text
      case .hocr: return try DocumentText.hocr(data).text
      }
    } catch let error as GroundTruthDecodeError {
      throw Failure(kind: "ground-truth-encoding", message: error.message)
    } catch let error as DocumentError {
      throw Failure(
        kind: error.kind == .entity ? "ground-truth-entity" : "ground-truth-format", message: error.message)
    } catch {
      throw Failure(kind: "ground-truth-unreadable", message: String(describing: error))
    }
  }
}
