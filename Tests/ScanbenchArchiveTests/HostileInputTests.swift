import Foundation
import ScanbenchTestKit
import Testing

@testable import ScanbenchArchive
@testable import ScanbenchSupport

/// Archives, folders and names from strangers, read in process; the end-to-end side is in
/// ScanbenchTests/ReliabilityTests.swift.
struct HostileInputTests {
  /// `Tests/Fuzz`: the fuzzers' seed corpora and every crash they found, kept as fixtures.
  static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func seeds(_ target: String) throws -> [(name: String, data: Data)] {
    let folder = fuzzFolder.appendingPathComponent(target)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
    }
  }

  func entries(_ reader: some EntrySource) throws -> [EntryHeader] {
    var headers: [EntryHeader] = []
    while let header = try reader.nextEntry() { headers.append(header) }
    return headers
  }

  @Test func hostileTarGivesEscapedNamesAndTheKindOfEveryEntry() throws {
    let data = try #require(Self.seeds("archive").first { $0.name == "hostile.tar" }).data
    let headers = try entries(ArchiveReader(data: data))
    let kinds = Dictionary(headers.map { ($0.path, $0.kind) }) { first, _ in first }
    #expect(kinds["../../etc/passwd.png"] == .file)
    #expect(kinds["/abs.png"] == .symlink)
    #expect(kinds["fifo.png"] == .fifo)
    #expect(kinds["dev.png"] == .device)
    #expect(kinds["hard.png"] == .hardlink)
    #expect(headers.first { $0.path == "/abs.png" }?.linkTarget == "a.png")
    #expect(headers.first { $0.path == "hard.png" }?.kindDescription == "hard link to 'a.png'")
    #expect(kinds.keys.contains(String(repeating: "x", count: 300) + ".png"), "a GNU long name is read whole")
  }

  @Test func memoryAndFileReadersAgreeOnEverySeedArchive() throws {
    let folder = try TestKit.temporaryFolder("hostile")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, data) in try Self.seeds("archive") {
      let file = folder.appendingPathComponent(name)
      try data.write(to: file)
      let fromFile = Result { try entries(ArchiveReader(path: file.path)) }
      let fromMemory = Result { try entries(ArchiveReader(data: data, input: file.path)) }
      switch (fromFile, fromMemory) {
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(name)")
      case (.failure(let a), .failure(let b)):
        #expect(String(describing: a) == String(describing: b), "\(name)")
      default:
        Issue.record("\(name): \(fromFile) from the file, \(fromMemory) from memory")
      }
    }
  }

  @Test func aPDFGivenAsAnInputIsNamedAsOne() throws {
    #expect {
      _ = try ArchiveReader(data: Data("%PDF-1.7\n%%EOF\n".utf8), input: "scan.pdf").nextEntry()
    } throws: { error in
      String(describing: error).contains("scan.pdf: a PDF, not an archive or an image")
    }
  }

  @Test func mtreeSpecificationsAreNotArchives() throws {
    // An mtree "archive" names files on this machine, whose contents libarchive would read.
    let local = FileManager.default.temporaryDirectory.appendingPathComponent(
      "local-\(UUID().uuidString).png")
    try Data("a local file".utf8).write(to: local)
    defer { try? FileManager.default.removeItem(at: local) }
    let spec = Data("#mtree\n\(local.path) type=file\n".utf8)
    #expect(throws: ArchiveError.self) { _ = try ArchiveReader(data: spec).nextEntry() }
  }

  @Test func encryptedZipEntriesSayTheyAreEncrypted() throws {
    let data = try #require(Self.seeds("archive").first { $0.name == "zip-encrypted" }).data
    let headers = try entries(ArchiveReader(data: data))
    let files = headers.filter { $0.kind == .file }
    #expect(!files.isEmpty)
    #expect(files.allSatisfy { $0.isEncrypted })
  }

  @Test func folderReaderFollowsLinksToFilesButNeverOpensFIFOsOrLoops() throws {
    let folder = try TestKit.temporaryFolder("folder")
    let sub = folder.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("image".utf8).write(to: folder.appendingPathComponent("real.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "real.png")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("dangling.png").path, withDestinationPath: "nowhere.png")
    try FileManager.default.createSymbolicLink(
      atPath: sub.appendingPathComponent("loop").path, withDestinationPath: "..")
    #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)

    let reader = try FolderReader(path: folder.path)
    var seen: [String: EntryHeader.Kind] = [:]
    while let header = try reader.nextEntry() {
      seen[header.path] = header.kind
      if header.kind == .file { #expect(try reader.readData(limit: 100) == Data("image".utf8)) }
    }
    #expect(
      seen == [
        "real.png": .file, "link.png": .file, "dangling.png": .symlink, "sub/loop": .symlink,
        "pipe.png": .fifo,
      ])
  }

  @Test func folderReaderRefusesAFileSwappedForAFIFOAfterItsHeader() throws {
    let folder = try TestKit.temporaryFolder("swap")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.png").path
    try Data("image".utf8).write(to: URL(fileURLWithPath: path))
    let reader = try FolderReader(path: folder.path)
    _ = try reader.nextEntry()
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    // Opening a FIFO for reading blocks until a writer comes; the reader must not.
    #expect(throws: EntryReadError.self) { try reader.readData(limit: 100) }
  }

  @Test func printableEscapesTerminalControlsKeptByPlainUTF8() {
    #expect(EntryName.printable(Array("a\u{85}b.png".utf8)) == "a\\xC2\\x85b.png")
    #expect(EntryName.printable(Array("gpj.\u{202E}exe.png".utf8)) == "gpj.\\xE2\\x80\\xAEexe.png")
    #expect(EntryName.printable(Array("line\u{2028}.png".utf8)) == "line\\xE2\\x80\\xA8.png")
    #expect(EntryName.printable(Array("👩‍💻 ページ.png".utf8)) == "👩‍💻 ページ.png", "joiners in emoji are text")
  }

  @Test func longNamesKeepTheirExtensionPairingAndDistinctness() {
    let stem = String(repeating: "s", count: 3000)
    let image = EntryName.printable(Array((stem + ".png").utf8))
    let truth = EntryName.printable(Array((stem + ".gt.txt").utf8))
    let other = EntryName.printable(Array((stem + "t.png").utf8))
    #expect(image.utf8.count < EntryName.maximumLength + 80)
    guard case .image(let imageStem) = EntryName.role(of: image),
      case .groundTruth(let truthStem, true) = EntryName.role(of: truth)
    else {
      Issue.record("roles lost: \(EntryName.role(of: image)), \(EntryName.role(of: truth))")
      return
    }
    #expect(imageStem == truthStem, "a long image still meets its ground truth")
    #expect(other != image, "names that differ after the cut stay different")
  }

  @Test func pathHelpersMatchNSStringWithoutItsTrap() {
    // Regression (fuzzing): NSString.lastPathComponent traps on `写//真` in this Foundation.
    #expect(EntryName.lastComponent(of: "写//真") == "真")
    #expect(EntryName.role(of: "写//真") == .other)
    #expect(EntryName.role(of: "写//真.png") == .image(stem: "写//真"))
    // Against NSString on every ASCII path of up to five characters of `ab./x`, where it does not
    // trap (it does from six: `///a//`, so none is drawn at random).
    var paths: [String] = [""]
    var all: [String] = []
    for _ in 0..<5 {
      paths = paths.flatMap { path in "ab./x".map { path + String($0) } }
      all += paths
    }
    for path in all {
      // Only slashes: NSString answers "/" for "/" but "" for "//"; such names have no role anyway.
      if path.allSatisfy({ $0 == "/" }) { continue }
      #expect(EntryName.lastComponent(of: path) == (path as NSString).lastPathComponent[...], "\(path)")
      #expect(EntryName.pathExtension(of: path) == (path as NSString).pathExtension, "\(path)")
    }
  }

  /// Every seed and every crash the fuzzers found, through the properties the fuzzers check.
  @Test func fuzzCorporaStayFixed() throws {
    for (name, bytes) in try Self.seeds("entry-name") {
      let printable = EntryName.printable(bytes)
      #expect(!printable.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(name)")
      _ = EntryName.role(of: printable)
    }
    for (name, data) in try Self.seeds("ground-truth") {
      do {
        let text = try GroundTruthDecoder.decode(data)
        if !data.starts(with: [0xEF, 0xBB, 0xBF]), !data.starts(with: [0xFF, 0xFE]),
          !data.starts(with: [0xFE, 0xFF])
        {
          #expect(Data(text.utf8) == data, "\(name)")
        }
      } catch let error as GroundTruthDecodeError {
        #expect(!error.message.isEmpty, "\(name)")
      }
    }
    for (name, data) in try Self.seeds("archive") {
      do {
        let reader = try ArchiveReader(data: data)
        while let header = try reader.nextEntry() {
          guard header.kind == .file else { continue }
          do {
            _ = try reader.readData(limit: 1 << 20)
          } catch is EntryReadError {
            continue
          }
        }
      } catch is ArchiveError {
        continue
      } catch {
        Issue.record("\(name): \(error)")
      }
    }
  }
}
