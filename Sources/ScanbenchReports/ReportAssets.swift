/// The report's style sheet and script, inlined into every page: the files `Assets/report.css` and
/// `Assets/report.js`, embedded at build time by the EmbedAssets plugin (Plugins/EmbedAssets).
enum ReportAssets {
  static let css = EmbeddedAssets.reportCSS
  static let script = EmbeddedAssets.reportJS
}
