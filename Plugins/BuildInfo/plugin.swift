import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` before every build: the git commit the binary is built from, with
/// `+changes` when the tree differs from it, so that every record says which code made it. The
/// file is rewritten only when the text changes, so an unchanged tree rebuilds nothing.
@main
struct BuildInfo: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
    let package = context.package.directoryURL.path
    let script = """
      cd "$1" || exit 0
      commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
      if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        commit="$commit+changes"
      fi
      text="/// Made by the BuildInfo plugin at build time.
      enum BuildCommit { static let commit = \\"$commit\\" }"
      if [ "$(cat "$2" 2>/dev/null)" != "$text" ]; then printf '%s\\n' "$text" > "$2"; fi
      """
    return [
      .prebuildCommand(
        displayName: "Recording the commit scanbench is built from",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "build-info", package, output.path],
        outputFilesDirectory: context.pluginWorkDirectoryURL)
    ]
  }
}
