import Foundation
import ScanbenchTestKit
import Testing

@testable import ScanbenchArchive

/// Zip entry names written without the UTF-8 flag in a legacy code page: Shift_JIS (CP932) from
/// Japanese Windows is decoded and its bytes kept; other code pages stay escaped.
struct LegacyEntryNameTests {
  static let japaneseNames = ["領収書.png", "写真/表紙.png", "ﾃｽﾄ用紙.png", "ﾃｽﾄ.png", "①番_No.2.jpg", "請求書.gt.txt"]
  /// CP437 (the zip default) names whose bytes are also valid CP932, which must not be decoded as it.
  static let westernNames = ["crème.png", "château.png", "Müller.png", "España.png", "naïve façade.png"]

  @Test func japaneseNamesInCP932AreDecoded() throws {
    for name in Self.japaneseNames {
      let bytes = try #require(name.data(using: .shiftJIS))
      #expect(LegacyEntryName.japanese(Array(bytes)) == name, "\(name)")
    }
  }

  @Test func namesThatOnlyHappenToBeValidCP932AreNot() throws {
    for name in Self.westernNames {
      let bytes = try #require(name.data(using: .init(rawValue: 0x8000_0400)))  // kCFStringEncodingDOSLatinUS
      #expect(String(validating: bytes, as: UTF8.self) == nil)
      let misread = String(data: bytes, encoding: .shiftJIS) ?? "not CP932"
      #expect(LegacyEntryName.japanese(Array(bytes)) == nil, "\(name) is not \(misread)")
    }
    #expect(LegacyEntryName.japanese(Array("写真.png".utf8)) == nil, "UTF-8 is not a legacy name")
    #expect(LegacyEntryName.japanese(Array("plain.png".utf8)) == nil)
  }

  /// A zip as Japanese Windows writes it: CP932 names, no UTF-8 flag (made with Python's zipfile).
  @Test func zipEntriesWithoutTheUTF8FlagAreReadAsCP932AndKeepTheirBytes() throws {
    let folder = try TestKit.temporaryFolder("legacy")
    defer { try? FileManager.default.removeItem(at: folder) }
    let zip = folder.appendingPathComponent("names.zip")
    let names =
      Self.japaneseNames.map { "(\($0.debugDescription), 'cp932')" }
      + Self.westernNames.map { "(\($0.debugDescription), 'cp437')" } + ["('utf8-写真.png', 'utf-8')"]
    let script = """
      import sys, zipfile
      class Raw(zipfile.ZipInfo):
          def __init__(self, name, encoding):
              super().__init__(name)
              self.raw = name.encode(encoding)
              if encoding == 'utf-8': self.flag_bits |= 0x800
          def _encodeFilenameFlags(self):
              return self.raw, self.flag_bits
      with zipfile.ZipFile(sys.argv[1], 'w') as z:
          for name, encoding in [\(names.joined(separator: ", "))]:
              z.writestr(Raw(name, encoding), b'x')
      """
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, zip.path]
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0, "python3 could not write the zip")

    let reader = try ArchiveReader(path: zip.path)
    var headers: [String: EntryHeader] = [:]
    while let header = try reader.nextEntry() { headers[header.path] = header }
    for name in Self.japaneseNames {
      let header = try #require(headers[name], "\(name) among \(headers.keys.sorted())")
      let raw = try #require(name.data(using: .shiftJIS))
      #expect(header.transcodedName == EntryHeader.TranscodedName(encoding: "CP932", bytes: raw))
    }
    #expect(headers["utf8-写真.png"]?.transcodedName == nil, "a name with the UTF-8 flag is as it was")
    let western = headers.values.filter { $0.path.hasPrefix("cr") || $0.path.hasPrefix("ch") }
    #expect(western.map(\.path).sorted() == ["ch\\x83teau.png", "cr\\x8Ame.png"])
    #expect(western.allSatisfy { $0.transcodedName == nil })
  }
}
