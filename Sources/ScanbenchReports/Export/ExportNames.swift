import Foundation
import ScanbenchStore
import ScanbenchSupport

/// Where each image's export goes in the folder: its entry path with the format's extension in
/// place of the image's (`scans/page.png` → `scans/page.txt`; page K of a multi-page image
/// `scan.page-K.txt`, as its ground truth is named), below a folder per input when the run read
/// several. Names that cannot be a file's — absolute, with `.`, `..` or empty components, NUL,
/// escaped bytes (`\xNN`, `\\`), a component over 255 bytes, a path over 1000 bytes, or the same file
/// as another image's — are mapped to `mapped/<digest>.EXT`, and the mapping is kept in `names.tsv`.
public struct ExportNames: Sendable {
  public struct Mapping: Sendable, Equatable {
    public var file: String
    public var key: ImageKey
    public var reason: String
  }

  /// The relative path of each image's file.
  public private(set) var files: [ImageKey: String] = [:]
  /// The images whose names were mapped, in the order of the records.
  public private(set) var mapped: [Mapping] = []

  /// The list of mapped names beside the files.
  public static let listName = "names.tsv"
  static let listHeader = "file\tinput\tentry\tpage\treason"
  static let maximumComponent = 255
  static let maximumPath = 1000

  public init(_ records: [ResultRecord], fileExtension: String) {
    let keys = records.map(ImageKey.init)
    let byInput = Set(keys.map(\.input)).count > 1
    var taken = Set<String>()
    var folders = Set<String>()
    var refused: [(ImageKey, String)] = []
    for key in keys where files[key] == nil {
      let wanted = Self.wanted(key, byInput: byInput, fileExtension: fileExtension)
      if let problem = Self.problem(with: wanted, taken: taken, folders: folders) {
        refused.append((key, problem))
        continue
      }
      Self.claim(wanted, taken: &taken, folders: &folders)
      files[key] = wanted
    }
    for (key, reason) in refused where files[key] == nil {
      let digest = SHA256.hex(
        Data([key.input, key.entry, key.page.map(String.init) ?? "-"].joined(separator: "\0").utf8))
      var file = "mapped/\(digest.prefix(16)).\(fileExtension)"
      var attempt = 1
      while Self.problem(with: file, taken: taken, folders: folders) != nil {
        attempt += 1
        file = "mapped/\(digest.prefix(16))-\(attempt).\(fileExtension)"
      }
      Self.claim(file, taken: &taken, folders: &folders)
      files[key] = file
      mapped.append(Mapping(file: file, key: key, reason: reason))
    }
  }

  /// `names.tsv`: a header, then file, input, entry, page and why, tab-separated.
  public var list: String {
    func field(_ text: String) -> String {
      text.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
    }
    var lines = [Self.listHeader]
    for mapping in mapped {
      lines.append(
        [
          mapping.file, mapping.key.input, mapping.key.entry, mapping.key.page.map(String.init) ?? "",
          mapping.reason,
        ]
        .map(field).joined(separator: "\t"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func wanted(_ key: ImageKey, byInput: Bool, fileExtension: String) -> String {
    var stem = key.entry
    if case .image(let imageStem) = EntryName.role(of: key.entry) {
      stem = imageStem
    } else if !EntryName.pathExtension(of: key.entry).isEmpty {
      stem = String(key.entry.dropLast(EntryName.pathExtension(of: key.entry).count + 1))
    }
    if let page = key.page { stem += ".page-\(page)" }
    return (byInput ? key.input + "/" : "") + stem + "." + fileExtension
  }

  /// Why `path` cannot be the file's name, nil when it can.
  static func problem(with path: String, taken: Set<String>, folders: Set<String>) -> String? {
    if path.hasPrefix("/") { return "an absolute path" }
    if path.utf8.contains(0) { return "a NUL byte" }
    if path.contains("\\") { return "escaped bytes or a backslash" }
    if path.utf8.count > maximumPath { return "longer than \(maximumPath) bytes" }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains(where: { $0.isEmpty }) { return "an empty path component" }
    if components.contains(where: { $0 == "." || $0 == ".." }) { return "a '.' or '..' component" }
    if components.contains(where: { $0.utf8.count > maximumComponent }) {
      return "a component longer than \(maximumComponent) bytes"
    }
    if path == listName { return "the name of the list of mapped names" }
    if taken.contains(path) || folders.contains(path) { return "the same file as another image's" }
    var prefix = ""
    for component in components.dropLast() {
      prefix += prefix.isEmpty ? String(component) : "/" + component
      if taken.contains(prefix) { return "a folder where another image's file is" }
    }
    return nil
  }

  static func claim(_ path: String, taken: inout Set<String>, folders: inout Set<String>) {
    taken.insert(path)
    var prefix = ""
    for component in path.split(separator: "/").dropLast() {
      prefix += prefix.isEmpty ? String(component) : "/" + component
      folders.insert(prefix)
    }
  }
}
