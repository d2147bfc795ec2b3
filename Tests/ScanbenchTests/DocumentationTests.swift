import Foundation
import XCTest

/// The pointers into the documentation hold: every citation of a section in the repository — in a
/// comment, a help text, a script, a document: a Markdown file's path, a comma and the heading in
/// quotes, as `docs/engines.md, "Profiles"` — names a file that exists and a heading it has, so that
/// a section moved or renamed cannot leave a pointer to nothing. And the lint rule of `make lint`
/// that keeps measured percentages out of comments under Sources/ finds them in comments only.
final class DocumentationTests: XCTestCase {
  /// A Markdown file's path, a comma and a space, and the heading in double quotes (escaped inside
  /// a string literal); a bare `README` is README.md, so a citation in the old form still has to
  /// name a heading the README has.
  static let citation = try? NSRegularExpression(
    pattern: #"((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]+\.md|\bREADME), \\?"([^"\\\n]+)\\?""#)

  /// The citations in `text`: the file as written and the section.
  static func citations(in text: String) -> [(file: String, section: String)] {
    guard let pattern = citation else { return [] }
    // Only the lines that can hold one go through the expression (Foundation's is slow on Linux).
    let lines = text.split(separator: "\n").map(String.init).filter {
      $0.contains(".md, ") || $0.contains("README" + ", ")
    }
    return lines.flatMap { line in
      pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { match in
        guard let file = Range(match.range(at: 1), in: line),
          let section = Range(match.range(at: 2), in: line)
        else { return nil }
        let path = String(line[file])
        return (path == "README" ? "README.md" : path, String(line[section]))
      }
    }
  }

  /// Lines where a citation begins and its heading does not end: the check reads a line at a time.
  static let split = try? NSRegularExpression(pattern: #"(?:\.md|\bREADME),(?: \\?"[^"\\]*)?$"#)

  /// The headings of a Markdown text, outside its fenced code blocks, without their `#`s.
  static func headings(in markdown: String) -> [String] {
    var inFence = false
    var headings: [String] = []
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let marks = line.prefix { $0 == "#" }
      guard marks.count <= 6, line.dropFirst(marks.count).hasPrefix(" ") else { continue }
      headings.append(line.dropFirst(marks.count).trimmingCharacters(in: .whitespaces))
    }
    return headings
  }

  /// A section is cited by its heading, or by the part of it before a colon ("Photos" for
  /// "Photos: orientation, HEIC, phone exports").
  static func cites(_ section: String, _ heading: String) -> Bool {
    heading == section || heading.hasPrefix(section + ":")
  }

  /// The repository's text files: everything but hidden folders (`.ci` aside) and large files;
  /// what is not UTF-8 (images, archives) is not text.
  static func repositoryTexts() throws -> [(path: String, text: String)] {
    let root = Harness.packageRoot.standardizedFileURL
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey])
    else { throw CocoaError(.fileReadUnknown) }
    var texts: [(String, String)] = []
    for case let url as URL in walker {
      let name = url.lastPathComponent
      let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
      if name.hasPrefix("."), name != ".ci" {
        walker.skipDescendants()
        continue
      }
      guard values.isRegularFile == true, (values.fileSize ?? 0) < 1 << 20,
        let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8)
      else { continue }
      texts.append((String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)), text))
    }
    return texts
  }

  func testEveryCitedSectionExists() throws {
    var found = 0
    var headingsOf: [String: [String]] = [:]
    for (path, text) in try Self.repositoryTexts() {
      for line in text.split(separator: "\n").map(String.init)
      where (line.contains(".md,") || line.contains("README,"))
        && Self.split?.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
      {
        XCTFail("\(path): a citation split across lines, which this check cannot read: \(line)")
      }
      for (file, section) in Self.citations(in: text) {
        found += 1
        if headingsOf[file] == nil {
          let url = Harness.packageRoot.appendingPathComponent(file)
          headingsOf[file] = (try? String(contentsOf: url, encoding: .utf8)).map(Self.headings) ?? []
        }
        let headings = headingsOf[file] ?? []
        XCTAssertFalse(headings.isEmpty, "\(path) cites \(file), \"\(section)\": no such document")
        XCTAssertTrue(
          headings.isEmpty || headings.contains { Self.cites(section, $0) },
          "\(path) cites \(file), \"\(section)\": \(file) has no such heading")
      }
    }
    // Sources, help, tests, Package.swift, bench/ and examples/ cite sections; a pattern that
    // found none would pass on anything.
    XCTAssertGreaterThanOrEqual(found, 16, "citations found")
  }

  /// The check sees a renamed heading: the same citation holds against the old document and fails
  /// against the new one, and an old-style `README` citation is read as README.md's.
  func testARenamedHeadingBreaksItsCitation() {
    // Put together, so that this file holds no citation of its own.
    let (comma, quote) = (", ", "\"")
    let text =
      "Chosen by measurement (docs/engines.md" + comma + quote + "Profiles" + quote + "); see README"
      + comma + #"\"Use\""#
    let found = Self.citations(in: text)
    XCTAssertEqual(found.map(\.file), ["docs/engines.md", "README.md"])
    XCTAssertEqual(found.map(\.section), ["Profiles", "Use"])
    let before = Self.headings(in: "# Engines\n\n## Profiles\n\n```sh\n## Profiles later\n```\n")
    let after = Self.headings(in: "# Engines\n\n## Levels and profiles\n")
    XCTAssertEqual(before, ["Engines", "Profiles"])
    XCTAssertTrue(before.contains { Self.cites("Profiles", $0) })
    XCTAssertFalse(after.contains { Self.cites("Profiles", $0) })
    XCTAssertTrue(Self.cites("Photos", "Photos: orientation, HEIC, phone exports"))
    XCTAssertFalse(Self.cites("Photo", "Photos: orientation, HEIC, phone exports"))
  }

  /// `.ci/no-figures-in-comments`, which `make lint` runs on Sources/: a measured percentage in a
  /// line, doc or block comment fails it, with the file and line; the same figure in code (a format
  /// string, an interpolation, a modulo) or in a comment's code span or quotation does not.
  func testTheLintRuleFindsPercentagesInCommentsOnly() throws {
    let folder = try Harness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let percent = "%"
    let clean = """
      /// A rate as a percentage with two decimals: `2.31\(percent)`; "CER went from 2.31\(percent) to
      /// 2.40\(percent) (95\(percent) CI)" is the sentence.
      func rate(_ x: Double) -> String { String(format: "%.2f\(percent)\(percent)", x * 100) + "\\(7 % 3)" }
      let url = "http://example.org/5\(percent)"  // the address, not a figure
      let s = "a \\("b // not a comment 3\(percent)") c"

      """
    try clean.write(to: folder.appendingPathComponent("Clean.swift"), atomically: true, encoding: .utf8)
    let script = Harness.packageRoot.appendingPathComponent(".ci/no-figures-in-comments").path
    let python = URL(fileURLWithPath: "/usr/bin/python3")
    let passed = try Harness.execute(python, [script, folder.path])
    XCTAssertEqual(passed.exitCode, 0, passed.stdout + passed.stderr)
    for (name, source) in [
      ("Line.swift", "let x = 1  // 4.34\(percent) on vertical lines\n"),
      ("Doc.swift", "/// Measured: receipts 4.36 \(percent) against 4.62.\nstruct A {}\n"),
      ("Block.swift", "/* The detector,\n   28\(percent) more CPU without the arena. */\nlet y = 2\n"),
    ] {
      try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
      let failed = try Harness.execute(python, [script, folder.path])
      XCTAssertEqual(failed.exitCode, 1, name)
      XCTAssertTrue(failed.stdout.contains(name + ":"), name + ": " + failed.stdout)
      try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }
}
