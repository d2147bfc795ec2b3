import Foundation
import XCTest

/// The layers, held to the code: a module imports exactly the modules its entry here names (an
/// import the table lacks is an arrow the wrong way; an entry nothing imports is a dependency to
/// drop), each C library only in the module that owns it, Package.swift declares the same, and the
/// pictures in Package.swift and docs/contributing.md, "Layout" are this table drawn
/// (`SCANBENCH_RECORD_GOLDEN=1 swift test --filter LayeringTests` redraws them after a change).
final class LayeringTests: XCTestCase {
  /// Module → the project modules and C libraries it imports. Every module of `Sources/` is here,
  /// the executables too.
  static let layers: [String: Set<String>] = [
    "ScanbenchSupport": [],
    "ScanbenchScoring": [],
    "ScanbenchCommandLine": [],
    "ScanbenchSeam": ["ScanbenchSupport"],
    "ScanbenchStore": ["ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam"],
    "ScanbenchArchive": ["ScanbenchSupport", "CArchive", "CCompression"],
    "ScanbenchDocuments": ["CXML2"],
    "ScanbenchRecognition": [
      "ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore", "CLeptonica", "CHeif", "CZBar", "CPoppler",
    ],
    "ScanbenchTesseract": [
      "ScanbenchSupport", "ScanbenchSeam", "ScanbenchRecognition", "CTesseract", "CLeptonica",
    ],
    "ScanbenchPPOCR": ["ScanbenchSeam", "ScanbenchRecognition"],
    "ScanbenchExternal": ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchRecognition"],
    "ScanbenchEngines": [
      "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchPPOCR", "ScanbenchExternal",
    ],
    "ScanbenchNotes": ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore", "CSQLite"],
    "ScanbenchGate": ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore"],
    "ScanbenchReports": ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore", "ScanbenchScoring"],
    "ScanbenchRunner": [
      "ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam", "ScanbenchStore", "ScanbenchArchive",
      "ScanbenchRecognition", "ScanbenchReports", "ScanbenchDocuments",
    ],
    "ScanbenchServer": [
      "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchRecognition", "ScanbenchNotes",
      "ScanbenchReports", "ScanbenchRunner", "CMicroHTTPD",
    ],
    "scanbench": [
      "ScanbenchCommandLine", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchArchive",
      "ScanbenchRecognition", "ScanbenchNotes", "ScanbenchGate", "ScanbenchReports", "ScanbenchRunner",
      "ScanbenchEngines", "ScanbenchDocuments", "ScanbenchServer",
    ],
    "scanbench-bench": [
      "ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam", "ScanbenchStore", "ScanbenchNotes",
      "ScanbenchServer",
    ],
    "ppocr-eval": ["ScanbenchPPOCR", "ScanbenchScoring"],
  ]

  static let sources = Harness.packageRoot.appendingPathComponent("Sources")

