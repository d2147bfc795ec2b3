import Foundation
import PackagePlugin

/// Writes `EmbeddedAssets.swift` from the files of the target's `Assets/` folder, each as a string
/// constant named after it (`report.css` → `EmbeddedAssets.reportCSS`), so that the style sheet and
/// the script are files to edit as what they are and still part of the binary. Measured against
/// SwiftPM resources: `Bundle.module` of a binary copied away from its build folder (an installed
/// or container-image binary) finds no bundle and stops the process with a fatal error; an embedded
/// constant cannot go missing. Rerun only when an asset changes.
@main
struct EmbedAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Assets")
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
    // Raw strings with four #: an asset holding `"""####` or `\####` is refused, not miscompiled.
    let script = #####"""
      out=$1; shift
      {
        printf '%s\n' "// Made by the EmbedAssets plugin at build time from Assets/: edit the files there."
        printf '%s\n' "enum EmbeddedAssets {"
        for file in "$@"; do
          name=${file##*/}; stem=${name%.*}; ext=$(printf %s "${name##*.}" | tr a-z A-Z)
          if grep -qF '"""####' "$file" || grep -qF '\####' "$file"; then
            echo "error: $file holds the raw-string delimiter \"\"\"#### or \\####" >&2; exit 1
          fi
          printf '  /// %s\n  static let %s%s = ####"""\n' "$name" "$stem" "$ext"
          cat "$file"
          if [ -n "$(tail -c 1 "$file")" ]; then printf '\n'; fi
          printf '%s\n' '"""####'
        done
        printf '}\n'
      } > "$out.part" && mv "$out.part" "$out"
      """#####
    return [
      .buildCommand(
        displayName: "Embedding the assets of \(target.name)", executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "embed-assets", output.path] + files.map(\.path), inputFiles: files,
        outputFiles: [output])
    ]
  }
}
