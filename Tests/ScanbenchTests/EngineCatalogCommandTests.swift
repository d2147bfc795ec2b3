import Foundation
import ScanbenchEngines
import ScanbenchTestKit
import XCTest

/// The command line never names an engine: what `--engine`, `--models`, `--engine-set` and
/// `--engine-timeout` accept, and what their help says, come from the catalog's entries.
final class EngineCatalogCommandTests: XCTestCase {
  /// The words that name an engine on a command line: `tesseract`, `ppocr`, `command:`, and the
  /// engines' own option names (`--tesseract-set`).
  static var engineWords: [String] {
    EngineCatalog.engines.map { $0.argument == nil ? $0.name : $0.name + ":" }
      + EngineCatalog.engines.compactMap(\.parameters?.alias)
  }

  func testTheCommandLineNamesNoEngineOutsideTheCatalog() throws {
    let folder = Harness.packageRoot.appendingPathComponent("Sources/scanbench")
    var literals = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for literal in Self.stringLiterals(in: text) {
        literals += 1
        for word in Self.engineWords where Self.mentions(literal, word) {
          XCTFail(
            "\(file) names the engine '\(word)' in \"\(literal)\": say it in the engine's catalog entry")
        }
      }
    }
    XCTAssertGreaterThan(literals, 200, "the command's texts were read")
    // The check can fail: the engines' own modules are full of their names.
    let tesseract = try String(
      contentsOf: Harness.packageRoot.appendingPathComponent(
        "Sources/ScanbenchTesseract/TesseractBackend+Entry.swift"),
      encoding: .utf8)
    XCTAssertTrue(Self.stringLiterals(in: tesseract).contains { Self.mentions($0, "--tesseract-set") })
  }

  /// Help lists each engine with what its entry declares, and the options accept exactly that.
  func testHelpAndOptionsComeFromTheCatalog() throws {
    let help = try Harness.run(["help", "run"]).stdout
    for entry in EngineCatalog.engines {
      XCTAssertTrue(help.contains("  \(entry.usage)"), "ENGINES lists \(entry.usage)")
      for kind in entry.modelKinds { XCTAssertTrue(help.contains(kind), "--models lists \(kind)") }
    }
    XCTAssertTrue(
      help.contains("(values: \(EngineCatalog.modelKinds.joined(separator: ", ")))"), "--models' values")
    for alias in EngineCatalog.parameterAliases {
      XCTAssertTrue(help.contains("--engine-set, \(alias) <name=value>"), "\(alias) is --engine-set's alias")
    }
    // An alias is the same option: its mistakes are named as the user wrote them.
    let folder = try TestKit.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["--engine-set"] + EngineCatalog.parameterAliases {
      let result = try Harness.run(["run", folder.path, name, "novalue"])
      XCTAssertEqual(result.exitCode, 64)
      XCTAssertTrue(result.stderr.contains("\(name) takes name=value, not 'novalue'"), result.stderr)
    }
    let unknown = try Harness.run(["run", folder.path, "--models", "huge"])
    XCTAssertTrue(
      unknown.stderr.contains("(values: \(EngineCatalog.modelKinds.joined(separator: ", ")))"), unknown.stderr
    )
  }

  /// Whether `text` names `word`, as a whole word (case-insensitive).
  static func mentions(_ text: String, _ word: String) -> Bool {
    let lower = text.lowercased()
    var searchRange = lower.startIndex..<lower.endIndex
    while let found = lower.range(of: word.lowercased(), range: searchRange) {
      let before = found.lowerBound == lower.startIndex ? nil : lower[lower.index(before: found.lowerBound)]
      let after = found.upperBound == lower.endIndex ? nil : lower[found.upperBound]
      let isWordCharacter = { (character: Character?) in
        character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
      }
      if !isWordCharacter(before), word.hasSuffix(":") || !isWordCharacter(after) { return true }
      searchRange = found.upperBound..<lower.endIndex
    }
    return false
  }

  /// The string literals of a Swift file (one-line and multi-line), comments left out.
  static func stringLiterals(in source: String) -> [String] {
    var literals: [String] = []
    var inBlock = false
    var block = ""
    for line in source.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if inBlock {
        if trimmed.hasPrefix("\"\"\"") {
          literals.append(block)
          inBlock = false
          block = ""
        } else {
          block += line + "\n"
        }
        continue
      }
      if trimmed.hasPrefix("//") { continue }
      if trimmed.hasSuffix("\"\"\"") && !trimmed.hasPrefix("\"\"\"") {
        inBlock = true
        continue
      }
      var current: String?
      var escaped = false
      for character in line {
        if var text = current {
          if escaped {
            text.append(character)
            escaped = false
          } else if character == "\\" {
            escaped = true
            text.append(character)
          } else if character == "\"" {
            literals.append(text)
            current = nil
            continue
          } else {
            text.append(character)
          }
          current = text
        } else if character == "\"" {
          current = ""
        }
      }
    }
    return literals
  }
}
