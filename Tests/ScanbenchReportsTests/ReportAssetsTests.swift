import Foundation
import ScanbenchTestSupport
import Testing

@testable import ScanbenchReports

/// The style sheet and script are files (`Sources/ScanbenchReports/Assets/`), embedded at build time:
/// what the binary inlines is exactly what the files hold.
struct ReportAssetsTests {
  static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/ScanbenchReports/Assets")

  @Test(arguments: [("report.css", ReportAssets.css), ("report.js", ReportAssets.script)])
  func theEmbeddedAssetIsItsFile(_ file: String, _ embedded: String) throws {
    let text = try String(contentsOf: Self.assets.appendingPathComponent(file), encoding: .utf8)
    #expect(text == embedded + "\n", "\(file) as embedded")
    #expect(embedded.count > 1000, "\(file) has content")
  }

  @Test func thePageInlinesThem() {
    let run = ReportFixtures.run(ReportFixtures.lines(2) { $0 })
    let html = HTMLReport.render(run: run, comparison: nil, material: .init()).html
    #expect(html.contains("<style>\(ReportAssets.css)</style>"))
    #expect(html.contains("<script>\(ReportAssets.script)</script>"))
  }
}
