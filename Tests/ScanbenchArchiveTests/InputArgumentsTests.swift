import Foundation
import ScanbenchTestKit
import Testing

@testable import ScanbenchArchive

/// Image files given one by one (a shell glob): the ground truth beside them is theirs, and the
/// ground-truth files among the arguments are not inputs.
struct InputArgumentsTests {
  func folder(_ files: [String]) throws -> URL {
    let url = try TestKit.temporaryFolder("arguments")
    for file in files {
      if file.hasSuffix("/") {
        try FileManager.default.createDirectory(
          at: url.appendingPathComponent(file), withIntermediateDirectories: true)
      } else {
        try Data("x".utf8).write(to: url.appendingPathComponent(file))
      }
    }
    return url
  }

  @Test func groundTruthArgumentsAreNotInputsAndTheUnpairedAreNamed() throws {
    let files = [
      "a.png", "a.gt.txt", "b.PNG", "b.TXT", "orphan.gt.txt", "scan.tif", "scan.page-2.gt.txt", "notes.txt/",
      "pages.zip",
    ]
    let root = try folder(files)
    defer { try? FileManager.default.removeItem(at: root) }
    let given = try InputArguments(files.map { root.appendingPathComponent($0).path })
    #expect(
      given.inputs.map { URL(fileURLWithPath: $0).lastPathComponent }
        == ["a.png", "b.PNG", "scan.tif", "notes.txt", "pages.zip"])
    #expect(given.unpaired == [root.appendingPathComponent("orphan.gt.txt").path])
    #expect(given.warnings.first?.contains("orphan.gt.txt: ground truth without its image") ?? false)
    // Relative and absolute spellings of one folder pair too.
    let relative = try InputArguments(["./a.png", FileManager.default.currentDirectoryPath + "/a.gt.txt"])
    #expect(relative.unpaired.isEmpty)
  }

  @Test func onlyGroundTruthIsAnError() throws {
    #expect(throws: ArchiveError.self) { try InputArguments(["lines/a.gt.txt", "lines/b.txt"]) }
    #expect(try InputArguments([]).inputs.isEmpty)
  }

  @Test func anImageFileReadsTheGroundTruthBesideItWhateverItsCase() throws {
    let root = try folder([
      "a.png", "a.GT.TXT", "ab.png", "ab.txt", "scan.tif", "scan.page-1.gt.txt", "scan.page-2.txt",
      "scanner.txt",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    func names(_ image: String) throws -> [String] {
      let reader = try FolderReader(singleFile: root.appendingPathComponent(image).path)
      var names: [String] = []
      while let header = try reader.nextEntry() {
        #expect(header.kind == .file)
        names.append(header.path)
      }
      return names
    }
    #expect(try names("a.png") == ["a.png", "a.GT.TXT"])
    #expect(try names("ab.png") == ["ab.png", "ab.txt"])
    #expect(try names("scan.tif") == ["scan.tif", "scan.page-1.gt.txt", "scan.page-2.txt"])
    // A file added later is seen: the folder's listing is kept only while the folder is unchanged.
    try Data("y".utf8).write(to: root.appendingPathComponent("ab.gt.txt"))
    #expect(try names("ab.png") == ["ab.png", "ab.gt.txt", "ab.txt"])
  }
}
