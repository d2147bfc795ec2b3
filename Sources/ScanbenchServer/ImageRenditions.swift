import Foundation
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchRunner
import ScanbenchStore
import ScanbenchSupport

/// A note's image: the original bytes, re-read from the recorded input and checked by SHA-256
/// (`StoredImage`), and the JPEGs made from them with leptonica, upright as recognized: the list's
/// thumbnails and the note page's preview, cached under `$XDG_CACHE_HOME/scanbench/notes-serve`.
///
/// A cached rendition is named by the SHA-256 of the bytes it was made from (and the page and the
/// turn), so it is of exactly the image that was recognized, and is served without reading the
/// input again.
final class ImageRenditions: Sendable {
  enum Kind: String, Sendable {
    case thumbnail
    case preview

    /// The longest side, in pixels: a thumbnail shown at 120 CSS pixels on a 2× screen; a preview
    /// large enough to read words on.
    var maxSide: Int { self == .thumbnail ? 240 : 1600 }
    var quality: Int { self == .thumbnail ? 78 : 85 }
  }

  /// The folder of renditions (made on first use).
  let cache: URL
  /// Largest original read (as `run` refuses larger entries by default).
  let maxImageBytes: Int
  let maxPixels: Int

  init(cache: URL, maxImageBytes: Int = 256 << 20, maxPixels: Int = 100_000_000) {
    self.cache = cache
    self.maxImageBytes = maxImageBytes
    self.maxPixels = maxPixels
  }

  /// `$XDG_CACHE_HOME/scanbench/notes-serve` (an empty variable being unset), else `~/.cache/…`.
  static func defaultCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    ModelFolders.cache(environment: environment).appendingPathComponent("notes-serve")
  }

  /// The original bytes of the note's image.
  func original(_ note: Note) throws -> Data {
    try StoredImage.read(source: note.source, entry: note.entry, sha256: note.sha256, maxBytes: maxImageBytes)
  }

  /// A JPEG of the note's image as recognized: from the cache, or made now and cached.
  func rendition(_ kind: Kind, of note: Note) throws -> Data {
    let turn = note.orientation?.osdCorrection
    let name = "\(note.sha256)-p\(note.page ?? 0)-\(turn.map(Self.turnName) ?? "up")-\(kind.maxSide).jpg"
    // The SHA-256 comes from the database: only hex digits name a file here.
    guard note.sha256.utf8.count == 64, note.sha256.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
      throw StoredImage.Failure(kind: .unreadable, message: "the note's SHA-256 is not one")
    }
    let file = cache.appendingPathComponent(kind.rawValue).appendingPathComponent(name)
    if let cached = try? Data(contentsOf: file), !cached.isEmpty { return cached }
    let data = try original(note)
    let jpeg: Data
    do {
      let pages = try ImageDecoder.decode(data, maxPixels: maxPixels).pages
      let index = (note.page ?? 1) - 1
      guard pages.indices.contains(index) else {
        throw StoredImage.Failure(kind: .unreadable, message: "\(note.entry) has no page \(index + 1)")
      }
      var page = pages[index]
      if let turn { page = try page.applying(turn) }
      jpeg = try page.scaled(toFit: kind.maxSide).jpegData(quality: kind.quality)
    } catch let failure as StoredImage.Failure {
      throw failure
    } catch {
      throw StoredImage.Failure(kind: .unreadable, message: "\(note.entry): \(error)")
    }
    store(jpeg, at: file)
    return jpeg
  }

  /// Writes a rendition whole (a temporary file renamed into place), or not at all: the cache is a
  /// convenience, and a failure to write it only costs making it again.
  private func store(_ data: Data, at file: URL) {
    let folder = file.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".\(UUID().uuidString).part")
    guard (try? data.write(to: temporary)) != nil else { return }
    if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
  }

  private static let hexDigits = Set("0123456789abcdef".utf8)

  private static func turnName(_ step: ExifOrientation.Step) -> String {
    switch step {
    case .rotate(let quarterTurns): "r\(quarterTurns)"
    case .flipLeftRight: "lr"
    case .flipTopBottom: "tb"
    }
  }
}
