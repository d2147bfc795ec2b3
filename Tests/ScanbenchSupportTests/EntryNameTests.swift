import Foundation
import Testing

@testable import ScanbenchSupport

struct EntryNameTests {
  @Test func rolesPairImagesWithGroundTruth() {
    #expect(EntryName.role(of: "a/b.png") == .image(stem: "a/b"))
    #expect(EntryName.role(of: "a/b.JPEG") == .image(stem: "a/b"))
    #expect(EntryName.role(of: "a/b.gt.txt") == .groundTruth(stem: "a/b", isPreferred: true))
    #expect(EntryName.role(of: "a/b.txt") == .groundTruth(stem: "a/b", isPreferred: false))
    #expect(EntryName.role(of: "a/IMG_0001.AAE") == .other)
    #expect(EntryName.role(of: "DCIM/IMG_0001.HEIC") == .image(stem: "DCIM/IMG_0001"))
    #expect(EntryName.role(of: "IMG_0001.heif") == .image(stem: "IMG_0001"))
    #expect(EntryName.role(of: "IMG_0001.MOV") == .other)
    #expect(EntryName.role(of: "__MACOSX/._b.png") == .other)
  }

  /// `NAME.GT.TXT` from a case-insensitive file system pairs like `NAME.gt.txt`, keeping the stem's case.
  @Test func groundTruthSuffixesAreMatchedWhateverTheirCase() {
    #expect(EntryName.role(of: "Dir/Page.GT.TXT") == .groundTruth(stem: "Dir/Page", isPreferred: true))
    #expect(EntryName.role(of: "Dir/Page.Gt.Txt") == .groundTruth(stem: "Dir/Page", isPreferred: true))
    #expect(EntryName.role(of: "Dir/Page.TXT") == .groundTruth(stem: "Dir/Page", isPreferred: false))
    #expect(EntryName.role(of: "Dir/Page.PNG") == .image(stem: "Dir/Page"))
    // A long name keeps its whole suffix when cut, so it still pairs with its image.
    let stem = String(repeating: "s", count: 3000)
    guard
      case .groundTruth(let cut, true) = EntryName.role(
        of: EntryName.printable(Array((stem + ".GT.TXT").utf8)))
    else {
      Issue.record("a long NAME.GT.TXT is not ground truth")
      return
    }
    #expect(EntryName.role(of: EntryName.printable(Array((stem + ".png").utf8))) == .image(stem: cut))
  }

  @Test func printableEscapesWhatIsNotText() {
    #expect(EntryName.printable(Array("./dir/写真.png".utf8)) == "dir/写真.png")
    #expect(EntryName.printable([0x61, 0xFF, 0x62]) == "a\\xFFb")
    #expect(EntryName.printable([0x61, 0x0A, 0x00, 0x62]) == "a\\x0A\\x00b")
    #expect(EntryName.printable(Array("a\\b".utf8)) == "a\\\\b")
    // An overlong encoding of '/' is not UTF-8 and must not become a slash.
    #expect(EntryName.printable([0xC0, 0xAF]) == "\\xC0\\xAF")
  }

  @Test func longNamesAreCut() {
    let name = EntryName.printable(Array(String(repeating: "x", count: 5000).utf8))
    #expect(name.utf8.count < 1100)
    #expect(name.contains("more bytes, sha256 "))
  }
}

struct SHA256Tests {
  @Test func knownVectors() {
    #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func incrementalUpdatesMatchOneShot() {
    let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    for split in [0, 1, 63, 64, 65, 500, 999] {
      var hasher = SHA256()
      hasher.update(data.prefix(split))
      hasher.update(data.dropFirst(split))
      #expect(hasher.finalizeHex() == SHA256.hex(data), "split at \(split)")
    }
  }
}
