import Foundation
import ScanbenchArchive
import ScanbenchSupport

/// One image read again from the input a store recorded, as `overlay` reads them: the entry of the
/// folder or archive (streamed, never extracted), or the lone file, and only if its bytes are still
/// the ones that were recognized (their SHA-256).
public enum StoredImage {
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
      /// The input (folder, archive or file) is not there any more, or cannot be opened.
      case inputMissing = "input-missing"
      /// The input has no such entry any more.
      case entryMissing = "entry-missing"
      /// The entry is there but its bytes are not the recognized ones.
      case changed
      /// The entry could not be read (too large, damaged, not a regular file).
      case unreadable
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(kind: Kind, message: String) {
      self.kind = kind
      self.message = message
    }
  }

  /// The bytes of `entry` in `source`, checked against `sha256`; at most `maxBytes`, refused while
  /// reading beyond that. A folder's entry is opened directly (no walk of the folder).
  public static func read(source: String, entry: String, sha256: String, maxBytes: Int) throws -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
      throw Failure(kind: .inputMissing, message: "\(source) is not there any more")
    }
    let input: any EntrySource
    do {
      input = isDirectory.boolValue ? FolderReader(path: source, entry: entry) : try InputOpener.open(source)
    } catch {
      throw Failure(kind: .inputMissing, message: "\(source) cannot be opened: \(error)")
    }
    do {
      while let header = try input.nextEntry() {
        guard header.path == entry else { continue }
        guard header.kind == .file else {
          throw Failure(
            kind: .unreadable, message: "\(entry) in \(source) is a \(header.kindDescription) now")
        }
        if let size = header.declaredSize, size > maxBytes {
          throw Failure(kind: .unreadable, message: "\(entry) in \(source) is over \(maxBytes) bytes")
        }
        let data = try input.readData(limit: maxBytes)
        guard SHA256.hex(data) == sha256 else {
          throw Failure(
            kind: .changed,
            message: "\(entry) in \(source) changed since it was recognized (its SHA-256 differs)")
        }
        return data
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(kind: .unreadable, message: "\(entry) in \(source) cannot be read: \(error)")
    }
    throw Failure(kind: .entryMissing, message: "\(source) has no entry \(entry) any more")
  }
}
