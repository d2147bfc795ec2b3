import Foundation
import XCTest

/// The layers of the README's "Layout", held to the code: a module imports only the modules below
/// it, and each C library only in the module that owns it. The compiler keeps Package.swift's
/// dependencies honest; this keeps Package.swift (and every file's imports) to the picture.
final class LayeringTests: XCTestCase {
  /// Module → the project modules and C libraries it may import.
  static let allowed: [String: Set<String>] = [
    "ScanbenchSupport": [],
    "ScanbenchScoring": [],
    "ScanbenchStore": ["ScanbenchSupport", "ScanbenchScoring"],
    "ScanbenchArchive": ["ScanbenchSupport", "CArchive", "CCompression"],
    "ScanbenchRecognition": ["ScanbenchSupport", "ScanbenchStore", "CLeptonica", "CHeif", "CZBar"],
    "ScanbenchTesseract": [
      "ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition", "CTesseract", "CLeptonica",
    ],
    "ScanbenchPPOCR": ["ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition", "CLeptonica"],
    "ScanbenchExternal": ["ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition"],
    "ScanbenchNotes": ["ScanbenchSupport", "ScanbenchStore", "CSQLite"],
    "ScanbenchGate": ["ScanbenchSupport", "ScanbenchStore", "ScanbenchScoring"],
    "ScanbenchReports": ["ScanbenchSupport", "ScanbenchStore", "ScanbenchScoring"],
    "ScanbenchRunner": [
      "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchArchive", "ScanbenchRecognition",
      "ScanbenchReports",
    ],
    "ScanbenchServer": [
      "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchRecognition", "ScanbenchNotes",
      "ScanbenchReports", "ScanbenchRunner", "CMicroHTTPD",
    ],
  ]

  /// Modules that sit on top and may import any project module (but no C library).
  static let tops: Set<String> = ["ScanbenchEngines", "scanbench", "scanbench-bench"]

  func testEveryImportFollowsTheLayers() throws {
    let sources = Harness.packageRoot.appendingPathComponent("Sources")
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasPrefix("Scanbench") || $0.hasPrefix("scanbench") }
    var checked = 0
    for module in modules.sorted() {
      let allowed = Self.allowed[module]
      XCTAssertTrue(
        allowed != nil || Self.tops.contains(module),
        "\(module) is in no layer: add it to LayeringTests and the README's Layout")
      for (file, imported) in try imports(in: sources.appendingPathComponent(module)) {
        guard
          imported.hasPrefix("Scanbench") || imported.hasPrefix("C") && imported.first?.isUppercase == true
        else { continue }
        checked += 1
        if let allowed {
          XCTAssertTrue(
            allowed.contains(imported), "\(module)/\(file) imports \(imported): an arrow the wrong way")
        } else {
          XCTAssertTrue(
            imported.hasPrefix("Scanbench"), "\(module)/\(file) imports the C library \(imported)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 50, "the imports were found")
  }

  /// (file, module) for every `import` in the Swift files under `folder`.
  private func imports(in folder: URL) throws -> [(String, String)] {
    var found: [(String, String)] = []
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let path = walker?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") })
        else { continue }
        found.append((path, String(words[index + 1])))
      }
    }
    return found
  }
}
