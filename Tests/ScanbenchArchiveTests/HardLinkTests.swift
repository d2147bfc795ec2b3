import Foundation
import ScanbenchTestKit
import Testing

@testable import ScanbenchArchive
@testable import ScanbenchSupport

/// Tar hard links, as GNU tar and bsdtar write them, are served with their target's bytes; links
/// that cannot be served say why; symbolic links stay links.
struct HardLinkTests {
  let folder: URL

  init() throws {
    folder = try TestKit.temporaryFolder("hardlinks")
  }

  /// Every entry of the input's main pass: kind, link target, and bytes (or the failure's kind).
  func mainPass(_ archive: String, maxEntryBytes: Int = 1 << 20) throws -> [String: (
    kind: EntryHeader.Kind, target: String?, bytes: Result<Data, EntryReadError>?
  )] {
    let path = folder.appendingPathComponent(archive).path
    let index = try InputIndex.scan(path)
    let source = try InputOpener.open(index, maxEntryBytes: maxEntryBytes)
    var entries: [String: (EntryHeader.Kind, String?, Result<Data, EntryReadError>?)] = [:]
    while let header = try source.nextEntry() {
      // Read some entries' bytes and not others, as the runner does: images and texts only.
      let wanted = header.kind == .file && EntryName.role(of: header.path) != .other
      let bytes = wanted ? Result { () throws(EntryReadError) in try read(source, maxEntryBytes) } : nil
      entries[header.path] = (header.kind, header.linkTarget, bytes)
    }
    return entries
  }

  private func read(_ source: any EntrySource, _ limit: Int) throws(EntryReadError) -> Data {
    do { return try source.readData(limit: limit) } catch let error as EntryReadError { throw error } catch {
      fatalError("the input broke: \(error)")
    }
  }

  @Test(arguments: ["gnu-ln", "gnu-dereference", "bsdtar"])
  func aSecondPathToOneFileIsServedWithItsBytes(_ writer: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("pool"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("x"), withIntermediateDirectories: true)
    try image.write(to: folder.appendingPathComponent("pool/scan.png"))
    try Data("first".utf8).write(to: folder.appendingPathComponent("x/a.gt.txt"))
    try Data("second".utf8).write(to: folder.appendingPathComponent("x/b.gt.txt"))
    switch writer {
    case "gnu-ln":  // two names for one inode
      try TestKit.shell(
        "ln pool/scan.png x/a.png && ln pool/scan.png x/b.png && tar --sort=name -cf t.tar -C x .", in: folder
      )
    case "gnu-dereference":  // `tar ch` over two symbolic links to one file
      try TestKit.shell(
        "ln -s ../pool/scan.png x/a.png && ln -s ../pool/scan.png x/b.png && tar -chf t.tar -C x "
          + "a.png a.gt.txt b.png b.gt.txt", in: folder)
    default:
      try TestKit.shell(
        "ln pool/scan.png x/a.png && ln pool/scan.png x/b.png && bsdtar -cf t.tar -C x a.png b.png a.gt.txt b.gt.txt",
        in: folder
      )
    }
    let raw = try ArchiveReader(path: folder.appendingPathComponent("t.tar").path)
    var kinds: [String: EntryHeader.Kind] = [:]
    while let header = try raw.nextEntry() { kinds[header.path] = header.kind }
    #expect(kinds["b.png"] == .hardlink, "\(writer) wrote a hard link")

    let index = try InputIndex.scan(folder.appendingPathComponent("t.tar").path)
    #expect(index.hardLinks == ["b.png": "a.png"])
    #expect(index.imageCount == 2)
    #expect(index.groundTruth == ["a": "a.gt.txt", "b": "b.gt.txt"])
    let entries = try mainPass("t.tar")
    #expect(entries["b.png"]?.kind == .file)
    #expect(entries["b.png"]?.target == "a.png")
    #expect(try entries["b.png"]?.bytes?.get() == image)
    #expect(try entries["a.png"]?.bytes?.get() == image)
    #expect(try entries["b.gt.txt"]?.bytes?.get() == Data("second".utf8), "its own ground truth")
  }

  /// Crafted with Python's tarfile: links to a non-image, to a too-large target, to nothing, to a
  /// later entry; ground truth that is a link; targets held within --max-entry-bytes in total.
  @Test func linksThatCannotBeServedSayWhy() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestKit.shell(
      """
      python3 - <<'PY'
      import io, tarfile
      with tarfile.open('crafted.tar', 'w', format=tarfile.GNU_FORMAT) as tar:
          def add(name, data=None, link=None, kind=tarfile.LNKTYPE):
              info = tarfile.TarInfo(name)
              if link is None:
                  info.size = len(data)
                  tar.addfile(info, io.BytesIO(data))
              else:
                  info.type, info.linkname = kind, link
                  tar.addfile(info)
          add('data.bin', b'D' * 100)
          add('big.png', b'B' * 2000)
          add('shared.txt', b'the text')
          add('one.png', b'1' * 600)
          add('two.png', b'2' * 600)
          add('l-data.png', link='data.bin')
          add('l-big.png', link='big.png')
          add('l-missing.png', link='missing.png')
          add('l-later.png', link='later.png')
          add('later.png', b'L' * 10)
          add('sym.png', link='data.bin', kind=tarfile.SYMTYPE)
          add('l-data.gt.txt', link='shared.txt')
          add('l-one.png', link='one.png')
          add('l-two.png', link='two.png')
          add('three.png', b'3' * 600)
          add('l-three.png', link='three.png')
      PY
      """, in: folder)
    let entries = try mainPass("crafted.tar", maxEntryBytes: 1000)
    #expect(try entries["l-data.png"]?.bytes?.get() == Data(repeating: UInt8(ascii: "D"), count: 100))
    #expect(try entries["l-data.gt.txt"]?.bytes?.get() == Data("the text".utf8))
    func failure(_ name: String) -> EntryReadError? {
      guard case .failure(let error) = entries[name]?.bytes else { return nil }
      return error
    }
    #expect(failure("l-big.png")?.kind == .tooLarge)
    #expect(failure("l-big.png")?.message.contains("a hard link to 'big.png'") ?? false)
    for name in ["l-missing.png", "l-later.png"] {
      #expect(failure(name)?.kind == .notARegularFile, "\(name)")
      #expect(failure(name)?.message.contains("not an earlier regular file") ?? false, "\(name)")
    }
    #expect(entries["sym.png"]?.kind == .symlink, "symbolic links are never followed")
    #expect(entries["sym.png"]?.bytes == nil)
    // one.png (600) is held; two.png would pass 1000 bytes held, so its link fails; once one.png's
    // only link is served it is let go, and three.png fits.
    #expect(try entries["l-one.png"]?.bytes?.get().count == 600)
    #expect(failure("l-two.png")?.kind == .tooLarge)
    #expect(
      failure("l-two.png")?.message.contains("were not kept") ?? false, "\(failure("l-two.png") as Any)")
    #expect(try entries["l-three.png"]?.bytes?.get().count == 600)
  }
}
