import Foundation

/// Where the models `make setup` fetches may be, in the order they are looked for:
/// `$SCANBENCH_MODELS`; `.models/` beside the binary or up to four folders above it (a build inside
/// the checkout); `.models/` in the current folder; the user's data folder.
public enum ModelFolders {
  public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> [String]
  {
    var folders: [String] = []
    if let explicit = environment["SCANBENCH_MODELS"], !explicit.isEmpty { folders.append(explicit) }
    // The binary itself, not argv[0]: found through PATH, argv[0] is only its name.
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? "."
    var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
      folders.append(folder.appendingPathComponent(".models").path)
      folder.deleteLastPathComponent()
    }
    folders.append(FileManager.default.currentDirectoryPath + "/.models")
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
    folders.append(dataHome + "/scanbench/models")
    return folders
  }

  /// scanbench's folder in the user's cache (`$XDG_CACHE_HOME/scanbench`, an empty variable being
  /// unset): model digests, and the folders of links that bring two models' folders together.
  public static func cache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
    return URL(fileURLWithPath: cache).appendingPathComponent("scanbench")
  }
}