  /// The Swift modules of `Sources/` (the C ones have a module map instead).
  static func modules() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
      !FileManager.default.fileExists(atPath: sources.appendingPathComponent(name + "/module.modulemap").path)
    }.sorted()
  }

  func testEveryModuleImportsExactlyItsLayersDependencies() throws {
    var checked = 0
    for module in try Self.modules() {
      guard let layer = Self.layers[module] else {
        XCTFail("\(module) is in no layer: add it to LayeringTests (then redraw the pictures)")
        continue
      }
      var imported: Set<String> = []
      for (file, name) in try imports(in: Self.sources.appendingPathComponent(module)) {
        guard
          name.hasPrefix("Scanbench") || name.hasPrefix("C") && name.dropFirst().first?.isUppercase == true
        else { continue }
        checked += 1
        imported.insert(name)
        XCTAssertTrue(layer.contains(name), "\(module)/\(file) imports \(name): an arrow the wrong way")
      }
      for unused in layer.subtracting(imported).sorted() {
        XCTFail("\(module) imports nothing of \(unused): drop the dependency here and in Package.swift")
      }
    }
    XCTAssertGreaterThan(checked, 50, "the imports were found")
  }

  /// Package.swift declares each module's dependencies as the table has them: the compiler keeps
  /// Package.swift honest, this keeps it to the picture.
  func testPackageDeclaresTheLayers() throws {
    let declared = try Self.declaredDependencies()
    for (module, layer) in Self.layers {
      XCTAssertEqual(declared[module], layer, "Package.swift's dependencies of \(module)")
    }
    XCTAssertGreaterThanOrEqual(declared.count, Self.layers.count)
  }

  func testThePicturesAreTheTableDrawn() throws {
    let lines = Self.picture().split(separator: "\n").map(String.init)
    let record = ProcessInfo.processInfo.environment["SCANBENCH_RECORD_GOLDEN"] != nil
    let drawings = [
      (
        "Package.swift",
        "// The layers, drawn from LayeringTests.layers (docs/contributing.md, \"Layout\"):\n",
        "// (end of the layers)", lines.map { "//   " + $0 }.joined(separator: "\n") + "\n"
      ),
      (
        "docs/contributing.md", "<!-- The layers, drawn from LayeringTests.layers. -->\n",
        "<!-- (end of the layers) -->",
        "```text\n" + lines.joined(separator: "\n") + "\n```\n"
      ),
    ]
    for (file, begin, end, drawn) in drawings {
      let url = Harness.packageRoot.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      let start = try XCTUnwrap(text.range(of: begin), "\(file) has \(begin)")
      let stop = try XCTUnwrap(
        text.range(of: end, range: start.upperBound..<text.endIndex), "\(file) has \(end)")
      if record {
        try (text[..<start.upperBound] + drawn + text[stop.lowerBound...]).write(
          to: url, atomically: true, encoding: .utf8)
        continue
      }
      XCTAssertEqual(
        String(text[start.upperBound..<stop.lowerBound]), drawn, "\(file)'s picture of the layers")
    }
  }

  /// One line per module, lowest first (each after everything it imports): `Store ← Support
  /// Scoring Seam`, then the C libraries it owns after `|`. The prefix `Scanbench` is left out.
  static func picture() -> String {
    var depth: [String: Int] = [:]
    func depthOf(_ module: String) -> Int {
      if let known = depth[module] { return known }
      let below = (layers[module] ?? []).filter { layers[$0] != nil }.map(depthOf).max() ?? -1
      depth[module] = below + 1
      return below + 1
    }
    let ordered = layers.keys.sorted { (depthOf($0), $0) < (depthOf($1), $1) }
    let short = { (name: String) in
      name.hasPrefix("Scanbench") ? String(name.dropFirst("Scanbench".count)) : name
    }
    var lines: [String] = []
    for module in ordered {
      let layer = layers[module] ?? []
      let own = layer.filter { layers[$0] != nil }.sorted { (depthOf($0), $0) < (depthOf($1), $1) }.map(short)
      let libraries = layer.filter { layers[$0] == nil }.sorted()
      var words = own.isEmpty ? ["(nothing)"] : ["←"] + own
      if !libraries.isEmpty { words += [" |"] + libraries }
      // At most 96 columns a line (Package.swift's lines are 110 with their comment's prefix).
      var line = short(module).padding(toLength: 16, withPad: " ", startingAt: 0)
      for word in words {
        let piece = line.hasSuffix(" ") || word.hasPrefix(" ") ? word : " " + word
        if line.count + piece.count > 96 {
          lines.append(line)
          line = String(repeating: " ", count: 18) + word.trimmingCharacters(in: .whitespaces)
        } else {
          line += piece
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each target's `dependencies:` in Package.swift, read from its text (swift-format keeps one
  /// shape: `.target(name: "X", dependencies: [...]...)`).
  static func declaredDependencies() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: Harness.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    var declared: [String: Set<String>] = [:]
    for chunk in text.components(separatedBy: "\n    .").dropFirst() {
      guard chunk.hasPrefix("target(") || chunk.hasPrefix("executableTarget("),
        let name = chunk.firstMatch(of: /name: "([^"]+)"/)?.1
      else { continue }
      var dependencies: Set<String> = []
      if let list = chunk.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
        for match in list.matches(of: /"([^"]+)"/) { dependencies.insert(String(match.1)) }
      }
      declared[String(name)] = dependencies
    }
    return declared
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
