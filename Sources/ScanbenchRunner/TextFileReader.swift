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

  /// The largest ground-truth or OCR file read: a page's text is kilobytes, a book's a few
  /// megabytes, and scoring holds the text several times over (normalized, as units, aligned), so a
  /// larger file is refused before it is read rather than scored at many times its size in memory.
  static let maximumBytes = 8 << 20
  static let limitName = "the ground-truth limit of \(maximumBytes >> 20) MiB"

  static func text(of data: Data, path: String) throws(Failure) -> String {
    guard data.count <= maximumBytes else {
      throw Failure(kind: "too-large", message: "is \(data.count) bytes, over \(limitName): not scored")
    }
    do {
      switch EntryName.textFile(path)?.name.format ?? .text {
      case .text: return try GroundTruthDecoder.decode(data)
      case .xml:
        let document = try DocumentText.xml(data)
        if let problem = otherImage(named: document.imageFilename, path: path) {
          throw Failure(kind: "ground-truth-mismatch", message: problem)
        }
        return document.text
      case .hocr: return try DocumentText.hocr(data).text
      }
    } catch let error as Failure {
      throw error
    } catch let error as GroundTruthDecodeError {
      throw Failure(kind: "ground-truth-encoding", message: error.message)
    } catch let error as DocumentError {
      throw Failure(
        kind: error.kind == .entity ? "ground-truth-entity" : "ground-truth-format", message: error.message)
    } catch {
      throw Failure(kind: "ground-truth-unreadable", message: String(describing: error))
    }
  }

  /// Why a PAGE file's `imageFilename` names another image than the one it pairs with (`a.gt.xml`
  /// saying `b.png`: the ground truth of another page, copied or renamed), nil when it names this
  /// one (in any folder, with any image extension) or names no image at all (`x`).
  static func otherImage(named imageFilename: String?, path: String) -> String? {
    guard let imageFilename, let (_, stem) = EntryName.textFile(path) else { return nil }
    let named = EntryName.lastComponent(of: imageFilename)
    guard let imageExtension = EntryName.imageExtension(of: String(named)) else { return nil }
    let namedStem = named.dropLast(imageExtension.count + 1)
    let ownStem = EntryName.lastComponent(of: stem)
    guard namedStem.lowercased() != ownStem.lowercased() else { return nil }
    return
      "is PAGE for another image: its imageFilename is '\(imageFilename)', but it pairs with \(ownStem)'s "
      + "image (rename it, or fix its imageFilename)"
  }
}
