import Foundation
import ScanbenchSupport

/// The inputs of a run as the command line gives them, shell globs included (`lines/*`): a
/// ground-truth file (`NAME.gt.txt`, `NAME.txt`) is not an input. Beside an image that is an input
/// it is that image's ground truth (read by `FolderReader(singleFile:)`); without one it is not
/// used, with a warning.
public struct InputArguments: Sendable {
  /// The archives, folders and images to read, in the order given.
  public private(set) var inputs: [String] = []
  /// Ground-truth files given whose image is not an input.
  public private(set) var unpaired: [String] = []

  /// Throws for an argument that is a stream (standard input, a pipe, a FIFO: refused before
  /// anything is read), and when nothing but ground truth is left to read.
  public init(_ arguments: [String]) throws(ArchiveError) {
    var imageStems: Set<String> = []
    var groundTruth: [(argument: String, key: String)] = []
    for argument in arguments {
      if let refusal = FileKind.refusal(forReading: argument) {
        throw ArchiveError(.unreadable, input: argument, message: refusal)
      }
      if let key = Self.key(argument, isImage: false) {
        groundTruth.append((argument, key))
        continue
      }
      inputs.append(argument)
      if let key = Self.key(argument, isImage: true) { imageStems.insert(key) }
    }
    for (argument, key) in groundTruth {
      // `NAME.page-2.gt.txt` belongs to the multi-page `NAME.tif`.
      let document = key.range(of: ".page-", options: .backwards).map { String(key[..<$0.lowerBound]) }
      if !imageStems.contains(key), document.map({ !imageStems.contains($0) }) ?? true {
        unpaired.append(argument)
      }
    }
    if inputs.isEmpty, !arguments.isEmpty {
      throw ArchiveError(
        .noImages, input: arguments.joined(separator: ", "),
        message: "ground truth only, no image to recognize: "
          + "give its images (or their folder or archive) as inputs too")
    }
  }

  /// One line each for the ground-truth files that are not used.
  public var warnings: [String] {
    unpaired.map { "\($0): ground truth without its image among the inputs: not used" }
  }

  /// Folder and stem of an image argument (`isImage`) or of a ground-truth file argument; nil for
  /// other arguments and for folders, whatever their names.
  private static func key(_ argument: String, isImage: Bool) -> String? {
    let url = URL(fileURLWithPath: argument).standardizedFileURL
    let stem: String
    switch EntryName.role(of: url.lastPathComponent) {
    case .image(let found) where isImage: stem = found
    case .groundTruth(let found, _) where !isImage: stem = found
    default: return nil
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
      return nil
    }
    return url.deletingLastPathComponent().path + "/" + stem
  }
}
