import Foundation

/// Where a record's input is. Runs record their inputs as absolute paths, so that a report or an
/// overlay made from another folder finds them; stores written before that hold the paths as they
/// were given, looked for from the current folder, then from the store's.
public enum SourcePath {
  /// `corpus.tar` → `/home/me/work/corpus.tar` (no symbolic link resolved; `.` and `..` removed).
  public static func absolute(_ path: String) -> String {
    guard !path.isEmpty else { return path }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// The path to open for `source`, recorded in `store`: the first place it exists, else as given.
  public static func locate(_ source: String, store: URL?) -> String {
    guard !source.hasPrefix("/") else { return source }
    if FileManager.default.fileExists(atPath: source) { return source }
    if let store {
      let beside = store.deletingLastPathComponent().appendingPathComponent(source).standardizedFileURL.path
      if FileManager.default.fileExists(atPath: beside) { return beside }
    }
    return source
  }
}
