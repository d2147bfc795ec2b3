import Foundation
import ScanbenchSeam
import ScanbenchSupport

extension ResultRecord {
  /// How the image was turned upright (the seam's type, by the name the store's code uses).
  public typealias Orientation = PageOrientation
}

extension RunSummaryRecord {
  /// The key a skipped file is counted under: its extension, lowercased (`IMG_0001.MOV` → `mov`);
  /// `._*` for the macOS resource forks (`__MACOSX/._IMG_0001.HEIC`) zips carry.
  public static func ignoredKey(for path: String) -> String {
    if EntryName.lastComponent(of: path).hasPrefix("._") { return "._*" }
    return EntryName.pathExtension(of: path).lowercased()
  }

  /// `skipped 12 non-image files (8 .MOV, 4 .AAE)`, or nil when nothing was skipped.
  public var ignoredSentence: String? {
    guard let ignored, ignored > 0, let byExtension = ignoredByExtension else { return nil }
    let parts = byExtension.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { key, count in
      "\(count) " + (key.isEmpty ? "without extension" : key.hasPrefix(".") ? key : "." + key.uppercased())
    }
    return "skipped \(ignored) non-image file\(ignored == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
  }
}
