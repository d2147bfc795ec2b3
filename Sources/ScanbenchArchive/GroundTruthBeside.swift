import Foundation
import ScanbenchSupport
import Synchronization

/// The ground truth beside an image file given as an input: `NAME.gt.txt` or `NAME.txt` in the
/// image's folder, whatever the suffix's case, and the pages' `NAME.page-K.gt.txt`.
///
/// A shell glob (`lines/*.png`) gives thousands of files of one folder, each read twice (the index
/// pass, then the main pass), so each folder is listed once and its listing kept while the folder
/// is unchanged (same modification time).
enum GroundTruthBeside {
  private struct Listing {
    var modified: timespec
    /// Ground-truth stem → the file names with that stem.
    var byStem: [String: [String]]
  }

  private static let listings = Mutex<[String: Listing]>([:])

  /// The names of the ground-truth files in `image`'s folder that belong to it, sorted.
  static func names(for image: URL) -> [String] {
    guard case .image(let stem) = EntryName.role(of: image.lastPathComponent) else { return [] }
    let folder = image.deletingLastPathComponent().path
    guard let byStem = listing(of: folder) else { return [] }
    let pagePrefix = stem + ".page-"
    var names = byStem[stem] ?? []
    for (other, files) in byStem where other.hasPrefix(pagePrefix) { names += files }
    return names.sorted()
  }

  private static func listing(of folder: String) -> [String: [String]]? {
    var status = stat()
    guard stat(folder, &status) == 0 else { return nil }
    let modified = status.st_mtim
    if let kept = listings.withLock({ $0[folder] }), kept.modified.tv_sec == modified.tv_sec,
      kept.modified.tv_nsec == modified.tv_nsec
    {
      return kept.byStem
    }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
    var byStem: [String: [String]] = [:]
    for name in names {
      if case .groundTruth(let stem, _) = EntryName.role(of: name) { byStem[stem, default: []].append(name) }
    }
    listings.withLock { $0[folder] = Listing(modified: modified, byStem: byStem) }
    return byStem
  }
}
